"""Goldens: core Tensor methods (conversion, copying, shape queries)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

for dt in ("float32", "float64", "int32", "int64", "bool", "float16", "bfloat16", "uint8", "int8", "int16"):
    for to in ("float32", "float64", "int32", "int64", "bool", "float16", "uint8"):
        add(case("Tensor.astype", T(dt, (2, 3), low=-3, high=3), to))
for to in ("float32", "int64", "bfloat16", "complex64"):
    add(case("Tensor.cast", T("float32", (2, 3), low=-3, high=3), to))
add(case("Tensor.astype", T("float32", (2,)), "paddle.float64"))
add(case("Tensor.astype", T("float32", (2,)), "int"))
add(case("Tensor.astype", T("float32", (2,)), "double"))
for m in ("clone", "detach", "numel", "dim", "ndimension", "cpu", "contiguous", "is_floating_point", "is_complex",
          "is_integer", "element_size", "tolist", "numpy", "is_contiguous"):
    add(case("Tensor." + m, T("float32", (2, 3))))
    add(case("Tensor." + m, T("int64", ())))
for dt, shape in (("float32", ()), ("int64", ()), ("bool", ()), ("float32", (1,)), ("float64", (1, 1)),
                  ("float16", ()), ("bfloat16", ()), ("int32", (1,))):
    add(case("Tensor.item", T(dt, shape)))
add(case("Tensor.item", T("float32", (2, 3)), 4))
add(case("Tensor.item", T("float32", (2, 3)), 1, 2))
add(case("Tensor.item", T("float32", (2, 3)), raises="ValueError"))
add(case("Tensor.tolist", T("bool", (2, 2))))
add(case("Tensor.tolist", T("bfloat16", (3,))))
add(case("Tensor.to", T("float32", (2,)), "float64"))
add(case("Tensor.to", T("float32", (2,)), "cpu"))
add(case("Tensor.to", T("float32", (2,)), "cpu", "int32"))
add(case("Tensor.to", T("float32", (2,)), dtype="float16"))
add(case("Tensor.__len__", T("float32", (3, 2))))
