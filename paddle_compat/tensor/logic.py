"""``paddle.tensor.logic``: comparisons, logical and bitwise ops, closeness tests."""

import torch

from .._core import Tensor, wrap
from .manipulation import _check_inplace, _kcheck

__all__ = [
    "allclose", "isclose", "is_empty", "equal", "equal_", "equal_all", "is_tensor", "logical_and", "logical_and_",
    "less_than", "less_than_", "logical_or", "logical_or_", "bitwise_and", "bitwise_and_", "bitwise_or",
    "bitwise_or_", "bitwise_xor", "bitwise_xor_", "bitwise_not", "bitwise_not_", "less_equal", "less_equal_",
    "logical_xor", "not_equal", "greater_equal", "greater_equal_", "greater_than", "greater_than_",
    "logical_not", "logical_not_", "logical_xor_", "not_equal_",
]

TENSOR_METHODS = (
    "equal", "equal_", "equal_all", "greater_equal", "greater_equal_", "greater_than", "greater_than_", "is_empty",
    "less_equal", "less_equal_", "less_than", "less_than_", "logical_and", "logical_and_", "logical_not",
    "logical_not_", "logical_or", "logical_or_", "logical_xor", "logical_xor_", "not_equal", "not_equal_",
    "allclose", "isclose", "is_tensor", "bitwise_and", "bitwise_and_", "bitwise_or", "bitwise_or_", "bitwise_xor",
    "bitwise_xor_", "bitwise_not", "bitwise_not_",
)


def _name(d):
    return str(d)[6:]


def _mismatch(x, y):
    return ValueError(
        f"(InvalidArgument) The type of data we are trying to retrieve ({_name(y.dtype)}) does not match the type "
        f"of data ({_name(x.dtype)}) currently contained in the container."
    )


def _pair(x, y, api):
    """Both operands must be Tensors of one dtype (Paddle's kernels do not promote here)."""
    if not isinstance(y, Tensor):
        raise ValueError(
            f"(InvalidArgument) {api}(): argument 'y' (position 1) must be Tensor, but got {type(y).__name__}"
        )
    if not isinstance(x, Tensor):
        raise ValueError(
            f"(InvalidArgument) {api}(): argument 'x' (position 0) must be Tensor, but got {type(x).__name__}"
        )
    xt, yt = x._t, y._t
    if xt.dtype is not yt.dtype:
        raise _mismatch(xt, yt)
    return xt, yt


def _run(op, xt, yt):
    """Apply a broadcasting binary kernel with Paddle's errors (mismatch: ValueError; empty result: RuntimeError)."""
    try:
        r = op(xt, yt)
    except RuntimeError as e:
        raise ValueError(
            "(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast together with the shape "
            f"of X = {list(xt.shape)} and the shape of Y = {list(yt.shape)}. ({e})"
        ) from None
    if r.numel() == 0:
        raise RuntimeError("(PreconditionNotMet) The meta data must be valid when call the mutable data function.")
    return r


def _inplace(x, out):
    t = x._t
    if out.shape != t.shape:
        raise ValueError(
            f"The shape of broadcast output {list(out.shape)} is different from that of inplace tensor "
            f"{list(t.shape)} in the Inplace operation."
        )
    # Paddle's in-place comparison re-types x as the bool result.
    x._t = out
    return x


# --- comparisons ---------------------------------------------------------------------------------
def equal(x, y, name=None):
    if not isinstance(y, (int, bool, float, Tensor)):
        raise TypeError(f"Type of input args must be float, bool, int or Tensor, but received type {type(y)}")
    xt = x._t
    _kcheck(xt, "compare")
    if not isinstance(y, Tensor):
        return wrap(_run(torch.eq, xt, torch.tensor(y, dtype=xt.dtype, device=xt.device)))
    yt = y._t
    if xt.dtype is not yt.dtype:
        raise _mismatch(xt, yt)
    return wrap(_run(torch.eq, xt, yt))


def equal_(x, y, name=None):
    _check_inplace(x)
    return _inplace(x, equal(x, y)._t)


def not_equal(x, y, name=None):
    xt, yt = _pair(x, y, "not_equal")
    _kcheck(xt, "compare")
    return wrap(_run(torch.ne, xt, yt))


def not_equal_(x, y, name=None):
    _check_inplace(x)
    return _inplace(x, not_equal(x, y)._t)


def greater_equal(x, y, name=None):
    xt, yt = _pair(x, y, "greater_equal")
    _kcheck(xt, "compare")
    return wrap(_run(torch.ge, xt, yt))


def greater_equal_(x, y, name=None):
    _check_inplace(x)
    return _inplace(x, greater_equal(x, y)._t)


def greater_than(x, y, name=None):
    xt, yt = _pair(x, y, "greater_than")
    _kcheck(xt, "compare")
    return wrap(_run(torch.gt, xt, yt))


def greater_than_(x, y, name=None):
    _check_inplace(x)
    return _inplace(x, greater_than(x, y)._t)


def less_equal(x, y, name=None):
    xt, yt = _pair(x, y, "less_equal")
    _kcheck(xt, "compare")
    return wrap(_run(torch.le, xt, yt))


def less_equal_(x, y, name=None):
    _check_inplace(x)
    return _inplace(x, less_equal(x, y)._t)


def less_than(x, y, name=None):
    xt, yt = _pair(x, y, "less_than")
    _kcheck(xt, "compare")
    return wrap(_run(torch.lt, xt, yt))


def less_than_(x, y, name=None):
    _check_inplace(x)
    return _inplace(x, less_than(x, y)._t)


def equal_all(x, y, name=None):
    xt, yt = _pair(x, y, "equal_all")
    _kcheck(xt, "equal_all")
    return wrap(torch.tensor(torch.equal(xt, yt), device=xt.device))


def _close_check(xt, yt, api):
    for t in (xt, yt):
        if t.dtype not in (torch.float32, torch.float64):
            raise RuntimeError(
                f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {_name(t.dtype)}) of kernel `{api}` "
                "is not registered. Paddle support following DataTypes: float64, float32."
            )
    if xt.dim() != yt.dim():
        raise RuntimeError(
            "(PreconditionNotMet) Input(Input) and Input(Other) must have the same dimension size."
        )


def _isclose(xt, yt, rtol, atol, equal_nan):
    """Paddle's isclose kernel: a == b, or |a - b| <= atol + rtol * |b| (within 1e-15); unlike torch, two
    infinities of opposite sign count as close (inf <= inf)."""
    left = (xt - yt).abs()
    right = float(atol) + float(rtol) * yt.abs()
    r = (xt == yt) | (left <= right) | ((left - right).abs() <= 1e-15)
    if equal_nan:
        r = r | (xt.isnan() & yt.isnan())
    return r


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    xt, yt = _pair(x, y, "allclose")
    _close_check(xt, yt, "allclose")
    return wrap(_isclose(xt, yt, rtol, atol, equal_nan).all())


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    xt, yt = _pair(x, y, "isclose")
    _close_check(xt, yt, "isclose")
    return wrap(_isclose(xt, yt, rtol, atol, equal_nan))


def is_empty(x, name=None):
    if not isinstance(x, Tensor):
        raise ValueError(
            f"(InvalidArgument) is_empty(): argument 'x' (position 0) must be Tensor, but got {type(x).__name__}"
        )
    _kcheck(x._t, "is_empty")
    return wrap(torch.tensor(x._t.numel() == 0))


def is_tensor(x):
    return isinstance(x, Tensor)


# --- logical -------------------------------------------------------------------------------------
def _as_bool(t):
    return t if t.dtype is torch.bool else t != 0


def _logical(op, x, y, api):
    xt, yt = _pair(x, y, api)
    _kcheck(xt, "logical")
    return wrap(_run(op, _as_bool(xt), _as_bool(yt)))


def _logical_inplace(x, out):
    t = x._t
    if out.shape != t.shape:
        raise ValueError(
            f"The shape of broadcast output {list(out.shape)} is different from that of inplace tensor "
            f"{list(t.shape)} in the Inplace operation."
        )
    with torch.no_grad():
        t.copy_(out)
    return x


def logical_and(x, y, out=None, name=None):
    r = _logical(torch.logical_and, x, y, "logical_and")
    return _out(r, out)


def logical_or(x, y, out=None, name=None):
    r = _logical(torch.logical_or, x, y, "logical_or")
    return _out(r, out)


def logical_xor(x, y, out=None, name=None):
    r = _logical(torch.logical_xor, x, y, "logical_xor")
    return _out(r, out)


def logical_not(x, out=None, name=None):
    _kcheck(x._t, "logical")
    return _out(wrap(torch.logical_not(x._t)), out)


def logical_and_(x, y, name=None):
    _check_inplace(x)
    return _logical_inplace(x, _logical(torch.logical_and, x, y, "logical_and_")._t)


def logical_or_(x, y, name=None):
    _check_inplace(x)
    return _logical_inplace(x, _logical(torch.logical_or, x, y, "logical_or_")._t)


def logical_xor_(x, y, name=None):
    _check_inplace(x)
    return _logical_inplace(x, _logical(torch.logical_xor, x, y, "logical_xor_")._t)


def logical_not_(x, name=None):
    _check_inplace(x)
    return _logical_inplace(x, torch.logical_not(x._t))


def _out(r, out):
    if out is None:
        return r
    with torch.no_grad():
        out._t = r._t.to(out._t.dtype)
    return out


# --- bitwise -------------------------------------------------------------------------------------
_BITWISE = (torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64)


def _bit_check(t, api):
    if t.dtype not in _BITWISE:
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {_name(t.dtype)}) of kernel `{api}` is not "
            "registered. Paddle support following DataTypes: int16, int32, uint8, int64, int8, bool."
        )


def _bitwise(op, x, y, api):
    xt, yt = _pair(x, y, api)
    _bit_check(xt, api)
    return wrap(_run(op, xt, yt))


def bitwise_and(x, y, out=None, name=None):
    return _out(_bitwise(torch.bitwise_and, x, y, "bitwise_and"), out)


def bitwise_or(x, y, out=None, name=None):
    return _out(_bitwise(torch.bitwise_or, x, y, "bitwise_or"), out)


def bitwise_xor(x, y, out=None, name=None):
    return _out(_bitwise(torch.bitwise_xor, x, y, "bitwise_xor"), out)


def bitwise_not(x, out=None, name=None):
    _bit_check(x._t, "bitwise_not")
    return _out(wrap(torch.bitwise_not(x._t)), out)


def bitwise_and_(x, y, name=None):
    _check_inplace(x)
    return _logical_inplace(x, _bitwise(torch.bitwise_and, x, y, "bitwise_and_")._t)


def bitwise_or_(x, y, name=None):
    _check_inplace(x)
    return _logical_inplace(x, _bitwise(torch.bitwise_or, x, y, "bitwise_or_")._t)


def bitwise_xor_(x, y, name=None):
    _check_inplace(x)
    return _logical_inplace(x, _bitwise(torch.bitwise_xor, x, y, "bitwise_xor_")._t)


def bitwise_not_(x, name=None):
    _check_inplace(x)
    _bit_check(x._t, "bitwise_not_")
    x._t.bitwise_not_()
    return x
