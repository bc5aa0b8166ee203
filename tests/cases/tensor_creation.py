"""Goldens for paddle.tensor.creation (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import A, T, case

P = "paddle."
CASES = []
add = CASES.append

FLOATS = ("float32", "float64")
ALL = ("float32", "float64", "int32", "int64", "bool")

# --- full / zeros / ones / empty ----------------------------------------------------------------
for shape in ([2, 3], (4,), [], [0, 3], 3, [1, 1, 2]):
    add(case(P + "zeros", shape))
    add(case(P + "ones", shape))
    add(case(P + "empty", shape, check="meta"))
    add(case(P + "full", shape, 1.5))
for dt in ("float32", "float64", "int32", "int64", "bool", "float16", "uint8", "int8", "int16", "complex64"):
    add(case(P + "zeros", [2, 2], dt))
    add(case(P + "ones", [3], dtype=dt))
    add(case(P + "full", [2], 1, dt))
    add(case(P + "empty", [2, 1], dt, check="meta"))
add(case(P + "full", [2, 2], True))
add(case(P + "full", [2], -3))
add(case(P + "full", [2], float("inf"), "float64"))
add(case(P + "full", [2], 2.7, "int64"))
add(case(P + "full", T("int64", (2,), values=[2, 3]), 0.5))
add(case(P + "full", T("int32", (2,), values=[1, 2]), 4, "int32"))
add(case(P + "full", [T("int64", (), values=2), 3], 7.0))
add(case(P + "full", [2], T("float32", (), values=3.0)))
add(case(P + "full", [2], T("float32", (1,), values=[3.0]), "float64"))
add(case(P + "zeros", T("int64", (2,), values=[2, 1])))
add(case(P + "ones", (T("int32", (), values=3),)))
add(case(P + "zeros", [-1, 2], raises="ValueError"))
add(case(P + "ones", "abc", raises="ValueError"))

for dt in ALL + ("float16",):
    x = T(dt, (2, 3))
    add(case(P + "zeros_like", x))
    add(case(P + "ones_like", x))
    add(case(P + "full_like", x, 2))
    add(case(P + "empty_like", x, check="meta"))
for dt in ALL:
    add(case(P + "zeros_like", T("float32", (3,)), dt))
    add(case(P + "ones_like", T("int64", (2, 2)), dtype=dt))
    add(case(P + "full_like", T("float32", (3,)), 1, dt))
    add(case(P + "empty_like", T("int32", (2,)), dt, check="meta"))
add(case(P + "full_like", T("int64", (2,)), 2.7))
add(case(P + "full_like", T("float32", (2, 0)), 2.0))
add(case(P + "full_like", T("float32", ()), -1.0))
add(case(P + "full_like", T("bool", (3,)), 0))
add(case(P + "full_like", T("float64", (2,)), T("float64", (), values=1.25)))
add(case(P + "zeros_like", T("float32", ())))
add(case(P + "ones_like", T("float32", (0,))))
add(case(P + "zeros_like", A("float32", (2, 2))))
add(case(P + "zeros_like", [1, 2], raises="AttributeError"))

# --- arange / linspace / logspace ----------------------------------------------------------------
for args in ((5,), (0.5,), (2, 7), (2, 7, 2), (1.5, 4.0), (0, 1, 0.1), (10, 0, -3), (-3, 3), (0, 0), (3, 9, 2.0),
             (0.0, 1.0, 0.3), (5, 1, -1), (-1.5, 1.0, 0.5), (4.999,)):
    add(case(P + "arange", *args))
for dt in ("float32", "float64", "int32", "int64"):
    add(case(P + "arange", 0, 5, 1, dt))
    add(case(P + "arange", 1, 10, 3, dtype=dt))
    add(case(P + "arange", 5, dtype=dt))
add(case(P + "arange", 0.5, 5, 1, "int64"))
add(case(P + "arange", T("int64", (), values=3)))
add(case(P + "arange", T("float32", (), values=3.0)))
add(case(P + "arange", T("int64", (1,), values=[2]), 7))
add(case(P + "arange", 1, T("int32", (), values=6), 2))
add(case(P + "arange", 0, 5, 0, raises="ValueError"))
add(case(P + "arange", 5, 1, raises="ValueError"))
add(case(P + "arange", 1, 5, -1, raises="ValueError"))

for args in ((0, 1, 5), (0, 10, 1), (-1, 1, 4), (1, 0, 3), (0.5, 2.5, 7), (2, 2, 3)):
    add(case(P + "linspace", *args))
    add(case(P + "logspace", *args))
for dt in ("float32", "float64", "int32", "int64"):
    add(case(P + "linspace", 0, 10, 4, dt))
    add(case(P + "linspace", -5, 5, 6, dtype=dt))
    add(case(P + "logspace", 0, 3, 4, dtype=dt))
    add(case(P + "logspace", 0, 3, 4, 2.0, dt))
add(case(P + "logspace", 1, 2, 5, base=3.0))
add(case(P + "logspace", -2, 2, 5, base=0.5))
add(case(P + "linspace", T("float32", (), values=0.0), T("float32", (), values=1.0), T("int32", (), values=5)))
add(case(P + "linspace", 0, 1, 0, raises="ValueError"))

# --- eye / tril / triu / indices -----------------------------------------------------------------
for args in ((3,), (2, 3), (3, 2), (1,), (0,), (4, 4)):
    add(case(P + "eye", *args))
for dt in ("float32", "float64", "int32", "int64", "bool"):
    add(case(P + "eye", 3, dtype=dt))
    add(case(P + "eye", 2, 4, dt))
add(case(P + "eye", 3, None))

for dt in ALL:
    for diag in (0, 1, -1):
        add(case(P + "tril", T(dt, (4, 5)), diag))
        add(case(P + "triu", T(dt, (4, 5)), diagonal=diag))
for fn in ("tril", "triu"):
    add(case(P + fn, T("float32", (3, 3)), grad=True))
    add(case(P + fn, T("float64", (2, 3, 4)), 1, grad=True))
    add(case(P + fn, T("float32", (4, 3)), -2, grad=True))
    add(case(P + fn, T("float32", (3, 3)), 10))
    add(case(P + fn, T("float32", (3, 3)), -10))
    add(case(P + fn, T("float32", (0, 3))))
    add(case(P + fn, T("float32", (3,)), raises="ValueError"))
    add(case("Tensor." + fn, T("float32", (3, 4)), 1, grad=True))
    add(case("Tensor." + fn, T("int64", (2, 2, 3))))
    add(case(P + fn + "_", T("float32", (3, 4)), 1))
    add(case("Tensor." + fn + "_", T("int32", (3, 3)), -1))

for args in ((3, 3), (4, 3), (3, 4), (4, 4, 1), (4, 4, -1), (3, 5, 2), (1, 1), (4, 3, -5), (0, 3)):
    add(case(P + "tril_indices", *args))
for args in ((3,), (4, 3), (3, 4), (4, 4, 1), (4, None, -1), (3, 5, 2), (1, 1), (0,)):
    add(case(P + "triu_indices", *args))
add(case(P + "tril_indices", 4, 4, 0, "int32"))
add(case(P + "triu_indices", 4, 4, 0, dtype="int32"))
add(case(P + "tril_indices", -1, 3))
add(case(P + "triu_indices", 3, -1, raises="RuntimeError"))
add(case(P + "tril_indices", 3, 3, 0.5, raises="ValueError"))

# --- diag / diagflat / diag_embed / meshgrid -----------------------------------------------------
for dt in ALL:
    add(case(P + "diag", T(dt, (3,))))
    add(case(P + "diag", T(dt, (3, 4))))
    add(case(P + "diag", T(dt, (3,)), 1))
for off in (0, 1, -1, 2, -3, 5):
    add(case(P + "diag", T("float32", (3,)), off, grad=True))
    add(case(P + "diag", T("float64", (3, 4)), offset=off, grad=off in (0, 1, -1, 2)))
add(case(P + "diag", T("int64", (3,)), 0, 9))
add(case(P + "diag", T("float32", (2,)), 1, padding_value=-1.5))
add(case(P + "diag", T("float32", (2, 2)), 0, 7))
add(case(P + "diag", T("float32", (2, 2, 2)), raises="ValueError"))
add(case(P + "diag", T("float32", ())))
add(case("Tensor.diag", T("float32", (3, 3)), 1))
for off in (0, 1, -2):
    add(case(P + "diagflat", T("float32", (3,)), off, grad=True))
    add(case(P + "diagflat", T("float64", (2, 2)), offset=off, grad=True))
    add(case(P + "diagflat", T("int64", (2, 3)), off))
add(case("Tensor.diagflat", T("float32", (2,)), 1))
add(case(P + "diagflat", T("float32", ())))
for off, d1, d2 in ((0, -2, -1), (1, 0, 2), (-1, 2, 0), (0, 1, 2), (2, -1, -3)):
    add(case(P + "diag_embed", T("float32", (2, 3)), off, d1, d2, grad=True))
    add(case(P + "diag_embed", T("float64", (3,)), offset=off % 2))
add(case(P + "diag_embed", T("int64", (2, 2))))
add(case("Tensor.diag_embed", T("float32", (2, 3)), 1))
add(case(P + "diag_embed", T("float32", (2, 3)), 0, 1, 1, raises="ValueError"))
add(case(P + "diag_embed", T("float32", (2, 3)), 0, 5, 1, raises="IndexError"))

add(case(P + "meshgrid", T("int64", (2,)), T("int64", (3,))))
add(case(P + "meshgrid", [T("float32", (2,)), T("float32", (3,)), T("float32", (4,))], grad=True))
add(case(P + "meshgrid", T("float64", (2,)), T("float64", (1,)), grad=True))
add(case(P + "meshgrid", T("float32", (3,))))
add(case(P + "meshgrid", (T("int32", (2,)), T("int32", (2,)))))
add(case(P + "meshgrid", T("float32", (0,)), T("float32", (2,))))

# --- assign / clone / complex / polar ------------------------------------------------------------
for dt in ALL + ("float16",):
    add(case(P + "assign", T(dt, (2, 3))))
add(case(P + "assign", T("float32", (2, 3)), grad=True))
add(case(P + "assign", T("float64", ()), grad=True))
add(case(P + "assign", A("float64", (2, 2))))
add(case(P + "assign", A("float32", (3,))))
add(case(P + "assign", A("int32", (3,))))
add(case(P + "assign", A("int64", (2, 1))))
add(case(P + "assign", A("bool", (2,))))
add(case(P + "assign", [1, 2, 3]))
add(case(P + "assign", [[1.5, 2.0], [3.0, 4.0]]))
add(case(P + "assign", (True, False)))
add(case(P + "assign", 1.5))
add(case(P + "assign", 3))
add(case(P + "assign", True))
add(case(P + "assign", "abc"))  # Paddle 2.6 returns None
for dt in ALL:
    add(case(P + "clone", T(dt, (2, 3))))
add(case(P + "clone", T("float32", (2, 3)), grad=True))
add(case(P + "clone", T("float64", ()), grad=True))
add(case("Tensor.clone", T("float32", (3,)), grad=True))

for dt in FLOATS:
    add(case(P + "complex", T(dt, (2, 3)), T(dt, (2, 3))))
    add(case(P + "complex", T(dt, (2, 3)), T(dt, (3,))))
    add(case(P + "complex", T(dt, ()), T(dt, (2,))))
    add(case(P + "polar", T(dt, (2, 3), 0, 2), T(dt, (2, 3), -3, 3)))
    add(case(P + "polar", T(dt, (3,), 0, 2), T(dt, (3,))))
add(case(P + "complex", T("int32", (2,)), T("int32", (2,)), raises="RuntimeError"))
add(case(P + "polar", T("int64", (2,)), T("int64", (2,)), raises="RuntimeError"))
add(case("Tensor.polar", T("float32", (2,), 0, 1), T("float32", (2,))))

# --- in-place random fills: shape/dtype only ------------------------------------------------------
for dt in FLOATS:
    add(case(P + "cauchy_", T(dt, (3, 4)), check="meta"))
    add(case(P + "cauchy_", T(dt, (5,)), 1.0, 2.0, check="meta"))
    add(case("Tensor.cauchy_", T(dt, (2, 2)), check="meta"))
    add(case(P + "geometric_", T(dt, (3, 4)), 0.5, check="meta"))
    add(case("Tensor.geometric_", T(dt, (2, 2)), 0.2, check="meta"))
add(case(P + "geometric_", T("float32", (4000,)), 0.3, check="stats"))
