"""Goldens: Tensor.__repr__/__str__ byte-identical to Paddle 2.6 (check="repr")."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append
R = "builtins.repr"

for dt in ("float32", "float64", "float16", "bfloat16", "int32", "int64", "int8", "uint8", "bool", "int16"):
    for shape in ((), (1,), (5,), (2, 3), (2, 2, 3)):
        add(case(R, T(dt, shape), check="repr"))
for vals in ([1.0, 2.0, 3.0], [1.5, -2.0, 3.0], [0.1, 0.25, 1e-3], [1e10, 1.0], [1e-10, 1.0], [123456.789, -0.5],
             [float("inf"), float("-inf"), float("nan"), 1.0], [0.0, -0.0], [100.0, 1000000.0],
             [[1.123456789, 22.5], [-333.25, 4.0]], [1e20, -1e20], [3.0], [-1.0], [0.5]):
    add(case(R, T("float32", (len(vals),) if not isinstance(vals[0], list) else (2, 2), values=vals), check="repr"))
    add(case(R, T("float64", (len(vals),) if not isinstance(vals[0], list) else (2, 2), values=vals), check="repr"))
for vals in ([1, -2, 300], [0, 0], [-5, 7, 123456789], [10**12, -1]):
    add(case(R, T("int64", (len(vals),), values=vals), check="repr"))
add(case(R, T("bool", (3,), values=[True, False, True]), check="repr"))
add(case(R, T("float32", (30,)), check="repr"))  # line wrapping
add(case(R, T("float32", (4, 30)), check="repr"))
add(case(R, T("int64", (100,)), check="repr"))
add(case(R, T("float32", (2000,)), check="repr"))  # summarised
add(case(R, T("float32", (40, 40)), check="repr"))
add(case(R, T("int64", (3, 20, 20)), check="repr"))
add(case(R, T("float32", (11, 100)), check="repr"))
add(case(R, T("float32", (0,)), check="repr"))
add(case(R, T("float32", (2, 0, 3)), check="repr"))
add(case(R, T("int64", (0, 4)), check="repr"))
add(case(R, T("float32", (2, 3), stop_gradient=False), check="repr"))
add(case(R, T("float32", (2, 3), kind="param"), check="repr"))
add(case("builtins.str", T("float32", (2, 3)), check="repr"))
add(case("builtins.str", T("int64", ()), check="repr"))
add(case("builtins.str", T("float32", (2,), kind="param"), check="repr"))
