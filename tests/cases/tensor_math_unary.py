"""Goldens: paddle elementwise unary ops (paddle/tensor/ops.py + unary ops of math.py), in-place forms."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

# op -> (low, high) input domain for floats
UNARY = {
    "abs": (-2, 2), "acos": (-0.9, 0.9), "acosh": (1.1, 3), "asin": (-0.9, 0.9), "asinh": (-2, 2),
    "atan": (-2, 2), "atanh": (-0.9, 0.9), "ceil": (-3, 3), "cos": (-3, 3), "cosh": (-2, 2), "erf": (-2, 2),
    "exp": (-2, 2), "expm1": (-2, 2), "floor": (-3, 3), "reciprocal": (0.5, 2), "round": (-3, 3),
    "rsqrt": (0.5, 2), "sin": (-3, 3), "sinh": (-2, 2), "sqrt": (0.1, 4), "square": (-2, 2), "tan": (-1, 1),
    "tanh": (-2, 2), "log": (0.1, 4), "log2": (0.1, 4), "log10": (0.1, 4), "log1p": (-0.5, 3),
    "sign": (-2, 2), "sgn": (-2, 2), "neg": (-2, 2), "lgamma": (0.2, 4), "digamma": (0.3, 4),
    "erfinv": (-0.9, 0.9), "trunc": (-3, 3), "frac": (-3, 3), "rad2deg": (-3, 3), "deg2rad": (-90, 90),
    "angle": (-2, 2), "conj": (-2, 2), "i0": (-2, 2), "i0e": (-2, 2), "i1": (-2, 2), "i1e": (-2, 2),
    "isnan": (-2, 2), "isinf": (-2, 2), "isfinite": (-2, 2), "logit": (0.1, 0.9), "stanh": (-2, 2),
    "nan_to_num": (-2, 2),
}
NONDIFF = {"ceil", "floor", "round", "sign", "trunc", "isnan", "isinf", "isfinite", "angle"}
NOT_METHOD = {"sigmoid_"}
for op, (lo, hi) in UNARY.items():
    g = op not in NONDIFF
    add(case("paddle." + op, T("float32", (3, 4), low=lo, high=hi), grad=g))
    add(case("paddle." + op, T("float64", (2, 3), low=lo, high=hi), grad=g))
    add(case("paddle." + op, T("float32", (), low=lo, high=hi)))
    add(case("paddle." + op, T("float32", (0, 3))))
    add(case("Tensor." + op, T("float32", (2, 2, 3), low=lo, high=hi), grad=g))
    for dt in ("int32", "int64", "float16", "bool"):
        add(case("paddle." + op, T(dt, (2, 3), low=1, high=3)))
    add(case("paddle." + op, T("complex64", (2, 2))))
    add(case("paddle." + op, T("bfloat16", (2, 3), low=lo, high=hi)))
    add(case("paddle." + op, T("float16", (2, 3), low=lo, high=hi), id=f"paddle.{op}#f16dom"))

# sigmoid lives in paddle.tensor.ops but is only exposed as a Tensor method
add(case("Tensor.sigmoid", T("float32", (3, 4)), grad=True))
add(case("Tensor.sigmoid", T("float64", (3,)), grad=True))

# rounding of halves, special values
add(case("paddle.round", T("float32", (6,), values=[0.5, 1.5, 2.5, -0.5, -1.5, -2.5])))
add(case("paddle.round", T("float64", (4,), values=[0.49999, 0.50001, -0.49999, 1e6 + 0.5])))
add(case("paddle.floor", T("float32", (3,), values=[-0.5, 0.0, 0.5])))
add(case("paddle.isnan", T("float32", (4,), values=[0.0, float("nan"), float("inf"), -float("inf")])))
add(case("paddle.isinf", T("float32", (4,), values=[0.0, float("nan"), float("inf"), -float("inf")])))
add(case("paddle.isfinite", T("float64", (4,), values=[0.0, float("nan"), float("inf"), -float("inf")])))
add(case("paddle.nan_to_num", T("float32", (4,), values=[1.0, float("nan"), float("inf"), -float("inf")])))
add(case("paddle.nan_to_num", T("float64", (4,), values=[1.0, float("nan"), float("inf"), -float("inf")]),
         nan=1.5, posinf=9.0, neginf=-9.0))
add(case("paddle.nan_to_num", T("float32", (4,), values=[1.0, float("nan"), float("inf"), -float("inf")]), 2.0))
add(case("paddle.sqrt", T("float32", (2,), values=[-1.0, 4.0])))
add(case("paddle.log", T("float32", (3,), values=[-1.0, 0.0, 1.0])))
add(case("paddle.sign", T("float32", (3,), values=[-0.0, 0.0, -2.0])))
add(case("paddle.sgn", T("complex64", (3,), values=[3 + 4j, 0j, -1j])))
add(case("paddle.abs", T("complex128", (2,), values=[3 + 4j, -1j])))
add(case("paddle.angle", T("float32", (3,), values=[-1.0, 0.0, 2.0])))
add(case("paddle.frac", T("float32", (4,), values=[-2.5, -0.25, 0.75, 3.0])))
add(case("paddle.trunc", T("float64", (4,), values=[-2.5, -0.25, 0.75, 3.0])))
add(case("paddle.logit", T("float32", (4,), values=[-0.1, 0.0, 0.5, 1.2])))
add(case("paddle.logit", T("float32", (4,), values=[-0.1, 0.0, 0.5, 1.2]), eps=0.2))
add(case("paddle.logit", T("float64", (3, 2), low=0.05, high=0.95), 0.1, grad=True))
add(case("paddle.stanh", T("float32", (3, 4)), 0.5, 2.0, grad=True))
add(case("paddle.stanh", T("float64", (3,)), scale_a=1.5, scale_b=0.5, grad=True))
add(case("paddle.frexp", T("float32", (5,), values=[8.0, 3.0, -0.5, 0.0, 1e-3])))
add(case("paddle.frexp", T("float64", (2, 3), low=-100, high=100)))
add(case("paddle.frexp", T("int32", (2,))))
add(case("Tensor.frexp", T("float32", (2, 2), low=-5, high=5)))
for n in (0, 1, 2):
    add(case("paddle.polygamma", T("float32", (3, 2), low=0.5, high=3), n, grad=True))
    add(case("paddle.polygamma", T("float64", (4,), low=0.5, high=3), n))
add(case("paddle.polygamma", T("float32", (3,)), -1))
add(case("paddle.polygamma", T("float32", (3,)), 1.5))
add(case("Tensor.polygamma", T("float64", (3,), low=1, high=2), 1))
for p in (1, 2, 3):
    add(case("paddle.multigammaln", T("float32", (3, 2), low=2, high=5), p, grad=True))
    add(case("paddle.multigammaln", T("float64", (4,), low=2, high=5), p))
add(case("paddle.multigammaln", T("float32", (3,), low=2, high=5), 0))
add(case("Tensor.multigammaln", T("float64", (3,), low=2, high=5), 2))
for op in ("rad2deg", "deg2rad"):
    add(case("paddle." + op, T("int32", (3,), values=[0, 90, 180])))
    add(case("paddle." + op, T("int64", (3,), values=[-1, 2, 3])))

# in-place variants on a non-leaf / stop_gradient tensor: result written into x
INPLACE = {
    "abs_": (-2, 2), "acos_": (-0.9, 0.9), "acosh_": (1.1, 3), "asin_": (-0.9, 0.9), "asinh_": (-2, 2),
    "atan_": (-2, 2), "atanh_": (-0.9, 0.9), "ceil_": (-3, 3), "cos_": (-3, 3), "cosh_": (-2, 2),
    "erf_": (-2, 2), "exp_": (-2, 2), "expm1_": (-2, 2), "floor_": (-3, 3), "reciprocal_": (0.5, 2),
    "round_": (-3, 3), "rsqrt_": (0.5, 2), "sin_": (-3, 3), "sinh_": (-2, 2), "sqrt_": (0.1, 4),
    "square_": (-2, 2), "tan_": (-1, 1), "tanh_": (-2, 2), "log_": (0.1, 4), "log2_": (0.1, 4),
    "log10_": (0.1, 4), "log1p_": (-0.5, 3), "neg_": (-2, 2), "lgamma_": (0.2, 4), "digamma_": (0.3, 4),
    "erfinv_": (-0.9, 0.9), "trunc_": (-3, 3), "frac_": (-3, 3), "i0_": (-2, 2), "logit_": (0.1, 0.9),
    "nan_to_num_": (-2, 2), "sigmoid_": (-2, 2),
}
PADDLE_LEVEL = {"abs_", "acos_", "atan_", "cos_", "erf_", "expm1_", "sin_", "sinh_", "square_", "tan_",
                "tanh_", "log_", "log2_", "log10_", "neg_", "lgamma_", "digamma_", "trunc_", "frac_", "i0_",
                "logit_", "nan_to_num_"}
METHOD_LEVEL = set(INPLACE) - {"erf_", "expm1_", "square_"}
for op, (lo, hi) in INPLACE.items():
    if op in PADDLE_LEVEL:
        add(case("paddle." + op, T("float32", (3, 4), low=lo, high=hi)))
        add(case("paddle." + op, T("float64", (2,), low=lo, high=hi)))
    if op in METHOD_LEVEL:
        add(case("Tensor." + op, T("float32", (2, 3), low=lo, high=hi)))
        add(case("Tensor." + op, T("float64", (), low=lo, high=hi)))
    # a leaf that needs grad cannot be modified in place
    add(case("Tensor." + op if op in METHOD_LEVEL else "paddle." + op,
             T("float32", (2,), low=lo, high=hi, stop_gradient=False), raises="ValueError"))
