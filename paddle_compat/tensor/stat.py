"""Paddle's ``paddle/tensor/stat.py``: mean, numel, median, nanmedian, quantile, nanquantile, std, var."""

import numpy as np
import torch

from .._core import Tensor, errors, wrap
from ._pyargs import bool_arg
from .math import FI, F, _axes, _bad_dtype, _keep_all, _tt, mean

_f32, _f64 = torch.float32, torch.float64


def numel(x, name=None):
    try:
        n = x._t.numel()
    except AttributeError:
        raise errors.not_tensor("numel", "x", 0, x) from None
    return wrap(torch.tensor(n, dtype=torch.int64))


def _duplicated_axes(axis, nd):
    """Paddle's reduce kernels compute from uninitialised memory when an axis is listed twice (values vary run
    to run); we refuse such an axis list instead."""
    seen = set()
    for a in axis:
        if type(a) is int and nd:
            a %= nd
        if a in seen:
            raise ValueError(f"(InvalidArgument) Attr(axes) has duplicated elements: {a}.")
        seen.add(a)


def var(x, axis=None, unbiased=True, keepdim=False, name=None):
    t = _tt(x, "var", "x")
    if t.dtype not in F:
        if t.dtype in (torch.int32, torch.int64):
            raise ValueError(f"(InvalidArgument) var: the input 'x' must be a floating Tensor, but got {x.dtype}")
        _bad_dtype("var", t)
    if not t.numel():
        raise ValueError("(InvalidArgument) Tensor need be reduced must not empty.")
    if type(keepdim) is not bool:
        keepdim = bool_arg("sum", 4, keepdim)  # Paddle's var reduces with its sum op
    if isinstance(axis, (list, tuple)):
        _duplicated_axes(axis, t.dim())
    dim = _axes(axis, t.dim())
    if dim is None:
        dim = tuple(range(t.dim()))
    u = torch.mean(t, dim, True) if t.dim() else t
    out = torch.sum((t - u) ** 2, dim, keepdim) if t.dim() else (t - u) ** 2
    n = t.numel() / builtins_max(out.numel(), 1)
    if unbiased:
        n = n - 1.0 if n > 1 else 1.0
    return wrap(out / n)


def builtins_max(a, b):
    return a if a > b else b


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    return wrap(torch.sqrt(var(x, axis, unbiased, keepdim)._t))


def median(x, axis=None, keepdim=False, name=None):
    if not isinstance(x, Tensor):
        raise TypeError("In median, the input x should be a Tensor.")
    t = _tt(x, "median", "x")
    if t.numel() == 0:
        raise ValueError("In median, the size of input x should not be 0.")
    if t.dtype not in F and t.dtype not in (torch.int32, torch.int64):
        _bad_dtype("median", t)
    dims = t.dim()
    flat = axis is None
    if dims == 0:
        if axis not in (-1, 0, None):
            raise AssertionError("when input 0-D, axis can only be [-1, 0] or default None")
        flat = True
    if flat:
        t = t.reshape(-1)
        axis = 0
    elif type(axis) is bool:  # passes Paddle's isinstance(axis, int), then its topk op refuses it
        raise errors.arg_type("topk", 3, "int", axis)
    else:
        if not isinstance(axis, int) or not -dims <= axis < dims:
            raise ValueError("In median, axis should be none or an integer in range [-rank(x), rank(x)).")
        axis %= dims
    odt = _f64 if t.dtype is _f64 else _f32
    sz = t.shape[axis]
    kth = sz >> 1
    s = torch.sort(t, axis).values
    if sz & 1 == 0:
        out = (s.narrow(axis, kth - 1, 1) + s.narrow(axis, kth, 1)).to(odt) / 2
    else:
        out = s.narrow(axis, kth, 1).to(odt)
    if t.is_floating_point():
        nan = torch.isnan(t).any(axis, keepdim=True)
        out = torch.where(nan, torch.full_like(out, float("nan")), out)
    if flat:
        out = out.reshape([1] * dims if keepdim else [])
    elif not keepdim:
        out = out.squeeze(axis)
    return wrap(out)


def nanmedian(x, axis=None, keepdim=False, name=None):
    if not isinstance(x, Tensor):
        raise TypeError("In median, the input x should be a Tensor.")
    if isinstance(axis, (list, tuple)) and len(axis) == 0:
        raise ValueError("Axis list should not be empty.")
    t = _tt(x, "nanmedian", "x")
    if t.dtype not in FI:
        _bad_dtype("nanmedian", t)
    if not t.numel():
        raise ValueError(
            f"(InvalidArgument) The input Tensor x's shape[-1] should not be 0, but shape is {list(t.shape)} now."
        )
    nd = t.dim()
    if axis is None:
        axes = list(range(nd))
    else:
        if type(axis) is bool or isinstance(axis, (list, tuple)):
            axes = [axis] if type(axis) is bool else list(axis)
            for i, a in enumerate(axes):
                if type(a) is not int and not isinstance(a, np.integer):
                    raise errors.arg_type("nanmedian", 2, "list of int", a, at=i)
            _duplicated_axes(axes, nd)
        elif type(axis) is int or isinstance(axis, np.integer):
            axes = [int(axis)]
        else:
            raise errors.arg_type("nanmedian", 2, "list or int", axis)
        for a in axes:
            if not -builtins_max(nd, 1) <= a < builtins_max(nd, 1):
                raise ValueError(f"(InvalidArgument) nanmedian: axis {a} out of range for a {nd}-D input")
        axes = [a % nd for a in axes] if nd else []
    rest = [d for d in range(nd) if d not in axes]
    perm = rest + axes
    y = t.permute(perm) if nd else t
    lead = [t.shape[d] for d in rest]
    y = y.reshape(lead + [-1])
    if t.is_floating_point():
        nanmask = torch.isnan(y)
        cnt = (~nanmask).sum(-1, keepdim=True)
        big = torch.where(nanmask, torch.full_like(y, float("inf")), y)
        s = torch.sort(big, -1).values
    else:
        cnt = torch.full(lead + [1], y.shape[-1], dtype=torch.int64)
        s = torch.sort(y, -1).values
    lo = torch.clamp((cnt - 1) // 2, min=0)
    hi = torch.clamp(cnt // 2, min=0)
    a = torch.gather(s, -1, lo)
    b = torch.gather(s, -1, hi)
    if t.is_floating_point():
        out = (a + b) / 2
        out = torch.where(cnt == 0, torch.full_like(out, float("nan")), out)
    else:
        out = ((a + b) / 2).to(t.dtype)
    out = out.squeeze(-1)
    if keepdim:
        shape = [1 if d in axes else t.shape[d] for d in range(nd)]
        out = out.reshape(shape)
    return wrap(out)


def _quantile(x, q, axis, keepdim, ignore_nan):
    if not isinstance(x, Tensor):
        raise TypeError("input x should be a Tensor.")
    t = x._t
    if t.dtype not in FI:
        _bad_dtype("sort" if not t.is_floating_point() else "quantile", t)
    if not t.numel():
        raise ValueError("(InvalidArgument) Tensor need be reduced must not empty.")
    if isinstance(q, (int, float)):
        q = [q]
    elif isinstance(q, (list, tuple)):
        if len(q) <= 0:
            raise ValueError("q should not be empty")
    else:
        raise TypeError("Type of q should be int, float, list or tuple.")
    dims = t.dim()
    out_shape = list(t.shape)
    if axis is None:
        t = t.reshape(-1)
        axis = 0
        out_shape = [1] * dims
    elif isinstance(axis, list):
        src = []
        for a in axis:
            if not isinstance(a, int) or not -dims <= a < dims:
                raise ValueError("Axis should be None, int, or a list, element should in range [-rank(x), rank(x)).")
            a %= dims
            src.append(a)
            out_shape[a] = 1
        dst = list(range(-len(axis), 0))
        t = torch.movedim(t, src, dst)
        if not dst:
            t = t.reshape(-1)
            axis = 0
        else:
            t = t.flatten(dst[0] % t.dim(), t.dim() - 1)
            axis = t.dim() - 1
    else:
        if not isinstance(axis, int) or not -dims <= axis < dims:
            raise ValueError("Axis should be None, int, or a list, element should in range [-rank(x), rank(x)).")
        axis %= dims
        out_shape[axis] = 1
    mask = torch.isnan(t)
    valid = (~mask).sum(axis, keepdim=True, dtype=_f64)
    s = torch.sort(t, axis).values
    outs = []
    for qn in q:
        if not 0 <= qn <= 1:  # also refuses NaN (real Paddle crashes on q=nan)
            raise ValueError("q should be in range [0, 1]")
        index = qn * (valid - 1)
        if not ignore_nan:
            last = float(t.shape[axis] - 1)
            index = torch.where(mask.any(axis, keepdim=True), torch.full_like(index, last), index)
        below = torch.floor(index).to(torch.int64)
        upper = torch.ceil(index).to(torch.int64)
        if ignore_nan:
            below = torch.clamp(below, min=0)
            upper = torch.clamp(upper, min=0)
        tu = torch.take_along_dim(s, upper, axis).to(_f64)
        tb = torch.take_along_dim(s, below, axis).to(_f64)
        w = index - below.to(_f64)
        out = tb + w * (tu - tb)
        out = out.reshape(out_shape) if keepdim else out.squeeze(axis)
        outs.append(out)
    return wrap(torch.stack(outs, 0) if len(q) > 1 else outs[0])


def quantile(x, q, axis=None, keepdim=False):
    return _quantile(x, q, axis, keepdim, False)


def nanquantile(x, q, axis=None, keepdim=False):
    return _quantile(x, q, axis, keepdim, True)


_ = _keep_all

TENSOR_METHODS = ("mean", "std", "var", "numel", "median", "nanmedian", "quantile", "nanquantile")

__all__ = ["mean", "numel", "median", "nanmedian", "quantile", "nanquantile", "std", "var"]
