"""Goldens: paddle elementwise binary ops (add..., pow, maximum, atan2, gcd, ...) and in-place forms."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

BINARY = {
    "add": None, "subtract": None, "multiply": None, "divide": (0.5, 2), "floor_divide": (0.5, 2),
    "remainder": (0.5, 2), "mod": (0.5, 2), "floor_mod": (0.5, 2), "pow": (0.5, 2), "maximum": None,
    "minimum": None, "fmax": None, "fmin": None, "atan2": None, "logaddexp": None, "heaviside": None,
    "hypot": None, "nextafter": None, "ldexp": None, "gcd": None, "lcm": None,
}
NONDIFF = {"floor_divide", "heaviside", "nextafter", "gcd", "lcm", "remainder", "mod", "floor_mod"}
for op, dom in BINARY.items():
    lo, hi = dom or (-2, 2)
    g = op not in NONDIFF
    add(case("paddle." + op, T("float32", (3, 4), low=-2, high=2), T("float32", (3, 4), low=lo, high=hi), grad=g))
    add(case("paddle." + op, T("float64", (3, 1), low=0.5, high=2), T("float64", (1, 4), low=lo, high=hi), grad=g))
    add(case("paddle." + op, T("float32", (2, 3, 4), low=0.5, high=2), T("float32", (4,), low=lo, high=hi), grad=g))
    add(case("paddle." + op, T("float32", ()), T("float32", (), low=lo, high=hi)))
    add(case("paddle." + op, T("float32", (0, 4)), T("float32", (4,), low=lo, high=hi)))
    add(case("Tensor." + op, T("float32", (2, 3), low=0.5, high=2), T("float32", (2, 3), low=lo, high=hi), grad=g))
    for dt in ("int32", "int64", "int16", "float16", "bool", "complex64"):
        add(case("paddle." + op, T(dt, (2, 3), low=-6, high=7), T(dt, (2, 3), low=1, high=4)))
    add(case("paddle." + op, T("bfloat16", (2, 3), low=0.5, high=2), T("bfloat16", (2, 3), low=lo, high=hi)))
    # mixed dtypes and non-Tensor operands
    add(case("paddle." + op, T("float32", (2, 3)), T("float64", (2, 3), low=lo, high=hi)))
    add(case("paddle." + op, T("int32", (2, 3), low=1, high=4), T("int64", (2, 3), low=1, high=4)))
    add(case("paddle." + op, T("float32", (2, 3)), T("int32", (2, 3), low=1, high=4)))
    add(case("paddle." + op, T("float32", (2, 3)), 2))
    add(case("paddle." + op, T("float32", (2, 3), low=lo, high=hi), 1.5))
    # broadcasting failure
    add(case("paddle." + op, T("float32", (2, 3)), T("float32", (4, 3), low=lo, high=hi)))

# integer semantics: division, modulo of negatives, division by zero
for dt in ("int32", "int64"):
    for op in ("divide", "floor_divide", "remainder", "mod", "floor_mod"):
        add(case("paddle." + op, T(dt, (6,), values=[7, -7, 7, -7, 0, 5]), T(dt, (6,), values=[2, 2, -2, -2, 3, 5])))
        add(case("paddle." + op, T(dt, (2,), values=[7, -7]), T(dt, (2,), values=[0, 1]), raises="EnforceNotMet"))
    add(case("paddle.pow", T(dt, (4,), values=[2, 3, -2, 0]), T(dt, (4,), values=[3, 2, 3, 0])))
    add(case("paddle.pow", T(dt, (3,), values=[2, 1, -1]), T(dt, (3,), values=[-1, -2, -3])))
    add(case("paddle.pow", T(dt, (3,), values=[2, 3, -2]), 2))
    add(case("paddle.pow", T(dt, (3,), values=[2, 3, -2]), 2.7))
    add(case("paddle.gcd", T(dt, (5,), values=[12, -18, 0, 7, 0]), T(dt, (5,), values=[8, 12, 5, 0, 0])))
    add(case("paddle.lcm", T(dt, (5,), values=[12, -18, 0, 7, 3]), T(dt, (5,), values=[8, 12, 5, 0, 4])))
    add(case("paddle.gcd", T(dt, (3, 1), low=-20, high=20), T(dt, (4,), low=-20, high=20)))
    add(case("paddle.heaviside", T(dt, (4,), values=[-1, 0, 2, 0]), T(dt, (4,), values=[5, 6, 7, 8])))
for dt in ("float32", "float64"):
    add(case("paddle.remainder", T(dt, (4,), values=[7.5, -7.5, 7.5, -7.5]), T(dt, (4,), values=[2, 2, -2, -2])))
    add(case("paddle.floor_divide", T(dt, (4,), values=[7.5, -7.5, 7.5, -7.5]), T(dt, (4,), values=[2, 2, -2, -2])))
    add(case("paddle.divide", T(dt, (3,), values=[1.0, -1.0, 0.0]), T(dt, (3,), values=[0.0, 0.0, 0.0])))
    add(case("paddle.pow", T(dt, (3, 4), low=0.5, high=2), 3, grad=True))
    add(case("paddle.pow", T(dt, (3, 4), low=0.5, high=2), 0.5, grad=True))
    add(case("paddle.pow", T(dt, (3, 4), low=0.5, high=2), -1.5, grad=True))
    add(case("Tensor.pow", T(dt, (3,), low=0.5, high=2), 2.0, grad=True))
    add(case("paddle.maximum", T(dt, (3,), values=[1.0, float("nan"), 2.0]),
             T(dt, (3,), values=[float("nan"), 1.0, 3.0])))
    add(case("paddle.fmax", T(dt, (3,), values=[1.0, float("nan"), 2.0]), T(dt, (3,), values=[float("nan"), 1.0, 3.0])))
    add(case("paddle.fmin", T(dt, (3,), values=[1.0, float("nan"), 2.0]), T(dt, (3,), values=[float("nan"), 1.0, 3.0])))
    add(case("paddle.heaviside", T(dt, (4,), values=[-1.0, 0.0, 2.0, 0.0]), T(dt, (4,), values=[0.5, 0.25, 7.0, 1.0])))
    add(case("paddle.atan2", T(dt, (4,), values=[0.0, 1.0, -1.0, 0.0]), T(dt, (4,), values=[0.0, -1.0, 0.0, -1.0])))
    add(case("paddle.gcd", T(dt, (3,), values=[12.0, 18.0, 0.0]), T(dt, (3,), values=[8.0, 12.0, 5.0])))
    add(case("paddle.ldexp", T(dt, (3,), values=[1.0, 2.0, -3.0]), T("int32", (3,), values=[2, -1, 3])))
    add(case("paddle.ldexp", T("int64", (3,), values=[1, 2, -3]), T("int64", (3,), values=[2, 1, 3])))
    add(case("paddle.nextafter", T(dt, (3,), values=[1.0, 0.0, -1.0]), T(dt, (3,), values=[2.0, -1.0, -2.0])))
add(case("paddle.hypot", T("float32", (3,)), T("int32", (3,))))
add(case("paddle.hypot", T("float32", (3,)), 2.0))
add(case("paddle.ldexp", T("float32", (3,)), 2))

# in-place binary forms
INPLACE = ["add_", "subtract_", "multiply_", "divide_", "floor_divide_", "remainder_", "mod_", "floor_mod_",
           "pow_", "gcd_", "lcm_", "hypot_", "ldexp_"]
PADDLE_LEVEL = set(INPLACE) - {"add_", "subtract_"}
for op in INPLACE:
    base = "int64" if op in ("gcd_", "lcm_") else "float32"
    for api in (("paddle." + op,) if op in PADDLE_LEVEL else ()) + ("Tensor." + op,):
        add(case(api, T(base, (3, 4), low=1, high=5), T(base, (3, 4), low=1, high=3)))
        add(case(api, T(base, (3, 4), low=1, high=5), T(base, (4,), low=1, high=3)))
        add(case(api, T(base, (4,), low=1, high=5), T(base, (3, 4), low=1, high=3)))
    add(case("Tensor." + op, T(base, (3,), low=1, high=5, stop_gradient=False), T(base, (3,), low=1, high=3)))
add(case("Tensor.pow_", T("float32", (3,), low=1, high=5), 2))
add(case("Tensor.add_", T("float64", (3,)), T("float32", (3,))))
