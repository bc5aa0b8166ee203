"""``paddle.tensor.logic``: comparisons, logical and bitwise ops, closeness tests."""

import torch

from .._core import Tensor, errors, wrap
from .._core import inplace as _inpl
from .._core.op_table import OPS, check, kernel_error, promote
from .manipulation import _check_inplace, _kcheck
from .math import _binary

_new = object.__new__  # results built inline: one Python call less than wrap()

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
    return errors.dtype_mismatch(x.dtype, y.dtype)


def _pair(x, y, api):
    """Both operands must be Tensors (Paddle's argument parser checks y first)."""
    if not isinstance(y, Tensor):
        raise errors.not_tensor(api, "y", 1, y)
    if not isinstance(x, Tensor):
        raise errors.not_tensor(api, "x", 0, x)
    return x._t, y._t


def _operands(api, x, y, scalar_y=False):
    """The slow path of a binary op's arguments: a Python scalar y (``scalar_y``) becomes a tensor of x's dtype;
    anything else that is not a Tensor is Paddle's error."""
    if scalar_y and not isinstance(y, Tensor):
        if not isinstance(y, (int, bool, float)):
            raise TypeError(f"Type of input args must be float, bool, int or Tensor, but received type {type(y)}")
        xt = _pair(x, x, api)[0]
        return xt, torch.tensor(y, dtype=xt.dtype, device=xt.device)
    return _pair(x, y, api)


def _kernel_pair(spec, xt, yt):
    """The op table's kernel check and mixed-dtype rule for a binary kernel (the slow path)."""
    if xt.dtype is not yt.dtype:
        common = promote(spec.name, xt.dtype, yt.dtype)  # raises Paddle's error unless the pair promotes
        xt, yt = xt.to(common), yt.to(common)
    if xt.dtype not in spec.dtypes:
        raise kernel_error(spec.name, xt.dtype)
    return xt, yt


def _runner(fn):
    """``fn``, a broadcasting binary kernel, with Paddle's errors (mismatch: ValueError; an empty result of a
    broadcast: RuntimeError)."""

    def run(xt, yt):
        try:
            r = fn(xt, yt)
        except RuntimeError:
            raise errors.broadcast_mismatch(xt.shape, yt.shape) from None
        if not r.numel() and xt.shape != yt.shape:
            raise errors.empty_meta()
        return r

    return run


_inplace = _inpl.rebind_same_shape


# --- comparisons ---------------------------------------------------------------------------------
def _compare(name, scalar_y=False):
    """``paddle.<name>`` and ``paddle.<name>_`` from the op table (accepted dtypes, mixed-dtype rule, torch
    function). ``scalar_y``: a Python int/float/bool ``y`` is taken as a Tensor of x's dtype (``equal``)."""
    spec = OPS[name]
    # math's binary-op factory: the same fast path, with this module's slow paths and errors
    op = _binary(name, _runner(getattr(torch, spec.torch)),
                 operands=lambda x, y: _operands(spec.name, x, y, scalar_y),
                 kernel_pair=lambda xt, yt: _kernel_pair(spec, xt, yt))
    op.__module__ = __name__

    def op_(x, y, name=None):
        _check_inplace(x)
        return _inplace(x, op(x, y)._t)

    op.__name__ = op.__qualname__ = name
    op_.__name__ = op_.__qualname__ = name + "_"
    op.__doc__ = f"Paddle ``{name}``: elementwise comparison with broadcasting (bool result), torch.{spec.torch}."
    op_.__doc__ = f"In-place ``{name}``: x becomes the bool result."
    return op, op_


equal, equal_ = _compare("equal", scalar_y=True)
not_equal, not_equal_ = _compare("not_equal")
greater_equal, greater_equal_ = _compare("greater_equal")
greater_than, greater_than_ = _compare("greater_than")
less_equal, less_equal_ = _compare("less_equal")
less_than, less_than_ = _compare("less_than")


def equal_all(x, y, name=None):
    xt, yt = _kernel_pair(OPS["equal_all"], *_pair(x, y, "equal_all"))
    if xt.shape != yt.shape:
        return wrap(torch.tensor(False, device=xt.device))
    return wrap((xt == yt).all())  # not torch.equal: its Python bool cannot be recorded into a static Program


def _close_check(xt, yt, api):
    xt, yt = _kernel_pair(OPS[api], xt, yt)
    try:
        torch.broadcast_shapes(xt.shape, yt.shape)
    except RuntimeError as e:
        raise RuntimeError(f"(PreconditionNotMet) {api}: {e}") from None
    if xt.dim() != yt.dim():
        raise RuntimeError(
            "(PreconditionNotMet) Input(Input) and Input(Other) must have the same dimension size."
        )
    return xt, yt


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
    xt, yt = _close_check(xt, yt, "allclose")
    return wrap(_isclose(xt, yt, rtol, atol, equal_nan).all())


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    xt, yt = _pair(x, y, "isclose")
    xt, yt = _close_check(xt, yt, "isclose")
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


def _binary_kernel(name, to_bool):
    """``paddle.<name>`` (with ``out=``) and ``paddle.<name>_`` for a logical (``to_bool``: operands read as
    non-zero) or bitwise kernel, from the op table."""
    spec = OPS[name]
    ok = spec.dtypes
    run = _runner(getattr(torch, spec.torch))

    def compute(x, y, api):
        try:
            xt = x._t
            yt = y._t
        except AttributeError:
            xt, yt = _pair(x, y, api)
        if xt.dtype is not yt.dtype or xt.dtype not in ok:
            xt, yt = _kernel_pair(spec, xt, yt)
        if to_bool:
            xt, yt = _as_bool(xt), _as_bool(yt)
        return run(xt, yt)

    def op(x, y, out=None, name=None):
        r = _new(Tensor)
        r._t = compute(x, y, spec.name)
        return r if out is None else _out(r, out)

    def op_(x, y, name=None):
        _check_inplace(x)
        return _logical_inplace(x, compute(x, y, spec.name + "_"))

    op.__name__ = op.__qualname__ = name
    op_.__name__ = op_.__qualname__ = name + "_"
    op.__doc__ = f"Paddle ``{name}``: elementwise with broadcasting, on torch.{spec.torch}."
    op_.__doc__ = f"In-place ``{name}``."
    return op, op_


_logical_inplace = _inpl.copy_same_shape
logical_and, logical_and_ = _binary_kernel("logical_and", True)
logical_or, logical_or_ = _binary_kernel("logical_or", True)
logical_xor, logical_xor_ = _binary_kernel("logical_xor", True)


def logical_not(x, out=None, name=None):
    check("logical_not", _pair(x, x, "logical_not")[0])
    return _out(wrap(torch.logical_not(x._t)), out)


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
def _bit_check(t, api):
    check(api.rstrip("_"), t)


bitwise_and, bitwise_and_ = _binary_kernel("bitwise_and", False)
bitwise_or, bitwise_or_ = _binary_kernel("bitwise_or", False)
bitwise_xor, bitwise_xor_ = _binary_kernel("bitwise_xor", False)


def bitwise_not(x, out=None, name=None):
    _bit_check(x._t, "bitwise_not")
    return _out(wrap(torch.bitwise_not(x._t)), out)


def bitwise_not_(x, name=None):
    _check_inplace(x)
    _bit_check(x._t, "bitwise_not_")
    x._t.bitwise_not_()
    return x
