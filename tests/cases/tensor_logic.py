"""Goldens for paddle.tensor.logic (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

P = "paddle."
M = "Tensor."
CASES = []
add = CASES.append

ALL = ("float32", "float64", "int32", "int64", "bool", "float16", "uint8", "int8", "int16")
INTS = ("int32", "int64", "bool", "uint8", "int8", "int16")
CMP = ("equal", "not_equal", "greater_equal", "greater_than", "less_equal", "less_than")
EQ = [[1, 2, 3], [4, 5, 6]]
EQ2 = [[1, 0, 3], [4, 5, 7]]

# --- comparisons ---------------------------------------------------------------------------------
for fn in CMP:
    for dt in ALL:
        if dt == "bool":
            add(case(P + fn, T(dt, (2, 3)), T(dt, (2, 3))))
        else:
            add(case(P + fn, T(dt, (2, 3), values=EQ), T(dt, (2, 3), values=EQ2)))
    for xs, ys in (((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2, 3)), ((2, 3), ()), ((0, 3), (3,))):
        add(case(P + fn, T("float32", xs, -2, 2), T("float32", ys, -2, 2)))
        add(case(M + fn, T("int64", xs, 0, 3), T("int64", ys, 0, 3)))
    add(case(P + fn, T("float32", (2, 3)), T("float64", (2, 3)), raises="ValueError"))
    add(case(P + fn, T("float32", (2, 3)), T("float32", (4,)), raises="ValueError"))
    add(case(P + fn, T("float32", (3,), values=[1.0, float("nan"), float("inf")]),
             T("float32", (3,), values=[1.0, float("nan"), float("inf")])))
    add(case(P + fn + "_", T("float32", (2, 3), values=EQ), T("float32", (2, 3), values=EQ2)))
    add(case(M + fn + "_", T("int64", (2, 3), values=EQ), T("int64", (3,), values=[1, 5, 9])))
    add(case(P + fn + "_", T("float32", (3,)), T("float32", (2, 3)), raises="ValueError"))
for y in (2, 2.5, True, 0):
    add(case(P + "equal", T("int64", (2, 3), values=EQ), y))
    add(case(P + "equal", T("float32", (2, 3), values=EQ), y))
    add(case(M + "equal", T("bool", (2, 3)), y))
add(case(P + "equal", T("float32", (2, 3)), [1.0, 2.0, 3.0], raises="TypeError"))
for fn in CMP[1:]:
    add(case(P + fn, T("float32", (2, 3)), 1.0, raises="ValueError"))

# --- equal_all / allclose / isclose --------------------------------------------------------------
for dt in ("float32", "float64", "int32", "int64", "bool"):
    v1, v2 = (EQ, EQ2) if dt != "bool" else (None, None)
    add(case(P + "equal_all", T(dt, (2, 3), values=v1), T(dt, (2, 3), values=v1)))
    add(case(P + "equal_all", T(dt, (2, 3), values=v1), T(dt, (2, 3), values=v2)))
add(case(P + "equal_all", T("float32", (2, 3), values=EQ), T("float32", (3,), values=[1, 2, 3])))
add(case(P + "equal_all", T("float32", ()), T("float32", ())))
add(case(P + "equal_all", T("int64", (2,)), T("float32", (2,)), raises="ValueError"))
add(case(M + "equal_all", T("int64", (2, 3), values=EQ), T("int64", (2, 3), values=EQ)))
for fn in ("allclose", "isclose"):
    for dt in ("float32", "float64"):
        add(case(P + fn, T(dt, (2, 3), values=EQ), T(dt, (2, 3), values=EQ)))
        add(case(P + fn, T(dt, (2, 3), values=EQ), T(dt, (2, 3), values=EQ2)))
        add(case(M + fn, T(dt, (3,), values=[1.0, 1.00001, 1e-9]), T(dt, (3,), values=[1.0, 1.0, 0.0])))
    for rtol, atol, en in ((1e-5, 1e-8, False), (0.1, 0.0, False), (0.0, 0.5, False), (1e-5, 1e-8, True),
                           (0.0, 0.0, True)):
        nan3 = [1.0, float("nan"), 2.0]
        add(case(P + fn, T("float32", (3,), values=nan3), T("float32", (3,), values=[1.05, float("nan"), 2.3]),
                 rtol, atol, en))
        add(case(P + fn, T("float64", (2, 2), values=[[1.0, 2.0], [100.0, 0.0]]),
                 T("float64", (2, 2), values=[[1.04, 2.4], [109.0, 0.3]]), rtol=rtol, atol=atol, equal_nan=en))
    add(case(P + fn, T("float32", (3,), values=[float("inf"), float("-inf"), 1.0]),
             T("float32", (3,), values=[float("inf"), float("inf"), 1.0])))
    add(case(P + fn, T("int64", (2,)), T("int64", (2,)), raises="RuntimeError"))
    add(case(P + fn, T("float32", (2,)), T("float64", (2,)), raises="ValueError"))
    add(case(P + fn, T("float32", (2, 3)), T("float32", (3,)), raises="RuntimeError"))
    add(case(P + fn, T("float32", ()), T("float32", ())))

# --- logical -------------------------------------------------------------------------------------
LOG = ("logical_and", "logical_or", "logical_xor")
for fn in LOG:
    for dt in ("bool", "float32", "float64", "int32", "int64", "int8", "int16"):
        add(case(P + fn, T(dt, (2, 3), -1, 2), T(dt, (2, 3), -1, 2)))
    for xs, ys in (((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2,)), ((0,), (1,))):
        add(case(P + fn, T("bool", xs), T("bool", ys)))
        add(case(M + fn, T("int64", xs, 0, 2), T("int64", ys, 0, 2)))
    add(case(P + fn, T("bool", (2,)), T("int64", (2,)), raises="ValueError"))
    add(case(P + fn, T("float16", (2,)), T("float16", (2,)), raises="RuntimeError"))
    add(case(P + fn + "_", T("bool", (2, 3)), T("bool", (3,))))
    add(case(M + fn + "_", T("bool", (2, 3)), T("bool", (2, 3))))
    add(case(P + fn + "_", T("bool", (3,)), T("bool", (2, 3)), raises="ValueError"))
for dt in ("bool", "float32", "float64", "int32", "int64", "int8", "int16"):
    add(case(P + "logical_not", T(dt, (2, 3), -1, 2)))
add(case(M + "logical_not", T("bool", ())))
add(case(P + "logical_not_", T("bool", (2, 3))))
add(case(M + "logical_not_", T("bool", (4,))))
add(case(P + "logical_not", T("uint8", (2,)), raises="RuntimeError"))

# --- bitwise -------------------------------------------------------------------------------------
BIT = ("bitwise_and", "bitwise_or", "bitwise_xor")
for fn in BIT:
    for dt in INTS:
        add(case(P + fn, T(dt, (2, 3), -8, 8) if dt != "uint8" else T(dt, (2, 3), 0, 255),
                 T(dt, (2, 3), -8, 8) if dt != "uint8" else T(dt, (2, 3), 0, 255)))
    add(case(P + fn, T("int64", (2, 3), -8, 8), T("int64", (3,), -8, 8)))
    add(case(M + fn, T("int32", (2, 1), -8, 8), T("int32", (1, 3), -8, 8)))
    add(case(P + fn, T("float32", (2,)), T("float32", (2,)), raises="RuntimeError"))
    add(case(P + fn, T("int32", (2,)), T("int64", (2,)), raises="ValueError"))
    add(case(P + fn + "_", T("int64", (2, 3), -8, 8), T("int64", (3,), -8, 8)))
    add(case(M + fn + "_", T("bool", (2, 3)), T("bool", (2, 3))))
for dt in INTS:
    add(case(P + "bitwise_not", T(dt, (2, 3), -8, 8) if dt != "uint8" else T(dt, (2, 3), 0, 255)))
add(case(M + "bitwise_not", T("int64", ())))
add(case(P + "bitwise_not_", T("int32", (3,), -8, 8)))
add(case(M + "bitwise_not_", T("bool", (3,))))
add(case(P + "bitwise_not", T("float32", (2,)), raises="RuntimeError"))

# --- predicates ----------------------------------------------------------------------------------
for shape in ((2, 3), (0,), (), (3, 0, 2)):
    add(case(P + "is_empty", T("float32", shape)))
    add(case(M + "is_empty", T("int64", shape)))
add(case(P + "is_tensor", T("float32", (2,))))
add(case(P + "is_tensor", [1, 2]))
add(case(P + "is_tensor", 1.0))
add(case(M + "is_tensor", T("int64", ())))
