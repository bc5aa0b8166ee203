"""Goldens for the op table's rules (paddle_compat/_core/op_table.py) with values and gradients: Paddle's
mixed-dtype rule per op (floating + complex promotion of add/subtract/multiply/divide/inner/outer/kron, the kernel
chosen by one operand's dtype for maximum/pow/comparisons/bitwise/logical), result dtypes of the integer inputs,
the compositions Paddle writes in Python (logaddexp, gcd/lcm of complex), and the argument rules of reductions and
manipulation ops (bool axes, keepdim=None, list-of-int elements).

paddle.copysign and paddle.signbit are NOT in Paddle 2.6.2 (checked on the oracle: no attribute), so they are
not added to paddle-compat and have no cases here.
"""

from tools.api_diff.casefmt import A, T, case

CASES = []
add = CASES.append

# floating + complex: promoted to the complex dtype (values and grads of both operands)
for op in ("add", "subtract", "multiply", "divide"):
    add(case("paddle." + op, T("float32", (2, 3), low=0.5, high=2), T("complex64", (2, 3), low=0.5, high=2),
             grad=True))
    add(case("paddle." + op, T("float64", (2, 3), low=0.5, high=2), T("complex64", (2, 3), low=0.5, high=2)))
for op in ("inner", "outer", "kron"):
    add(case("paddle." + op, T("float32", (2, 3)), T("complex64", (2, 3))))
# float16 + float32 promotes for the three float-promoting ops, not for divide
for op in ("add", "subtract", "multiply", "divide"):
    add(case("paddle." + op, T("float16", (2, 3)), T("float32", (2, 3))))
# ops whose kernel is chosen by y's dtype: a complex y is NotFound, a registered y is the mismatch ValueError
for op in ("maximum", "minimum", "fmax", "fmin", "heaviside", "remainder", "floor_divide", "pow", "atan2",
           "equal", "not_equal", "less_than", "greater_equal", "bitwise_and", "bitwise_xor"):
    add(case("paddle." + op, T("float32", (2, 3)), T("complex64", (2, 3))))
    add(case("paddle." + op, T("int32", (2, 3), low=1, high=4), T("float32", (2, 3))))
    add(case("paddle." + op, T("float32", (2, 3)), T("int32", (2, 3), low=1, high=4)))
# ops whose kernel is chosen by x's dtype
for op in ("nextafter", "logical_and", "logical_or", "allclose", "isclose"):
    add(case("paddle." + op, T("int32", (2, 3), low=1, high=4), T("float32", (2, 3))))
    add(case("paddle." + op, T("float32", (2, 3)), T("int32", (2, 3), low=1, high=4)))
    add(case("paddle." + op, T("float16", (2, 3)), T("float32", (2, 3))))
# integer inputs of float-result kernels
for op in ("exp", "expm1", "log", "log2", "log10", "log1p", "isnan", "isfinite", "abs", "angle", "square", "trunc"):
    add(case("paddle." + op, T("int32", (2, 3), low=1, high=6)))
    add(case("paddle." + op, T("int64", (2, 3), low=1, high=6)))
add(case("paddle.atan2", T("int32", (2, 3), low=1, high=6), T("int32", (2, 3), low=1, high=6)))
add(case("paddle.logaddexp", T("int64", (2, 3), low=-3, high=4), T("int64", (2, 3), low=-3, high=4)))
add(case("paddle.logaddexp", T("float32", (2, 3), low=-3, high=3), T("float32", (2, 3), low=-3, high=3), grad=True))
add(case("paddle.logaddexp", T("float16", (2, 3)), T("float32", (2, 3))))
add(case("paddle.logaddexp", T("bool", (2, 3)), T("float32", (2, 3))))
add(case("paddle.gcd", T("int64", (2, 3), low=-9, high=10), T("int64", (2, 3), low=1, high=7)))
add(case("paddle.gcd", T("float32", (2, 3), values=[[4, 6, 9], [10, 0, 7]]), T("complex64", (2, 3))))
add(case("paddle.lcm", T("int32", (2, 3), low=1, high=9), T("int32", (2, 3), low=1, high=9)))
add(case("paddle.divide", T("bool", (2, 3), values=[[True, True, False], [True, False, True]]),
         T("bool", (2, 3), values=[[True, True, True], [True, True, True]])))
add(case("paddle.divide", T("uint8", (2, 3), low=1, high=9), T("uint8", (2, 3), low=1, high=4)))
add(case("paddle.pow", T("float32", (3,)), A("float32", (3,))))
# reductions: keepdim None reads as False; a bool axis and bool list elements are refused
for op in ("max", "min", "amax", "amin", "logsumexp"):
    add(case("paddle." + op, T("float32", (2, 3)), axis=0, keepdim=None))
    add(case("paddle." + op, T("float32", (2, 3)), axis=0, keepdim=1))
for op in ("sum", "mean", "prod", "all", "any", "logsumexp", "amax"):
    add(case("paddle." + op, T("float32", (2, 3)), axis=True))
    add(case("paddle." + op, T("float32", (2, 3)), axis=[True]))
add(case("paddle.cumsum", T("float32", (2, 3)), axis=True))
add(case("paddle.cumprod", T("float32", (2, 3)), dim=True))
add(case("paddle.logcumsumexp", T("float32", (2, 3)), axis=False))
# manipulation: list-of-int elements, bool ints, Paddle's Python-level TypeErrors
add(case("paddle.reshape", T("float32", (2, 3)), [[3], 2]))
add(case("paddle.reshape", T("float32", (2, 3)), [True, 6]))
add(case("paddle.tile", T("float32", (2, 3)), [2, [1]]))
add(case("paddle.tile", T("float32", (2, 3)), None))
add(case("paddle.expand", T("float32", (1, 3)), [2, [3]]))
add(case("paddle.stack", [T("float32", (2, 3)), T("float32", (2, 3))], axis=True))
add(case("paddle.concat", [T("float32", (2, 3)), T("float32", (2, 3))], axis=True))
add(case("paddle.split", T("float32", (2, 4)), 2, axis=True))
add(case("paddle.split", T("float32", (2, 4)), 2, axis=[1]))
add(case("paddle.unbind", T("float32", (2, 3)), axis=[0]))
add(case("paddle.unstack", T("float32", (2, 3)), axis=True))
add(case("paddle.take_along_axis", T("float32", (2, 3)), T("int64", (2, 3), low=0, high=3), [1]))
add(case("paddle.flip", T("float32", (2, 3)), [0, -2]))
add(case("paddle.flip", T("float32", (2, 3)), [True]))
add(case("paddle.unsqueeze", T("float32", (2, 3)), [False]))
add(case("paddle.roll", T("float32", (2, 3)), 1.5))
add(case("paddle.roll", T("float32", (2, 3)), 1, axis=False))
add(case("paddle.slice", T("float32", (2, 3)), 0, [0], [1]))
add(case("paddle.slice", T("float32", (2, 3)), [0, 1], [0], [1]))
add(case("paddle.strided_slice", T("float32", (2, 3)), [1], [0], [3], [1, 1]))
add(case("paddle.rot90", T("float32", (2, 3)), k=1.5))
add(case("paddle.rot90", T("float32", (2, 3)), axes=[0, -2]))
add(case("paddle.repeat_interleave", T("float32", (2, 3)), 2, axis=3))
add(case("paddle.unique", T("float32", (2, 3)), return_counts=None))
add(case("paddle.unique", T("float32", (2, 3)), return_inverse=1))
add(case("paddle.scatter", T("float32", (3, 2)), T("int64", (2,), values=[0, 2]), T("float32", (2, 2)),
         overwrite="no"))
add(case("paddle.scatter", T("float32", (3, 2)), T("int64", (2,), values=[0, 3]), T("float32", (2, 2))))
add(case("paddle.gather_nd", T("float32", (2, 3)), T("int64", (1, 2), values=[[1, -1]])))
add(case("paddle.masked_fill", T("float32", (2, 3)), T("bool", (2, 3)), "2.5"))
add(case("paddle.cast", T("float32", (2, 3)), None))
add(case("paddle.to_tensor", [1.0, 2.0], stop_gradient=None))
add(case("paddle.to_tensor", [1.0, 2.0], stop_gradient=0))
add(case("paddle.to_tensor", ["a", "b"]))
