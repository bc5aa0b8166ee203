"""Paddle's ``paddle/tensor/math.py`` and the generated unary ops of ``paddle/tensor/ops.py``.

Every op is a thin call into torch plus the few checks needed to reproduce Paddle 2.6's CPU
behaviour: which dtypes a kernel accepts (others raise RuntimeError like Paddle's "kernel not
registered"), Paddle's dtype results (``sum`` of int32/bool -> int64, ``exp`` of ints -> float32...),
and Paddle's exception types for bad axes / shapes / mixed dtypes.
"""

import builtins
import math as _pymath
import operator

import numpy as _np
import torch

from .._core import Tensor, errors, wrap
from .._core import inplace as _inpl
from .._core.dtypes import FROM_TORCH, default_float, to_torch_dtype
from .._core.op_table import OPS as _OPS
from .._core.op_table import kernel_error as _kernel_error
from .._core.op_table import promote as _promote

_new = object.__new__  # hot paths build the result Tensor inline: one Python call less than wrap()
_VF = torch._C._VariableFunctions

_b, _i8, _u8, _i16, _i32, _i64 = torch.bool, torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64
_f16, _bf16, _f32, _f64 = torch.float16, torch.bfloat16, torch.float32, torch.float64
_c64, _c128 = torch.complex64, torch.complex128

F = frozenset({_f32, _f64})
FC = F | {_c64, _c128}
I = frozenset({_i32, _i64})  # noqa: E741
FI = F | I
FIC = FI | {_c64, _c128}
F16 = F | {_f16}
FH = F | {_f16, _bf16}
FIH = FI | {_f16, _bf16}
ALL = frozenset(FROM_TORCH)
_INTS = frozenset({_b, _i8, _u8, _i16, _i32, _i64})


def _dname(d):
    return FROM_TORCH[d].name


def _bad_dtype(op, t):
    raise _kernel_error(op, t.dtype)


def _need_tensor(op, arg, v, pos=0):
    raise errors.not_tensor(op, arg, pos, v)


def _tt(x, op, arg="x", pos=0):
    """The torch tensor of a Paddle Tensor argument (ValueError for anything else)."""
    try:
        return x._t
    except AttributeError:
        _need_tensor(op, arg, x, pos)


def _tt_py(x):
    """For the APIs Paddle writes in Python (they read x.dtype first): a non-Tensor fails with AttributeError."""
    try:
        return x._t
    except AttributeError:
        raise AttributeError(f"'{type(x).__name__}' object has no attribute 'dtype'") from None


_inplace = _inpl.write


def _rebind(x, r):
    x._t = r


# ---------------------------------------------------------------------------------------------
# unary elementwise ops (ops.py + math.py)
def _unary(name, fn=None, doc=None):
    """``paddle.<name>`` from its op-table row: the accepted dtypes and the torch function (``fn`` overrides it
    where Paddle's kernel computes differently)."""
    spec = _OPS[name]
    ok = spec.dtypes
    if fn is None:
        fn = getattr(torch, spec.torch)

    def op(x, name=None):
        try:
            t = x._t
        except AttributeError:
            _need_tensor(op.__name__, "x", x)
        if t.dtype not in ok:
            _bad_dtype(op.__name__, t)
        r = _new(Tensor)
        r._t = fn(t)
        return r

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc or f"Paddle ``{name}``: elementwise, on torch.{getattr(fn, '__name__', name)}."
    return op


def _unary_(name, method=None, ok=None):
    """In-place unary op; ``method`` is the torch in-place method's name (default ``name``), or a function
    updating ``t``. Accepted: the op-table dtypes whose result keeps the dtype (``exp_`` of an int32 is refused)."""
    apply = method if callable(method) else operator.methodcaller(method or name)
    if ok is None:
        base = name[:-1]
        from .._core.op_table import result_dtype

        ok = frozenset(d for d in _OPS[base].dtypes if result_dtype(base, d) is d)

    def op(x, name=None):
        t = _tt(x, op.__name__)
        if t.dtype not in ok:
            _bad_dtype(op.__name__, t)
        if t.requires_grad and t.is_leaf and torch.is_grad_enabled():
            raise errors.inplace_leaf()
        apply(t)
        return x

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"In-place ``{name[:-1]}``."
    return op


def _round_half_away(t):
    return torch.where(t >= 0, torch.floor(t + 0.5), torch.ceil(t - 0.5))


def _stanh_t(t, a=0.67, b=1.7159):
    return b * torch.tanh(a * t)


def _frac_t(t):
    return t - torch.trunc(t)


def _sgn_t(t):
    if t.is_complex():
        a = t.abs()
        return torch.where(a == 0, torch.zeros_like(t), t / torch.where(a == 0, torch.ones_like(a), a))
    return torch.sign(t)


def _deg(t, factor):
    if t.dtype in I:
        t = t.to(default_float().torch)
    elif t.dtype in _INTS:
        return t.clone()
    return t * factor


abs = _unary("abs")  # noqa: A001
acos = _unary("acos")
acosh = _unary("acosh")
asin = _unary("asin")
asinh = _unary("asinh")
atan = _unary("atan")
atanh = _unary("atanh")
ceil = _unary("ceil")
cos = _unary("cos")
cosh = _unary("cosh")
erf = _unary("erf")
exp = _unary("exp")
expm1 = _unary("expm1")
floor = _unary("floor")
reciprocal = _unary("reciprocal")
round = _unary("round", _round_half_away)  # noqa: A001
rsqrt = _unary("rsqrt")
sin = _unary("sin")
sinh = _unary("sinh")
sqrt = _unary("sqrt")
square = _unary("square")
tan = _unary("tan")
tanh = _unary("tanh")
sigmoid = _unary("sigmoid")
log = _unary("log")
log2 = _unary("log2")
log10 = _unary("log10")
log1p = _unary("log1p")
sign = _unary("sign")
neg = _unary("neg")
lgamma = _unary("lgamma")
digamma = _unary("digamma")
_SQRT1_2 = float(_np.float32(_pymath.sqrt(0.5)))


def _erfinv_t(t):
    """Paddle's kernel: ``ndtri(x / 2 + 1 / 2) * sqrt(1/2)`` in the input's precision (torch.erfinv rounds
    differently); the gradient follows through torch's ndtri."""
    return torch.special.ndtri(t * 0.5 + 0.5) * (_SQRT1_2 if t.dtype is _f32 else _pymath.sqrt(0.5))


erfinv = _unary("erfinv", _erfinv_t, F)
i0 = _unary("i0", torch.special.i0, F)
i0e = _unary("i0e", torch.special.i0e, F)
i1 = _unary("i1", torch.special.i1, F)
i1e = _unary("i1e", torch.special.i1e, F)
isnan = _unary("isnan", torch.isnan, FIH)
isinf = _unary("isinf", torch.isinf, FIH)
isfinite = _unary("isfinite", torch.isfinite, FIH)
angle = _unary("angle", torch.angle, FC)
conj = _unary("conj", lambda t: torch.conj_physical(t) if t.is_complex() else t.clone(), FIC)


def neg(x, name=None):  # noqa: F811 - replaces the generated one (bool input)
    t = _tt(x, "neg", "x")
    if t.dtype is _b:  # Paddle scales by -1 and casts back: non-zero stays True
        return wrap(t.clone())
    return wrap(torch.rsub(t, 0))  # Paddle's scale(x, -1.0, bias=0.0): 0 - x, so -(0.) is +0., not -0.


def trunc(input, name=None):  # noqa: A002
    t = _tt(input, "trunc", "input")
    if t.dtype not in FI:
        _bad_dtype("trunc", t)
    return wrap(torch.trunc(t) if t.is_floating_point() else t.clone())


def frac(x, name=None):
    t = _tt_py(x)
    if t.dtype not in FI:
        raise TypeError(
            f"The data type of input must be one of ['int32', 'int64', 'float32', 'float64'], but got {x.dtype}"
        )
    return wrap(_frac_t(t) if t.is_floating_point() else torch.zeros_like(t))


def sgn(x, name=None):
    t = _tt_py(x)
    if t.dtype not in FC:
        if t.dtype is _f16:
            _bad_dtype("sign", t)
        raise TypeError(
            f"The data type of input must be one of ['float16', 'float32', 'float64', 'complex64', 'complex128'],"
            f" but got {x.dtype}"
        )
    return wrap(_sgn_t(t))


def rad2deg(x, name=None):
    return wrap(_deg(x._t, 180.0 / _pymath.pi))


def deg2rad(x, name=None):
    return wrap(_deg(x._t, _pymath.pi / 180.0))


def stanh(x, scale_a=0.67, scale_b=1.7159, name=None):
    t = _tt(x, "stanh", "x")
    if t.dtype not in FC:
        _bad_dtype("stanh", t)
    return wrap(_stanh_t(t, _f32r(scale_a), _f32r(scale_b)))


def _f32r(v):
    """A Python float as Paddle stores it in an op attribute (float32)."""
    return float(_np.float32(v))


def logit(x, eps=None, name=None):
    t = _tt(x, "logit", "x")
    if t.dtype not in F:
        _bad_dtype("logit", t)
    if eps is None:
        eps = 0.0
    return wrap(torch.logit(t, _f32r(eps) if eps else None))


def logit_(x, eps=None, name=None):
    return _inplace(x, logit(x, eps)._t)


_OK_NAN_TO_NUM = _OPS["nan_to_num"].dtypes


def nan_to_num(x, nan=0.0, posinf=None, neginf=None, name=None):
    t = _tt_py(x)
    if t.dtype not in _OK_NAN_TO_NUM:
        if t.dtype is _i8:  # Paddle builds full_like(x) first, which has no int8 kernel
            _bad_dtype("full_like", t)
        raise AssertionError(f"nan_to_num only supports float32/float64 inputs, got {x.dtype}")
    return wrap(torch.nan_to_num(t, nan=nan, posinf=posinf, neginf=neginf))


def nan_to_num_(x, nan=0.0, posinf=None, neginf=None, name=None):
    return _inplace(x, nan_to_num(x, nan, posinf, neginf)._t)


def frexp(x, name=None):
    t = _tt(x, "frexp", "x")
    if t.dtype not in _OPS["frexp"].dtypes:
        raise TypeError(f"The data type of input must be one of ['float32', 'float64'], but got {x.dtype}")
    m, e = torch.frexp(t)
    return wrap(m), wrap(e.to(t.dtype))


def polygamma(x, n, name=None):
    if not isinstance(n, int):
        raise TypeError(f"The input of n must be int type, but received: {type(n)}")
    if n < 0:
        raise ValueError(f"The input of n must be greater than or equal to 0. But received n = {n}")
    t = _tt(x, "polygamma", "x")
    if t.dtype not in _OPS["polygamma"].dtypes:
        _bad_dtype("polygamma", t)
    return wrap(torch.polygamma(n, t))


def polygamma_(x, n, name=None):
    return _inplace(x, polygamma(x, n)._t)


def multigammaln(x, p, name=None):
    if p < 1:
        raise AssertionError(f"The p must be greater than or equal to 1, But received p is {p}.")
    t = _tt(x, "multigammaln", "x")
    if t.dtype not in _OPS["multigammaln"].dtypes:
        _bad_dtype("multigammaln", t)
    c = _f32r(0.25 * p * (p - 1) * _pymath.log(_pymath.pi))
    b = -(torch.arange(p, dtype=t.dtype) / 2.0)
    return wrap(c + torch.lgamma(t.unsqueeze(-1) + b).sum(-1))


def multigammaln_(x, p, name=None):
    return _inplace(x, multigammaln(x, p)._t)


# in-place unary variants (ops.py / math.py)
abs_ = _unary_("abs_", ok=FIC)  # torch abs_ keeps a complex tensor complex
acos_ = _unary_("acos_")
acosh_ = _unary_("acosh_")
asin_ = _unary_("asin_")
asinh_ = _unary_("asinh_")
atan_ = _unary_("atan_")
atanh_ = _unary_("atanh_")
ceil_ = _unary_("ceil_")
cos_ = _unary_("cos_")
cosh_ = _unary_("cosh_")
erf_ = _unary_("erf_")
exp_ = _unary_("exp_")
expm1_ = _unary_("expm1_")
floor_ = _unary_("floor_")
reciprocal_ = _unary_("reciprocal_")
rsqrt_ = _unary_("rsqrt_")
sin_ = _unary_("sin_")
sinh_ = _unary_("sinh_")
sqrt_ = _unary_("sqrt_")
square_ = _unary_("square_")
tan_ = _unary_("tan_")
tanh_ = _unary_("tanh_")
sigmoid_ = _unary_("sigmoid_")
log_ = _unary_("log_")
log2_ = _unary_("log2_")
log10_ = _unary_("log10_")
log1p_ = _unary_("log1p_")


def _neg_inplace(t):
    t.neg_()
    if t.is_floating_point() or t.is_complex():
        t.add_(0)  # +0. for zeros, as Paddle's scale kernel (x * -1 + 0)


neg_ = _unary_("neg_", _neg_inplace)
lgamma_ = _unary_("lgamma_")
digamma_ = _unary_("digamma_")
erfinv_ = _unary_("erfinv_", lambda t: t.copy_(_erfinv_t(t)))
i0_ = _unary_("i0_")


def round_(x, name=None):
    return _inplace(x, round(x)._t)


def trunc_(input, name=None):  # noqa: A002
    return _inplace(input, trunc(input)._t)


def frac_(x, name=None):
    return _inplace(x, frac(x)._t)


# ---------------------------------------------------------------------------------------------
# binary elementwise ops
def _mismatch(op, xt, yt):
    raise errors.dtype_mismatch(xt.dtype, yt.dtype)


def _bcast_error(op, xt, yt):
    raise ValueError(
        f"(InvalidArgument) {op}(): Broadcast dimension mismatch. Operands could not be broadcast together with "
        f"shapes {list(xt.shape)} and {list(yt.shape)}."
    )


def _args2(op, x, y):
    try:
        xt = x._t
    except AttributeError:
        _need_tensor(op, "x", x, 0)
    try:
        yt = y._t
    except AttributeError:
        _need_tensor(op, "y", y, 1)
    return xt, yt


def _binary(name, fn=None, same_shape=False, swap=False, operands=None, kernel_pair=None):
    """``paddle.<name>`` from its op-table row (accepted dtypes, mixed-dtype rule, torch function; ``fn``
    overrides it). ``swap``: call ``fn(y, x)`` (a commutative op whose torch backward then saves x before y, the
    order in which Paddle's kernel hands them to ``paddle.autograd.saved_tensors_hooks``). The slow paths, with
    Paddle's errors, can be replaced (paddle.tensor.logic's comparisons): ``operands(x, y)`` when x or y is not a
    Tensor, ``kernel_pair(xt, yt)`` when the dtypes differ or the kernel has none for them."""
    spec = _OPS[name]
    ok = spec.dtypes
    if fn is None:
        fn = getattr(torch, spec.torch)
    if operands is None:
        def operands(x, y):
            return _args2(name, x, y)
    if kernel_pair is None:
        def kernel_pair(xt, yt):
            return _binary_checks(spec.name, xt, yt, ok, same_shape)

    def op(x, y, name=None):
        try:
            xt = x._t
            yt = y._t
        except AttributeError:
            xt, yt = operands(x, y)
        d = xt.dtype
        if d is not yt.dtype or d not in ok or same_shape:  # one identity test + one set lookup when all is well
            xt, yt = kernel_pair(xt, yt)
        r = _new(Tensor)
        try:
            r._t = fn(yt, xt) if swap else fn(xt, yt)
            return r
        except RuntimeError as e:
            if "must match the size" in str(e) or "broadcast" in str(e):
                _bcast_error(op.__name__, xt, yt)
            raise

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Paddle ``{name}``: elementwise with broadcasting, on torch.{getattr(fn, '__name__', name)}."
    return op


def _binary_checks(name, xt, yt, ok, same_shape=False):
    """The slow path of a binary op: Paddle's mixed-dtype rule (promotion or its error) and kernel dtype check.
    Returns the operands in the dtype the kernel computes in."""
    if xt.dtype is not yt.dtype:
        common = _promote(name, xt.dtype, yt.dtype)
        if common not in ok:
            raise _kernel_error(name, common)
        xt, yt = xt.to(common), yt.to(common)
    elif xt.dtype not in ok:
        _bad_dtype(name, xt)
    if same_shape and xt.shape != yt.shape:
        raise ValueError(
            f"(InvalidArgument) {name}: x and y must have the same shape, but x.shape = "
            f"{list(xt.shape)}, y.shape = {list(yt.shape)}"
        )
    return xt, yt


def _binary_(name, outer_op, check_leaf=True):
    def op(x, y, name=None):
        return _inpl.write_same_shape(x, outer_op(x, y)._t, check_leaf)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"In-place ``{name[:-1]}``."
    return op


EnforceNotMet = errors.EnforceNotMet


def _check_int_zero(op, yt):
    if not yt.is_floating_point() and not yt.is_complex() and bool((yt == 0).any()):
        raise errors.int_division_by_zero(op)


def _divide_t(xt, yt):
    if xt.is_floating_point() or xt.is_complex():
        return torch.true_divide(xt, yt)
    _check_int_zero("divide", yt)
    if xt.dtype is _b:  # True / True: Paddle's bool kernel gives True
        return xt.clone()
    return torch.div(xt, yt, rounding_mode="trunc")


def _floor_divide_t(xt, yt):
    if not xt.is_floating_point():
        _check_int_zero("floor_divide", yt)
    return torch.div(xt, yt, rounding_mode="floor")


def _remainder_t(xt, yt):
    if not xt.is_floating_point():
        _check_int_zero("remainder", yt)
    return torch.remainder(xt, yt)


add = _binary("add")
subtract = _binary("subtract")
multiply = _binary("multiply", swap=True)
divide = _binary("divide", _divide_t)
floor_divide = _binary("floor_divide", _floor_divide_t)
remainder = _binary("remainder", _remainder_t)
mod = _binary("mod", _remainder_t)
floor_mod = _binary("floor_mod", _remainder_t)


def _maximum_t(xt, yt):  # Paddle: x > y ? x : y (NaN in x loses, ties send the gradient to y)
    return torch.where(xt > yt, xt, yt)


def _minimum_t(xt, yt):
    return torch.where(xt < yt, xt, yt)


maximum = _binary("maximum", _maximum_t)
minimum = _binary("minimum", _minimum_t)
fmax = _binary("fmax")
fmin = _binary("fmin")
heaviside = _binary("heaviside")
nextafter = _binary("nextafter", same_shape=True)


def _atan2_t(xt, yt):
    if not xt.is_floating_point():  # Paddle: float32 kernel, result reported as float64
        return torch.atan2(xt.float(), yt.float()).double()
    return torch.atan2(xt, yt)


atan2 = _binary("atan2", _atan2_t, same_shape=True)
def logaddexp(x, y, name=None):
    """Paddle writes it as ``log1p(exp(-abs(x - y))) + maximum(x, y)`` (its errors and dtypes are those of the
    pieces, with the operators' casting rules); composed here from the same ops."""
    if isinstance(x, Tensor) and x._t.dtype is _b:  # x - y on bool: the subtract kernel has none
        _bad_dtype("subtract", x._t)
    return log1p(exp(-abs(x - y))) + maximum(x, y)

add_ = _binary_("add_", add)
subtract_ = _binary_("subtract_", subtract)
multiply_ = _binary_("multiply_", multiply)
divide_ = _binary_("divide_", divide)
floor_divide_ = _binary_("floor_divide_", floor_divide, False)
remainder_ = _binary_("remainder_", remainder, False)
mod_ = _binary_("mod_", mod, False)
floor_mod_ = _binary_("floor_mod_", floor_mod, False)


_POW_OK = _OPS["pow"].dtypes
_POW_SCALAR_OK = _OPS["pow_scalar"].dtypes


def pow(x, y, name=None):  # noqa: A001
    """Paddle ``pow``: ``y`` is a Python int/float or a Tensor of x's dtype."""
    try:
        t = x._t
    except AttributeError:
        _need_tensor("pow", "x", x)
    if isinstance(y, (int, float)) and not isinstance(y, bool):
        if t.dtype not in _POW_SCALAR_OK:  # a scalar exponent runs Paddle's `pow` kernel: no bfloat16 on CPU
            if not (t.is_cuda and t.dtype is _bf16):
                _bad_dtype("pow_scalar", t)
        if not t.is_floating_point():
            y = int(y)
            if y < 0:
                return wrap(torch.pow(t.double(), y).to(t.dtype))
        elif type(y) is float:
            y = _f32r(y)  # Paddle passes the exponent as a float32 attribute
        return wrap(torch.pow(t, y))
    if not isinstance(y, Tensor):  # Paddle formats y.dtype into its TypeError (an AttributeError without one)
        if not hasattr(y, "dtype"):
            raise AttributeError(f"'{type(y).__name__}' object has no attribute 'dtype'")
        raise TypeError(f"y must be scalar , Tensor(in dygraph mode), OpResult(in pir mode) but received: {y.dtype} ")
    yt = _tt(y, "pow", "y")
    if yt.dtype is not t.dtype or t.dtype not in _POW_OK:
        t, yt = _binary_checks("pow", t, yt, _POW_OK)
    if not t.is_floating_point() and bool((yt < 0).any()):
        return wrap(torch.pow(t.double(), yt.double()).to(t.dtype))
    try:
        return wrap(torch.pow(t, yt))
    except RuntimeError:
        _bcast_error("elementwise_pow", t, yt)


def pow_(x, y, name=None):
    if _inpl.static_out_of_place("pow_", "pow"):
        return pow(x, y)
    if not isinstance(y, (int, float)) or isinstance(y, bool):
        raise TypeError(f"y must be scalar type, but received: {type(y)} ")
    return _inplace(x, pow(x, y)._t)


def _python_pair(api, x, y):
    """The operands of an op Paddle writes in Python: both must be Tensors (its own TypeError), x checked first."""
    for arg, v in (("x", x), ("y", y)):
        if not isinstance(v, Tensor):
            raise TypeError(f"{arg} must be tensor type, but got {type(v)}")
    return _tt(x, api, "x"), _tt(y, api, "y", 1)


def hypot(x, y, name=None):
    xt, yt = _python_pair("hypot", x, y)
    if xt.dtype not in F:
        _bad_dtype("pow", xt)
    if yt.dtype not in F:
        if yt.dtype not in _POW_OK:  # Paddle squares y with pow first
            _bad_dtype("pow", yt)
        yt = yt.to(xt.dtype)
    _bcast_check("hypot", xt, yt)
    return wrap(torch.sqrt(xt * xt + yt * yt))


def _bcast_check(op, xt, yt):
    try:
        torch.broadcast_shapes(xt.shape, yt.shape)
    except RuntimeError:
        _bcast_error(op, xt, yt)


def _inplace_same(x, r, op):
    return _inpl.write_same_shape(x, r)


def hypot_(x, y, name=None):
    return _inplace_same(x, hypot(x, y)._t, "hypot_")


def ldexp(x, y, name=None):
    xt, yt = _python_pair("ldexp", x, y)
    out = _f64 if (xt.dtype is _f64 or yt.dtype is _f64) else default_float().torch
    xt = xt.real.to(out) if xt.is_complex() else xt.to(out)
    yt = yt.real.to(out) if yt.is_complex() else yt.to(out)
    _bcast_check("ldexp", xt, yt)
    if not yt.numel():  # Paddle's pow(2, y) of an empty y allocates an output with no meta
        raise errors.empty_meta()
    return wrap(xt * torch.pow(torch.tensor(2, dtype=out), yt))


def ldexp_(x, y, name=None):
    return _inplace_same(x, ldexp(x, y)._t, "ldexp_")


def _gcd_t(op, xt, yt):
    """Paddle's Python gcd: broadcast, abs of both (complex -> real), then a remainder loop whose first step
    is ``any(y != 0)`` (a reduction: empty input fails)."""
    _bcast_check(op, xt, yt)
    abs_ok = _OPS["abs"].dtypes
    for t in (xt, yt):
        if t.dtype not in abs_ok:
            _bad_dtype("abs", t)
    if xt.is_complex():
        xt = xt.abs()
    if yt.is_complex():
        yt = yt.abs()
    if xt.dtype is not yt.dtype:
        _mismatch(op, xt, yt)
    if not xt.numel() or not yt.numel():
        _empty_error()
    if xt.dtype not in I:
        if xt.dtype in F:
            a, b = torch.broadcast_tensors(xt.abs(), yt.abs())
            while bool((b != 0).any()):
                nz = b != 0
                safe = torch.where(nz, b, torch.ones_like(b))
                a, b = torch.where(nz, b, a), torch.where(nz, torch.remainder(a, safe), torch.zeros_like(b))
                a, b = torch.maximum(a, b), torch.minimum(a, b)
            return a
        _bad_dtype(op, xt)
    return torch.gcd(xt, yt)


def gcd(x, y, name=None):
    return wrap(_gcd_t("gcd", x._t, y._t))


def lcm(x, y, name=None):
    xt, yt = x._t, y._t  # Paddle reads x.shape first: non-Tensors raise AttributeError
    g = _gcd_t("lcm", xt, yt)
    safe = torch.where(g == 0, torch.ones_like(g), g)
    r = torch.div(torch.abs(xt * yt), safe, rounding_mode="floor")
    return wrap(torch.where(g == 0, torch.zeros_like(r), r))


def _int_inplace(x, y, r, op):
    # gcd_/lcm_ take int tensors, which torch cannot track: Paddle's autograd flag on them lives in _sg.
    # Paddle refuses the in-place op on a leaf with stop_gradient=False, and x takes y's False flag.
    if getattr(x, "_sg", True) is False and torch.is_grad_enabled() and r.shape == x._t.shape:
        raise ValueError(
            f"(InvalidArgument) Leaf Var ({x.name}) that doesn't stop gradient can't use inplace strategy."
        )
    _inplace_same(x, r, op)
    if getattr(y, "_sg", True) is False and torch.is_grad_enabled():
        x._sg = False
    return x


def gcd_(x, y, name=None):
    return _int_inplace(x, y, gcd(x, y)._t, "gcd_")


def lcm_(x, y, name=None):
    return _int_inplace(x, y, lcm(x, y)._t, "lcm_")


def lerp(x, y, weight, name=None):
    xt, yt = _tt(x, "lerp", "x"), _tt(y, "lerp", "y", 1)
    if xt.dtype not in F:
        _bad_dtype("lerp", xt)
    if yt.dtype is not xt.dtype:
        _mismatch("lerp", xt, yt)
    w = weight._t.detach() if isinstance(weight, Tensor) else torch.tensor(float(weight), dtype=xt.dtype)
    try:
        return wrap(xt + w * (yt - xt))
    except RuntimeError:
        _bcast_error("lerp", xt, yt)


def lerp_(x, y, weight, name=None):
    return _inplace_same(x, lerp(x, y, weight)._t, "lerp_")


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    t = _tt(x, "scale", "x")
    s = scale._t.detach() if isinstance(scale, Tensor) else float(scale)
    b = _f32r(bias)  # Paddle keeps scale in double but stores bias as a float32 attribute
    if not (t.is_floating_point() or t.is_complex()):  # Paddle's integer kernel truncates the attributes
        s = s.to(t.dtype) if isinstance(s, torch.Tensor) else int(s)
        b = int(b)
    if bias_after_scale:
        if b:
            r = t * s + b
        else:
            r = t * s
            if r.is_floating_point() or r.is_complex():
                r.add_(0.0)  # Paddle always adds the bias: -0. * 1 + 0. is +0. (so scale(0., -1) is +0.)
    else:
        r = (t + b) * s
    if r.dtype is not t.dtype:
        r = r.to(t.dtype)
    if act is not None:
        r = _activation(act, r)
    return wrap(r)


def _activation(act, r):
    fn = {"relu": torch.relu, "tanh": torch.tanh, "sigmoid": torch.sigmoid, "softmax": lambda v: torch.softmax(v, -1),
          "relu6": torch.nn.functional.relu6, "gelu": torch.nn.functional.gelu, "elu": torch.nn.functional.elu,
          "leaky_relu": torch.nn.functional.leaky_relu, "softplus": torch.nn.functional.softplus,
          "abs": torch.abs, "exp": torch.exp, "sqrt": torch.sqrt, "square": torch.square,
          "hard_sigmoid": lambda v: torch.clamp(v * 0.1666667 + 0.5, 0, 1)}.get(act)
    if fn is None:
        raise NotImplementedError(f"scale: act='{act}' is not supported")
    return fn(r)


def scale_(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    return _inplace(x, globals()["scale"](x, scale, bias, bias_after_scale, act)._t)


def _clamp_inside_grad(t, lo, hi):
    """clamp(t, lo, hi) whose gradient flows only where lo < t < hi, as Paddle's clip/hardtanh grad kernels
    (torch's clamp also passes it where t equals a bound). ``lo``/``hi``: numbers or tensors, never None."""
    inside = (t.detach() > lo) & (t.detach() < hi)
    return torch.where(inside, t, torch.clamp(t.detach(), lo, hi))


def clip(x, min=None, max=None, name=None):  # noqa: A002
    try:
        t = x._t
    except AttributeError:
        _need_tensor("clip", "x", x)
    if type(min) is float and type(max) is float and min <= max and t.dtype in F:  # fast path
        r = _new(Tensor)
        r._t = _clamp_inside_grad(t, min, max) if t.requires_grad else _VF.clamp(t, min, max)
        return r
    if t.dtype not in _OPS["clip"].dtypes:
        _bad_dtype("clip", t)
    for arg, v in (("min", min), ("max", max)):  # Paddle 2.6 quietly mis-reads a str bound (deliberate deviation)
        if not isinstance(v, (int, float, Tensor, _np.number, type(None))):
            raise TypeError(f"clip(): argument '{arg}' must be a number or a Tensor, but got {type(v).__name__}")
    lo = min._t.detach() if isinstance(min, Tensor) else min
    hi = max._t.detach() if isinstance(max, Tensor) else max
    if lo is None and hi is None:
        return wrap(t.clone())
    if isinstance(lo, (int, float, type(None))) and isinstance(hi, (int, float, type(None))):
        # Paddle fills a missing bound with the float32 extreme, then requires max >= min (NaN fails it too)
        lo_v = -3.4028234663852886e38 if lo is None else lo
        hi_v = 3.4028234663852886e38 if hi is None else hi
        bad_range = not hi_v >= lo_v
    else:
        bad_range = False
    if bad_range:
        lo, hi = lo_v, hi_v
        raise ValueError(
            f"(InvalidArgument) max should be greater than or equal to min. But received min = {float(lo):f}, "
            f"max = {float(hi):f}"
        )
    if t.is_floating_point():
        if isinstance(lo, torch.Tensor):
            lo = lo.to(t.dtype)
        if isinstance(hi, torch.Tensor):
            hi = hi.to(t.dtype)
        if t.requires_grad:  # a missing bound is the float32 extreme, also in the gradient's comparison
            return wrap(_clamp_inside_grad(t, -3.4028234663852886e38 if lo is None else lo,
                                           3.4028234663852886e38 if hi is None else hi))
        return wrap(torch.clamp(t, lo, hi))
    if isinstance(lo, torch.Tensor):
        lo = lo.to(t.dtype)
    elif lo is not None:
        lo = int(lo)
    if isinstance(hi, torch.Tensor):
        hi = hi.to(t.dtype)
    elif hi is not None:
        hi = int(hi)
    return wrap(torch.clamp(t, lo, hi))


def clip_(x, min=None, max=None, name=None):  # noqa: A002
    return _inplace(x, clip(x, min, max)._t)


def increment(x, value=1.0, name=None):
    t = _tt(x, "increment", "x")
    if t.dtype not in FI:
        _bad_dtype("increment", t)
    if t.numel() != 1:
        raise ValueError(
            f"(InvalidArgument) The number of elements in Input(X) should be 1. Now the number is {t.numel()}."
        )
    t.add_(_f32r(value) if t.is_floating_point() else int(value))
    return x


def multiplex(inputs, index, name=None):
    if not isinstance(inputs, (list, tuple)) or len(inputs) < 2:
        raise ValueError("(InvalidArgument) inputs should be a list object with at least 2 elements.")
    ts = [i._t for i in inputs]
    if ts[0].dtype not in FIC:
        _bad_dtype("multiplex", ts[0])
    if index._t.dtype is not _i32:
        raise errors.dtype_mismatch(index._t.dtype, _i32)
    idx = index._t.reshape(-1).long()
    if idx.numel() and (int(idx.min()) < 0 or int(idx.max()) >= len(ts)):
        raise ValueError("(InvalidArgument) index of multiplex is out of range of the inputs")
    stacked = torch.stack(ts, 0)
    rows = torch.arange(idx.shape[0])
    return wrap(stacked[idx, rows])


def add_n(inputs, name=None):
    if isinstance(inputs, Tensor):
        return wrap(inputs._t.clone())
    ts = [i._t for i in inputs]
    if not ts:
        raise ValueError("add_n: 'inputs' must hold at least one Tensor")
    if ts[0].dtype not in FIC | {_f16, _bf16}:
        _bad_dtype("add_n", ts[0])
    r = ts[0]
    for t in ts[1:]:
        if t.dtype is not r.dtype:
            _mismatch("add_n", r, t)
        if t.shape != r.shape:
            raise ValueError(
                "(InvalidArgument) The input tensor X of SumOp must have same shape. But received X[0]'s shape = "
                f"{list(ts[0].shape)}, X[i]'s shape = {list(t.shape)}."
            )
        r = r + t
    return wrap(r if len(ts) > 1 else r.clone())


def kron(x, y, name=None):
    xt, yt = _tt(x, "kron", "x"), _tt(y, "kron", "y", 1)
    xt, yt = _binary_checks("kron", xt, yt, _OPS["kron"].dtypes)
    return wrap(torch.kron(xt, yt))


def inner(x, y, name=None):
    xt, yt = _tt_py(x), _tt_py(y)
    if xt.numel() == 1 or yt.numel() == 1:
        return multiply(x, y)
    if not xt.numel() or not yt.numel():
        raise ValueError("(InvalidArgument) The Input(X) dims size must not be equal 0, but reviced dims size is 0.")
    xt, yt = _binary_checks("inner", xt, yt, _OPS["inner"].dtypes)
    if xt.shape[-1] != yt.shape[-1]:
        raise ValueError(
            "(InvalidArgument) After performing an optional transpose, Input X's last dim should be equal to Y's last "
            "dim for "
            f"multiplication prerequisites. But received X's shape: {list(xt.shape)}, Y's shape: {list(yt.shape)}"
        )
    return wrap(torch.inner(xt, yt))


def outer(x, y, name=None):
    xt, yt = _tt_py(x), _tt_py(y)
    if not xt.numel() or not yt.numel():
        raise ValueError("(InvalidArgument) The Input(X) dims size must not be equal 0, but reviced dims size is 0.")
    xt, yt = _binary_checks("outer", xt, yt, _OPS["outer"].dtypes)
    return wrap(xt.reshape(-1, 1) @ yt.reshape(1, -1))


def mm(input, mat2, name=None):  # noqa: A002
    from .linalg import matmul

    return matmul(input, mat2)


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002
    it, xt, yt = _tt(input, "addmm", "input"), _tt(x, "addmm", "x", 1), _tt(y, "addmm", "y", 2)
    if xt.dim() != 2 or yt.dim() != 2:
        raise ValueError(
            f"The dimention of x, y should be 2 but receive x's shape: {list(xt.shape)}, y's shape: {list(yt.shape)}"
        )
    if xt.shape[1] != yt.shape[0]:
        raise ValueError(
            "The input Variable x's width must be equal with Variable y' height. But received x's shape = "
            f"{list(xt.shape)}, y's shape = {list(yt.shape)}."
        )
    if it.dtype not in F:
        _bad_dtype("addmm", it)
    try:
        return wrap(beta * it + alpha * (xt @ yt))
    except RuntimeError:
        raise ValueError(
            f"The input's shape: {list(it.shape)} is not broadcastable with [x.shape[0], y.shape[1]]"
        ) from None


def addmm_(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002
    return _inplace(input, addmm(input, x, y, beta, alpha)._t)


def broadcast_shape(x_shape, y_shape):
    if not isinstance(x_shape, (list, tuple)) or not isinstance(y_shape, (list, tuple)):
        raise TypeError(
            "broadcast_shape(): incompatible function arguments: x_shape and y_shape must be lists of ints, got "
            f"{type(x_shape).__name__} and {type(y_shape).__name__}"
        )
    try:
        return list(torch.broadcast_shapes(tuple(x_shape), tuple(y_shape)))
    except RuntimeError as e:
        raise ValueError(f"(InvalidArgument) Broadcast dimension mismatch: {list(x_shape)} vs {list(y_shape)}: {e}") \
            from None


def renorm(x, p, axis, max_norm):
    t = _tt(x, "renorm", "x")
    nd = t.dim()
    if not axis < nd:
        raise ValueError(f"the axis:{axis} should be less then the shape's size {nd}:{list(t.shape)}")
    if axis < 0:
        if axis < -nd:
            raise ValueError(f"the axis:{axis} should not be less than -1 * length of input_shape:{-nd}")
        axis += nd
    if t.dtype not in _OPS["renorm"].dtypes:
        _bad_dtype("renorm", t)
    dims = tuple(d for d in range(nd) if d != axis)
    p, max_norm = _f32r(p), _f32r(max_norm)
    norm = torch.sum(t.abs() ** p, dims, keepdim=True) ** (1.0 / p)
    factor = torch.where(norm > max_norm, max_norm / norm, torch.ones_like(norm))
    return wrap(t * factor)


def renorm_(x, p, axis, max_norm):
    return _inplace(x, renorm(x, p, axis, max_norm)._t)


def take(x, index, mode="raise", name=None):
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"'mode' in 'take' should be 'raise', 'wrap', 'clip', but received {mode}.")
    if not isinstance(index, Tensor):
        raise TypeError(f"The type of 'index' must be Tensor, but got {type(index)}")
    it = _tt(index, "take", "index")
    if it.dtype not in I:
        raise TypeError(f"The data type of 'index' must be one of ['int32', 'int64'], but got {index.dtype}")
    t = _tt(x, "take", "x")
    if t.dtype not in FIC | {_bf16}:
        _bad_dtype("take", t)
    flat = t.reshape(-1)
    n = flat.shape[0]
    idx = it.reshape(-1).long()
    if mode == "raise":
        idx = torch.where(idx < 0, idx + n, idx)
        if idx.numel() and (int(idx.min()) < 0 or int(idx.max()) >= n):
            bad = int(idx.max()) if int(idx.max()) >= n else int(idx.min())
            raise ValueError(
                f"(InvalidArgument) Variable value (index) of OP(index_select) expected >= 0 and < {n}, but got "
                f"{bad}. Please check input value."
            )
    elif mode == "wrap":
        idx = torch.remainder(idx, n)
    else:
        idx = torch.clamp(idx, 0, n - 1)
    return wrap(flat[idx].reshape(it.shape))


def diff(x, n=1, axis=-1, prepend=None, append=None, name=None):
    if n < 1:
        raise ValueError(f"Diff expects input to be at least one-dimensional but got {n}")
    t = _tt(x, "diff", "x")
    parts = [p._t for p in (prepend,) if p is not None] + [t] + [a._t for a in (append,) if a is not None]
    if len(parts) > 1:
        t = torch.cat(parts, axis)
    if t.dtype is _b:
        for _ in range(n):
            t = torch.logical_xor(t.narrow(axis, 1, t.shape[axis] - 1), t.narrow(axis, 0, t.shape[axis] - 1))
        return wrap(t)
    if t.dtype not in _OPS["diff"].dtypes:
        _bad_dtype("diff", t)
    return wrap(torch.diff(t, n=n, dim=axis))


def _trapezoid_check(y, x, dx):
    if x is not None and dx is not None:
        raise ValueError("Not permitted to specify both x and dx input args.")
    yt = y._t
    if yt.dtype not in F:
        if yt.dtype is _f16:
            _bad_dtype("trapezoid", yt)
        raise TypeError(f"The data type of input must be one of ['float16', 'float32', 'float64'], but got {y.dtype}")
    return yt


def trapezoid(y, x=None, dx=None, axis=-1, name=None):
    yt = _trapezoid_check(y, x, dx)
    if x is not None:
        return wrap(torch.trapezoid(yt, x._t, dim=axis))
    return wrap(torch.trapezoid(yt, dx=1.0 if dx is None else float(unwrap_scalar(dx)), dim=axis))


def cumulative_trapezoid(y, x=None, dx=None, axis=-1, name=None):
    yt = _trapezoid_check(y, x, dx)
    if x is not None:
        return wrap(torch.cumulative_trapezoid(yt, x._t, dim=axis))
    return wrap(torch.cumulative_trapezoid(yt, dx=1.0 if dx is None else float(unwrap_scalar(dx)), dim=axis))


def unwrap_scalar(v):
    return v.item() if isinstance(v, Tensor) else v


def vander(x, n=None, increasing=False, name=None):
    t = _tt(x, "vander", "x")
    if t.dtype not in FIC:
        _bad_dtype("vander", t)
    if t.dim() != 1:
        raise ValueError(f"The input of x is expected to be a 1-D Tensor.But now the dims of Input(X) is {t.dim()}.")
    if n is None:
        n = t.shape[0]
    if n < 0:
        raise ValueError("N must be non-negative.")
    return wrap(torch.vander(t, N=n, increasing=increasing).to(t.dtype))


def combinations(x, r=2, with_replacement=False, name=None):
    if not isinstance(r, int) or r < 0:
        raise ValueError(f"r must be non-negative, but got {r}")
    t = _tt(x, "combinations", "x")
    if t.dim() != 1:
        raise TypeError(f"Expect a 1-D vector, but got x shape {list(t.shape)}")
    if t.dtype not in FI:
        _bad_dtype("combinations", t)
    if r == 0:
        return wrap(t.new_empty((0,)))
    return wrap(torch.combinations(t, r=r, with_replacement=with_replacement))


# ---------------------------------------------------------------------------------------------
# reductions
def _axes(axis, nd, op="reduce"):
    """Paddle axis argument -> torch ``dim`` (None for all). ValueError when out of range."""
    if axis is None:
        return None
    if type(axis) is int:
        if axis >= nd or axis < -nd:
            if nd == 0 and axis in (0, -1):
                return None
            _axis_error(axis, nd)
        return axis
    if isinstance(axis, Tensor):
        if op in ("amax", "amin", "all", "any") and axis._t.dim():
            raise ValueError(f"(InvalidArgument) {op}(): argument (position 2) must be list or tuple, but got Tensor")
        if op == "logsumexp":
            raise TypeError(f"The type of axis must be int, list or tuple, but received {type(axis)}")
        axis = axis._t.tolist()
        if isinstance(axis, int):
            if op == "prod":  # Paddle indexes the 0-D axis tensor as a list
                raise IndexError("list index out of range")
            return _axes(axis, nd, op)
    if isinstance(axis, _np.integer):
        if op in ("prod", "logsumexp"):
            raise TypeError(f"The type of axis must be int, list or tuple, but received {type(axis)}")
        return _axes(int(axis), nd, op)
    if isinstance(axis, (list, tuple, range)):
        out = []
        for pos, a in enumerate(axis):
            if type(a) is bool:
                raise errors.arg_type(op, 2, "list of int", a, at=pos)
            a = int(a._t) if isinstance(a, Tensor) else (int(a) if isinstance(a, _np.integer) else a)
            if not isinstance(a, int):
                raise ValueError(f"(InvalidArgument) {op}(): argument 'axis' must be list or int, but got {type(a)}")
            if a >= nd or a < -nd:
                if nd == 0 and a in (0, -1):
                    continue
                _axis_error(a, nd)
            out.append(a)
        if len({a % nd for a in out}) != len(out):
            raise ValueError(
                f"(InvalidArgument) Input dimension size should be equal to {len(out)}, but received dimension size "
                f"is {len({a % nd for a in out})}."
            )
        return tuple(out) if out else None
    if type(axis) is bool:  # Paddle's parser: a bool is neither an int nor a list
        raise errors.arg_type(op, 2, "list or int", axis)
    if op in ("prod", "logsumexp"):  # Paddle checks the type in Python first
        raise TypeError(f"The type of axis must be int, list or tuple, but received {type(axis)}")
    raise ValueError(
        f"(InvalidArgument) {op}(): argument 'axis' (position 1) must be list or int, but got {type(axis).__name__}"
    )


def _keepdim(op, keepdim):
    """Paddle's argument parser reads keepdim as a bool (None as False); anything else is a ValueError. Called
    only when keepdim is not already True/False."""
    if keepdim is None:
        return False
    if isinstance(keepdim, _np.bool_):
        return bool(keepdim)
    raise errors.arg_type(op, 3, "bool", keepdim)


def _axis_error(a, nd):
    raise ValueError(
        f"(InvalidArgument) The reduce dim index should be in the range [ -dimension(X), dimension(X) ) which "
        f"dimesion = {nd}. But received dim index = {a}."
    )


def _empty_error():
    raise ValueError("(InvalidArgument) Tensor need be reduced must not empty.")


def _keep_all(r, nd):
    return r.reshape([1] * nd) if nd else r


def _keep_all_checked(r, nd, keepdim):
    """keepdim=True for a full reduction; anything but a bool is refused as Paddle does (reached only when
    keepdim is not False, so the default path pays nothing)."""
    if keepdim is None or keepdim is False:  # Paddle reads None as False
        return r
    if keepdim is True or isinstance(keepdim, _np.bool_):
        return r.reshape([1] * nd) if nd and keepdim else r
    raise ValueError(
        f"(InvalidArgument) argument 'keepdim' must be bool, but got {type(keepdim).__name__}"
    )


# Paddle's sum: bool/int32 accumulate to int64, the small ints keep their dtype (torch would promote them)
_SUM_DT = {_b: _i64, _i32: _i64, _i8: _i8, _u8: _u8, _i16: _i16}


def sum(x, axis=None, dtype=None, keepdim=False, name=None):  # noqa: A001
    try:
        t = x._t
    except AttributeError:
        _need_tensor("sum", "x", x)
    dt = _SUM_DT.get(t.dtype) if dtype is None else to_torch_dtype(dtype)
    if type(axis) is int and t.numel():
        r = _new(Tensor)
        try:
            r._t = _VF.sum(t, axis, keepdim) if dt is None else _VF.sum(t, axis, keepdim, dtype=dt)
            return r
        except IndexError:
            _axis_error(axis, t.dim())
    if not t.numel():
        _empty_error()
    dim = _axes(axis, t.dim(), "sum")
    if dim is None:
        r = torch.sum(t, dtype=dt)
        return wrap(r if keepdim is False else _keep_all_checked(r, t.dim(), keepdim))
    return wrap(torch.sum(t, dim, keepdim, dtype=dt))


def nansum(x, axis=None, dtype=None, keepdim=False, name=None):
    t = _tt_py(x)
    if t.dtype not in _OPS["nansum"].dtypes:
        _bad_dtype("nansum", t)
    if t.is_floating_point():
        t = torch.where(torch.isnan(t), torch.zeros((), dtype=t.dtype), t)
        return sum(wrap(t), axis, dtype, keepdim)
    return sum(x, axis, dtype, keepdim)


def mean(x, axis=None, keepdim=False, name=None):
    try:
        t = x._t
    except AttributeError:
        _need_tensor("mean", "x", x)
    if not t.numel():
        _empty_error()
    if t.dtype in F:  # fast path: float input, int axis or all
        if axis is None:
            r = _new(Tensor)
            r._t = _VF.mean(t)
            if keepdim is not False:
                r._t = _keep_all_checked(r._t, t.dim(), keepdim)
            return r
        if type(axis) is int:
            try:
                return wrap(torch.mean(t, axis, keepdim))
            except IndexError:
                _axis_error(axis, t.dim())
    dim = _axes(axis, t.dim(), "mean")
    if t.is_floating_point() or t.is_complex():
        if t.dtype not in FC:
            _bad_dtype("mean", t)
        if dim is None:
            r = torch.mean(t)
            return wrap(r if keepdim is False else _keep_all_checked(r, t.dim(), keepdim))
        return wrap(torch.mean(t, dim, keepdim))
    if t.dtype not in I and t.dtype is not _b:
        _bad_dtype("mean", t)
    if dim is None:
        r = torch.mean(t.double())
        r = r if keepdim is False else _keep_all_checked(r, t.dim(), keepdim)
    else:
        r = torch.mean(t.double(), dim, keepdim)
    return wrap(r.to(t.dtype))


def nanmean(x, axis=None, keepdim=False, name=None):
    t = _tt_py(x)
    if t.dtype not in FI:
        _bad_dtype("nanmean", t)
    if t.dtype is _i32:
        raise ValueError("(InvalidArgument) nanmean: the dtype of the count (int64) and 'x' (int32) differ")
    _zero_d_axis("nanmean", t, axis)
    dim = _axes(axis, t.dim(), "nanmean")
    if not t.is_floating_point():
        return mean(x, axis, keepdim)
    if dim is None:
        r = torch.nanmean(t)
        return wrap(r if keepdim is False else _keep_all_checked(r, t.dim(), keepdim))
    return wrap(torch.nanmean(t, dim, keepdim))


def prod(x, axis=None, keepdim=False, dtype=None, name=None):
    t = _tt(x, "prod", "x")
    if dtype is not None:
        t = t.to(to_torch_dtype(dtype))
    if t.dtype not in _OPS["prod"].dtypes:
        _bad_dtype("prod", t)
    if not t.numel():
        _empty_error()
    if isinstance(axis, float):
        raise TypeError(f"The type of axis must be int, list or tuple, but received {type(axis)}")
    dim = _axes(axis, t.dim(), "prod")
    if dim is None:
        r = torch.prod(t, dtype=t.dtype)
        return wrap(r if keepdim is False else _keep_all_checked(r, t.dim(), keepdim))
    if type(dim) is int:
        return wrap(torch.prod(t, dim, keepdim, dtype=t.dtype))
    nd = t.dim()
    for d in sorted({d % nd for d in dim}, reverse=True):
        t = torch.prod(t, d, keepdim, dtype=t.dtype)
    return wrap(t)


_MINMAX_OK = _OPS["max"].dtypes  # max/min/amax/amin: one table row each, the same dtypes (tested)


def _minmax(op, fn, x, axis, keepdim, tie_full=False):
    try:
        t = x._t
    except AttributeError:
        _need_tensor(op, "x", x)
    if keepdim is not False and keepdim is not True:
        keepdim = _keepdim(op, keepdim)
    if t.dtype not in _MINMAX_OK:
        _bad_dtype(op, t)
    if not t.numel():
        _empty_error()
    if type(axis) is int and not (tie_full and t.requires_grad):  # fast path
        r = _new(Tensor)
        try:
            r._t = fn(t, axis, keepdim)
            return r
        except IndexError:
            _axis_error(axis, t.dim())
    dim = _axes(axis, t.dim(), op)
    if dim is None:
        dim = ()
    if tie_full and t.requires_grad:
        # Paddle's max/min send the full gradient to every tied extremum (amax/amin split it)
        m = fn(t.detach(), dim, True)
        mask = (t.detach() == m).to(t.dtype)
        picked = t * mask
        r = m + (picked - picked.detach()).sum(dim if dim != () else tuple(range(t.dim())), keepdim=True)
        if not keepdim:
            r = r.squeeze(dim) if dim != () else r.reshape([])
        return wrap(r)
    return wrap(fn(t, dim, keepdim))


def _extremum(name, fn):
    """paddle.max / paddle.min: _minmax's fast path inlined (one call less); errors and Paddle's tie gradients
    (input requiring grad) go through _minmax."""

    def op(x, axis=None, keepdim=False, name=None):
        if type(axis) is int:
            try:
                t = x._t
                if t.dtype in _MINMAX_OK and not t.requires_grad and t.numel():
                    r = _new(Tensor)
                    r._t = fn(t, axis, keepdim)
                    return r
            except (AttributeError, IndexError, TypeError):
                pass
        return _minmax(op.__name__, fn, x, axis, keepdim, True)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Paddle ``{name}``: values only (torch.{fn.__name__}); ties share the full gradient."
    return op


max = _extremum("max", _VF.amax)  # noqa: A001
min = _extremum("min", _VF.amin)  # noqa: A001


def amax(x, axis=None, keepdim=False, name=None):
    return _minmax("amax", torch.amax, x, axis, keepdim)


def amin(x, axis=None, keepdim=False, name=None):
    return _minmax("amin", torch.amin, x, axis, keepdim)


def _zero_d_axis(op, t, axis):
    if not t.numel():
        if op in ("all", "logsumexp"):
            raise ValueError("(InvalidArgument) The dims of Input(X) should be greater than 0.")
        _empty_error()


def _logical_reduce(op, fn, x, axis, keepdim):
    t = _tt(x, op)
    if t.dtype not in _OPS[op].dtypes:
        _bad_dtype(op, t)
    _zero_d_axis(op, t, axis)
    dim = _axes(axis, t.dim(), op)
    if t.dtype is not _b:
        t = t != 0
    if dim is None:
        r = fn(t)
        return wrap(r if keepdim is False else _keep_all_checked(r, t.dim(), keepdim))
    if type(dim) is int:
        return wrap(fn(t, dim, keepdim))
    nd = t.dim()
    for d in sorted({d % nd for d in dim}, reverse=True):
        t = fn(t, d, keepdim)
    return wrap(t)


def all(x, axis=None, keepdim=False, name=None):  # noqa: A001
    return _logical_reduce("all", torch.all, x, axis, keepdim)


def any(x, axis=None, keepdim=False, name=None):  # noqa: A001
    return _logical_reduce("any", torch.any, x, axis, keepdim)


def count_nonzero(x, axis=None, keepdim=False, name=None):
    t = _tt(x, "count_nonzero", "x")
    _zero_d_axis("count_nonzero", t, axis)
    dim = _axes(axis, t.dim(), "count_nonzero")
    nz = t != 0
    if dim is None:
        r = torch.sum(nz, dtype=_i64)
        return wrap(r if keepdim is False else _keep_all_checked(r, t.dim(), keepdim))
    return wrap(torch.sum(nz, dim, keepdim, dtype=_i64))


def logsumexp(x, axis=None, keepdim=False, name=None):
    t = _tt(x, "logsumexp", "x")
    if keepdim is not False and keepdim is not True:
        keepdim = _keepdim("logsumexp", keepdim)
    if t.dtype not in _OPS["logsumexp"].dtypes:
        _bad_dtype("logsumexp", t)
    _zero_d_axis("logsumexp", t, axis)
    if isinstance(axis, float):
        raise TypeError(f"The type of axis must be int, list or tuple, but received {type(axis)}")
    dim = _axes(axis, t.dim(), "logsumexp")
    if dim is None:
        dim = tuple(range(t.dim()))
    return wrap(torch.logsumexp(t, dim, keepdim))


def _cum_axis(t, axis, op):
    if axis is None:
        return t.reshape(-1), 0
    nd = builtins.max(t.dim(), 1)
    if type(axis) is bool:  # Paddle's cumsum reads it as an int; the other kernels' parser refuses it
        if op != "cumsum":
            raise errors.arg_type(op, 2, "int", axis)
        axis = int(axis)
    if not isinstance(axis, int):
        if op == "cumsum" and isinstance(axis, float):  # Paddle's cumsum casts a float axis
            axis = int(axis)
        else:
            raise ValueError(
                f"(InvalidArgument) {op}(): argument (position 2) must be int, but got {type(axis).__name__}"
            )
    if axis >= nd or axis < -nd:
        if op == "cumprod":
            raise ValueError(f"(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R is the rank of "
                             f"Input(X). But received axis: {axis}, R: {nd}.")
        raise IndexError(
            f"(OutOfRange) axis is out of range (expected to be in range of [-{nd}, {nd}), but got {axis})."
        )
    return t, axis


def _cum_input(api, x, axis, dtype, axis_required=False):
    """x (cast to ``dtype``) and the axis of a cumulative op, checked in Paddle's order."""
    t = _tt(x, api, "x")
    if dtype is not None:
        t = t.to(to_torch_dtype(dtype))
    if axis is None and axis_required:
        raise ValueError(f"(InvalidArgument) {api}(): argument (position 2) must be int, but got NoneType")
    if t.dtype not in _OPS[api].dtypes:
        _bad_dtype(api, t)
    return _cum_axis(t, axis, api)


def cumsum(x, axis=None, dtype=None, name=None):
    t, axis = _cum_input("cumsum", x, axis, dtype)
    return wrap(torch.cumsum(t, axis, dtype=t.dtype))


def cumsum_(x, axis=None, dtype=None, name=None):
    return _inplace(x, cumsum(x, axis, dtype)._t)


def cumprod(x, dim=None, dtype=None, name=None):
    t, dim = _cum_input("cumprod", x, dim, dtype, axis_required=True)
    return wrap(torch.cumprod(t, dim, dtype=t.dtype))


def cumprod_(x, dim=None, dtype=None, name=None):
    return _inplace(x, cumprod(x, dim, dtype)._t)


def logcumsumexp(x, axis=None, dtype=None, name=None):
    t, axis = _cum_input("logcumsumexp", x, axis, dtype)
    return wrap(torch.logcumsumexp(t, axis))


def _cumext(op, fn, x, axis, dtype):
    t = _tt(x, op)
    if t.dtype not in _OPS[op].dtypes:
        _bad_dtype(op, t)
    d = to_torch_dtype(dtype)
    if d not in I:
        raise ValueError(f"(InvalidArgument) The dtype of indices must be int32 or int64, but received {dtype}")
    t, axis = _cum_axis(t, axis, op)
    v, i = fn(t, axis)
    rv, ri = wrap(v), wrap(i.to(d))
    # Paddle marks both outputs stop_gradient=False when grad mode is on and x has stop_gradient=False;
    # torch cannot track the int64 indices (nor an int x's values): keep Paddle's flag in _sg
    if v.requires_grad:
        ri._sg = False
    elif getattr(x, "_sg", True) is False and torch.is_grad_enabled():
        rv._sg = ri._sg = False
    return rv, ri


def cummax(x, axis=None, dtype="int64", name=None):
    return _cumext("cummax", torch.cummax, x, axis, dtype)


def cummin(x, axis=None, dtype="int64", name=None):
    return _cumext("cummin", torch.cummin, x, axis, dtype)


def trace(x, offset=0, axis1=0, axis2=1, name=None):
    t = _tt(x, "trace", "x")
    _diag_check(t, axis1, axis2, "trace")
    if t.dtype not in _OPS["trace"].dtypes:
        _bad_dtype("trace", t)
    nd = t.dim()
    a1, a2 = axis1 % nd, axis2 % nd
    if a1 > a2:  # Paddle's trace kernel orders the two axes (the offset keeps its meaning)
        a1, a2 = a2, a1
    return wrap(torch.diagonal(t, offset, a1, a2).sum(-1, dtype=t.dtype))


def _diag_check(t, axis1, axis2, op):
    nd = t.dim()
    if nd < 2:
        raise IndexError(f"(OutOfRange) Input(x)'s dim is out of range (expected at least 2, but got {nd}).")
    for a, n in ((axis1, "axis1"), (axis2, "axis2")):
        if not -nd <= a < nd:
            raise IndexError(f"(OutOfRange) The argument {n} is out of range (expected to be in range of [{-nd}, "
                             f"{nd - 1}], but got {a}).\n")
    if axis1 % nd == axis2 % nd:
        raise ValueError(f"(InvalidArgument) axis1 and axis2 cannot be the same axis.But received axis1 = {axis1}, "
                         f"axis2 = {axis2}\n")


def diagonal(x, offset=0, axis1=0, axis2=1, name=None):
    t = _tt(x, "diagonal", "x")
    try:
        _diag_check(t, axis1, axis2, "diagonal")
        return wrap(torch.diagonal(t, offset, axis1, axis2))
    except TypeError:  # torch's argument parser; Paddle's raises ValueError
        raise ValueError(
            f"(InvalidArgument) diagonal(): arguments offset/axis1/axis2 must be int, got {offset!r}, {axis1!r}, "
            f"{axis2!r}"
        ) from None


def inverse(x, name=None):
    t = _tt(x, "inverse", "x")
    if not t.numel():
        raise ValueError("(InvalidArgument) Each dimension of input tensor is expected to be -1 or a positive number, "
                         f"but received 0. Input's shape is {list(t.shape)}.")
    if t.dim() < 2:
        raise errors.invalid_argument(
            f"The dimension of Input(Input) is expected to be no less than 2. But received: Input(Input)'s dimension "
            f"= {t.dim()}, shape = {list(t.shape)}.")
    if t.shape[-1] != t.shape[-2]:
        raise ValueError(
            f"(InvalidArgument) The last two dimensions are expected to be equal. But received: {t.shape[-2]} and "
            f"{t.shape[-1]}; Input(Input)'s shape = {list(t.shape)}."
        )
    if t.dtype not in F:
        _bad_dtype("inverse", t)
    r, info = torch.linalg.inv_ex(t)
    if bool((info != 0).any()):
        raise ValueError("(InvalidArgument) inverse: the input matrix is singular and can not be inverted")
    return wrap(r)


TENSOR_METHODS = (
    "abs", "abs_", "acos", "acos_", "acosh", "acosh_", "add", "add_", "add_n", "addmm", "addmm_", "all", "amax",
    "amin", "angle", "any", "asin", "asin_", "asinh", "asinh_", "atan", "atan2", "atan_", "atanh", "atanh_",
    "broadcast_shape", "ceil", "ceil_", "clip", "clip_", "combinations", "conj", "cos", "cos_", "cosh", "cosh_",
    "count_nonzero", "cummax", "cummin", "cumprod", "cumprod_", "cumsum", "cumsum_", "cumulative_trapezoid",
    "deg2rad", "diagonal", "diff", "digamma", "digamma_", "divide", "divide_", "erf", "erfinv", "erfinv_", "exp",
    "exp_", "expm1", "floor", "floor_", "floor_divide", "floor_divide_", "floor_mod", "floor_mod_", "fmax", "fmin",
    "frac", "frac_", "frexp", "gcd", "gcd_", "heaviside", "hypot", "hypot_", "i0", "i0_", "i0e", "i1", "i1e",
    "increment", "inner", "inverse", "isfinite", "isinf", "isnan", "kron", "lcm", "lcm_", "ldexp", "ldexp_", "lerp",
    "lerp_", "lgamma", "lgamma_", "log", "log10", "log10_", "log1p", "log1p_", "log2", "log2_", "log_", "logaddexp",
    "logcumsumexp", "logit", "logit_", "logsumexp", "max", "maximum", "min", "minimum", "mm", "mod", "mod_",
    "multigammaln", "multigammaln_", "multiplex", "multiply", "multiply_", "nan_to_num", "nan_to_num_", "nanmean",
    "nansum", "neg", "neg_", "nextafter", "outer", "polygamma", "polygamma_", "pow", "pow_", "prod", "rad2deg",
    "reciprocal", "reciprocal_", "remainder", "remainder_", "renorm", "renorm_", "round", "round_", "rsqrt",
    "rsqrt_", "scale", "scale_", "sgn", "sigmoid", "sigmoid_", "sign", "sin", "sin_", "sinh", "sinh_", "sqrt",
    "sqrt_", "square", "stanh", "subtract", "subtract_", "sum", "take", "tan", "tan_", "tanh", "tanh_", "trace",
    "trapezoid", "trunc", "trunc_", "vander",
)

__all__ = [
    # math.py
    "addmm", "addmm_", "add", "subtract", "isnan", "cumsum", "cumsum_", "cummax", "cummin", "cumprod", "cumprod_",
    "logaddexp", "logcumsumexp", "logit", "logit_", "sign", "log1p", "min", "amin", "any", "logsumexp", "kron",
    "clip", "stanh", "scale", "isinf", "floor_divide", "floor_divide_", "remainder", "remainder_", "floor_mod",
    "floor_mod_", "max", "amax", "mm", "multiplex", "mod", "mod_", "pow", "pow_", "maximum", "prod",
    "broadcast_shape", "conj", "neg", "neg_", "lgamma", "lgamma_", "lerp", "erfinv", "inner", "outer", "divide",
    "divide_", "atan2", "rad2deg", "deg2rad", "gcd", "gcd_", "lcm", "lcm_", "all", "sum", "nansum", "nanmean",
    "count_nonzero", "isfinite", "increment", "tanh", "tanh_", "multiply", "multiply_", "trace", "add_n",
    "minimum", "log", "log_", "log2", "log2_", "log10", "log10_", "trunc", "trunc_", "frac", "frac_", "digamma",
    "digamma_", "diagonal", "diff", "angle", "fmax", "fmin", "renorm", "renorm_", "multigammaln", "multigammaln_",
    "nan_to_num", "nan_to_num_", "heaviside", "sgn", "take", "frexp", "ldexp", "ldexp_", "trapezoid",
    "cumulative_trapezoid", "vander", "nextafter", "i0", "i0_", "i0e", "i1", "i1e", "polygamma", "polygamma_",
    "hypot", "hypot_", "combinations",
    # ops.py (+ abs from the layer function generator)
    "abs", "cos", "cos_", "tan", "tan_", "rsqrt", "reciprocal", "sin", "sin_", "abs_", "acos", "acos_", "exp",
    "expm1", "expm1_", "sinh", "sinh_", "round", "square", "square_", "ceil", "atan", "atan_", "erf", "erf_", "asin",
    "sqrt", "floor", "cosh", "asinh", "acosh", "atanh",
    # reachable as paddle.<name> in Paddle 2.6.2 without being in paddle.__all__
    "inverse", "acosh_", "asin_", "asinh_", "atanh_", "cosh_", "log1p_",
]
