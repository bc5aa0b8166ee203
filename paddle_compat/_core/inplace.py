"""Paddle's in-place API contract, shared by every ``op_`` of tensor/*.py (one copy instead of one per module)."""

import warnings

import torch

from . import errors

_static_mode = None  # framework.program._Mode, bound on first use (framework imports this package)


def static_out_of_place(api, origin):
    """True in static graph mode, after Paddle's warning: there its in-place shape APIs are ``origin``, out of
    place (Paddle's inplace_apis_in_dygraph_only)."""
    global _static_mode
    if _static_mode is None:
        from ..framework.program import _Mode

        _static_mode = _Mode
    if not _static_mode.static:
        return False
    warnings.warn(f"In static graph mode, {api}() is the same as {origin}() and does not perform inplace operation.")
    return True


def check_leaf(x):
    """Paddle refuses an in-place op on a leaf that requires grad (ValueError naming it); non-leaves are
    recorded by autograd."""
    t = x._t
    if t.requires_grad and t.is_leaf:
        raise errors.inplace_leaf(x.name)


def write(x, r, check_leaf=True):
    """Write result ``r`` (a torch tensor) into Tensor ``x`` and return ``x``: copied into x's storage when the
    shape and dtype agree (views of x see it), otherwise x is rebound to ``r``."""
    t = x._t
    if t.shape == r.shape and t.dtype == r.dtype:
        if check_leaf and t.requires_grad and t.is_leaf and torch.is_grad_enabled():
            raise errors.inplace_leaf()
        if r.requires_grad:
            x._t = r
        else:
            t.copy_(r)
    else:
        x._t = r
    return x


def write_same_shape(x, r, check_leaf=True):
    """``write`` for a broadcasting binary op: the result must keep x's shape (ValueError otherwise) and is
    cast to x's dtype."""
    if r.shape != x._t.shape:
        raise errors.inplace_shape(r.shape, x._t.shape)
    return write(x, r.to(x._t.dtype), check_leaf)


def rebind_same_shape(x, r):
    """In-place comparison: the result must keep x's shape; x is re-typed as the (bool) result, as Paddle does."""
    if r.shape != x._t.shape:
        raise errors.inplace_shape(r.shape, x._t.shape)
    x._t = r
    return x


def copy_same_shape(x, r):
    """In-place logical/bitwise op: the result must keep x's shape and is copied into x's storage."""
    t = x._t
    if r.shape != t.shape:
        raise errors.inplace_shape(r.shape, t.shape)
    with torch.no_grad():
        t.copy_(r)
    return x
