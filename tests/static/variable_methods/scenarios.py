"""Static-graph Variable methods (paddle.static.Variable.<method>): each built into a fresh Program on a float32
data variable and run by an Executor, in both interpreters (record.py with real Paddle 2.6.2,
test_variable_methods.py with ours). Per method: the fetched arrays, or the exception class Paddle raised."""

import numpy as np

X = np.array([[0.2, 0.5, 0.9], [0.3, 0.7, 0.4]], dtype="float32")
Y = np.array([[0.6, 0.1, 0.9], [0.8, 0.35, 0.45]], dtype="float32")

UNARY = """abs acos acosh asin asinh atan atanh ceil cos cosh deg2rad digamma erf erfinv exp expm1 floor frac i0 i0e
i1 i1e lgamma log log10 log1p log2 logit neg rad2deg reciprocal round rsqrt sigmoid sign sgn sin sinh sqrt square
stanh tan tanh trunc isnan isinf isfinite sum mean max min prod amax amin std var median nanmean nansum nanmedian
logsumexp argmax argmin argsort sort logcumsumexp cumsum t flatten squeeze clone detach numel diagonal tril triu
trace norm real imag angle conj count_nonzero nonzero abs_ acos_ asin_ atan_ ceil_ cos_ exp_ floor_ log_ reciprocal_
round_ rsqrt_ sigmoid_ sin_ sqrt_ tanh_ trunc_ tril_ triu_ flatten_ squeeze_ frac_ digamma_ lgamma_ erfinv_ i0_
log10_ log1p_ log2_ logit_ neg_ cosh_ sinh_ tan_ asinh_ acosh_ atanh_""".split()
BINARY = """add subtract multiply divide floor_divide remainder mod floor_mod maximum minimum fmax fmin pow atan2 hypot
logaddexp heaviside nextafter equal not_equal greater_than greater_equal less_than less_equal allclose isclose
equal_all dist kron lerp_weight add_ subtract_ multiply_ divide_ remainder_ mod_ floor_mod_ pow_ hypot_
__add__ __sub__ __mul__ __div__ __truediv__ __floordiv__ __mod__ __pow__ __radd__ __rsub__ __rmul__ __rdiv__
__rtruediv__ __rpow__ __eq__ __ne__ __lt__ __le__ __gt__ __ge__""".split()
WITH_ARGS = {
    "unsqueeze": ([0], {}), "unsqueeze_": ([0], {}), "transpose": ([[1, 0]], {}), "flip": ([0], {}),
    "reshape": ([[3, 2]], {}), "reshape_": ([[3, 2]], {}), "tile": ([[1, 2]], {}), "expand": ([[2, 2, 3]], {}),
    "broadcast_to": ([[2, 2, 3]], {}), "cumprod": ([1], {}), "cummax": ([1], {}), "cummin": ([1], {}),
    "topk": ([2], {}), "kthvalue": ([2], {}), "mode": ([], {"axis": 1}), "quantile": ([0.5], {}),
    "nanquantile": ([0.5], {}), "roll": ([1], {}), "rot90": ([], {}), "split": ([3], {"axis": 1}),
    "chunk": ([3], {"axis": 1}), "unbind": ([0], {}), "unstack": ([0], {}), "scale": ([2.0], {"bias": 1.0}),
    "scale_": ([2.0], {}), "clip": ([0.3, 0.6], {}), "clip_": ([0.3, 0.6], {}), "pow_scalar": ([2.0], {}),
    "cast": (["float64"], {}), "astype": (["float64"], {}), "renorm": ([2.0, 0, 1.0], {}),
    "polygamma": ([1], {}), "multigammaln": ([1], {}), "diff": ([], {}), "repeat_interleave": ([2], {}),
    "moveaxis": ([0, 1], {}), "unflatten": ([1, [3, 1]], {}), "diag_embed": ([], {}), "index_select": (None, {}),
    "gather": (None, {}), "take_along_axis": (None, {}), "masked_fill": (None, {}), "where": (None, {}),
    "masked_select": (None, {}), "matmul": (None, {}), "mm": (None, {}), "__matmul__": (None, {}),
    "bmm": (None, {}), "inner": (None, {}), "outer": (None, {}), "dot": (None, {}), "mv": (None, {}),
    "cross": (None, {}), "tensordot": (None, {}), "cdist": (None, {}), "nan_to_num": ([], {}),
    "stanh_scaled": ([], {"scale_a": 0.5, "scale_b": 2.0}), "logit_eps": ([], {"eps": 0.25}),
    "std_axis": ([], {"axis": 1, "unbiased": False}), "sum_axis": ([], {"axis": 0, "keepdim": True}),
    "__getitem__": (None, {}), "__neg__": ([], {}), "trapezoid": ([], {}), "cumulative_trapezoid": ([], {}),
    "vander": (None, {}), "atleast_1d": ([], {}), "atleast_2d": ([], {}), "atleast_3d": ([], {}),
    "flatten_axes": ([], {"start_axis": 0, "stop_axis": -1}), "slice": ([[1], [0], [2]], {}),
    "strided_slice": ([[1], [0], [3], [2]], {}), "index_add": (None, {}), "index_fill": (None, {}),
    "put_along_axis": (None, {}), "scatter": (None, {}), "view": ([[3, 2]], {}), "view_as": (None, {}),
    "expand_as": (None, {}), "unique": ([], {}), "unique_consecutive": ([], {}), "histogram": ([], {"bins": 4}),
    "bucketize": (None, {}), "frexp": ([], {}), "lerp": (None, {}), "cov": ([], {}), "corrcoef": ([], {}),
    "householder_product": (None, {}), "t_": ([], {}), "transpose_": ([[1, 0]], {}),
}


def _special(paddle, name, x, y):
    """The methods whose arguments are Variables built from x and y."""
    idx = paddle.to_tensor(np.array([1, 0], dtype="int64")) if False else None  # noqa: F841 - static below
    ints = paddle.static.data("ints", [2], "int64")
    col = paddle.static.data("col", [2, 1], "int64")
    mask = x > 0.45
    calls = {
        "index_select": lambda: x.index_select(ints, axis=0), "gather": lambda: x.gather(ints),
        "take_along_axis": lambda: x.take_along_axis(col, 1), "masked_fill": lambda: x.masked_fill(mask, -1.0),
        "where": lambda: x.where(mask, y) if hasattr(x, "where") else paddle.where(mask, x, y),
        "masked_select": lambda: x.masked_select(mask), "matmul": lambda: x.matmul(y, transpose_y=True),
        "mm": lambda: x.mm(y.t()), "__matmul__": lambda: x @ y.t(), "bmm": lambda: x.unsqueeze(0).bmm(
            y.t().unsqueeze(0)), "inner": lambda: x.inner(y), "outer": lambda: x.outer(y),
        "dot": lambda: x.dot(y), "mv": lambda: x.mv(y[0]), "cross": lambda: x.cross(y, axis=1),
        "tensordot": lambda: x.tensordot(y, axes=[[1], [1]]), "cdist": lambda: x.cdist(y),
        "__getitem__": lambda: x[1, 1:], "vander": lambda: x[0].vander(3), "index_add": lambda: x.index_add(
            ints, 0, y), "index_fill": lambda: x.index_fill(ints, 1, 0.5),
        "put_along_axis": lambda: x.put_along_axis(col, 9.0, 1), "scatter": lambda: x.scatter(ints, y),
        "view_as": lambda: x.reshape([3, 2]).view_as(y), "expand_as": lambda: x[0].expand_as(y),
        "bucketize": lambda: x.bucketize(paddle.static.data("edges", [3], "float32")), "lerp": lambda: x.lerp(y, 0.3),
        "householder_product": lambda: x.t().householder_product(paddle.static.data("tau", [2], "float32")),
    }
    return calls[name]()


def build(paddle, name, x, y):
    if name in BINARY:
        if name == "lerp_weight":
            return x.lerp(y, y)
        if name.startswith("__r"):  # reached through `2.0 + x` & co: the left operand is a Python number
            return getattr(x, name)(2.0)
        return getattr(x, name)(y)
    if name in UNARY:
        return getattr(x, name)()
    args, kwargs = WITH_ARGS[name]
    if args is None:
        return _special(paddle, name, x, y)
    method = {"pow_scalar": "pow", "stanh_scaled": "stanh", "logit_eps": "logit", "std_axis": "std",
              "sum_axis": "sum", "flatten_axes": "flatten"}.get(name, name)
    return getattr(x, method)(*args, **kwargs)


def run(paddle, name):
    """The fetched results of one method (a list of arrays), or "!<exception class>"."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    try:
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [2, 3], "float32")
            y = paddle.static.data("y", [2, 3], "float32")
            out = build(paddle, name, x, y)
            outs = [o for o in (out if isinstance(out, (list, tuple)) else [out]) if o is not None]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        feed = {"x": X.copy(), "y": Y.copy(), "ints": np.array([1, 0], "int64"), "col": np.array([[2], [0]], "int64"),
                "edges": np.array([0.25, 0.5, 0.75], "float32"), "tau": np.array([0.5, 1.2], "float32")}
        needed = {v.name for v in main.global_block().vars.values() if getattr(v, "is_data", False)}
        fetched = exe.run(main, feed={k: v for k, v in feed.items() if k in needed}, fetch_list=outs)
    except Exception as e:  # noqa: BLE001 - the exception class is the outcome
        return "!" + type(e).__name__
    return [np.asarray(a) for a in fetched]


NAMES = UNARY + BINARY + list(WITH_ARGS)


def api_of(name):
    base = {"pow_scalar": "pow", "stanh_scaled": "stanh", "logit_eps": "logit", "std_axis": "std",
            "sum_axis": "sum", "flatten_axes": "flatten", "lerp_weight": "lerp"}.get(name, name)
    return f"paddle.static.Variable.{base}"
