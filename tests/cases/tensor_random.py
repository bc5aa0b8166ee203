"""Goldens for paddle.tensor.random: dtypes/shapes ("meta") and distributions ("stats") from real Paddle 2.6.2.

Bit-identical streams are not expected (torch's generator is not Paddle's): see mappings/tensor_a.toml.
"""

from tools.api_diff.casefmt import T, case

P = "paddle."
M = "Tensor."
CASES = []
add = CASES.append
N = 20000  # sample size of "stats" cases

# --- rand / randn / standard_normal / uniform / normal -------------------------------------------
for fn in ("rand", "randn", "standard_normal"):
    for shape in ([2, 3], (4,), [], [0, 2], T("int64", (2,), values=[3, 2]), [T("int32", (), values=2), 3]):
        add(case(P + fn, shape, check="meta"))
    for dt in ("float32", "float64"):
        add(case(P + fn, [N], dt, check="stats"))
        add(case(P + fn, [2, 2], dtype=dt, check="meta"))
    add(case(P + fn, [3], "int32", raises="RuntimeError"))
    add(case(P + fn, [3], "int64", raises="RuntimeError"))
for dt in ("float32", "float64"):
    for lo, hi in ((-1.0, 1.0), (0, 1), (2.0, 5.0), (-3, -2)):
        add(case(P + "uniform", [N], dt, lo, hi, check="stats"))
    add(case(P + "uniform", [2, 3], dtype=dt, min=0.5, max=0.6, check="meta"))
add(case(P + "uniform", [2, 3], check="meta"))
add(case(P + "uniform", [N], seed=10, check="stats"))
add(case(P + "uniform", T("int64", (2,), values=[2, 3]), check="meta"))
add(case(P + "uniform", [2], "int32", raises="RuntimeError"))
for mean, std in ((0.0, 1.0), (3.0, 2.0), (-1, 0.5)):
    add(case(P + "normal", mean, std, [N], check="stats"))
    add(case(P + "normal", mean=mean, std=std, shape=[2, 3], check="meta"))
add(case(P + "normal", check="meta", shape=[3]))
for dt in ("float32", "float64"):
    add(case(P + "normal", T(dt, (N,), values=None, low=2.0, high=2.0000001), 1.0, check="stats"))
    add(case(P + "normal", 0.0, T(dt, (N,), low=3.0, high=3.0000001), check="stats"))
    add(case(P + "normal", T(dt, (2, 3)), T(dt, (2, 3), 0.5, 1.0), check="meta"))
add(case(P + "normal", T("int64", (3,)), 1.0, raises="RuntimeError"))

# --- in-place fills -------------------------------------------------------------------------------
for dt in ("float32", "float64"):
    add(case(P + "normal_", T(dt, (N,)), check="stats"))
    add(case(P + "normal_", T(dt, (N,)), 2.0, 3.0, check="stats"))
    add(case(M + "normal_", T(dt, (3, 2)), check="meta"))
    add(case(M + "uniform_", T(dt, (N,)), check="stats"))
    add(case(M + "uniform_", T(dt, (N,)), 0.0, 2.0, check="stats"))
    add(case(M + "uniform_", T(dt, (2, 2)), min=-5, max=5, check="meta"))
    for lam in (1.0, 3.0, 0.5):
        add(case(M + "exponential_", T(dt, (N,)), lam, check="stats"))
    add(case(M + "exponential_", T(dt, (2, 3)), check="meta"))
add(case(M + "exponential_", T("int64", (3,)), raises="RuntimeError"))

# --- integers -------------------------------------------------------------------------------------
for args in ((5,), (2, 5), (-3, 3), (0, 1)):
    add(case(P + "randint", *args, shape=[N], check="stats"))
    add(case(P + "randint", *args, check="meta"))
for dt in ("int32", "int64"):
    add(case(P + "randint", 0, 10, [2, 3], dt, check="meta"))
    add(case(P + "randint", 0, 10, [N], dtype=dt, check="stats"))
add(case(P + "randint", 10, shape=T("int64", (2,), values=[2, 3]), check="meta"))
add(case(P + "randint", 5, 2, [3], raises="ValueError"))
add(case(P + "randint", 0, raises="ValueError"))
add(case(P + "randint", 0, 5, [3], "float32", raises="RuntimeError"))
for dt in ("float32", "float64", "int32", "int64"):
    add(case(P + "randint_like", T(dt, (2, 3)), 5, check="meta"))
    add(case(P + "randint_like", T("float32", (N,)), -4, 4, dt, check="stats"))
add(case(P + "randint_like", T("int64", (3,)), 0, 5, "bool", check="meta"))
add(case(P + "randint_like", T("int64", (3,)), 5, 2, raises="ValueError"))
for n in (1, 5, 100):
    add(case(P + "randperm", n, check="meta"))
for dt in ("int32", "int64", "float32", "float64"):
    add(case(P + "randperm", 7, dt, check="meta"))
add(case(P + "randperm", N, check="stats"))

# --- bernoulli / poisson / multinomial ----------------------------------------------------------
for dt in ("float32", "float64"):
    for p in (0.1, 0.5, 0.9):
        add(case(P + "bernoulli", T(dt, (N,), p, p + 1e-6), check="stats"))
    add(case(P + "bernoulli", T(dt, (2, 3), 0, 1), check="meta"))
    add(case(P + "bernoulli", T(dt, (3,), values=[0.0, 1.0, 1.0])))
    for lam in (0.5, 4.0, 20.0):
        add(case(P + "poisson", T(dt, (N,), lam, lam + 1e-6), check="stats"))
    add(case(P + "poisson", T(dt, (2, 3), 0, 5), check="meta"))
    add(case(P + "poisson", T(dt, (3,), values=[0.0, 0.0, 0.0])))
add(case(P + "bernoulli", T("int64", (3,)), raises="RuntimeError"))
add(case(P + "poisson", T("int64", (3,)), raises="RuntimeError"))
for dt in ("float32", "float64"):
    add(case(P + "multinomial", T(dt, (4,), values=[0.1, 0.2, 0.3, 0.4]), check="meta"))
    add(case(P + "multinomial", T(dt, (4,), values=[0.1, 0.2, 0.3, 0.4]), N, True, check="stats"))
    add(case(P + "multinomial", T(dt, (2, 4), 0.1, 1.0), 3, check="meta"))
    add(case(M + "multinomial", T(dt, (2, 4), 0.1, 1.0), 2, replacement=True, check="meta"))
add(case(P + "multinomial", T("float32", (3,), values=[0.0, 0.0, 1.0]), 1))
add(case(P + "multinomial", T("float32", (3,), values=[0.0, 1.0, 0.0]), 4, True))
add(case(P + "multinomial", T("float32", (2,), values=[0.2, 0.8]), 3, raises="ValueError"))
add(case(P + "multinomial", T("int64", (2,)), 1, raises="RuntimeError"))
