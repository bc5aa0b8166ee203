"""``paddle.tensor.search``: sorting, arg-reductions, selection and searching."""

import numpy as np
import torch

from .._core import Tensor, errors, to_torch, wrap
from .._core.dtypes import to_torch_dtype
from ._pyargs import bool_arg, int_arg
from .manipulation import _UNREGISTERED, _check_inplace, _kcheck, _not_tensor

_new = object.__new__  # hot paths build the result Tensor inline: one Python call less than wrap()
_VF = torch._C._VariableFunctions
_TBOOL = torch.bool

__all__ = [
    "where", "where_", "mode", "argmax", "sort", "searchsorted", "bucketize", "topk", "index_select", "argmin",
    "index_sample", "argsort", "masked_select", "nonzero", "kthvalue",
]

TENSOR_METHODS = (
    "kthvalue", "argmax", "argmin", "argsort", "masked_select", "topk", "top_p_sampling", "where", "where_",
    "index_select", "nonzero", "sort", "index_sample", "mode", "bucketize",
)


def _axis(axis, nd, api):
    if isinstance(axis, Tensor):
        axis = int(axis._t.item())
    elif isinstance(axis, (str, float, bool, list, tuple)) or axis is None:
        raise ValueError(f"(InvalidArgument) {api}(): argument 'axis' must be int, but got {type(axis).__name__}")
    n = max(nd, 1)
    if not -n <= axis < n:
        raise ValueError(
            f"(InvalidArgument) 'axis'({axis}) must be in the range of [{-n}, {n}) for the input of {api}, "
            f"whose rank is {nd}."
        )
    return axis + n if axis < 0 else axis


def _index_dtype(dtype, api):
    d = to_torch_dtype(dtype)
    if d not in (torch.int32, torch.int64):
        raise ValueError(
            f"(InvalidArgument) The attribute of dtype in argmin/argmax must be [int32] or [int64], but received "
            f"[{dtype}]"
        )
    return d


def _grad_outs(x, v, i):
    """Wrap the values ``v`` and integer indices ``i`` of a differentiable op (sort, topk, ...).

    Paddle marks every output of such an op stop_gradient=False when grad mode is on and x has
    stop_gradient=False, integer ones included; torch cannot track integers, so that flag is kept in
    the ``_sg`` slot. (argmax/argmin/nonzero/where(cond)/compares have no gradient: True in Paddle.)
    """
    rv = _new(Tensor)
    rv._t = v
    ri = _new(Tensor)
    ri._t = i
    if v.requires_grad:
        ri._sg = False
    elif getattr(x, "_sg", True) is False and torch.is_grad_enabled():  # an int x the user flagged
        rv._sg = ri._sg = False
    return rv, ri


def _argreduce(fn, api, x, axis, keepdim, dtype):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor(api, "x", 0, x) from None
    d = torch.int64 if dtype == "int64" else _index_dtype(dtype, api)
    _kcheck(t, api)
    if not t.numel():
        raise ValueError("(InvalidArgument) argmin/argmax input numel must > 0, bug got 0")
    if type(axis) is bool:  # Paddle's Python passes a bool axis on as an int
        axis = int(axis)
    if axis is None:
        out = fn(t.reshape(-1))
        if keepdim is not False and keepdim is not None:  # Paddle reads None as False
            if keepdim is not True and not isinstance(keepdim, np.bool_):
                raise ValueError(
                    f"(InvalidArgument) {api}(): argument 'keepdim' must be bool, but got {type(keepdim).__name__}"
                )
            if keepdim:
                out = out.reshape([1] * t.dim())
        return wrap(out.to(d))
    nd = t.dim()
    if type(axis) is not int or not -nd <= axis < nd:
        if not isinstance(axis, (int, Tensor)):
            raise TypeError(f"The type of 'axis'  must be int or Tensor or None in {api}, but received {type(axis)}.")
        axis = _axis(axis, nd, api)
    if nd == 0:
        return wrap(torch.zeros((), dtype=d, device=t.device))
    out = fn(t, axis, keepdim)
    return wrap(out if d is torch.int64 else out.to(d))


_ARGMAX_UNREG = _UNREGISTERED["argmax"]
_ARGMIN_UNREG = _UNREGISTERED["argmin"]


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None):
    if type(axis) is int and dtype == "int64":
        try:  # fast path: an in-range int axis of a >= 1-D tensor; Paddle's checks and messages in _argreduce
            t = x._t
            nd = t.dim()
            if nd and -nd <= axis < nd and t.dtype not in _ARGMAX_UNREG:
                r = _new(Tensor)
                r._t = _VF.argmax(t, axis, keepdim)
                return r
        except (AttributeError, RuntimeError, IndexError):
            pass
    return _argreduce(torch.argmax, "argmax", x, axis, keepdim, dtype)


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None):
    if type(axis) is int and dtype == "int64":
        try:  # fast path: as argmax's
            t = x._t
            nd = t.dim()
            if nd and -nd <= axis < nd and t.dtype not in _ARGMIN_UNREG:
                return wrap(torch.argmin(t, axis, keepdim))
        except (AttributeError, RuntimeError, IndexError):
            pass
    return _argreduce(torch.argmin, "argmin", x, axis, keepdim, dtype)


def _sort_args(api, x, axis, descending):
    """x's torch tensor, the axis and the descending flag of sort/argsort, checked as Paddle's argsort op does."""
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor(api, "x", 0, x) from None
    _kcheck(t, api)
    if type(descending) is not bool:
        descending = bool_arg("argsort", 3, descending)  # Paddle's sort runs its argsort op
    return t, _axis(axis, t.dim(), api), descending


def argsort(x, axis=-1, descending=False, name=None):
    t, axis, descending = _sort_args("argsort", x, axis, descending)
    if t.dim() == 0:
        return _grad_outs(x, t, torch.zeros((), dtype=torch.int64, device=t.device))[1]
    return _grad_outs(x, *torch.sort(t, dim=axis, descending=descending, stable=True))[1]


def sort(x, axis=-1, descending=False, name=None):
    t, axis, descending = _sort_args("sort", x, axis, descending)
    if t.dim() == 0:
        v = t.clone()
    else:
        v = torch.sort(t, dim=axis, descending=descending, stable=True)[0]
    if not v.requires_grad and getattr(x, "_sg", True) is False and torch.is_grad_enabled():
        r = wrap(v)
        r._sg = False  # an int x the user flagged stop_gradient=False: Paddle keeps the flag (see _grad_outs)
        return r
    return wrap(v)


def topk(x, k, axis=None, largest=True, sorted=True, name=None):  # noqa: A002 - Paddle's name
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("topk", "x", 0, x) from None
    _kcheck(t, "topk")
    if isinstance(k, Tensor):
        k = int(k._t.item())
    elif k is None or not isinstance(k, (int, float, str, np.number)):
        raise errors.arg_type("topk", 2, "int, float, bool or Tensor", k)
    else:
        k = int(k)
    if axis is not None and type(axis) is not int:
        axis = int_arg("topk", 3, axis)
    if type(largest) is not bool:
        largest = bool_arg("topk", 4, largest)
    if type(sorted) is not bool:
        bool_arg("topk", 5, sorted)
    axis = t.dim() - 1 if axis is None else _axis(axis, t.dim(), "topk")
    if t.dim() == 0:
        return _zero_d_k(x, t, k, f"(InvalidArgument) the k of topk must be 1 for a 0-D input, but received {k}")
    n = t.shape[axis]
    if not 1 <= k <= n:
        raise ValueError(
            f"(InvalidArgument) The k ({k}) of topk must be in the range [1, {n}] of the input's dimension {axis}."
        )
    # torch.topk's order among equal values differs; a stable sort reproduces Paddle's (first index wins).
    v, i = torch.sort(t, dim=axis, descending=largest, stable=True)
    return _grad_outs(x, v.narrow(axis, 0, k), i.narrow(axis, 0, k))


def _zero_d_k(x, t, k, message):
    """topk/kthvalue of a 0-D input: only k == 1, which gives the value itself and index 0."""
    if k != 1:
        raise ValueError(message)
    return _grad_outs(x, t.clone(), torch.zeros((), dtype=torch.int64, device=t.device))


def kthvalue(x, k, axis=None, keepdim=False, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("kthvalue", "x", 0, x) from None
    _kcheck(t, "kthvalue")
    if type(k) is not int:
        k = int_arg("kthvalue", 2, k)
    axis = t.dim() - 1 if axis is None else _axis(axis, t.dim(), "kthvalue")
    if t.dim() == 0:
        return _zero_d_k(x, t, k, f"(InvalidArgument) the k in kthvalue must be 1 for a 0-D input, but received {k}")
    n = t.shape[axis]
    k = int(k)
    if not 1 <= k <= n:
        raise ValueError(f"(InvalidArgument) the k in the kthvalue must less equal than the elemenents number of "
                         f"the input X, but received {k} .")
    return _grad_outs(x, *torch.kthvalue(t, k, axis, keepdim))


def mode(x, axis=-1, keepdim=False, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("mode", "x", 0, x) from None
    _kcheck(t, "mode")
    if not t.numel():
        raise ValueError("(InvalidArgument) The dims of Input(X) should be greater than 0.")
    axis = _axis(axis, t.dim(), "mode")
    if t.dim() == 0:
        return _grad_outs(x, t.clone(), torch.zeros((), dtype=torch.int64, device=t.device))
    return _grad_outs(x, *torch.mode(t, axis, keepdim))


def _full_for_where(v):
    return torch.tensor([v], dtype=torch.from_numpy(np.array([v])).dtype)


_WHERE_UNREG = _UNREGISTERED["where"]


def where(condition, x=None, y=None, name=None):
    try:  # fast path: bool condition, same-dtype Tensors x and y; Paddle's checks and promotions come below
        c, xt, yt = condition._t, x._t, y._t
    except AttributeError:
        pass
    else:
        d = xt.dtype
        if c.dtype is _TBOOL and d is yt.dtype and d not in _WHERE_UNREG:
            r = _new(Tensor)
            try:
                r._t = _VF.where(c, xt, yt)
                return r
            except RuntimeError:  # shapes that do not broadcast: Paddle's error below
                pass
    if x is None and y is None:
        return nonzero(condition, as_tuple=True)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    try:
        c = condition._t
    except AttributeError:  # Paddle's where reads condition.shape first, then its C op checks the type
        if hasattr(condition, "shape"):
            raise _not_tensor("where", "condition", 0, condition) from None
        raise AttributeError(f"'{type(condition).__name__}' object has no attribute 'shape'") from None
    xt = x._t if isinstance(x, Tensor) else _full_for_where(x)
    yt = y._t if isinstance(y, Tensor) else _full_for_where(y)
    for other in (xt, yt):
        try:
            torch.broadcast_shapes(c.shape, other.shape)
        except RuntimeError:
            raise errors.broadcast_mismatch(c.shape, other.shape) from None
    if xt.dtype is not yt.dtype:
        xf = xt.is_floating_point() or xt.is_complex()
        yf = yt.is_floating_point() or yt.is_complex()
        if xf and yf:
            d = torch.promote_types(xt.dtype, yt.dtype)
            xt, yt = xt.to(d), yt.to(d)
        else:
            raise ValueError(
                f"(InvalidArgument) where: the dtypes of 'x' ({str(xt.dtype)[6:]}) and 'y' ({str(yt.dtype)[6:]}) "
                "must be the same."
            )
    _kcheck(xt, "where")
    if c.dtype is not torch.bool:
        raise errors.dtype_mismatch(c.dtype, torch.bool)
    return wrap(torch.where(c, xt, yt))


def where_(condition, x=None, y=None, name=None):
    _check_inplace(x)
    out = where(condition, x, y)._t
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("where_", "x", 1, x) from None
    if list(out.shape) != list(t.shape):
        raise ValueError(
            f"The shape of broadcast output {list(out.shape)} is different from that of inplace tensor "
            f"{list(t.shape)} in the Inplace operation."
        )
    t.copy_(out)
    return x


def nonzero(x, as_tuple=False):
    try:
        t = x._t
    except AttributeError:  # Paddle reads x.shape first, then its C op checks the type
        if hasattr(x, "shape"):
            raise _not_tensor("nonzero", "condition", 0, x) from None
        raise AttributeError(f"'{type(x).__name__}' object has no attribute 'shape'") from None
    _kcheck(t, "nonzero")
    if t.dim() == 0:
        raise ValueError("(InvalidArgument) Input(Condition) should have number of dimension at least 1")
    idx = torch.nonzero(t)
    if not as_tuple:
        return wrap(idx)
    return tuple(wrap(idx[:, i:i + 1]) for i in range(t.dim()))


def index_select(x, index, axis=0, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("index_select", "x", 0, x) from None
    if not isinstance(index, Tensor):
        raise _not_tensor("index_select", "index", 1, index)
    idx = index._t
    if idx.dtype not in (torch.int32, torch.int64):
        raise ValueError(
            f"(InvalidArgument) Input(Index) holds the wrong type, it holds {str(idx.dtype)[6:]}, but desires to be "
            "int32 or int64"
        )
    _kcheck(t, "index_select")
    nd = t.dim()
    if type(axis) is int and not -max(nd, 1) <= axis < max(nd, 1):
        raise IndexError(f"(OutOfRange) Attr(dim) is out of range, It's expected to be in range of [{-nd}, {nd - 1}]. "
                         f"But received Attr(dim) = {axis}.")
    axis = _axis(axis, nd, "index_select")
    if idx.dim() == 2 and idx.shape[1] == 1:  # Paddle also takes an [N, 1] index
        idx = idx.reshape(-1)
    if idx.dim() == 1 and not idx.shape[0]:
        raise ValueError("(InvalidArgument) The length of Input(Index) can't be 0.")
    if idx.dim() != 1:
        raise ValueError(
            f"(InvalidArgument) The 'shape' of Input(Index) must be 1-D tensor. But received: the 'shape' of "
            f"Input(Index) is [{', '.join(str(s) for s in idx.shape)}], the dimension of Input(Index) is "
            f"[{idx.dim()}]."
        )
    try:
        return wrap(torch.index_select(t, axis, idx))
    except (IndexError, RuntimeError) as e:
        raise ValueError(f"(InvalidArgument) index_select: index out of range: {e}") from None


def index_sample(x, index):
    t, idx = x._t, index._t
    _kcheck(t, "index_sample")
    if idx.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"The data type of 'index' in index_sample must be int32 or int64, but received {idx.dtype}.")
    if t.dim() != 2 or idx.dim() != 2:
        raise ValueError("(InvalidArgument) Inputs(X) and Inputs(Index) of index_sample must be 2-D.")
    if t.shape[0] != idx.shape[0]:
        raise ValueError(
            "(InvalidArgument) Inputs(X)'s value of dimension 0 must same with Inputs(Index)'s value of dimension 0."
        )
    return wrap(torch.gather(t, 1, idx.to(torch.int64)))


def masked_select(x, mask, name=None):
    t = x._t
    if not isinstance(mask, Tensor):
        raise _not_tensor("masked_select", "mask", 1, mask)
    m = mask._t
    _kcheck(t, "masked_select")
    if m.dtype is not torch.bool:
        raise errors.dtype_mismatch(m.dtype, torch.bool)
    try:
        return wrap(torch.masked_select(t, m))
    except RuntimeError as e:
        raise RuntimeError(f"(PreconditionNotMet) masked_select: 'x' and 'mask' cannot be broadcast: {e}") from None


def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None):
    try:
        s = sorted_sequence._t
    except AttributeError:
        raise _not_tensor("searchsorted", "sorted_sequence", 0, sorted_sequence) from None
    v = values._t if isinstance(values, Tensor) else to_torch(values)
    _kcheck(s, "searchsorted")
    if s.dim() > 1 and list(s.shape[:-1]) != list(v.shape[:-1]):
        raise RuntimeError(
            f"(Unavailable) The dimensions of sorted_sequence tensor ( {', '.join(map(str, s.shape))} ) and values "
            f"tensor ( {', '.join(map(str, v.shape))} ) can not match. Because the input sorted_sequence tensor must "
            "be 1 dimension or the first N-1 dimensions of sorted_sequence tensor and input values tensor must match. "
            "Please input appropriate sorted_sequence and values again!"
        )
    if v.dtype is not s.dtype:
        v = v.to(s.dtype)
    return wrap(torch.searchsorted(s, v, out_int32=out_int32, right=right))


def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None):
    try:
        s = sorted_sequence._t
    except AttributeError:
        raise _not_tensor("bucketize", "sorted_sequence", 1, sorted_sequence) from None
    if s.dim() != 1:
        raise ValueError(f"sorted_sequence tensor must be 1 dimension, but got dimension of {s.dim()}")
    return searchsorted(sorted_sequence, x, out_int32, right)


def top_p_sampling(x, ps, threshold=None, seed=None, name=None):
    raise RuntimeError(
        "(NotFound) The kernel `top_p_sampling` is not registered (Paddle provides it for GPU only; "
        "paddle-compat runs on CPU)."
    )
