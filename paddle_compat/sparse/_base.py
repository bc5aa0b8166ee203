"""Shared helpers of ``paddle.sparse``: building torch COO/CSR tensors and reading their parts differentiably."""

import torch

from .._core.tensor import Tensor, wrap

COO, CSR, STRIDED = torch.sparse_coo, torch.sparse_csr, torch.strided


def coo(indices, values, shape, coalesced=False):
    # check_invariants=False: every caller builds valid indices; the check would cost a pass over them
    return torch.sparse_coo_tensor(indices, values, tuple(shape), is_coalesced=coalesced, check_invariants=False)


def csr(crow, col, values, shape):
    return torch.sparse_csr_tensor(crow, col, values, size=tuple(shape), check_invariants=False)


class _UncoalescedValues(torch.autograd.Function):
    """``t._values()`` with a gradient: torch only differentiates ``values()`` of a coalesced tensor, and
    coalescing would reorder the entries that Paddle keeps in their given order."""

    @staticmethod
    def forward(ctx, t):
        ctx.indices, ctx.shape = t._indices(), t.shape
        return t._values().clone()

    @staticmethod
    def backward(ctx, grad):
        return coo(ctx.indices, grad, ctx.shape)


def coo_values(t):
    """The values of a torch COO tensor, in storage order, differentiable."""
    if t.is_coalesced():
        return t.values()
    if t.requires_grad:
        return _UncoalescedValues.apply(t)
    return t._values()


def coo_indices(t):
    return t.indices() if t.is_coalesced() else t._indices()


def torch_of(x, name="x"):
    if not isinstance(x, Tensor):
        raise TypeError(f"The type of '{name}' must be Tensor, but received {type(x).__name__}.")
    return x._t


def require_sparse(t, kernel):
    if t.layout is STRIDED:
        raise NotImplementedError(
            f"(Unimplemented) The kernel of ({kernel}) for input tensors is unimplemented, please check the type "
            "of input tensors."
        )


# Paddle keeps a sparse tensor's index dtype (paddle.sparse.cast's index_dtype) through its kernels; torch COO
# indices are always int64, so a non-int64 index dtype rides on the torch tensor under this attribute and the
# index accessors (Tensor.indices/crows/cols) convert to it
INDEX_DTYPE_ATTR = "_paddle_index_dtype"
# a full paddle.sparse.sum result: Paddle reports its indices as 1-D [1] and its values as 0-D
FLAT_SUM_ATTR = "_paddle_flat_sum"


def keep_index_dtype(source, result):
    """``result`` (a torch sparse tensor) marked with ``source``'s Paddle index dtype, if it has one."""
    index_dtype = getattr(source, INDEX_DTYPE_ATTR, None)
    if index_dtype is not None:
        setattr(result, INDEX_DTYPE_ATTR, index_dtype)
    return result


def map_values(t, fn):
    """A sparse tensor with the same pattern as ``t`` and ``fn`` applied to its values."""
    if t.layout is COO:
        return keep_index_dtype(t, coo(coo_indices(t), fn(coo_values(t)), t.shape, t.is_coalesced()))
    if t.layout is CSR:
        return keep_index_dtype(t, csr(t.crow_indices(), t.col_indices(), fn(t.values()), t.shape))
    raise NotImplementedError(
        "(Unimplemented) The kernel for dense input tensors is unimplemented, please check the type of input "
        "tensors (paddle.sparse expects a SparseCooTensor or SparseCsrTensor)."
    )


def linear_keys(indices, sizes):
    """Row-major linear position of each column of ``indices`` (int64 [k, n]) in a grid of ``sizes``."""
    key = torch.zeros(indices.shape[1], dtype=torch.int64, device=indices.device)
    for d, size in enumerate(sizes):
        key = key * int(size) + indices[d]
    return key


def unravel(keys, sizes):
    rows = []
    for size in reversed(list(sizes)):
        rows.append(keys % int(size))
        keys = torch.div(keys, int(size), rounding_mode="floor")
    return torch.stack(rows[::-1]) if rows else keys.new_zeros((0, keys.numel()))


def to_coo_parts(t):
    """(indices, values) of a COO tensor after coalescing (sorted, unique), values differentiable."""
    c = t.coalesce()
    return c.indices(), c.values()


def out(t):
    return wrap(t)
