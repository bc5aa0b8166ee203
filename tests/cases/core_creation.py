"""Goldens: paddle.to_tensor dtype inference, dtype argument spellings, stop_gradient, 0-D and empty data."""

from tools.api_diff.casefmt import A, T, case

CASES = []
add = CASES.append
TT = "paddle.to_tensor"

# Python data: dtype inference
for data in (1, -3, 2.5, True, False, 1 + 2j, [1, 2, 3], [1.0, 2.0], [1, 2.5], [True, False], [[1, 2], [3, 4]],
             [[1.5], [2.5]], (1, 2), ((1.0, 2.0), (3.0, 4.0)), [], [[]], [1 + 1j, 2], [True, 2], [True, 2.5],
             [[[1]], [[2]]], 0, 0.0, 1e30, -1e-30, 2**40):
    add(case(TT, data))
# numpy data keeps its dtype
for dt in ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"):
    add(case(TT, A(dt, (2, 3))))
    add(case(TT, A(dt, ())))
# explicit dtype, all spellings
for dt in ("float32", "float64", "float16", "int32", "int64", "int8", "int16", "uint8", "bool", "bfloat16",
           "complex64", "complex128"):
    add(case(TT, [1, 0, 2], dtype=dt))
for dt in ("float32", "int64", "bool", "float64", "int32"):
    add(case(TT, [0.5, -1.5, 2.0], dtype=dt))
    add(case(TT, A("float64", (2, 2)), dtype=dt))
    add(case(TT, 3.7, dtype=dt))
for spelling in ("float", "int", "double", "paddle.float32", "float64", "int64"):
    add(case(TT, [1, 2], dtype=spelling))
# Tensor data: copied, dtype conversion
for dt in ("float32", "int64", "float64", "bool"):
    add(case(TT, T(dt, (2, 3))))
    add(case(TT, T("float32", (3,)), dtype=dt))
# stop_gradient
for data in ([1.0, 2.0], 3.0, A("float32", (2, 2)), A("float64", (2,))):
    add(case(TT, data, stop_gradient=False))
    add(case(TT, data, stop_gradient=True))
add(case(TT, T("float32", (2,), stop_gradient=False)))
add(case(TT, T("float32", (2,), stop_gradient=False), stop_gradient=False))
add(case(TT, [1.0, 2.0], place="cpu"))
# errors
add(case(TT, [[1, 2], [3]], raises="ValueError"))
add(case(TT, "abc", raises="TypeError"))
add(case(TT, {"a": 1}, raises="TypeError"))
add(case(TT, [1, 2], dtype="int4", raises="TypeError"))
