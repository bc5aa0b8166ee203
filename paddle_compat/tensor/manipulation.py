"""``paddle.tensor.manipulation``: reshaping, joining, splitting, gathering and scattering."""

import builtins

import numpy as np
import torch

from .._core import Tensor, errors, to_torch, wrap
from .._core import inplace as _inpl
from .._core.dtypes import convert as _convert_dtype
from .._core.dtypes import to_torch_dtype
from .._core.op_table import _DENY
from .._core.op_table import OPS as _OPS
from .._core.op_table import dtypes as _dtypes
from .._core.op_table import kernel_error as _kernel_error

__all__ = [
    "scatter_nd_add", "unstack", "slice", "unsqueeze", "unsqueeze_", "split", "vsplit", "crop", "gather",
    "squeeze", "squeeze_", "gather_nd", "roll", "flip", "rot90", "unbind", "expand", "broadcast_to", "cast",
    "cast_", "tile", "chunk", "tolist", "tensordot", "shard_index", "strided_slice", "unique",
    "unique_consecutive", "flatten", "scatter_nd", "expand_as", "stack", "reshape", "reshape_", "atleast_1d",
    "atleast_2d", "atleast_3d", "reverse", "scatter", "scatter_", "concat", "broadcast_tensors", "as_complex",
    "as_real", "moveaxis", "repeat_interleave", "take_along_axis", "put_along_axis", "select_scatter",
    "index_add", "index_add_", "index_put", "index_put_", "unflatten", "as_strided", "view", "view_as",
    "unfold", "masked_fill", "masked_fill_", "index_fill", "index_fill_", "diagonal_scatter",
]

TENSOR_METHODS = (
    "cast", "cast_", "concat", "expand", "broadcast_to", "expand_as", "flatten", "flatten_",
    "gather", "gather_nd", "reshape", "reshape_", "scatter", "scatter_", "scatter_nd_add", "scatter_nd",
    "shard_index", "slice", "split", "vsplit", "chunk", "tensordot", "squeeze", "squeeze_", "stack",
    "strided_slice", "unique", "unique_consecutive", "unsqueeze", "unsqueeze_", "unstack", "flip", "rot90",
    "unbind", "roll", "tile", "broadcast_tensors", "as_complex", "as_real", "moveaxis", "repeat_interleave",
    "take_along_axis", "put_along_axis", "select_scatter", "put_along_axis_", "index_add", "index_add_",
    "index_put", "index_put_", "unflatten", "as_strided", "view", "view_as", "unfold", "masked_fill",
    "masked_fill_", "index_fill", "index_fill_", "atleast_1d", "atleast_2d", "atleast_3d", "diagonal_scatter",
    "reverse", "fill_", "zero_", "fill_diagonal_", "fill_diagonal_tensor_", "fill_diagonal_tensor", "tolist",
)

_list = builtins.list
_new = object.__new__  # hot paths build the result Tensor inline: one Python call less than wrap()
_VF = torch._C._VariableFunctions
_slice = builtins.slice


# --- CPU kernel registrations ---------------------------------------------------------------------
# The dtypes each kernel rejects live in the op table (_core/op_table.py); one frozenset lookup per call.
_ALL_DTYPES = _dtypes("ALL")
_UNREGISTERED = {name: _ALL_DTYPES - _OPS[name].dtypes for name in _DENY}


_not_tensor = errors.not_tensor
_check_inplace = _inpl.check_leaf


_SPLIT_UNREG = _UNREGISTERED["split"]
_GATHER_UNREG = _UNREGISTERED["gather"]
_I32, _I64 = torch.int32, torch.int64


def _kcheck(t, api):
    """Raise Paddle's RuntimeError when its CPU kernel for ``api`` does not take ``t``'s dtype (the op table's
    current row: a module that declares a better-probed row later is honoured)."""
    if t.dtype not in _OPS[api].dtypes:
        raise _kernel_error(api, t.dtype)


# --- argument helpers ----------------------------------------------------------------------------
# How Paddle answers a non-int value of an int (or list-of-int element) argument, per API: value kind ->
# exception class, or ``int`` (taken as an int: a bool is one). Kinds: bool, str, float, list, none. Default
# (Paddle's C++ argument parser): ValueError for every kind. The APIs listed are Python code in Paddle that
# compares, indexes or adds with the value before any parser sees it (so a TypeError), or pass a bool through.
_INT_ARG = {
    "split": {"bool": int, "str": TypeError, "list": TypeError},
    "concat": {"bool": int},
    "gather": {"bool": int},
    "take_along_axis": {"str": TypeError, "float": TypeError, "list": TypeError},
    "unbind": {"str": TypeError, "float": TypeError, "list": TypeError},
    "unstack": {"str": TypeError, "float": TypeError, "list": TypeError},
    "roll_axis": {"str": TypeError, "float": TypeError, "bool": TypeError},
    "slice_axes": {"str": TypeError, "list": TypeError},
}
_NO_RULES = {}


def _value_kind(v):
    if type(v) is bool or isinstance(v, np.bool_):
        return "bool"
    if isinstance(v, (_list, tuple)):
        return "list"
    if v is None:
        return "none"
    return type(v).__name__


def _int(v, api=None):
    """An int-like argument (int, numpy int, 1-element Tensor) -> int; anything else is answered as Paddle's
    ``api`` answers it (_INT_ARG)."""
    if type(v) is int:
        return v
    if isinstance(v, Tensor):
        return int(v._t.item())
    if isinstance(v, np.integer):
        return int(v)
    kind = _value_kind(v)
    rule = _INT_ARG.get(api, _NO_RULES).get(kind, ValueError)
    if rule is int:
        return int(v)
    name = (api or "argument").split("_axis")[0]
    if rule is TypeError:
        raise TypeError(f"{name}(): argument must be int, but got {type(v).__name__}")
    raise ValueError(f"(InvalidArgument) {name}(): argument must be int, but got {type(v).__name__}")


def _int_trunc(v, api=None):
    """For the APIs whose Paddle code reads the argument with Python's int() (floats truncate)."""
    return int(v) if isinstance(v, float) else _int(v, api)


def _ints(v, api=None):
    """A list-like of ints (list/tuple possibly holding Tensors, or a Tensor) -> list of ints. An element that is
    a list or a bool fails as Paddle's ``list of int`` parser does (ValueError naming its position)."""
    if isinstance(v, Tensor):
        return [int(i) for i in v._t.reshape(-1).tolist()]
    if isinstance(v, (_list, tuple)):
        out = []
        for pos, i in enumerate(v):
            if type(i) is not int:
                if api not in _INT_ARG and (isinstance(i, (_list, tuple)) or type(i) is bool):
                    raise errors.arg_type(api or "argument", "?", "list of int", i, at=pos)
                i = _int(i, api)
            out.append(i)
        return out
    return [_int(v, api)]


def _axis(axis, ndim, api=None):
    axis = _int(axis, api)
    if not -ndim <= axis < max(ndim, 1):
        raise ValueError(
            f"(InvalidArgument) The axis is expected to be in range of [{-ndim}, {ndim}), but got {axis}"
        )
    return axis + ndim if axis < 0 else axis


def _bool_arg(api, pos, v):
    """Paddle's argument parser takes only a bool (or numpy bool) for a bool attribute."""
    if type(v) is not bool and v is not None and not isinstance(v, np.bool_):  # None reads as False
        raise errors.arg_type(api, pos, "bool", v)


def _index_t(index, api, name="index"):
    if isinstance(index, Tensor):
        t = index._t
    else:
        t = to_torch(index)
    if t.dtype not in (torch.int32, torch.int64):
        if api == "gather_nd":  # its kernel checks the index type (ValueError)
            raise ValueError(f"(InvalidArgument) Index holds the wrong type, it holds [{str(t.dtype)[6:]}],but "
                             "desires to be [int32] or [int64]")
        raise TypeError(
            f"The data type of '{name}' in {api} must be int32 or int64, but received {str(t.dtype)[6:]}."
        )
    return t


def tensor_array_to_tensor(input, axis=1, use_stack=False, name=None):  # noqa: A002 - Paddle's name
    if not isinstance(input, _list):
        raise AssertionError("The 'input' in tensor_array_to_tensor must be list")
    res = stack(input, axis) if use_stack else concat(input, axis)
    sizes = torch.tensor([int(x._t.shape[axis]) for x in input], dtype=torch.int64)
    return res, wrap(sizes)


# --- dtype ---------------------------------------------------------------------------------------
def cast(x, dtype):
    if dtype is None:  # Paddle converts it through numpy: np.dtype(None) is float64
        dtype = "float64"
    return wrap(_convert_dtype(x._t, to_torch_dtype(dtype)))


def cast_(x, dtype):
    _check_inplace(x)
    x._t = _convert_dtype(x._t, to_torch_dtype(dtype))
    return x


# --- shape changes -------------------------------------------------------------------------------
def _reshape_shape(t, shape):
    if isinstance(shape, Tensor):
        shape = shape._t.tolist()
    elif type(shape) is not _list:
        if isinstance(shape, tuple):
            shape = _list(shape)
        else:
            raise ValueError(
                f"shape must be an instance of `list`, `tuple` `Variable`, got '{type(shape)}.'"
            )
    for i, s in enumerate(shape):
        if type(s) is not int:
            shape[i] = s = _int(s)
        if s == 0:
            if i >= t.dim():
                if t.numel() == 0:  # Paddle keeps a 0 past X's rank when X has no elements
                    continue
                raise ValueError(
                    "(InvalidArgument) If The index of 0 in `shape` >= the input tensor X's dimensions, "
                    "It can only be Zero-Sized Tensor"
                )
            shape[i] = t.shape[i]
    return shape


def _reshape_error(t, given):
    """Paddle's first failing check of `given` (the shape as the caller wrote it, 0s included)."""
    given = given._t.tolist() if isinstance(given, Tensor) else [s if type(s) is int else _int(s) for s in given]
    received = f"But received X's shape = {list(t.shape)}, X's size = {t.numel()}, 'shape' is {given}"
    capacity, unknown = 1, None
    for i, s in enumerate(given):
        if s == -1:
            if unknown is not None:
                return ValueError(f"(InvalidArgument) Only one dimension value of 'shape' in ReshapeOp can be -1. "
                                  f"But received shape = {given}, shape[{i}] is also -1.")
            unknown = i
            continue
        if s < 0:
            return ValueError("(InvalidArgument) Each dimension value of 'shape' in ReshapeOp must not be negative "
                              f"except one unknown dimension. But received  shape = {given}, shape[{i}] = {s}.")
        capacity *= t.shape[i] if s == 0 and i < t.dim() else s
    if unknown is not None:
        return ValueError("(InvalidArgument) The 'shape' attribute in ReshapeOp is invalid. The input tensor X'size "
                          f"must be divisible by known capacity of 'shape'. {received}, known capacity of 'shape' is "
                          f"{capacity}.")
    return ValueError("(InvalidArgument) The 'shape' in ReshapeOp is invalid. The input tensor X'size must be equal to "
                      f"the capacity of 'shape'. {received}, the capacity of 'shape' is {capacity}.")


def reshape(x, shape, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("reshape", "x", 0, x) from None
    if type(shape) is _list and 0 not in shape:
        try:  # the function form parses a list as fast as splatted ints; the method form does not
            r = _new(Tensor)
            r._t = _VF.reshape(t, shape)
            return r
        except (RuntimeError, TypeError):
            pass
    dims = _reshape_shape(t, _list(shape) if isinstance(shape, (_list, tuple)) else shape)
    try:
        return wrap(t.reshape(dims))
    except RuntimeError:
        raise _reshape_error(t, shape) from None


def _reshaped_in_place(x, new_t):
    """x takes the new shape in place, as Paddle's reshape_/squeeze_/unsqueeze_/flatten_ do: its inplace version
    goes up by one, so a backward that saved x before (e.g. as exp's output) raises as in Paddle."""
    old_t = x._t
    x._t = new_t
    if torch.compiler.is_compiling():  # traced for jit.save / to_static: a program has no version counters
        return x
    torch.autograd.graph.increment_version(old_t)
    while new_t._version < old_t._version:  # a copy (not a view sharing the counter) starts from 0
        torch.autograd.graph.increment_version(new_t)
    return x


def reshape_(x, shape, name=None):
    if _inpl.static_out_of_place("reshape_", "reshape"):
        return reshape(x, shape)
    _check_inplace(x)
    if isinstance(shape, (_list, tuple)) and [
            int(s.item()) if isinstance(s, Tensor) else s for s in shape] == _list(x._t.shape):
        return x  # Paddle returns x untouched (its inplace version stays) when the list is x's shape
    return _reshaped_in_place(x, reshape(x, shape)._t)


def view(x, shape_or_dtype, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("view", "x", 0, x) from None
    if isinstance(shape_or_dtype, (_list, tuple, Tensor)):
        shape = _reshape_shape(t, _list(shape_or_dtype) if not isinstance(shape_or_dtype, Tensor) else shape_or_dtype)
        if -1 in shape:  # Paddle 2.6's view does not infer a -1 dimension
            raise ValueError("(InvalidArgument) The Tensor can not be viewed, please call reshape.")
        return wrap(t.view(shape))
    return wrap(t.view(to_torch_dtype(shape_or_dtype)))


def view_as(x, other, name=None):
    return wrap(x._t.view(other._t.shape))


def flatten(x, start_axis=0, stop_axis=-1, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("flatten", "x", 0, x) from None
    nd = t.dim()
    if nd == 0:
        return wrap(t.reshape(1))
    if not isinstance(start_axis, int):
        raise ValueError("The start_axis should be a int, and in range [-rank(x), rank(x))")
    if not isinstance(stop_axis, int):
        raise ValueError("The stop_axis should be a int, and in range [-rank(x), rank(x))")
    for pos, v in ((2, start_axis), (3, stop_axis)):
        if type(v) is bool:
            raise errors.arg_type("flatten", pos, "int", v)
    if not -nd <= start_axis < nd:
        raise ValueError("The start_axis should be a int, and in range [-rank(x), rank(x))")
    if not -nd <= stop_axis < nd:
        raise ValueError("The stop_axis should be a int, and in range [-rank(x), rank(x))")
    if (start_axis + nd if start_axis < 0 else start_axis) > (stop_axis + nd if stop_axis < 0 else stop_axis):
        raise ValueError("The stop_axis should be larger than stat_axis")
    return wrap(t.flatten(start_axis, stop_axis))


def flatten_(x, start_axis=0, stop_axis=-1, name=None):
    if _inpl.static_out_of_place("flatten_", "flatten"):
        return flatten(x, start_axis, stop_axis)
    _check_inplace(x)
    return _reshaped_in_place(x, flatten(x, start_axis, stop_axis)._t)


def unflatten(x, axis, shape, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("unflatten", "x", 0, x) from None
    axis = _axis(axis, t.dim())
    shape = _ints(shape)
    if not shape:
        raise ValueError("The input for shape cannot be empty.")
    try:
        return wrap(t.unflatten(axis, shape))
    except RuntimeError as e:
        raise ValueError(f"(InvalidArgument) unflatten: 'shape' {shape} does not match dimension {axis}: {e}") from None


def _squeeze_axes(t, axis):
    nd = t.dim()
    axes = _ints(axis)
    if not axes:
        return [i for i, s in enumerate(t.shape) if s == 1]
    out = []
    for a in axes:
        if not -max(nd, 1) <= a < max(nd, 1):
            raise ValueError(
                f"(InvalidArgument) Each axis in Attr(axes) should be in the range of [{-nd}, {nd - 1}]But current "
                f"axis is:{a}, input tensor's shape = {list(t.shape)}."
            )
        if nd == 0:
            continue
        a = a + nd if a < 0 else a
        if t.shape[a] == 1:
            out.append(a)
    return out


def squeeze(x, axis=None, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("squeeze", "x", 0, x) from None
    if axis is None:
        return wrap(t.squeeze())
    if type(axis) is int:
        try:  # torch, like Paddle, leaves a non-1 axis alone; an out-of-range axis gets Paddle's message below
            r = _new(Tensor)
            r._t = _VF.squeeze(t, axis)
            return r
        except IndexError:
            pass
    axes = _squeeze_axes(t, axis)
    return wrap(t.squeeze(tuple(axes)) if axes else t.view(t.shape))


def squeeze_(x, axis=None, name=None):
    if _inpl.static_out_of_place("squeeze_", "squeeze"):
        return squeeze(x, axis)
    _check_inplace(x)
    return _reshaped_in_place(x, squeeze(x, axis)._t)


def unsqueeze(x, axis, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("unsqueeze", "x", 0, x) from None
    if type(axis) is int:
        r = _new(Tensor)
        try:
            r._t = _VF.unsqueeze(t, axis)
            return r
        except IndexError:
            nd = t.dim()
            raise ValueError(
                "(InvalidArgument) The insert dimension value shoule not be larger than the dimension size of "
                f"input tensor. Received axis {axis} for a tensor of rank {nd}."
            ) from None
    shape = _list(t.shape)
    for a in _ints(axis):
        cur = len(shape)
        if a < 0:
            a += cur + 1
        if not 0 <= a <= cur:
            raise ValueError(
                "(InvalidArgument) The insert dimension value shoule not be larger than the dimension size of "
                f"input tensor. Received axis {a} for an output of rank {cur}."
            )
        shape.insert(a, 1)
    return wrap(t.reshape(shape))


def unsqueeze_(x, axis, name=None):
    if _inpl.static_out_of_place("unsqueeze_", "unsqueeze"):
        return unsqueeze(x, axis)
    _check_inplace(x)
    return _reshaped_in_place(x, unsqueeze(x, axis)._t)


def atleast_1d(*inputs, name=None):
    out = [wrap(torch.atleast_1d(to_torch(i))) if not isinstance(i, Tensor) or i._t.dim() == 0 else i
           for i in inputs]
    return out[0] if len(out) == 1 else out


def atleast_2d(*inputs, name=None):
    out = [wrap(torch.atleast_2d(to_torch(i))) for i in inputs]
    return out[0] if len(out) == 1 else out


def atleast_3d(*inputs, name=None):
    out = [wrap(torch.atleast_3d(to_torch(i))) for i in inputs]
    return out[0] if len(out) == 1 else out


def moveaxis(x, source, destination, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("moveaxis", "x", 0, x) from None
    for arg, v in (("source", source), ("destination", destination)):  # Paddle's Python checks come first
        if isinstance(v, float):
            raise TypeError(f"object of type '{type(v).__name__}' has no len()")
        for i in v if isinstance(v, (_list, tuple)) else [v]:
            if not isinstance(i, (int, np.integer)):
                raise AssertionError(f"Each elemment of '{arg}' must be integer.")
    src, dst = _ints(source, "transpose"), _ints(destination, "transpose")
    if len(src) != len(dst):
        raise AssertionError("'source' must have the same number with 'destination'")
    nd = t.dim()
    for a in src + dst:
        if not -nd <= a < nd:
            raise AssertionError(f"'source' must be in the range of [-{nd}, {nd})")
    return wrap(torch.movedim(t, src, dst))


def as_complex(x, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("as_complex", "x", 0, x) from None
    if t.dim() == 0:
        raise ValueError(
            "(InvalidArgument) The rank of input(X) is less than 1. Expected the rank of input(X) to be equal to or "
            "greater than 1.But received rank of input(X) = 0")
    if t.shape[-1] != 2:
        raise ValueError(
            "(InvalidArgument) The size of the last dimension of input(X)does not equals 2.Expected the size of last "
            f"dimension of input(X) to be 2.But received {t.shape[-1]}")
    return wrap(torch.view_as_complex(t.contiguous()))


def as_real(x, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("as_real", "x", 0, x) from None
    if not t.is_complex():
        raise errors.kernel_not_registered("as_real", t.dtype, (torch.complex64, torch.complex128))
    return wrap(torch.view_as_real(t).clone())


def as_strided(x, shape, stride, offset=0, name=None):
    return wrap(torch.as_strided(x._t, _ints(shape), _ints(stride), x._t.storage_offset() + int(offset)))


# --- broadcasting and repetition -----------------------------------------------------------------
def _expand_shape(t, shape, api):
    shape = _ints(shape)
    nd = t.dim()
    if len(shape) < nd:
        raise ValueError(
            f"(InvalidArgument) The number of elements ({len(shape)}) of 'shape' for {api} op must be greater than "
            f"or equal to the rank ({nd}) of the input."
        )
    lead = len(shape) - nd
    for i, s in enumerate(shape):
        if i >= lead:
            d = t.shape[i - lead]
            if s == -1:
                shape[i] = d
            elif d != 1 and d != s:
                raise ValueError(
                    f"(InvalidArgument) The value ({d}) of the non-singleton dimension does not match the "
                    f"corresponding value ({s}) in shape for {api} op."
                )
        if s == 0 or s < -1 or (s == -1 and i < lead):
            raise ValueError(
                f"(InvalidArgument) The {i}th element of 'shape' for {api} op must be greater than 0, but the value "
                f"received is {s}."
            )
    return shape


def expand(x, shape, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("expand", "x", 0, x) from None
    return wrap(t.expand(_expand_shape(t, shape, "expand_v2")))


def broadcast_to(x, shape, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("broadcast_to", "x", 0, x) from None
    return wrap(t.expand(_expand_shape(t, shape, "expand_v2")))


def expand_as(x, y, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("expand_as", "x", 0, x) from None
    return wrap(t.expand(_expand_shape(t, _list(y._t.shape), "expand_as_v2")))


def _tensor_list_error(op, arg, x):
    return ValueError(
        f"(InvalidArgument) {op}(): argument '{arg}' (position 0) must be list of Tensors, but got "
        f"{type(x).__name__}"
    )


def broadcast_tensors(input, name=None):  # noqa: A002 - Paddle's name
    if isinstance(input, Tensor):
        raise _tensor_list_error("broadcast_tensors", "input", input)
    d0 = input[0]._t.dtype
    for i, x in enumerate(input):
        if x._t.dtype is not d0:
            raise errors.list_dtype_mismatch(d0, i, x._t.dtype)
    try:
        return [wrap(t) for t in torch.broadcast_tensors(*[i._t for i in input])]
    except RuntimeError as e:
        raise ValueError(f"(InvalidArgument) broadcast_tensors: input shapes are not broadcastable: {e}") from None


def tile(x, repeat_times, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("tile", "x", 0, x) from None
    _kcheck(t, "tile")
    if repeat_times is None:  # Paddle 2.6 passes None through as "no repeats"
        return wrap(t.clone())
    reps = _ints(repeat_times, "tile")
    if len(reps) > 6 or any(r <= 0 for r in reps):
        raise ValueError(f"(InvalidArgument) All elements of 'repeat_times' must be positive (at most 6), got {reps}.")
    return wrap(t.tile(reps))


def repeat_interleave(x, repeats, axis=None, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("repeat_interleave", "x", 0, x) from None
    _kcheck(t, "repeat_interleave")
    if axis is None:
        t = t.reshape(-1)
        axis = 0
    else:
        axis = _int(axis, "repeat_interleave")
        nd = t.dim()
        if not -nd <= axis < nd:
            raise IndexError(f"(OutOfRange) Attr(dim) is out of range, It's expected to be in range of [{-nd}, "
                             f"{nd - 1}]. But received Attr(dim) = {axis}.")
        axis %= nd
    r = repeats._t if isinstance(repeats, Tensor) else _int(repeats)
    if type(r) is int and r <= 0:
        raise ValueError("(InvalidArgument) repeats should be larger than zero")
    return wrap(torch.repeat_interleave(t, r, dim=axis))


# --- joining and splitting -----------------------------------------------------------------------
def concat(x, axis=0, name=None):
    if type(x) is _list and type(axis) is int:
        # fast path: a list of same-dtype Tensors; Paddle's checks and messages (bad axis, shapes) come below.
        # Plain loops: a comprehension or all() costs an extra call per use in CPython 3.11.
        ts = []
        d0 = same = None
        try:
            for i in x:
                t = i._t
                d = t.dtype
                if d0 is None:
                    d0 = same = d
                elif d is not d0:
                    same = None
                ts.append(t)
            if same is not None:
                r = _new(Tensor)
                r._t = _VF.cat(ts, axis)
                return r
        except (AttributeError, RuntimeError, IndexError):
            pass
    if isinstance(x, Tensor):
        raise _tensor_list_error("concat", "x", x)
    ts = [i._t if isinstance(i, Tensor) else to_torch(i) for i in x]
    if not ts:
        raise ValueError("(InvalidArgument) concat expects a non-empty list of Tensors.")
    t0 = ts[0]
    nd = t0.dim()
    if type(axis) is not int:
        axis = _int_trunc(axis, "concat")
    if not -nd <= axis < nd:
        raise ValueError(f"(InvalidArgument) The axis is expected to be in range of [{-nd}, {nd}), but got {axis}")
    d0 = t0.dtype
    for t in ts:
        if t.dtype is not d0:
            raise errors.list_dtype_mismatch(d0, [u.dtype for u in ts].index(t.dtype), t.dtype)
    try:
        return wrap(torch.cat(ts, axis))
    except RuntimeError as e:
        raise ValueError(f"(InvalidArgument) concat: the shapes of the inputs do not match: {e}") from None


def stack(x, axis=0, name=None):
    if type(x) is not _list and isinstance(x, Tensor):
        raise _tensor_list_error("stack", "x", x)
    ts = []
    d0 = same = None
    for i in x:  # plain loops: a comprehension or all() costs an extra call per use in CPython 3.11
        t = i._t
        d = t.dtype
        if d0 is None:
            d0 = same = d
        elif d is not d0:
            same = None
        ts.append(t)
    if not ts:
        raise ValueError("(InvalidArgument) stack expects a non-empty list of Tensors.")
    if type(axis) is int and same is not None:
        try:  # fast path; Paddle's messages for bad axes and shapes come from the checks below
            r = _new(Tensor)
            r._t = _VF.stack(ts, axis)
            return r
        except (RuntimeError, IndexError):
            pass
    nd = ts[0].dim() + 1
    axis = _int(axis)
    if not -nd <= axis < nd:
        raise ValueError(f"(InvalidArgument) stack: axis should be in range [{-nd}, {nd}), but received {axis}")
    s0 = ts[0].shape
    for i, t in enumerate(ts):
        if t.shape != s0:
            raise ValueError(
                f"(InvalidArgument) The shape of input[0] and input[{i}] is expected to be equal.But received "
                f"input[0]'s shape = {_list(s0)}, input[{i}]'s shape = {_list(t.shape)}."
            )
        if t.dtype is not ts[0].dtype:
            raise errors.list_dtype_mismatch(ts[0].dtype, i, t.dtype)
    return wrap(torch.stack(ts, axis))


def _split_sizes(t, num_or_sections, axis):
    n = t.shape[axis]
    if isinstance(num_or_sections, (_list, tuple)):
        sizes = _ints(num_or_sections)
        neg = [i for i, s in enumerate(sizes) if s == -1]
        if len(neg) > 1:
            raise ValueError(
                "(InvalidArgument) Only one dimension value of Attr(num_or_sections) in SplitOp can be -1."
            )
        if neg:
            sizes[neg[0]] = n - (sum(sizes) + 1)
        if sum(sizes) != n or any(s < 0 for s in sizes):
            raise ValueError(
                "(InvalidArgument) The sum of Attr(num_or_sections) should be equal to the size of the input along "
                f"the split dimension. But received Attr(num_or_sections) = {num_or_sections}, input(X)'s shape = "
                f"{_list(t.shape)}, Attr(dim) = {axis}."
            )
        return sizes
    if not isinstance(num_or_sections, int):
        raise TypeError(
            "The type of 'num_or_sections' in split must be int, list or tuple in imperative mode, but received "
            f"{type(num_or_sections)}."
        )
    num = num_or_sections
    if num <= 0 or n % num != 0:
        raise ValueError(
            "(InvalidArgument) The input's size along the split dimension must be evenly divisible by "
            f"Attr(num_or_sections). But received Attr(num_or_sections) = {num}, input(X)'s shape = "
            f"{_list(t.shape)}, Attr(dim) = {axis}."
        )
    return [n // num] * num


def split(x, num_or_sections, axis=0, name=None):
    if type(num_or_sections) is int and type(axis) is int and num_or_sections > 0:
        try:  # fast path: equal parts along an in-range int axis (torch.chunk is C-level, Tensor.split is Python)
            t = x._t
            if t.dtype not in _SPLIT_UNREG and t.shape[axis] % num_or_sections == 0:
                out = []
                for p in _VF.chunk(t, num_or_sections, axis):
                    r = _new(Tensor)
                    r._t = p
                    out.append(r)
                return out
        except (AttributeError, IndexError):
            pass
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("split", "x", 0, x) from None
    _kcheck(t, "split")
    nd = t.dim()
    if type(axis) is not int or not -nd <= axis < nd:
        if type(axis) is int and axis < -nd:  # Paddle's Python split asserts before its kernel checks the range
            raise AssertionError("(rank(x) + axis) must >= 0")
        axis = _axis(axis, nd, "split")
    elif axis < 0:
        axis += nd
    if type(num_or_sections) is int and num_or_sections > 0:
        if t.shape[axis] % num_or_sections == 0:  # equal parts: torch.chunk is C-level, Tensor.split is Python
            return [wrap(p) for p in torch.chunk(t, num_or_sections, axis)]
    return [wrap(p) for p in torch.split(t, _split_sizes(t, num_or_sections, axis), axis)]


def vsplit(x, num_or_sections, name=None):
    if x._t.dim() < 2:
        raise ValueError(
            f"The input tensor's dimension must be greater than 1, but got {x._t.dim()}"
        )
    return split(x, num_or_sections, 0)


def chunk(x, chunks, axis=0, name=None):
    return split(x, chunks, axis)


def unbind(input, axis=0):  # noqa: A002 - Paddle's name
    try:
        t = input._t
    except AttributeError:
        # Paddle's unbind is Python code reading .shape/.dtype first
        raise AttributeError(f"'{type(input).__name__}' object has no attribute 'shape'") from None
    if type(axis) is not int and isinstance(axis, (str, float, _list, tuple)):
        raise TypeError(f"The type of 'axis'  must be int, but received {type(axis)}.")
    axis = _axis(axis, t.dim(), "unbind")
    return [wrap(p) for p in torch.unbind(t, axis)]


def unstack(x, axis=0, num=None):
    try:
        t = x._t
    except AttributeError:
        # Paddle's unstack is Python code reading .shape/.dtype first
        raise AttributeError(f"'{type(x).__name__}' object has no attribute 'shape'") from None
    _kcheck(t, "unstack")
    axis = _axis(axis, t.dim(), "unstack")
    if num is not None and num != t.shape[axis]:
        raise ValueError(
            "(InvalidArgument) The number of attribute num is not equal to the length of the "
            f"{axis} axis of Input(X). Expect {t.shape[axis]} but got {num}."
        )
    return [wrap(p) for p in torch.unbind(t, axis)]


# --- slicing -------------------------------------------------------------------------------------
def slice(input, axes, starts, ends):  # noqa: A001,A002 - Paddle's names
    try:
        t = input._t
    except AttributeError:
        raise _not_tensor("slice", "input", 0, input) from None
    if not isinstance(axes, (_list, tuple)):
        raise ValueError(f"Input axes must be a python list or tuple, but reveived {type(axes)}")
    for pos, v in ((2, starts), (3, ends)):
        if isinstance(v, (str, float)):
            raise errors.arg_type("slice", pos, "list or int", v)
    starts = [] if starts is None else starts
    ends = [] if ends is None else ends
    for a in axes:  # Paddle's Python slice compares each axis first
        if isinstance(a, (str, _list, tuple)):
            raise TypeError(f"'<' not supported between instances of '{type(a).__name__}' and 'int'")
    for what, v in (("starts", starts), ("ends", ends)):
        n = len(v) if isinstance(v, (_list, tuple)) else 1
        if n != len(axes):
            raise ValueError(f"(InvalidArgument) The length of axes ({len(axes)}) and length of {what} ({n}) should "
                             "be same.")
    axes = _ints(axes, "slice_axes")
    starts, ends = _ints(starts, "slice"), _ints(ends, "slice")
    if len(starts) != len(axes) or len(ends) != len(axes):
        raise ValueError("The size of 'starts' and 'ends' must equal the size of 'axes' in slice.")
    idx = [_slice(None)] * t.dim()
    for a, s, e in zip(axes, starts, ends):
        a = _axis(a, t.dim())
        n = t.shape[a]
        s = max(s + n, 0) if s < 0 else min(s, n)
        e = max(e + n, 0) if e < 0 else min(e, n)
        if e < s:
            raise ValueError(
                "(InvalidArgument) When step > 0, end should be greater than start, but received "
                f"end = {e}, start = {s}."
            )
        idx[a] = _slice(s, e)
    return wrap(t[tuple(idx)])


def strided_slice(x, axes, starts, ends, strides, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("strided_slice", "x", 0, x) from None
    axes, starts, ends, strides = _ints(axes), _ints(starts), _ints(ends), _ints(strides)
    for what, v in (("starts", starts), ("ends", ends), ("strides", strides)):
        if len(v) != len(axes):
            raise ValueError(
                f"(InvalidArgument) The size of {what} attribute in StridedSlice operator is not equal to the size of "
                f"axes attribute. The {what} attribute's size is {len(v)}, axes attribute's size is {len(axes)}.")
    idx = [_slice(None)] * t.dim()
    flips = []
    for a, s, e, st in zip(axes, starts, ends, strides):
        a = _axis(a, t.dim())
        n = t.shape[a]
        if st == 0:
            raise ValueError("(InvalidArgument) The step of strided_slice must not be 0.")
        # Paddle's normalisation: negatives wrap then clamp at 0; end == -1 with a negative stride means
        # "through index 0".
        if s < 0:
            s = max(s + n, 0)
        if e < 0 and not (e == -1 and st < 0):
            e = max(e + n, 0)
        if (st < 0 and s < e) or (st > 0 and s > e):
            raise ValueError(
                "(InvalidArgument) The start index and end index are invalid for their corresponding stride."
            )
        if st > 0:
            rng = range(min(s, n), min(e, n), st)
        else:
            rng = range(min(s, n - 1), e, st)
        if len(rng) == 0:
            idx[a] = _slice(0, 0)
        elif st > 0:
            idx[a] = _slice(rng[0], rng[-1] + 1, st)
        else:
            idx[a] = _slice(rng[-1], rng[0] + 1, -st)
            flips.append(a)
    out = t[tuple(idx)]
    return wrap(out.flip(flips) if flips else out)


def crop(x, shape=None, offsets=None, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("crop", "x", 0, x) from None
    _kcheck(t, "crop")
    nd = t.dim()
    shape = _list(t.shape) if shape is None else _ints(shape)
    offsets = [0] * nd if offsets is None else _ints(offsets)
    if len(shape) != nd or len(offsets) != nd:
        raise ValueError("The number of elements of 'shape' and 'offsets' in crop must equal the rank of 'x'.")
    idx = []
    for i, (s, o) in enumerate(zip(shape, offsets)):
        if s == -1:
            s = t.shape[i] - o
        if o < 0 or s <= 0 or o + s > t.shape[i]:
            raise ValueError(
                f"(InvalidArgument) crop: offsets[{i}] + shape[{i}] ({o} + {s}) must be within the input's "
                f"dimension {t.shape[i]}."
            )
        idx.append(_slice(o, o + s))
    return wrap(t[tuple(idx)])


def flip(x, axis, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("flip", "x", 0, x) from None
    _kcheck(t, "flip")
    if not isinstance(axis, (int, _list, tuple)):
        raise ValueError(
            f"(InvalidArgument) flip(): argument (position 2) must be list or tuple, but got {type(axis).__name__}"
        )
    axes = _ints(axis)
    nd = t.dim()
    for a in axes:
        if not -max(nd, 1) <= a < max(nd, 1):
            raise ValueError(f"(InvalidArgument) flip: axis {a} is out of range for a tensor of rank {nd}.")
    if len(set(axes)) != len(axes):  # Paddle compares the values as given: [0, -2] of a 2-D x flips axis 0 once
        raise ValueError(f"(InvalidArgument) axes has duplicates, original flip axes size={len(axes)}, but unique "
                         f"flip axes size={len(set(axes))}.)")
    axes = _list(dict.fromkeys(a % max(nd, 1) for a in axes))
    return wrap(t.flip(axes) if nd else t.clone())


def reverse(x, axis, name=None):
    return flip(x, axis)


def rot90(x, k=1, axes=[0, 1], name=None):  # noqa: B006 - Paddle's default
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("rot90", "x", 0, x) from None
    _kcheck(t, "rot90")
    # Paddle's rot90 is Python code: wrong-typed k/axes fail there with TypeError, bad values with ValueError
    if not isinstance(axes, (_list, tuple, Tensor)):
        raise TypeError(f"object of type '{type(axes).__name__}' has no len()")
    if len(axes) != 2:
        raise ValueError(f"expected total rotation axes == 2, but got axes = {len(axes)}")
    nd = t.dim()
    if nd < 2:
        raise ValueError(f"expected total dims >= 2, but got total dims = {nd}")
    a0, a1 = axes[0], axes[1]
    if isinstance(a0, Tensor) or isinstance(a1, Tensor):
        a0, a1 = _int(a0), _int(a1)
    # Paddle's Python rot90 works on the raw values in this order (a str fails in the subtraction: TypeError)
    if not (a0 != a1 and builtins.abs(a0 - a1) != nd):
        raise ValueError(f"expected rotation axes to be different, but got axis0 = {a0}, and axis1 = {a1}")
    for i, a in enumerate((a0, a1)):
        if not -nd <= a < nd:
            raise ValueError(f"Rotation axis{i} out of range, axis{i} = {a}")
    try:
        axes = _ints(axes)
        if isinstance(k, float):  # Paddle: k %= 4, then 0/1/2 by equality and anything else as 3
            k = k % 4
            k = int(k) if k in (0.0, 1.0, 2.0) else 3
        k = _int_trunc(k)
    except ValueError as e:
        raise TypeError(str(e)) from None
    if t.dim() < 2:
        raise ValueError(f"expected total dims >= 2, but got total dims = {t.dim()}")
    for i, a in enumerate(axes):
        if not -nd <= a < nd:
            raise ValueError(f"Rotation axis{i} out of range, axis{i} = {a}")
    if axes[0] % nd == axes[1] % nd:
        raise ValueError("expected rotation axes to be different")
    return wrap(torch.rot90(t, k, axes))


def roll(x, shifts, axis=None, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("roll", "x", 0, x) from None
    _kcheck(t, "roll")
    if isinstance(shifts, np.integer):  # Paddle 2.6 takes len() of it
        raise TypeError(f"object of type '{type(shifts).__name__}' has no len()")
    if shifts is None:
        shifts = []
    elif isinstance(shifts, (str, float)):
        raise errors.arg_type("roll", 2, "list or int", shifts)
    shifts = _ints(shifts, "roll")
    if axis is None:
        return wrap(torch.roll(t.reshape(-1), shifts, 0).reshape(t.shape))
    if isinstance(axis, (float, bool)):  # Paddle's Python roll takes len() of a non-int axis
        raise TypeError(f"object of type '{type(axis).__name__}' has no len()")
    axes = _ints(axis, "roll_axis")
    if len(axes) != len(shifts):
        raise ValueError("(InvalidArgument) When dims.size() != 0, dims.size() should be equal to shifts.size().")
    for a in axes:
        _axis(a, t.dim())
    return wrap(torch.roll(t, shifts, axes))


def unfold(x, axis, size, step, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("unfold", "x", 0, x) from None
    axis = _axis(axis, max(t.dim(), 1))
    try:
        return wrap(t.unfold(axis, int(size), int(step)))
    except RuntimeError as e:
        raise ValueError(f"(InvalidArgument) unfold: {e}") from None


def tensordot(x, y, axes=2, name=None):
    xt, yt = x._t, y._t
    _kcheck(xt, "tensordot")
    if isinstance(axes, Tensor):
        axes = axes._t.tolist()
    if isinstance(axes, str):  # Paddle's Python tensordot indexes a list with it
        raise TypeError("list indices must be integers or slices, not str")
    if isinstance(axes, (int, np.integer)):
        if axes < 0:
            raise AssertionError(f"The 'axes' in tensordot should not be negative, but received axes={axes}.")
        ax, ay = _list(range(xt.dim() - axes, xt.dim())), _list(range(axes))
    else:
        ax, ay = [], []
        if not axes or isinstance(axes[0], (int, np.integer)):
            ax = _list(axes)
        else:
            ax = _ints(axes[0])
            if len(axes) > 1:
                ay = _ints(axes[1])
        ax, ay = _list(ax), _list(ay)
        if len(ax) < len(ay):
            ax.extend(ay[len(ax):])
        elif len(ay) < len(ax):
            ay.extend(ax[len(ay):])
    for dx, dy in zip(ax, ay):
        sx, sy = xt.shape[dx], yt.shape[dy]
        if sx == 1 and sy != 1:
            yt = yt.sum(dy, keepdim=True)
        elif sy == 1 and sx != 1:
            xt = xt.sum(dx, keepdim=True)
        elif sx != sy:
            raise AssertionError(
                f"The dimensional size for 'x' and 'y' in tensordot should match each other, but 'x' has size {sx} "
                f"in dim {dx} while 'y' has size {sy} in dim {dy}."
            )
    return wrap(torch.tensordot(xt, yt, dims=(ax, ay)))


def shard_index(input, index_num, nshards, shard_id, ignore_value=-1):  # noqa: A002
    try:
        t = input._t
    except AttributeError:
        raise _not_tensor("shard_index", "input", 0, input) from None
    if t.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"The data type of 'input' in shard_index must be int32 or int64, but received {t.dtype}.")
    if not 0 <= shard_id < nshards:
        raise ValueError(f"(InvalidArgument) The shard_id({shard_id}) should be in [0, {nshards})")
    size = (index_num + nshards - 1) // nshards
    return wrap(torch.where(t // size == shard_id, t - shard_id * size, torch.full_like(t, ignore_value)))


# --- gather / scatter ----------------------------------------------------------------------------
def gather(x, index, axis=None, name=None):
    if axis is None:
        try:  # fast path: a 1-D int64/int32 index along axis 0; Paddle's checks and messages come below
            t = x._t
            idx = index._t
        except AttributeError:
            pass
        else:
            d = idx.dtype
            if (d is _I64 or d is _I32) and idx.dim() == 1 and t.dim() and t.dtype not in _GATHER_UNREG:
                r = _new(Tensor)
                try:
                    r._t = _VF.index_select(t, 0, idx)
                    return r
                except (IndexError, RuntimeError):
                    pass
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("gather", "x", 0, x) from None
    _kcheck(t, "gather")
    if not isinstance(index, Tensor):
        raise _not_tensor("gather", "index", 1, index)
    idx = index._t
    if idx.dtype not in (torch.int32, torch.int64):
        raise ValueError(
            "(InvalidArgument) The data type of Input(Index) of gather must be int32 or int64 on CPU."
        )
    axis = 0 if axis is None else _int_trunc(axis, "gather")
    if not 0 <= axis < t.dim():
        # Paddle 2.6's CPU gather also rejects every negative axis (it checks the index against dims[axis]).
        raise IndexError(
            f"(OutOfRange) Attr(axis) is out of range, It's expected to be in range of [{-t.dim()}, {t.dim() - 1}]. "
            f"But received Attr(axis) = {axis}." if not -t.dim() <= axis < t.dim() else
            "(OutOfRange) The element of Index must be less than the size of input dim size of axis which is "
            f"{axis} (Paddle 2.6 does not accept a negative axis here)."
        )
    if idx.dim() == 0:
        return wrap(t.select(axis, int(idx)))
    if idx.dim() != 1:
        idx = idx.reshape(-1) if idx.dim() == 2 and idx.shape[1] == 1 else idx
        if idx.dim() != 1:
            raise ValueError(
                f"(InvalidArgument) The index should be 0D or 1D, when it is not 2D, but we get {idx.dim()}"
            )
    try:
        return wrap(torch.index_select(t, axis, idx))
    except (IndexError, RuntimeError) as e:
        raise IndexError(f"(OutOfRange) gather: index out of range: {e}") from None


def gather_nd(x, index, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("gather_nd", "x", 0, x) from None
    _kcheck(t, "gather_nd")
    idx = _index_t(index, "gather_nd")
    k = idx.shape[-1]
    if k > t.dim():
        raise ValueError("(InvalidArgument) The last dimension of index must not exceed the rank of x in gather_nd.")
    if k == 0:
        return wrap(t.expand(*idx.shape[:-1], *t.shape).clone())
    for i in range(k):
        n = t.shape[i]
        if idx.numel() and int(idx[..., i].min()) < 0:
            raise ValueError("(InvalidArgument) The value of Input(index) must be no less than 0")
        if idx.numel() and (int(idx[..., i].max()) >= n or int(idx[..., i].min()) < -n):
            raise ValueError(
                f"(InvalidArgument) Input(index[-1)] has wrong value, it is [{int(idx[..., i].max())}]: the index "
                f"must be less than the input's dimension {i} ({n})."
            )
    return wrap(t[tuple(idx[..., i] for i in range(k))])


def scatter(x, index, updates, overwrite=True, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("scatter", "x", 0, x) from None
    _kcheck(t, "scatter")
    idx = index._t if isinstance(index, Tensor) else to_torch(index)
    if idx.dtype not in (torch.int32, torch.int64):
        raise ValueError(
            f"(InvalidArgument) Index holds the wrong type, it holds [{str(idx.dtype)[6:]}],but desires to be "
            "[int32] or [int64]."
        )
    if idx.dim() == 2 and idx.shape[1] == 1:
        idx = idx.reshape(-1)
    try:
        u = updates._t
    except AttributeError:
        raise _not_tensor("scatter", "updates", 2, updates) from None
    if u.dtype is not t.dtype:
        raise errors.dtype_mismatch(t.dtype, u.dtype)
    _bool_arg("scatter", 4, overwrite)
    if idx.dim() == 0:
        idx, u = idx.reshape(1), u.unsqueeze(0) if u.dim() < t.dim() else u
    if idx.numel() and (int(idx.max()) >= t.shape[0] or int(idx.min()) < -t.shape[0]):
        bad = int(idx.max()) if int(idx.max()) >= t.shape[0] else int(idx.min())
        raise IndexError(f"(OutOfRange) The index is out of bounds, please check whether the dimensions of index and "
                         f"input meet the requirements. It should be less than [{t.shape[0]}] and greater than or "
                         f"equal to [{-t.shape[0]}], but received [{bad}]")
    if overwrite:
        return wrap(t.index_put((idx,), u, accumulate=False))
    zeroed = t.index_put((idx,), torch.zeros((), dtype=t.dtype, device=t.device))
    return wrap(zeroed.index_put((idx,), u, accumulate=True))


def scatter_(x, index, updates, overwrite=True, name=None):
    _check_inplace(x)
    out = scatter(x, index, updates, overwrite)
    x._t.copy_(out._t)
    return x


def scatter_nd_add(x, index, updates, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("scatter_nd_add", "x", 0, x) from None
    _kcheck(t, "scatter_nd_add")
    idx = _index_t(index, "scatter_nd_add")
    k = idx.shape[-1]
    try:
        u = updates._t
    except AttributeError:
        raise _not_tensor("scatter_nd_add", "updates", 2, updates) from None
    if k == 0:
        return wrap(t + u.sum(tuple(range(idx.dim() - 1))))
    return wrap(t.index_put(tuple(idx[..., i] for i in range(k)), u, accumulate=True))


def scatter_nd(index, updates, shape, name=None):
    try:
        u = updates._t
    except AttributeError:
        raise _not_tensor("scatter_nd", "updates", 1, updates) from None
    base = wrap(torch.zeros(_ints(shape), dtype=u.dtype, device=u.device))
    return scatter_nd_add(base, index, updates)


def take_along_axis(arr, indices, axis, broadcast=True):
    try:
        t = arr._t
    except AttributeError:
        raise _not_tensor("take_along_axis", "arr", 0, arr) from None
    _kcheck(t, "take_along_axis")
    idx = _index_t(indices, "take_along_axis", "indices")
    if t.dim() != idx.dim():
        raise ValueError("`indices` and `arr` must have the same number of dimensions!")
    nd = t.dim()
    axis = _int(axis, "take_along_axis")
    if not -nd <= axis < nd:
        raise AssertionError(f"'axis'  must be in the range of [-{nd}, {nd})")
    axis %= nd
    if broadcast:
        shape = _list(t.shape)
        shape[axis] = idx.shape[axis]
        if any(t.shape[i] < idx.shape[i] for i in range(nd)):
            shape = _list(idx.shape)
        try:
            idx = idx.expand(shape)
            shape = _list(shape)
            shape[axis] = t.shape[axis]
            t = t.expand(shape)
        except RuntimeError as e:
            raise ValueError(f"(InvalidArgument) take_along_axis: cannot broadcast 'indices' and 'arr': {e}") from None
    return wrap(torch.gather(t, axis, idx.to(torch.int64)))


_REDUCE = {"add": "sum", "mul": "prod", "multiply": "prod", "mean": "mean", "amin": "amin", "amax": "amax"}


def put_along_axis(arr, indices, values, axis, reduce="assign", include_self=True, broadcast=True):
    try:
        t = arr._t
    except AttributeError:
        raise _not_tensor("put_along_axis", "arr", 0, arr) from None
    _kcheck(t, "put_along_axis")
    idx = _index_t(indices, "put_along_axis", "indices")
    if t.dim() != idx.dim():
        raise ValueError("`indices` and `arr` must have the same number of dimensions!")
    nd = t.dim()
    axis = _int(axis)
    if not -nd <= axis < nd:
        raise AssertionError(f"'axis'  must be in the range of [-{nd}, {nd})")
    axis %= nd
    v = values._t if isinstance(values, Tensor) else to_torch(values)
    if isinstance(values, Tensor) and v.dtype is not t.dtype:
        raise errors.dtype_mismatch(t.dtype, v.dtype)
    if broadcast:
        shape = _list(t.shape)
        shape[axis] = idx.shape[axis]
        try:
            if not any(t.shape[i] < idx.shape[i] for i in range(nd)):
                idx = idx.expand(shape)
            v = v.expand(idx.shape)
        except RuntimeError as e:
            raise ValueError(f"(InvalidArgument) put_along_axis: cannot broadcast 'indices'/'values': {e}") from None
    elif v.numel() == 1:
        v = v.reshape([1] * nd).expand(idx.shape)
    if v.dtype is not t.dtype:
        v = v.to(t.dtype)
    idx = idx.to(torch.int64)
    if reduce == "assign":
        return wrap(torch.scatter(t, axis, idx, v))
    r = _REDUCE.get(reduce)
    if r is None:
        raise ValueError(
            f"(InvalidArgument) can not support reduce: '{reduce}' for scatter kernel, only support reduce op: "
            "'add', 'assign', 'mul', 'mean', 'amin', 'amax' and 'multiply', the default reduce op is 'assign' "
        )
    return wrap(torch.scatter_reduce(t, axis, idx, v, r, include_self=include_self))


def put_along_axis_(arr, indices, values, axis, reduce="assign", include_self=True):
    _check_inplace(arr)
    out = put_along_axis(arr, indices, values, axis, reduce, include_self)
    arr._t.copy_(out._t)
    return arr


def index_add(x, index, axis, value, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("index_add", "x", 0, x) from None
    _kcheck(t, "index_add")
    idx = _index_t(index, "index_add")
    axis = _axis(axis, t.dim())
    try:
        v = value._t
    except AttributeError:
        raise _not_tensor("index_add", "value", 3, value) from None
    if v.dtype is not t.dtype:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({str(t.dtype)[6:]}) does not match the "
            f"type of data ({str(v.dtype)[6:]}) currently contained in the container."
        )
    return wrap(torch.index_add(t, axis, idx, v))


def index_add_(x, index, axis, value, name=None):
    _check_inplace(x)
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("index_add_", "x", 0, x) from None
    idx = _index_t(index, "index_add_")
    t.index_add_(_axis(axis, t.dim()), idx, value._t)
    return x


def _index_put_indices(indices):
    return tuple(i._t if isinstance(i, Tensor) else to_torch(i) for i in indices)


def index_put(x, indices, value, accumulate=False, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("index_put", "x", 0, x) from None
    v = value._t if isinstance(value, Tensor) else to_torch(value)
    if v.dtype is not t.dtype:
        v = v.to(t.dtype)
    return wrap(t.index_put(_index_put_indices(indices), v, accumulate=accumulate))


def index_put_(x, indices, value, accumulate=False, name=None):
    _check_inplace(x)
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("index_put_", "x", 0, x) from None
    v = value._t if isinstance(value, Tensor) else to_torch(value)
    if v.dtype is not t.dtype:
        v = v.to(t.dtype)
    t.index_put_(_index_put_indices(indices), v, accumulate=accumulate)
    return x


def index_fill(x, index, axis, value, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("index_fill", "x", 0, x) from None
    idx = _index_t(index, "index_fill")
    v = value._t.reshape(()) if isinstance(value, Tensor) else value
    return wrap(torch.index_fill(t, _axis(axis, t.dim()), idx.to(torch.int64), v))


def index_fill_(x, index, axis, value, name=None):
    _check_inplace(x)
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("index_fill_", "x", 0, x) from None
    idx = _index_t(index, "index_fill_")
    v = value._t.reshape(()) if isinstance(value, Tensor) else value
    t.index_fill_(_axis(axis, t.dim()), idx.to(torch.int64), v)
    return x


def masked_fill(x, mask, value, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("masked_fill", "x", 0, x) from None
    _kcheck(t, "masked_fill")
    try:
        m = mask._t
    except AttributeError:
        raise _not_tensor("masked_fill", "mask", 1, mask) from None
    if m.dtype is not torch.bool:  # Paddle 2.6 takes any mask dtype (non-zero = True)
        m = m != 0
    v = value._t.reshape(()).to(t.dtype) if isinstance(value, Tensor) else value
    if isinstance(v, str):  # Paddle converts the value with float()
        v = float(v)
    try:
        shape = torch.broadcast_shapes(t.shape, m.shape)
    except RuntimeError:
        raise errors.broadcast_mismatch(t.shape, m.shape) from None
    if t.shape != shape:
        t = t.expand(shape)
    return wrap(torch.where(m, v, t) if isinstance(v, torch.Tensor) else t.masked_fill(m, v))


def masked_fill_(x, mask, value, name=None):
    _check_inplace(x)
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("masked_fill_", "x", 0, x) from None
    v = value._t.reshape(()).to(t.dtype) if isinstance(value, Tensor) else value
    t.masked_fill_(mask._t, v)
    return x


def select_scatter(x, values, axis, index, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("select_scatter", "x", 0, x) from None
    axis = _axis(axis, t.dim())
    try:
        v = values._t
    except AttributeError:
        raise _not_tensor("select_scatter", "values", 1, values) from None
    if v.dtype is not t.dtype:
        v = v.to(t.dtype)
    return wrap(torch.select_scatter(t, v, axis, _int(index)))


def diagonal_scatter(x, y, offset=0, axis1=0, axis2=1, name=None):
    _check_diagonal_operand(x._t, y, offset, axis1, axis2)
    return wrap(torch.diagonal_scatter(x._t, y._t, int(offset), int(axis1), int(axis2)))


# --- uniqueness ----------------------------------------------------------------------------------
def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None, dtype="int64", name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("unique", "x", 0, x) from None
    _kcheck(t, "unique")
    for pos, v in ((2, return_index), (3, return_inverse), (4, return_counts)):
        _bool_arg("unique", pos, v)
    idt = to_torch_dtype(dtype)
    if idt not in (torch.int32, torch.int64):
        raise NotImplementedError(f"(Unimplemented) Not supported {dtype} as the index data type of unique.")
    if axis is None:
        flat = t.reshape(-1)
        out, inverse, counts = torch.unique(flat, sorted=True, return_inverse=True, return_counts=True)
        dim = 0
    else:
        dim = _axis(axis, t.dim())
        flat = t
        out, inverse, counts = torch.unique(t, sorted=True, return_inverse=True, return_counts=True, dim=dim)
    res = [wrap(out)]
    if return_index:
        n = flat.shape[dim]
        first = torch.full((out.shape[dim],), n, dtype=torch.int64, device=t.device)
        first = first.scatter_reduce(0, inverse, torch.arange(n, device=t.device), "amin", include_self=True)
        res.append(wrap(first.to(idt)))
    if return_inverse:
        res.append(wrap(inverse.to(idt)))
    if return_counts:
        res.append(wrap(counts.to(idt)))
    return res[0] if len(res) == 1 else tuple(res)


def unique_consecutive(x, return_inverse=False, return_counts=False, axis=None, dtype="int64", name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("unique_consecutive", "x", 0, x) from None
    _kcheck(t, "unique_consecutive")
    idt = to_torch_dtype(dtype)
    if idt not in (torch.int32, torch.int64):
        raise TypeError(f"The data type of 'dtype' in unique_consecutive must be int32 or int64, but received {dtype}.")
    if axis is None:
        out, inverse, counts = torch.unique_consecutive(t.reshape(-1), return_inverse=True, return_counts=True)
    else:
        out, inverse, counts = torch.unique_consecutive(
            t, return_inverse=True, return_counts=True, dim=_axis(axis, t.dim())
        )
    res = [wrap(out)]
    if return_inverse:
        res.append(wrap(inverse.to(idt)))
    if return_counts:
        res.append(wrap(counts.to(idt)))
    return res[0] if len(res) == 1 else tuple(res)


# --- Tensor-only fills ---------------------------------------------------------------------------
def tolist(x):
    return x.tolist()


def fill_(x, value):
    _check_inplace(x)
    if not isinstance(value, (bool, int, float, np.number)):
        raise TypeError(f"The type of 'value'  must be int or float, but received {type(value)}.")
    x._t.fill_(value)
    return x


def zero_(x):
    _check_inplace(x)
    x._t.zero_()
    return x


def fill_diagonal_(x, value, offset=0, wrap=False, name=None):  # noqa: A002 - Paddle's argument name
    _check_inplace(x)
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("fill_diagonal_", "x", 0, x) from None
    if t.dim() < 2:
        raise AssertionError("Tensor dims should >= 2 in fill_diagonal_ API")
    if t.dim() > 2 and len(set(t.shape)) != 1:
        raise AssertionError("Tensor dims should be equal while input dims > 2 in fill_diagonal_ API")
    if t.dim() == 2:
        rows, cols = t.shape
        n = rows if wrap else min(rows, cols)
        flat = t.view(-1) if t.is_contiguous() else None
        if flat is not None and offset == 0:
            step = cols + 1
            end = rows * cols if wrap else min(rows, cols) * cols
            flat[:end:step] = value
        else:
            for i in range(n):
                j = i + offset
                if 0 <= j < cols and i < rows:
                    t[i, j] = value
    else:
        idx = torch.arange(t.shape[0], device=t.device)
        t[(idx,) * t.dim()] = value
    return x


def _check_diagonal_operand(t, y, offset, dim1, dim2):
    """Paddle's Python checks of fill_diagonal_tensor(_)/diagonal_scatter: axes in range, x at least 2-D, y shaped
    as the diagonal (the other dimensions, then the diagonal's length)."""
    rank = t.dim()
    if not -rank <= dim1 < rank:
        raise AssertionError("dim1 should between [-rank,rank) in fill_diagonal_tensor_")
    if not -rank <= dim2 < rank:
        raise AssertionError("dim2 should between [-rank,rank) in fill_diagonal_tensor_")
    if rank < 2:
        raise AssertionError("Tensor dims should >= 2 in fill_diagonal_tensor_")
    dim1, dim2 = dim1 % rank, dim2 % rank
    shape = list(t.shape)
    expected = [n for i, n in enumerate(shape) if i != dim1 and i != dim2]
    expected.append(min(shape[dim1], shape[dim1] + offset, shape[dim2], shape[dim2] - offset))
    if expected != list(y.shape):
        raise AssertionError(f"the y shape should be {expected}")


def fill_diagonal_tensor(x, y, offset=0, dim1=0, dim2=1, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("fill_diagonal_tensor", "x", 0, x) from None
    _check_diagonal_operand(t, y, offset, dim1, dim2)
    return wrap(torch.diagonal_scatter(t, y._t.to(t.dtype), int(offset), int(dim1), int(dim2)))


def fill_diagonal_tensor_(x, y, offset=0, dim1=0, dim2=1, name=None):
    _check_inplace(x)
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("fill_diagonal_tensor_", "x", 0, x) from None
    _check_diagonal_operand(t, y, offset, dim1, dim2)
    torch.diagonal(t, int(offset), int(dim1), int(dim2)).copy_(y._t)
    return x
