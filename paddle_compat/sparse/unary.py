"""``paddle.sparse`` unary math and shape ops: applied to the stored values (the sparsity pattern and the order
of the entries kept, as Paddle's kernels do), or on the indices for transpose / reshape / slice / sum."""

import math

import torch

from .._core import dtypes, errors
from .._core.tensor import wrap
from ._base import (
    COO,
    CSR,
    FLAT_SUM_ATTR,
    INDEX_DTYPE_ATTR,
    coo,
    coo_indices,
    coo_values,
    csr,
    linear_keys,
    map_values,
    require_sparse,
    torch_of,
    unravel,
)

__all__ = ["sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh", "sqrt", "square", "log1p", "abs",
           "pow", "cast", "neg", "deg2rad", "rad2deg", "expm1", "isnan", "coalesce", "transpose", "sum", "reshape",
           "slice", "pca_lowrank"]


def _float_only(kernel, t):
    if not (t.dtype.is_floating_point or t.dtype.is_complex):
        layout = "csr" if t.layout is CSR else "coo"
        raise errors.kernel_not_registered(f"{kernel}_{layout}", t.dtype, (torch.float32, torch.float64))


def _unary(kernel, fn, floats_only=True):
    def op(x, name=None):
        t = torch_of(x)
        if floats_only:
            _float_only(kernel, t)
        return wrap(map_values(t, fn))

    op.__name__ = op.__qualname__ = kernel
    op.__doc__ = f"Element-wise ``{kernel}`` of the stored values of a SparseCooTensor / SparseCsrTensor."
    return op


sin = _unary("sin", torch.sin)
tan = _unary("tan", torch.tan)
asin = _unary("asin", torch.asin)
atan = _unary("atan", torch.atan)
sinh = _unary("sinh", torch.sinh)
tanh = _unary("tanh", torch.tanh)
asinh = _unary("asinh", torch.asinh)
atanh = _unary("atanh", torch.atanh)
sqrt = _unary("sqrt", torch.sqrt)
square = _unary("square", torch.square, floats_only=False)
log1p = _unary("log1p", torch.log1p)
abs = _unary("abs", torch.abs, floats_only=False)  # noqa: A001 - Paddle's name
expm1 = _unary("expm1", lambda v: torch.exp(v) - 1)  # Paddle's sparse kernel rounds as exp(x) - 1
neg = _unary("neg", torch.neg, floats_only=False)


def isnan(x, name=None):
    """Whether each stored value is NaN (bool values, same pattern)."""
    return wrap(map_values(torch_of(x), torch.isnan))


def pow(x, factor, name=None):  # noqa: A001 - Paddle's name
    """``values ** factor`` (``factor`` a Python number)."""
    t = torch_of(x)
    _float_only("pow", t)
    factor = float(factor)
    return wrap(map_values(t, lambda v: torch.pow(v, factor)))


def _to_float32_if_int(t):
    if t.dtype.is_floating_point:
        return t
    return map_values(t, lambda v: v.to(torch.float32))


def rad2deg(x, name=None):
    """``values * 180 / pi``; integer input gives float32, as in Paddle."""
    t = _to_float32_if_int(torch_of(x))
    return wrap(map_values(t, lambda v: v * (180.0 / math.pi)))


def deg2rad(x, name=None):
    """``values * pi / 180``; integer input gives float32, as in Paddle."""
    t = _to_float32_if_int(torch_of(x))
    return wrap(map_values(t, lambda v: v * (math.pi / 180.0)))


def cast(x, index_dtype=None, value_dtype=None, name=None):
    """Cast the values to ``value_dtype`` and the indices to ``index_dtype`` (an integer dtype: kept as the index
    dtype the accessors report, torch's COO indices being int64)."""
    t = torch_of(x)
    require_sparse(t, "cast")
    index_target = None if index_dtype is None else dtypes.to_torch_dtype(index_dtype)
    if index_target is not None and (index_target.is_floating_point or index_target.is_complex
                                     or index_target is torch.bool):
        raise NotImplementedError(
            f"paddle.sparse.cast: index_dtype={dtypes.dtype_name(index_dtype)} is not supported by paddle-compat: "
            "sparse indices must have an integer dtype."
        )
    if value_dtype is None:
        out = map_values(t, lambda v: v)
    else:
        target = dtypes.to_torch_dtype(value_dtype)
        out = map_values(t, lambda v: v.to(target))
    if index_target is not None:
        if index_target is torch.int64:
            out.__dict__.pop(INDEX_DTYPE_ATTR, None)
        else:
            setattr(out, INDEX_DTYPE_ATTR, index_target)
    return wrap(out)


def coalesce(x, name=None):
    """Sort the indices of a SparseCooTensor and sum the values of duplicate entries."""
    t = torch_of(x)
    if t.layout is not COO:
        raise NotImplementedError("(Unimplemented) The kernel of (coalesce) for input tensors is unimplemented, "
                                  "please check the type of input tensors.")
    return wrap(t.coalesce())


def _normalize_perm(perm, ndim):
    perm = [int(p) + ndim if int(p) < 0 else int(p) for p in perm]
    if len(perm) != ndim or sorted(perm) != list(range(ndim)):
        raise ValueError(f"(InvalidArgument) The perm {perm} of transpose is invalid for a {ndim}-D tensor.")
    return perm


def transpose(x, perm, name=None):
    """Permute the dimensions; a COO tensor keeps its entries' order, a CSR result is rebuilt row-major."""
    t = torch_of(x)
    require_sparse(t, "transpose")
    perm = _normalize_perm(perm, t.dim())
    shape = [t.shape[p] for p in perm]
    if t.layout is COO:
        sparse_dim = t.sparse_dim()
        if sorted(perm[:sparse_dim]) != list(range(sparse_dim)):
            raise NotImplementedError("paddle-compat: transpose cannot exchange sparse and dense dimensions of a "
                                      "hybrid SparseCooTensor")
        values = coo_values(t)
        if t.dense_dim():
            values = values.permute([0] + [p - sparse_dim + 1 for p in perm[sparse_dim:]])
        return wrap(coo(coo_indices(t)[perm[:sparse_dim]], values, shape))
    c = t.to_sparse_coo()
    moved = coo(c.indices()[perm], c.values(), shape).coalesce()
    return _coo_to_csr(moved)


def _coo_to_csr(c):
    """A (batched) torch CSR tensor from a coalesced 2-D / 3-D torch COO tensor."""
    from ..tensor.sparse_members import to_sparse_csr

    return to_sparse_csr(wrap(c))


def _target_shape(shape, old_shape):
    shape = [int(s) for s in shape]
    numel = 1
    for s in old_shape:
        numel *= int(s)
    out = [old_shape[i] if s == 0 else s for i, s in enumerate(shape)]
    if out.count(-1) > 1:
        raise ValueError("(InvalidArgument) Only one dimension value of 'shape' in ReshapeOp can be -1.")
    if -1 in out:
        known = 1
        for s in out:
            if s != -1:
                known *= s
        out[out.index(-1)] = numel // known if known else 0
    total = 1
    for s in out:
        total *= s
    if total != numel:
        raise ValueError(f"(InvalidArgument) The 'shape' in ReshapeOp is invalid. The input tensor X'size must be "
                         f"equal to the capacity of 'shape'. But received X's shape = {list(old_shape)}, "
                         f"'shape' is {shape}, the capacity of 'shape' is {total}.")
    return out


def reshape(x, shape, name=None):
    """Reshape the sparse dimensions (the dense dimensions of a hybrid COO tensor must stay as they are)."""
    t = torch_of(x)
    require_sparse(t, "reshape")
    old = list(t.shape)
    if t.layout is COO:
        sparse_dim, dense_dim = t.sparse_dim(), t.dense_dim()
        new = _target_shape(shape, old)
        if dense_dim and new[len(new) - dense_dim:] != old[sparse_dim:]:
            raise NotImplementedError("paddle-compat: sparse reshape can only change the sparse dimensions")
        new_sparse = new[:len(new) - dense_dim]
        keys = linear_keys(coo_indices(t), old[:sparse_dim])
        return wrap(coo(unravel(keys, new_sparse), coo_values(t), new, t.is_coalesced()))
    new = _target_shape(shape, old)
    if len(new) not in (2, 3):
        raise ValueError("(InvalidArgument) SparseCsrTensor only support 2-D or 3-D Tensor.")
    c = t.to_sparse_coo().coalesce()
    keys = linear_keys(c.indices(), old)
    return _coo_to_csr(coo(unravel(keys, new), c.values(), new, coalesced=True))


def _dense_sum_dtype(t, dtype):
    if dtype is not None:
        return dtypes.to_torch_dtype(dtype)
    if t.dtype in (torch.bool, torch.int32):
        return torch.int64
    return t.dtype


def sum(x, axis=None, dtype=None, keepdim=False, name=None):  # noqa: A001 - Paddle's name
    """Sum over ``axis`` (None: all); the result is sparse (a [1]-shaped one for a full sum, as in Paddle)."""
    t = torch_of(x)
    require_sparse(t, "sum")
    out_dtype = _dense_sum_dtype(t, dtype)
    if t.layout is CSR:
        return _csr_sum(t, axis, out_dtype, keepdim)
    ndim, sparse_dim = t.dim(), t.sparse_dim()
    c = t.coalesce()
    indices, values = c.indices(), c.values().to(out_dtype)
    if axis is None:
        if keepdim:  # one entry at the origin, the dense dims kept as size 1
            total = values.sum().reshape((1,) * (1 + ndim - sparse_dim))
            return wrap(coo(torch.zeros(sparse_dim, 1, dtype=torch.int64), total, [1] * ndim, coalesced=True))
        out = coo(torch.zeros(1, 1, dtype=torch.int64), values.sum().reshape(1), [1], coalesced=True)
        # Paddle's full sum reports 1-D indices [1] and 0-D values; the accessors reshape to them
        setattr(out, FLAT_SUM_ATTR, True)
        return wrap(out)
    axes = [axis] if isinstance(axis, int) else list(axis)
    axes = sorted({a + ndim if a < 0 else a for a in axes})
    dense_axes = [a for a in axes if a >= sparse_dim]
    if dense_axes:
        values = values.sum(dim=[a - sparse_dim + 1 for a in dense_axes], keepdim=keepdim)
    sparse_axes = [a for a in axes if a < sparse_dim]
    kept = [d for d in range(sparse_dim) if d not in sparse_axes]
    shape = [1 if d in axes else t.shape[d] for d in range(ndim)] if keepdim else \
        [t.shape[d] for d in range(ndim) if d not in axes]
    if not sparse_axes:
        return wrap(coo(indices, values, shape, coalesced=True))
    kept_indices = indices[kept] if kept else indices.new_zeros((0, indices.shape[1]))
    keys = linear_keys(kept_indices, [t.shape[d] for d in kept])
    uniq, inverse = torch.unique(keys, sorted=True, return_inverse=True)
    summed = values.new_zeros((uniq.numel(),) + tuple(values.shape[1:])).index_add(0, inverse, values)
    new_indices = unravel(uniq, [t.shape[d] for d in kept])
    if keepdim:
        full = torch.zeros(sparse_dim, uniq.numel(), dtype=torch.int64)
        for row, d in enumerate(kept):
            full[d] = new_indices[row]
        new_indices = full
    elif not kept:  # every sparse axis reduced: Paddle keeps one sparse axis of size 1
        new_indices = torch.zeros(1, uniq.numel(), dtype=torch.int64)
        shape = [1] + shape
    return wrap(coo(new_indices, summed, shape, coalesced=True))


def _csr_sum(t, axis, out_dtype, keepdim):
    values = t.values().to(out_dtype)
    if axis is None:
        shape = [1] * t.dim()
        if t.dim() == 2:
            crow = torch.tensor([0, 1])
        else:
            crow = torch.tensor([[0, 1]])
        return wrap(csr(crow, torch.zeros_like(crow[..., :1]), values.sum().reshape(crow[..., :1].shape), shape))
    if axis not in (-1, t.dim() - 1):
        raise NotImplementedError(
            "(Unimplemented) `axis` of SumCsrKernel only support None or -1 now.More number will be supported in "
            "the future."
        )
    crow = t.crow_indices()
    rows = t.shape[-2]
    row_sums = torch.segment_reduce(values.reshape(-1), "sum",
                                    lengths=(crow[..., 1:] - crow[..., :-1]).reshape(-1), unsafe=True) \
        if values.numel() else values.new_zeros(crow[..., 1:].numel())
    row_sums = row_sums.reshape(crow[..., 1:].shape)
    nonempty = (crow[..., 1:] - crow[..., :-1]) > 0
    if t.dim() == 2:
        kept = row_sums[nonempty]
        new_crow = torch.cat([crow.new_zeros(1), nonempty.cumsum(0)])
        shape = [rows, 1]
        return wrap(csr(new_crow, torch.zeros_like(kept, dtype=torch.int64), kept, shape))
    position = nonempty.nonzero().t()
    indices = torch.cat([position, position.new_zeros((1, position.shape[1]))])
    return _coo_to_csr(coo(indices, row_sums[nonempty], [t.shape[0], rows, 1], coalesced=True))


def slice(x, axes, starts, ends, name=None):  # noqa: A001 - Paddle's name
    """Keep the entries inside ``[starts, ends)`` along ``axes`` (indices shifted to the slice's origin)."""
    t = torch_of(x)
    require_sparse(t, "slice")
    ndim = t.dim()
    shape = list(t.shape)
    lo, hi = [0] * ndim, list(shape)
    for a, s, e in zip(axes, starts, ends):
        a = int(a) + ndim if int(a) < 0 else int(a)
        s, e = int(s), int(e)
        s = max(s + shape[a], 0) if s < 0 else min(s, shape[a])
        e = max(e + shape[a], 0) if e < 0 else min(e, shape[a])
        lo[a], hi[a] = s, max(e, s)
    new_shape = [h - lo_ for lo_, h in zip(lo, hi)]
    if t.layout is CSR:
        c = t.to_sparse_coo().coalesce()
        indices, values = c.indices(), c.values()
    else:
        indices, values = coo_indices(t), coo_values(t)
    sparse_dim = indices.shape[0]
    keep = torch.ones(indices.shape[1], dtype=torch.bool)
    for d in range(sparse_dim):
        keep &= (indices[d] >= lo[d]) & (indices[d] < hi[d])
    offset = torch.tensor(lo[:sparse_dim], dtype=torch.int64).unsqueeze(1)
    new_indices = indices[:, keep] - offset
    values = values[keep]
    if ndim > sparse_dim:
        values = values[(builtin_slice(None),) + tuple(builtin_slice(lo[d], hi[d]) for d in range(sparse_dim, ndim))]
    result = coo(new_indices, values, new_shape, t.layout is CSR or t.is_coalesced())
    if t.layout is CSR:
        return _coo_to_csr(result)
    return wrap(result)


builtin_slice = __builtins__["slice"] if isinstance(__builtins__, dict) else __builtins__.slice


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """PCA of a sparse 2-D matrix (``torch.pca_lowrank``, randomized): (U, S, V)."""
    t = torch_of(x)
    if t.layout is not COO and t.layout is not CSR:
        raise ValueError(f"Input must be sparse, but got {type(x)}")
    if t.dim() != 2:
        raise ValueError(f"Input must be a 2-D sparse matrix, but got {t.dim()}-D")
    m, n = t.shape
    if q is None:
        q = min(6, m, n)
    elif not (q >= 0 and q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than min(m, n)={min(m, n)}")
    if not niter >= 0:
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    matrix = t.to_sparse_coo().coalesce() if t.layout is CSR else t.coalesce()
    u, s, v = torch.pca_lowrank(matrix, q=q, center=center, niter=niter)
    return wrap(u), wrap(s), wrap(v)
