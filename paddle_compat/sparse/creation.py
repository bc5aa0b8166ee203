"""``paddle.sparse.sparse_coo_tensor`` / ``sparse_csr_tensor`` on torch sparse COO / CSR tensors."""

import torch

from .._core.tensor import Tensor, to_tensor, wrap
from ..tensor.sparse_members import _batched_csr
from ._base import coo

__all__ = ["sparse_coo_tensor", "sparse_csr_tensor"]

_INDEX_DTYPES = (torch.int8, torch.int16, torch.int32, torch.int64)


def _as_tensor(data, dtype, place, stop_gradient):
    return data if isinstance(data, Tensor) else to_tensor(data, dtype, place, stop_gradient)


def _with_dtype(values, dtype):
    if dtype is not None:
        from .._core import dtypes

        target = dtypes.to_torch_dtype(dtype)
        if values._t.dtype != target:
            return wrap(values._t.to(target))
    return values


def sparse_coo_tensor(indices, values, shape=None, dtype=None, place=None, stop_gradient=True):
    """A SparseCooTensor from ``indices`` [sparse_dim, nnz] and ``values`` [nnz, *dense_dims]; entries keep their
    given order (not coalesced), as in Paddle."""
    indices = _as_tensor(indices, None, place, True)
    values = _as_tensor(values, dtype, place, stop_gradient)
    if indices.ndim != 2:
        raise ValueError("'indices' must be 2-D.")
    if indices._t.dtype not in _INDEX_DTYPES:
        raise TypeError("the dtype of indices must be 'int8' or 'int16' or 'int32' or 'int64'")
    nnz, sparse_dim = indices.shape[1], indices.shape[0]
    if nnz != values.shape[0]:
        raise ValueError(f"the indices and values must have same number of non-zero, but get {nnz} and "
                         f"{values.shape[0]}")
    dense_dim = values.ndim - 1
    values = _with_dtype(values, dtype)
    values.stop_gradient = stop_gradient  # Paddle sets it on the values tensor itself
    idx = indices._t.to(torch.int64)
    min_shape = (idx.max(dim=1).values + 1).tolist() if nnz else [0] * sparse_dim
    min_shape = min_shape + list(values.shape[1:])
    if shape is None:
        shape = min_shape
    else:
        shape = [int(s) for s in shape]
        if shape < min_shape:  # Paddle compares the lists (lexicographically)
            raise ValueError(f"the minimun shape required is {min_shape}, but get {shape}")
        if len(shape) != sparse_dim + dense_dim:
            raise ValueError(f"the number of dimensions(len(shape) must be sparse_dim({sparse_dim}) + "
                             f"dense_dim({dense_dim}), but get {len(shape)}")
    return wrap(coo(idx, values._t, shape))


def sparse_csr_tensor(crows, cols, values, shape, dtype=None, place=None, stop_gradient=True):
    """A 2-D or 3-D SparseCsrTensor; a 3-D one takes the batches' crows/cols/values concatenated (Paddle's
    layout)."""
    crows = _as_tensor(crows, None, place, True)
    cols = _as_tensor(cols, None, place, True)
    values = _as_tensor(values, dtype, place, stop_gradient)
    if crows._t.dtype not in _INDEX_DTYPES:
        raise TypeError("the dtype of indices must be 'int8' or 'int16' or 'int32' or 'int64'")
    if cols._t.dtype not in _INDEX_DTYPES:
        raise TypeError("the dtype of indices must be 'int8' or 'int16' or 'int32' or 'int64'")
    shape = [int(s) for s in shape]
    if len(shape) not in (2, 3):
        raise ValueError(f"SparseCsrTensor only support 2-D or 3-D matrix. but get shape {shape}")
    rows = shape[-2]
    values = _with_dtype(values, dtype)
    values.stop_gradient = stop_gradient
    if crows.ndim != 1 or cols.ndim != 1 or values.ndim != 1:
        raise ValueError("The 'crows', 'cols' and 'values' must be 1-D.")
    if cols.shape[0] != values.shape[0]:
        raise ValueError("the length of cols must be same as length of values")
    crow_t, col_t = crows._t.to(torch.int64), cols._t.to(torch.int64)
    if len(shape) == 2:
        if crows.shape[0] != rows + 1:
            raise ValueError(f"The length({crows.shape[0]}) of crows must be equal to the rows({rows})+1 of matrix.")
        if int(crow_t[0]) != 0:
            raise ValueError("the 0th value of crows must be 0")
        if int(crow_t[-1]) != values.shape[0]:
            raise ValueError("the last value of crows must be equal the number of non-zero")
    elif crows.shape[0] % (rows + 1) != 0:
        raise ValueError(f"The length({crows.shape[0]}) of crows must be divisible the rows({rows})+1 of matrix.")
    return wrap(_batched_csr(crow_t, col_t, values._t, shape))
