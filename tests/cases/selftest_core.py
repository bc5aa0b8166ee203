"""Self-test of the conformance machinery (tools/api_diff): a few cases of every kind the format allows."""

from tools.api_diff.casefmt import A, T, case, layer

CASES = []
add = CASES.append

add(case("paddle.to_tensor", [1.0, 2.0, 3.0]))
add(case("paddle.to_tensor", A("int32", (2, 3)), dtype="int64"))
add(case("paddle.to_tensor", [1, 2], dtype="bfloat16"))
add(case("paddle.to_tensor", [[1, 2], [3]], raises="ValueError"))
add(case("operator.add", T("float32", (2, 3)), T("float32", (3,)), grad=True))
add(case("operator.mul", T("float64", (2, 2)), 2.5, grad=True))
add(case("operator.truediv", T("int64", (4,), low=1, high=9), 2))
add(case("operator.getitem", T("float32", (3, 4)), (slice(None), [0, 2]), grad=True))
add(case("operator.setitem", T("float32", (3, 4)), 0, T("float32", (4,))))
add(case("operator.lt", T("float16", (5,)), T("float16", (5,))))
add(case("Tensor.astype", T("float32", (2, 3)), "float16"))
add(case("Tensor.astype", T("bfloat16", (2, 3)), "float32", grad=True))
add(case("Tensor.tolist", T("int64", (2, 2))))
add(case("Tensor.item", T("float32", ())))
add(case("Tensor.shape", T("float32", (2, 5))))
add(case("Tensor.dtype", T("int32", (2,))))
add(case("Tensor.numpy", T("float64", (2,))))
add(case("builtins.repr", T("float32", (2, 2)), check="repr"))
add(case("builtins.len", T("float32", (4, 2))))
add(case("builtins.len", T("float32", ()), id="len-0d"))
add(case("paddle.reshape", T("float32", (2, 3)), [4, 2], raises="ValueError"))
add(case("paddle.rand", [3, 4], check="meta"))
add(case("paddle.randn", [200, 50], check="stats"))
add(layer("paddle.nn.Linear", 4, 3, inputs=[T("float32", (2, 4))], grad=True))
add(layer("paddle.nn.Linear", 4, 3, inputs=[T("float32", (2, 5))], raises="ValueError"))
