"""Goldens from differential testing of vision-style scripts (tutorial image classification pipelines)
against real Paddle 2.6.2: cases where our package behaved differently."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append

# max_unpool2d with indices past the default output (9x11 input pooled 2/2 -> default output 8x10):
# Paddle's unpool kernel raises ValueError (torch: RuntimeError)
idx = [[[[0, 2], [22, 80]]]]
add(case(F + "max_unpool2d", T("float32", (1, 1, 2, 2)), T("int32", (1, 1, 2, 2), values=idx), 2, 2,
         output_size=[4, 4], raises="ValueError"))
add(case(F + "max_unpool2d", T("float32", (1, 1, 2, 2)), T("int32", (1, 1, 2, 2), values=[[[[0, 2], [8, 15]]]]),
         2, 2))
add(case(F + "max_unpool2d", T("float32", (1, 1, 2, 2)), T("int32", (1, 1, 2, 2), values=[[[[0, 2], [8, 16]]]]),
         2, 2, raises="ValueError"))
add(case(F + "max_unpool3d", T("float32", (1, 1, 1, 2, 2)),
         T("int32", (1, 1, 1, 2, 2), values=[[[[[0, 2], [8, 32]]]]]), 2, 2, raises="ValueError"))
add(case(F + "max_unpool1d", T("float32", (1, 2, 3)), T("int32", (1, 2, 3), values=[[[0, 2, 6], [1, 3, 5]]]),
         2, 2, raises="ValueError"))
# paddle.vision.transforms.resize of a Tensor with a PIL-only interpolation: interpolate's ValueError
add(case("paddle.vision.transforms.functional.resize", T("float32", (3, 6, 8)), (4, 4), interpolation="box",
         raises="ValueError"))
add(case("paddle.vision.transforms.functional.resize", T("float32", (3, 6, 8)), (4, 5), interpolation="bicubic"))
