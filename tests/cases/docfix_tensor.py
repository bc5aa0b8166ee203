"""Goldens for tensor / math behaviour found through Paddle's docstring examples (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

Z = [0.0, -0.0, 1.5, -2.25, 0.0, -0.0]

# neg / scale: Paddle computes x * scale + bias (bias 0.0 always added), so zeros come out as +0., never -0.
add(case("paddle.neg", T("float32", (6,), values=Z), check="repr"))
add(case("paddle.neg", T("float64", (6,), values=Z), check="repr"))
add(case("paddle.neg", T("int64", (3,), values=[0, 1, -2]), check="repr"))
add(case("Tensor.neg", T("float32", (6,), values=Z), check="repr"))
add(case("paddle.neg", T("float32", (2, 3)), grad=True))
add(case("paddle.scale", T("float32", (6,), values=Z), -1.0, check="repr"))
add(case("paddle.scale", T("float32", (6,), values=Z), 1.0, check="repr"))
add(case("paddle.scale", T("float32", (6,), values=Z), -1.0, bias_after_scale=False, check="repr"))
add(case("paddle.scale", T("float64", (6,), values=Z), 2.0, 0.0, check="repr"))
add(case("paddle.scale", T("float32", (2, 3)), -2.0, grad=True))

# erfinv: Paddle's kernel is ndtri(x / 2 + 1 / 2) * sqrt(1/2) (torch.erfinv rounds differently)
add(case("paddle.erfinv", T("float32", (3,), values=[0.0, 0.5, -1.0]), check="repr"))
add(case("paddle.erfinv", T("float64", (5,), values=[0.0, 0.5, -1.0, 1.0, -0.25]), check="repr"))
add(case("paddle.erfinv", T("float32", (3, 4), low=-0.9, high=0.9), grad=True))
add(case("Tensor.erfinv", T("float64", (3, 4), low=-0.9, high=0.9), grad=True))

# multiply: values and gradients (ours calls torch.mul(y, x) so that saved-tensor hooks see x first)
add(case("paddle.multiply", T("float32", (2, 3)), T("float32", (3,)), grad=True))
add(case("paddle.multiply", T("float32", (2, 1)), T("float64", (1, 3)), grad=True))
add(case("paddle.multiply", T("int64", (2, 3)), T("int64", (2, 3))))
