"""Goldens: paddle reductions and scans of math.py / stat.py (sum, mean, max, cumsum, logsumexp, var, ...)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

AXES = [None, 0, -1, 1, [0, 2], (1, 2), [-1, 0], [0, 1, 2], []]
RED = ["sum", "mean", "prod", "max", "min", "amax", "amin", "logsumexp", "nansum", "nanmean", "all", "any",
       "count_nonzero"]
NONDIFF = {"all", "any", "count_nonzero"}
for op in RED:
    g = op not in NONDIFF
    for ax in AXES:
        add(case("paddle." + op, T("float32", (2, 3, 4), low=0.5, high=1.5), axis=ax, grad=g))
        add(case("paddle." + op, T("float64", (2, 3, 4), low=0.5, high=1.5), axis=ax, keepdim=True, grad=g))
    add(case("Tensor." + op, T("float32", (3, 4), low=0.5, high=1.5), axis=0, grad=g))
    if op in ("sum", "nansum", "prod"):
        add(case("Tensor." + op, T("float32", (3, 4), low=0.5, high=1.5), 1, keepdim=True, grad=g))
    else:
        add(case("Tensor." + op, T("float32", (3, 4), low=0.5, high=1.5), 1, True, grad=g))
    add(case("Tensor." + op, T("float64", (3, 4), low=0.5, high=1.5), grad=g))
    add(case("paddle." + op, T("float32", ()), grad=g))
    add(case("paddle." + op, T("float32", ()), axis=0))
    add(case("paddle." + op, T("float32", ()), axis=-1, keepdim=True))
    add(case("paddle." + op, T("float32", (0, 3))))
    add(case("paddle." + op, T("float32", (0, 3)), axis=1))
    add(case("paddle." + op, T("float32", (2, 3)), axis=2))
    add(case("paddle." + op, T("float32", (2, 3)), axis=-3))
    add(case("paddle." + op, T("float32", (2, 3)), axis=1.5))
    for dt in ("bool", "int8", "uint8", "int16", "int32", "int64", "float16", "bfloat16", "complex64"):
        add(case("paddle." + op, T(dt, (2, 3), low=-3, high=4)))
        add(case("paddle." + op, T(dt, (2, 3), low=-3, high=4), axis=1, keepdim=True))
    add(case("paddle." + op, T("float32", (3,), values=[1.0, float("nan"), 2.0])))

# dtype argument of sum / nansum / prod
for op in ("sum", "nansum", "prod"):
    for dt_in, dt_out in (("int32", "float64"), ("float32", "float64"), ("int64", "int32"), ("bool", "int32"),
                          ("float64", "float32"), ("int32", None), ("int32", "int64")):
        add(case("paddle." + op, T(dt_in, (2, 3), low=-3, high=4), dtype=dt_out))
        add(case("paddle." + op, T(dt_in, (2, 3), low=-3, high=4), axis=0, dtype=dt_out))
    add(case("paddle." + op, T("float32", (2, 3), low=0.5, high=2), axis=1, dtype="float64", grad=True))
    add(case("Tensor." + op, T("int32", (2, 3), low=-3, high=4), dtype="float32"))
add(case("paddle.prod", T("float32", (2, 3), low=0.5, high=2), 1, True, "float64"))
# max/min ties and gradient distribution
add(case("paddle.max", T("float32", (4,), values=[1.0, 3.0, 3.0, 2.0]), grad=True))
add(case("paddle.amax", T("float32", (4,), values=[1.0, 3.0, 3.0, 2.0]), grad=True))
add(case("paddle.min", T("float64", (2, 2), values=[[1.0, 1.0], [0.0, 2.0]]), axis=1, grad=True))
add(case("paddle.amin", T("float64", (2, 2), values=[[1.0, 1.0], [0.0, 2.0]]), axis=1, grad=True))
add(case("paddle.max", T("float32", (3,), values=[1.0, float("nan"), 2.0])))
add(case("paddle.logsumexp", T("float32", (3,), values=[1000.0, 1000.0, -1000.0]), grad=True))
add(case("paddle.logsumexp", T("float64", (2, 2), values=[[-1e300, -1e300], [0.0, 1.0]]), axis=1))
add(case("paddle.mean", T("int32", (4,), values=[1, 2, 2, 2])))
add(case("paddle.mean", T("int64", (3,), values=[-1, -2, 0])))
add(case("paddle.all", T("float32", (3,), values=[1.0, 0.0, 2.0])))
add(case("paddle.any", T("int64", (2, 2), values=[[0, 0], [0, 3]]), axis=0))
add(case("paddle.count_nonzero", T("float32", (2, 3), values=[[0, 1, 0], [0, 0, 2]]), axis=[0, 1], keepdim=True))
add(case("paddle.nansum", T("float32", (2, 2), values=[[float("nan"), 1.0], [2.0, float("nan")]]), axis=1, grad=True))
add(case("paddle.nanmean", T("float32", (2, 2), values=[[float("nan"), 1.0], [2.0, float("nan")]]), axis=0, grad=True))
add(case("paddle.nanmean", T("float64", (2,), values=[float("nan"), float("nan")])))

# cumulative ops
CUM = ["cumsum", "cumprod", "logcumsumexp", "cummax", "cummin"]
for op in CUM:
    argname = "dim" if op == "cumprod" else "axis"
    g = True
    for ax in (None, 0, 1, -1, 2, -3):
        if op == "cumprod" and ax is None:
            add(case("paddle." + op, T("float32", (2, 3), low=0.5, high=1.5)))
            continue
        add(case("paddle." + op, T("float32", (2, 3), low=0.5, high=1.5), **{argname: ax}, grad=g))
        add(case("paddle." + op, T("float64", (2, 3, 2), low=0.5, high=1.5), **{argname: ax}, grad=g))
    add(case("Tensor." + op, T("float32", (3, 4), low=0.5, high=1.5), 0, grad=g))
    add(case("paddle." + op, T("float32", ()), **{argname: 0}))
    if op not in ("cummax", "cummin"):  # real Paddle 2.6.2 segfaults on empty input here
        add(case("paddle." + op, T("float32", (0, 3)), **{argname: 1}))
    for dt in ("bool", "int16", "int32", "int64", "float16", "complex64"):
        add(case("paddle." + op, T(dt, (2, 3), low=-3, high=4), **{argname: 1}))
    add(case("paddle." + op, T("float32", (2, 3)), **{argname: 1.0}))
for op in ("cumsum", "cumprod", "logcumsumexp"):
    argname = "dim" if op == "cumprod" else "axis"
    add(case("paddle." + op, T("int32", (2, 3), low=1, high=4), **{argname: 0}, dtype="float64"))
    add(case("paddle." + op, T("float32", (2, 3), low=1, high=4), **{argname: 1}, dtype="float64", grad=True))
    add(case("paddle." + op, T("int64", (2, 3), low=1, high=4), **{argname: 1}, dtype="int32"))
for op in ("cummax", "cummin"):
    add(case("paddle." + op, T("float32", (6,), values=[1.0, 3.0, 3.0, 2.0, 5.0, 5.0])))
    add(case("paddle." + op, T("int64", (2, 4), values=[[1, 3, 3, 2], [4, 1, 1, 4]]), axis=1))
    add(case("paddle." + op, T("float32", (3, 2)), axis=0, dtype="int32"))
    add(case("paddle." + op, T("float32", (3, 2)), axis=0, dtype="float32"))
    add(case("paddle." + op, T("float32", (4,), values=[1.0, float("nan"), 0.0, 2.0])))
add(case("paddle.cumsum_", T("float32", (2, 3)), axis=1))
add(case("paddle.cumsum_", T("float32", (2, 3))))
add(case("paddle.cumprod_", T("float32", (2, 3)), dim=0))
add(case("Tensor.cumsum_", T("float64", (2, 3)), 0))
add(case("Tensor.cumprod_", T("float64", (2, 3)), 1))

# axis given as a Tensor / with duplicates / out-of-range inside a list
for op in ("sum", "mean", "max", "min", "prod", "amax", "all", "any", "logsumexp", "nansum", "count_nonzero"):
    add(case("paddle." + op, T("float32", (2, 3, 4), low=0.5, high=1.5), axis=T("int64", (), values=1)))
    add(case("paddle." + op, T("float32", (2, 3, 4), low=0.5, high=1.5), axis=T("int64", (2,), values=[0, 2])))
    add(case("paddle." + op, T("float32", (2, 3, 4), low=0.5, high=1.5), axis=[0, 0]))
    add(case("paddle." + op, T("float32", (2, 3, 4), low=0.5, high=1.5), axis=[0, -3]))
    add(case("paddle." + op, T("float32", (2, 3, 4), low=0.5, high=1.5), axis=[1, 5]))
    add(case("paddle." + op, T("float32", (2, 3, 4), low=0.5, high=1.5), axis=[], keepdim=True))

