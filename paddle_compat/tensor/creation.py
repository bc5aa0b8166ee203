"""``paddle.tensor.creation``: tensor factories (full/zeros/arange/linspace/eye/diag/...)."""

import math as _math
import re

import numpy as np
import torch

from .._core import Tensor, errors, to_tensor, to_torch, unwrap, wrap
from .._core.dtypes import convert as _dtypes_convert
from .._core.dtypes import convert_dtype_to_paddle, default_float, to_torch_dtype
from .._core.op_table import OPS, declare, kernel_error
from .._core.place import current_device
from ._pyargs import float_arg, int_arg, shape_arg
from .manipulation import _check_inplace, _kcheck, _not_tensor

__all__ = [
    "diag", "diagflat", "diag_embed", "empty_like", "eye", "full", "full_like", "assign", "zeros",
    "empty", "complex", "triu", "triu_", "meshgrid", "arange", "tril", "tril_", "zeros_like", "ones_like",
    "ones", "cauchy_", "geometric_", "linspace", "logspace", "clone", "tril_indices", "triu_indices", "polar",
]

TENSOR_METHODS = (
    "create_tensor", "cauchy_", "geometric_", "polar", "diag_embed", "diagflat", "tril", "tril_",
    "triu", "triu_", "diag", "clone",
)

_INT_TYPES = (int, np.integer)
_NUM_PREFIX = re.compile(r"[+-]?(?:inf(?:inity)?|nan|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)", re.IGNORECASE)

# CPU kernels of the factories (the dtypes Paddle 2.6.2 names in its NotFound message)
_EYE = declare("eye", "i32 i64 f64 f16 f32").dtypes
_LINSPACE = declare("linspace", "i32 i64 f32 f64").dtypes
_ARANGE = declare("arange", "i32 i64 f32 f64", kernel="arange_tensor").dtypes
_FULL_LIKE = OPS["full_like"].dtypes
_MESHGRID = OPS["meshgrid"].dtypes


def _shape(shape, api="shape"):
    """Paddle shape argument (int, list/tuple possibly holding Tensors, or a 1-D Tensor) -> list of ints."""
    if isinstance(shape, (list, tuple)):
        out = []
        for i, s in enumerate(shape):
            if type(s) is not int:
                if isinstance(s, Tensor):
                    s = int(s.item())
                elif isinstance(s, np.integer):
                    s = int(s)
                else:  # Paddle's full() argument parser
                    raise ValueError(
                        f"(InvalidArgument) full(): argument (position 1) must be list of int, but got "
                        f"{type(s).__name__} at pos {i}"
                    )
            out.append(s)
        return out
    if isinstance(shape, Tensor):
        return [int(v) for v in shape._t.reshape(-1).tolist()]
    if isinstance(shape, np.ndarray):
        return [int(v) for v in shape.reshape(-1).tolist()]
    if isinstance(shape, _INT_TYPES):
        return [int(shape)]
    if shape is None:  # Paddle's full/zeros/ones read a None shape as 0-D
        return []
    raise ValueError(f"(InvalidArgument) {api}(): argument (position 1) must be list or int, but got "
                     f"{type(shape).__name__}")


def _check_nonneg(shape, api):
    for s in shape:
        if s < 0:
            raise ValueError(
                f"(InvalidArgument) {api}: each element of 'shape' must be non-negative, but received {shape}."
            )
    return shape


def _dtype_or_default(dtype):
    return default_float().torch if dtype is None else to_torch_dtype(dtype)


def _not_registered(d, api, supported=None):
    """``supported``: Paddle's list of the kernel's dtypes, in the order its message gives them."""
    name = str(d)[6:]
    message = f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel `{api}` is not registered."
    if supported:
        message += f" Selected wrong DataType `{name}`. Paddle support following DataTypes: {supported}."
    return RuntimeError(message)


def _scalar(v):
    if isinstance(v, str):  # Paddle accepts fill values such as "0.5"
        return float(v)
    if isinstance(v, Tensor):
        return v._t.item()
    if isinstance(v, np.generic):
        return v.item()
    return v


# --- constant fills ------------------------------------------------------------------------------
def full(shape, fill_value, dtype=None, name=None):
    shape = _check_nonneg(_shape(shape), "full")
    d = _dtype_or_default(dtype)
    v = _scalar(fill_value)
    if d is torch.bfloat16:  # Paddle's CPU bfloat16 truncates the value (see _core.dtypes.convert)
        return wrap(_dtypes_convert(torch.full(shape, float(v), dtype=torch.float32, device=current_device()), d))
    try:
        return wrap(torch.full(shape, v, dtype=d, device=current_device()))
    except RuntimeError:  # a value the dtype cannot hold: Paddle casts it like C (1e40 -> inf, 300 -> int8 44)
        return wrap(torch.full(shape, float(v), dtype=torch.float64, device=current_device()).to(d))


def _fill_like_value(v):
    """full_like's Scalar argument: a str is read up to its first non-number ('3abc' -> 3, 'x' -> 0)."""
    if isinstance(v, str):
        s = v.strip()
        if s in ("True", "False"):
            return float(s == "True")
        m = _NUM_PREFIX.match(s)
        if m:
            return float(m.group(0))
        return 0.0
    if v is None or not isinstance(v, (int, float, bool, np.generic, Tensor)):
        raise errors.arg_type("full_like", 2, "int, float, bool or Tensor", v)
    return _scalar(v)


def _check_fill_range(v, d):
    info = torch.finfo(d) if d.is_floating_point else torch.iinfo(d) if d is not torch.bool else None
    if info is not None and v == v and abs(v) != float("inf") and not info.min <= v <= info.max:
        raise ValueError(
            "(InvalidArgument) The filled value is out of range for target type, current kernel type is "
            f"{str(d)[6:]}, the range should between {info.min} and {info.max}, but now value is {v}."
        )


def full_like(x, fill_value, dtype=None, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("full_like", "x", 0, x) from None
    fill_value = _fill_like_value(fill_value)
    d = t.dtype if dtype is None else to_torch_dtype(dtype)
    if d not in _FULL_LIKE:
        raise kernel_error("full_like", d)
    if not d.is_complex:
        _check_fill_range(fill_value, d)
    if d is torch.bool and fill_value not in (0, 1):
        raise ValueError(
            "(InvalidArgument) The filled value is out of range for target type, current kernel type is bool, the "
            f"range should between 0 and 1, but now value is {fill_value}."
        )
    if d is torch.bfloat16:
        return wrap(_dtypes_convert(torch.full(t.shape, float(fill_value), dtype=torch.float32, device=t.device), d))
    # full_like (not full of t.shape): jit.save's trace keeps it one op of x, Paddle's fill_any_like
    return wrap(torch.full_like(t, fill_value, dtype=d, memory_format=torch.contiguous_format))


def zeros(shape, dtype=None, name=None):
    shape = _check_nonneg(_shape(shape), "zeros")
    return wrap(torch.zeros(shape, dtype=_dtype_or_default(dtype), device=current_device()))


def ones(shape, dtype=None, name=None):
    shape = _check_nonneg(_shape(shape), "ones")
    return wrap(torch.ones(shape, dtype=_dtype_or_default(dtype), device=current_device()))


def empty(shape, dtype=None, name=None):
    shape = _check_nonneg(shape_arg("empty", 1, shape), "empty")
    return wrap(torch.empty(shape, dtype=_dtype_or_default(dtype), device=current_device()))


def _like_dtype(dtype):
    if dtype is None:
        return None
    d = to_torch_dtype(dtype)
    if d not in _FULL_LIKE:  # zeros_like/ones_like run Paddle's full_like kernel
        raise kernel_error("full_like", d)
    return d


def zeros_like(x, dtype=None, name=None):
    t = _like_input(x, "zeros_like")
    if dtype is not None:
        return wrap(torch.zeros_like(t, dtype=_like_dtype(dtype)))
    return wrap(torch.zeros_like(t, dtype=None if dtype is None else to_torch_dtype(dtype)))


def ones_like(x, dtype=None, name=None):
    t = _like_input(x, "ones_like")
    if dtype is not None:
        return wrap(torch.ones_like(t, dtype=_like_dtype(dtype)))
    return wrap(torch.ones_like(t, dtype=None if dtype is None else to_torch_dtype(dtype)))


def empty_like(x, dtype=None, name=None):
    t = _like_input(x, "empty_like")
    return wrap(torch.empty_like(t, dtype=None if dtype is None else to_torch_dtype(dtype)))


def _like_input(x, api):
    if isinstance(x, Tensor):
        return x._t
    raise AttributeError(f"{api}: 'x' must be a Tensor, but received {type(x).__name__} (it has no 'dtype'/'place')")


def fill_constant(shape, dtype, value, force_cpu=False, out=None, name=None):
    r = full(shape, value, dtype)
    if out is None:
        return r
    out._t = r._t
    return out


def create_global_var(shape, value, dtype, persistable=False, force_cpu=False, name=None):
    r = full(shape, float(value), dtype)
    r.persistable = persistable
    if name is not None:
        r.name = name
    return r


def create_tensor(dtype, name=None, persistable=False):
    r = wrap(torch.empty(0, dtype=to_torch_dtype(dtype), device=current_device()))
    r.persistable = persistable
    if name is not None:
        r.name = name
    return r


# --- ranges --------------------------------------------------------------------------------------
def arange(start=0, end=None, step=1, dtype=None, name=None):
    if end is None:
        end, start = start, 0
    if dtype is None:
        dtype = torch.int64
        for v in (start, end, step):
            if isinstance(v, Tensor):
                if v._t.is_floating_point() or v._t.is_complex():
                    dtype = default_float().torch
                    break
            elif not isinstance(v, _INT_TYPES):
                dtype = default_float().torch
                break
    else:
        dtype = to_torch_dtype(dtype)
        if dtype not in _ARANGE:
            raise kernel_error("arange", dtype)
    start, end, step = _scalar(start), _scalar(end), _scalar(step)
    if not dtype.is_floating_point:  # Paddle casts the bounds to the output dtype first
        start, end, step = int(start), int(end), int(step)
    if step == 0:
        raise ValueError("(InvalidArgument) The step of range op should not be 0.")
    if start < end and not step > 0:  # written so that a NaN step fails as in Paddle
        raise ValueError("(InvalidArgument) The step should be greater than 0 while start < end.")
    if start > end and not step < 0:
        raise ValueError("(InvalidArgument) The step should be less than 0 while start > end.")
    n = abs((end - start) / step)
    if not _math.isfinite(n):  # a NaN bound or an infinite range: Paddle cannot size the output
        raise errors.empty_meta()
    n = int(_math.ceil(n))
    if dtype.is_floating_point:
        # Paddle computes start + i * step in the output dtype.
        out = torch.arange(n, dtype=torch.float64, device=current_device()).to(dtype)
        out = out * torch.tensor(step, dtype=dtype) + torch.tensor(start, dtype=dtype)
        return wrap(out)
    return wrap(torch.arange(start, start + n * step, step, dtype=dtype, device=current_device())[:n])


def linspace(start, stop, num, dtype=None, name=None):
    d = _dtype_or_default(dtype)
    if d not in _LINSPACE:
        raise kernel_error("linspace", d)
    num = int(_scalar(num))
    if num <= 0:
        raise ValueError(f"(InvalidArgument) The num of linspace op should be larger than 0, but received num is {num}")
    start, stop = _scalar(start), _scalar(stop)
    if d.is_floating_point or d.is_complex:
        return wrap(torch.linspace(start, stop, num, dtype=d, device=current_device()))
    out = torch.linspace(float(start), float(stop), num, dtype=torch.float64, device=current_device())
    return wrap(out.to(d))


def logspace(start, stop, num, base=10.0, dtype=None, name=None):
    d = _dtype_or_default(dtype)
    num = int(_scalar(num))
    if num <= 0:
        raise ValueError(f"(InvalidArgument) The num of logspace op should be larger than 0, but received num is {num}")
    start, stop, base = float(_scalar(start)), float(_scalar(stop)), float(_scalar(base))
    if d.is_floating_point:
        return wrap(torch.logspace(start, stop, num, base=base, dtype=d, device=current_device()))
    out = torch.logspace(start, stop, num, base=base, dtype=torch.float64, device=current_device())
    return wrap(out.to(d))


def eye(num_rows, num_columns=None, dtype=None, name=None):
    for v, n in ((num_rows, "num_rows"), (num_columns, "num_columns")):
        if v is not None and not isinstance(v, (int, Tensor)):
            raise TypeError(f"{n} should be a non-negative int.")
    num_rows = int(_scalar(num_rows))
    num_columns = num_rows if num_columns is None else int(_scalar(num_columns))
    if num_rows < 0 or num_columns < 0:
        raise TypeError("The value of 'num_rows' and 'num_columns' in eye must be non-negative.")
    d = _dtype_or_default(dtype)
    if d not in _EYE:
        raise kernel_error("eye", d)
    return wrap(torch.eye(num_rows, num_columns, dtype=d, device=current_device()))


def tril_indices(row, col, offset=0, dtype="int64"):
    if col is None:
        col = row
    row, col, offset = int_arg("tril_indices", 1, row), int_arg("tril_indices", 2, col), int_arg(
        "tril_indices", 3, offset)
    d = to_torch_dtype(dtype)
    if d not in (torch.int32, torch.int64):
        raise TypeError(f"The dtype of tril_indices must be int32 or int64, but received {dtype}")
    return wrap(torch.tril_indices(max(row, 0), max(col, 0), offset, dtype=d, device=current_device()))


def triu_indices(row, col=None, offset=0, dtype="int64"):
    if col is None:
        col = row
    row, col, offset = int_arg("triu_indices", 1, row), int_arg("triu_indices", 2, col), int_arg(
        "triu_indices", 3, offset)
    if row < 0 or col < 0:
        raise RuntimeError("(PreconditionNotMet) The meta data must be valid when call the mutable data function.")
    d = to_torch_dtype(dtype)
    if d not in (torch.int32, torch.int64):
        raise TypeError(f"The dtype of triu_indices must be int32 or int64, but received {dtype}")
    return wrap(torch.triu_indices(row, col, offset, dtype=d, device=current_device()))


# --- triangles and diagonals ---------------------------------------------------------------------
def _check_2d(t, api):
    if t.dim() < 2:
        raise errors.invalid_argument(f"x shape in {api}() must be at least 2-D, but received x.shape={list(t.shape)}")


def _check_diagonal(op, diagonal):
    """Paddle's argument parser takes ints (numpy/0-D Tensor ints too), never a str/float/bool."""
    if isinstance(diagonal, (str, float, bool)) or diagonal is None:
        raise ValueError(
            f"(InvalidArgument) {op}(): argument (position 2) must be int, but got {type(diagonal).__name__}"
        )


def _triangle(op, fn):
    def triangle(x, diagonal=0, name=None):
        try:
            t = x._t
        except AttributeError:
            raise _not_tensor(op, "x", 0, x) from None
        _kcheck(t, op)
        _check_2d(t, op)
        if type(diagonal) is not int:
            _check_diagonal(op, diagonal)
        return wrap(fn(t, int(diagonal)))

    triangle.__name__ = triangle.__qualname__ = op
    return triangle


tril = _triangle("tril", torch.tril)
triu = _triangle("triu", torch.triu)


def _triangle_(op, method):
    def triangle_(x, diagonal=0, name=None):
        _check_inplace(x)
        _kcheck(x._t, op)
        _check_2d(x._t, op + "_")
        getattr(x._t, method)(int(diagonal))
        return x

    triangle_.__name__ = triangle_.__qualname__ = op + "_"
    return triangle_


tril_ = _triangle_("tril", "tril_")
triu_ = _triangle_("triu", "triu_")


def diag(x, offset=0, padding_value=0, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("diag", "x", 0, x) from None
    offset = int_arg("diag", 2, offset)
    padding_value = float_arg("diag", 3, padding_value) if type(padding_value) is not int else padding_value
    _kcheck(t, "diag")
    if t.dim() == 0:
        t = t.reshape(1)
    if t.dim() == 1:
        out = torch.diag(t, offset)
        if padding_value != 0:
            mask = torch.diag(torch.ones_like(t, dtype=torch.bool), offset)
            out = torch.where(mask, out, torch.tensor(padding_value, dtype=t.dtype, device=t.device))
        return wrap(out)
    if t.dim() == 2:
        r, c = t.shape
        if (min(r, c - offset) if offset >= 0 else min(r + offset, c)) < 0:
            raise RuntimeError("(PreconditionNotMet) The meta data must be valid when call the mutable data function.")
        return wrap(torch.diagonal(t, offset).clone())
    raise errors.invalid_argument(f"The dimension of input x must be either 1 or 2, but received {t.dim()}")


def diagflat(x, offset=0, name=None):
    _kcheck(x._t, "diagflat")
    return wrap(torch.diagflat(x._t, int(offset)))


def diag_embed(input, offset=0, dim1=-2, dim2=-1):  # noqa: A002 - Paddle's name
    try:
        t = input._t
    except AttributeError:
        raise _not_tensor("diag_embed", "input", 0, input) from None
    _kcheck(t, "diag_embed")
    if t.dim() < 1:
        raise ValueError(f"Input must be at least 1-dimensional, But received Input's dimensional: {t.dim()}.")
    nd = t.dim() + 1
    if not (-nd <= dim1 < nd) or not (-nd <= dim2 < nd):
        raise errors.out_of_range(f"dim1 and dim2 must be in range [{-nd}, {nd - 1}], but received dim1={dim1}, "
                                  f"dim2={dim2}")
    if dim1 % nd == dim2 % nd:
        raise errors.invalid_argument(f"dim1 and dim2 cannot be the same dimension. But received dim1 = {dim1}, "
                                      f"dim2 = {dim2}")
    # Paddle 2.6's diag_embed is not differentiable: its output always has stop_gradient=True.
    return wrap(torch.diag_embed(t.detach(), int(offset), dim1, dim2))


def meshgrid(*args, **kwargs):
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = args[0]
    for a in args:
        if not isinstance(a, Tensor):
            raise TypeError("The type of input args in meshgrid should be list of Tensor.")
    if len(args) < 2:
        raise ValueError(f"(InvalidArgument) Expected at least 2 input tensors, but only received d{len(args)}.")
    d0 = args[0]._t.dtype
    for i, a in enumerate(args):
        if a._t.dtype is not d0:
            raise errors.list_dtype_mismatch(d0, i, a._t.dtype)
    if d0 not in _MESHGRID:
        raise kernel_error("meshgrid", d0)
    for i, a in enumerate(args):
        if a._t.dim() > 1:
            raise ValueError(f"(InvalidArgument) Expected scalar or 1D tensor in the tensor list but got tensor {i}: ")
    return [wrap(t) for t in torch.meshgrid(*[a._t for a in args], indexing="ij")]


# --- copies --------------------------------------------------------------------------------------
def assign(x, output=None):
    if isinstance(x, str) or x is None:  # Paddle 2.6 silently returns ``output`` for these
        return output
    if isinstance(x, Tensor):
        t = x._t.clone()
    elif isinstance(x, (np.ndarray, list, tuple, float, int, bool, np.generic)):
        a = np.array([x]) if np.isscalar(x) else np.array(
            [v.item() if isinstance(v, Tensor) else v for v in x] if isinstance(x, (list, tuple))
            and any(isinstance(v, Tensor) for v in x) else x
        )
        if a.dtype == np.float64:
            a = a.astype(np.float32)
        if a.dtype not in (np.bool_, np.float32, np.int32, np.int64, np.float16, np.uint8, np.int8,
                           np.int16, np.complex64, np.complex128):
            raise TypeError(
                "When the type of 'input' in assign is numpy.ndarray, the data type of 'input' must be "
                f"bool, float32, int32 or int64, but received {a.dtype}."
            )
        t = torch.from_numpy(np.ascontiguousarray(a)).to(current_device())
    else:
        raise TypeError(
            "The type of 'input' in assign must be (Variable, ndarray, list, tuple, float, int, bool), "
            f"but received {type(x)}."
        )
    if output is None:
        return wrap(t)
    output._t = t  # Paddle 2.6: ``output`` takes x's data, dtype and shape
    return output


def clone(x, name=None):
    return wrap(x._t.clone())


# --- complex -------------------------------------------------------------------------------------
def complex(real, imag, name=None):  # noqa: A001 - Paddle's name
    r, i = real._t, imag._t
    if r.dtype not in (torch.float32, torch.float64) or i.dtype not in (torch.float32, torch.float64):
        raise _not_registered(r.dtype if r.dtype not in (torch.float32, torch.float64) else i.dtype, "complex",
                              "float64, float32")
    if r.dtype is not i.dtype:
        raise ValueError("(InvalidArgument) The dtype of 'real' and 'imag' in complex must be the same.")
    r, i = torch.broadcast_tensors(r, i)
    return wrap(torch.complex(r, i))


def polar(abs, angle, name=None):  # noqa: A002 - Paddle's name
    a, g = abs._t, angle._t
    if a.dtype not in (torch.float32, torch.float64) or g.dtype not in (torch.float32, torch.float64):
        raise _not_registered(a.dtype, "cos", "float64, complex128, float32, complex64")
    return wrap(torch.polar(a, g))


# --- in-place random fills ----------------------------------------------------------------------
def cauchy_(x, loc=0, scale=1, name=None):
    _check_inplace(x)
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("cauchy_", "x", 0, x) from None
    from .random import normal_

    # Paddle 2.6's own recipe (it draws from a normal, not a uniform, before the tan), on its CPU stream
    normal_(x)
    with torch.no_grad():
        t.sub_(0.5).mul_(np.pi).tan_().mul_(float(_scalar(scale))).add_(float(_scalar(loc)))
    return x


def geometric_(x, probs, name=None):
    _check_inplace(x)
    p = unwrap(probs)
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("geometric_", "x", 0, x) from None
    from .random import uniform_

    # Paddle 2.6 samples a *continuous* geometric value: log(u) / log1p(-p) (no ceil), u from its uniform_
    uniform_(x, min=float(torch.finfo(t.dtype).tiny), max=1.0)
    with torch.no_grad():
        p = p if isinstance(p, torch.Tensor) else torch.tensor(float(p), dtype=t.dtype)
        t.copy_(torch.log(t) / torch.log1p(-p.to(t.dtype)))
    return x


_ = (to_torch, convert_dtype_to_paddle, to_tensor)  # paddle.tensor.creation.to_tensor exists in Paddle too
