"""Sparse activations: applied to the stored values (the zeros stay implicit), softmax over the stored
entries of each row."""

import torch

from ...._core.tensor import wrap
from ..._base import COO, CSR, map_values, torch_of
from ...unary import _coo_to_csr

__all__ = ["relu", "relu6", "leaky_relu", "softmax"]


def relu(x, name=None):
    """max(values, 0)."""
    return wrap(map_values(torch_of(x), torch.relu))


def relu6(x, name=None):
    """min(max(values, 0), 6)."""
    return wrap(map_values(torch_of(x), lambda v: torch.clamp(v, 0.0, 6.0)))


def leaky_relu(x, negative_slope=0.01, name=None):
    """values where positive, negative_slope * values elsewhere."""
    slope = float(negative_slope)
    return wrap(map_values(torch_of(x), lambda v: torch.nn.functional.leaky_relu(v, slope)))


def softmax(x, axis=-1, name=None):
    """Softmax over the stored entries along the last axis (the unstored ones count as -inf)."""
    t = torch_of(x)
    if axis != -1 and axis != t.dim() - 1:
        raise ValueError(f"(InvalidArgument) sparse softmax only support axis=-1, but got axis={axis}")
    if t.layout is CSR:
        c = t.to_sparse_coo().coalesce()
        return _coo_to_csr(torch.sparse.softmax(c, dim=t.dim() - 1).coalesce())
    if t.layout is COO:
        return wrap(torch.sparse.softmax(t.coalesce(), dim=t.dim() - 1))
    raise NotImplementedError("paddle.sparse.nn.functional.softmax needs a sparse input")
