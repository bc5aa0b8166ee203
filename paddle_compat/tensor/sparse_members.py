"""``paddle.Tensor`` members for sparse, selected-rows, distributed and static-graph tensors.

Sparse tensors are real: a Paddle ``SparseCooTensor`` / ``SparseCsrTensor`` is our ``Tensor`` wrapping a
torch ``sparse_coo`` / ``sparse_csr`` tensor (``_t``), so ``shape``, ``dtype``, ``place``,
``stop_gradient`` and autograd work as for dense tensors. Paddle's conventions kept (checked on the
oracle): index tensors are int64; a 3-D CSR tensor's ``crows``/``cols``/``values`` are the batches
concatenated (torch keeps them per batch); a CSR -> COO conversion ignores ``sparse_dim``; converting to
the layout a tensor already has raises NotImplementedError (Paddle has no such kernel).

Not expressible on torch: a 3-D CSR tensor whose batches hold different numbers of non-zeros (torch's
batched CSR needs the same count per batch) and a hybrid COO (``sparse_dim < ndim``) -> CSR conversion
(Paddle 2.6.2 returns uninitialised ``cols`` there): both raise NotImplementedError saying so.

The other members answer what Paddle answers on an ordinary dense eager tensor (``None``, ``False``,
Paddle's exception); the ones that only exist for static-graph or string/vocab tensors raise
NotImplementedError naming their milestone. ``paddle_compat.tensor`` binds everything in
``TENSOR_MEMBERS`` onto ``Tensor``.
"""

import warnings

import torch

from .._core import dtypes as _dt
from .._core.tensor import Parameter, Tensor, wrap

__all__ = []  # members only; nothing is exported as paddle.*

# torch's once-per-process "Sparse CSR tensor support is in beta state" notice means nothing to a Paddle user
warnings.filterwarnings("ignore", message="Sparse CSR tensor support is in beta state", category=UserWarning)

_COO, _CSR, _STRIDED = torch.sparse_coo, torch.sparse_csr, torch.strided
# dtypes Paddle 2.6.2 registers dense_to_coo / dense_to_csr for (CPU)
_SPARSE_DTYPES = (torch.float16, torch.float32, torch.float64, torch.int8, torch.uint8, torch.int16,
                  torch.int32, torch.int64)
_SPARSE_DTYPE_NAMES = "int16, float64, float16, int32, uint8, float32, int64, int8"
_STRINGS = "string/vocab tensors (torch has no string tensor type)"


def _unimplemented(kernel):
    return NotImplementedError(
        f"(Unimplemented) The kernel of ({kernel}) for input tensors is unimplemented, please check the type of "
        "input tensors."
    )


def _only_for(kind):
    # Paddle's pybind methods raise SystemError ("(Fatal) ...") on the wrong kind of tensor
    return SystemError(f"(Fatal) this method is only effective for {kind}")


def _not_implemented(member, milestone):
    return NotImplementedError(f"paddle.Tensor.{member} is not implemented in paddle-compat yet ({milestone}).")


def _check_sparse_dtype(t, kernel):
    if t.dtype not in _SPARSE_DTYPES:
        name = _dt.FROM_TORCH[t.dtype].name
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel `{kernel}` is not "
            f"registered. Selected wrong DataType `{name}`. Paddle support following DataTypes: "
            f"{_SPARSE_DTYPE_NAMES}."
        )


def _check_equal_batches(per_batch):
    if per_batch.numel() and not bool((per_batch == per_batch[0]).all()):
        raise NotImplementedError(
            "paddle-compat cannot hold a 3-D SparseCsrTensor whose batches have different numbers of non-zero "
            f"elements ({per_batch.tolist()}): torch's batched CSR layout needs the same count in every batch."
        )


def _batched_csr(crow, col, values, shape):
    """A torch (batched) CSR tensor from Paddle's concatenated 3-D layout (equal nnz per batch only)."""
    if len(shape) == 2:
        return torch.sparse_csr_tensor(crow, col, values, size=shape, check_invariants=False)
    b, m = shape[0], shape[1]
    crow = crow.reshape(b, m + 1)
    _check_equal_batches(crow[:, -1])
    n = int(crow[0, -1]) if b else 0
    return torch.sparse_csr_tensor(crow, col.reshape(b, n), values.reshape(b, n), size=shape,
                                   check_invariants=False)  # built from a coalesced COO: valid


# --- conversions -----------------------------------------------------------------------------------
def to_sparse_coo(self, sparse_dim):
    """Dense -> SparseCooTensor with ``sparse_dim`` sparse dimensions; CSR -> COO (``sparse_dim`` unused)."""
    t = self._t
    if t.layout is _STRIDED:
        _check_sparse_dtype(t, "dense_to_coo")
        if sparse_dim <= 0:
            raise ValueError(
                "(InvalidArgument) sparse_dim must be >0\n  [Hint: Expected sparse_dim > 0, but received "
                f"sparse_dim:{sparse_dim} <= 0:0.]"
            )
        if sparse_dim > t.dim():
            raise ValueError(
                "(InvalidArgument) sparse_dim must be less than the size of x.dims()\n  [Hint: Expected sparse_dim "
                f"<= x_dims.size(), but received sparse_dim:{sparse_dim} > x_dims.size():{t.dim()}.]"
            )
        return wrap(t.to_sparse(int(sparse_dim)))
    if t.layout is _CSR:
        return wrap(t.to_sparse_coo().coalesce())
    raise _unimplemented("to_sparse_coo")


def to_sparse_csr(self, *_ignored, **_ignored_kw):  # a C method in Paddle: extra arguments are ignored
    """Dense (2-D or 3-D) or COO -> SparseCsrTensor."""
    t = self._t
    if t.layout is _STRIDED:
        _check_sparse_dtype(t, "dense_to_csr")
        if t.dim() not in (2, 3):
            raise ValueError(
                "(InvalidArgument) SparseCsrTensor only support 2-D or 3-D Tensor.\n  [Hint: Expected valid == "
                "true, but received valid:0 != true:1.]"
            )
        if t.dim() == 3:
            _check_equal_batches((t != 0).sum(dim=(1, 2)))
        return wrap(t.to_sparse_csr())
    if t.layout is _COO:
        if t.dense_dim():
            raise NotImplementedError(
                "paddle-compat cannot convert a hybrid SparseCooTensor (sparse_dim < ndim) to SparseCsrTensor "
                "(Paddle 2.6.2 returns uninitialised cols there); call to_dense().to_sparse_csr() instead."
            )
        if t.dim() not in (2, 3):
            raise ValueError(
                "(InvalidArgument) SparseCsrTensor only support 2-D or 3-D Tensor.\n  [Hint: Expected valid == "
                "true, but received valid:0 != true:1.]"
            )
        if t.dim() == 2:
            return wrap(t.to_sparse_csr())
        c = t.coalesce()
        idx, vals = c.indices(), c.values()
        b, m, _ = t.shape
        rows = torch.bincount(idx[0] * m + idx[1], minlength=b * m).reshape(b, m)
        crow = torch.cat([torch.zeros(b, 1, dtype=torch.int64), rows.cumsum(1)], dim=1)
        return wrap(_batched_csr(crow.reshape(-1), idx[2], vals, list(t.shape)))
    raise _unimplemented("to_sparse_csr")


def to_dense(self):
    """SparseCooTensor / SparseCsrTensor -> dense Tensor (gradients flow back to the values)."""
    t = self._t
    if t.layout is _STRIDED:
        raise _unimplemented("to_dense")
    return wrap(_assigned_dense(t))


def _assigned_dense(t):
    """Paddle's kernels ASSIGN each stored value to its position (torch's to_dense adds them into zeros): a stored
    -0. stays -0. and, of duplicate COO indices, the last one wins."""
    if t.layout is _CSR:
        t = t.to_sparse_coo()
    idx = t.indices() if t.is_coalesced() else t._indices()
    vals = t.values() if t.is_coalesced() else t._values()
    if t.requires_grad and not t.is_coalesced():
        return t.to_dense()  # torch differentiates values() of coalesced tensors only
    if not t.is_coalesced() and idx.shape[1] > 1:
        key = torch.zeros(idx.shape[1], dtype=torch.int64)
        for d in range(idx.shape[0]):
            key = key * int(t.shape[d]) + idx[d]
        position = torch.arange(idx.shape[1])
        last = torch.full((int(key.max()) + 1,), -1, dtype=torch.int64).scatter_reduce(0, key, position, "amax")
        keep = last[key] == position
        idx, vals = idx[:, keep], vals[keep]
    return torch.zeros(t.shape, dtype=t.dtype, device=t.device).index_put(tuple(idx), vals)


def coalesce(self, name=None):
    """Sort the indices of a SparseCooTensor and sum the values of duplicates."""
    t = self._t
    if t.layout is not _COO:
        raise _unimplemented("coalesce")
    return wrap(t.coalesce())


# --- parts of a sparse tensor ----------------------------------------------------------------------
def values(self):
    """The stored values: [nnz, *dense_dims] for COO, [nnz] (batches concatenated) for CSR."""
    t = self._t
    if t.layout is _COO:
        v = t.values() if t.is_coalesced() else t._values()
        return wrap(v.reshape([]) if t.__dict__.get("_paddle_flat_sum") else v)  # see sparse/_base.py
    if t.layout is _CSR:
        v = t.values()
        return wrap(v.reshape(-1) if t.dim() == 3 else v)
    raise _unimplemented("values")


def indices(self):
    """The int64 [sparse_dim, nnz] indices of a SparseCooTensor."""
    t = self._t
    if t.layout is not _COO:
        raise _only_for("SparseCooTensor")
    return wrap(_in_index_dtype(t, t.indices() if t.is_coalesced() else t._indices()))


def _in_index_dtype(t, index):
    # paddle.sparse.cast(index_dtype=...) marks the torch tensor with Paddle's index dtype (sparse/_base.py)
    index = index.to(t.__dict__.get("_paddle_index_dtype", torch.int64))
    return index.reshape(-1) if t.__dict__.get("_paddle_flat_sum") else index


def crows(self):
    """The int64 compressed row offsets of a SparseCsrTensor (3-D: the batches' offsets concatenated)."""
    t = self._t
    if t.layout is not _CSR:
        raise _only_for("SparseCsrTensor")
    return wrap(_in_index_dtype(t, t.crow_indices().reshape(-1)))


def cols(self):
    """The int64 column indices of a SparseCsrTensor (3-D: the batches' columns concatenated)."""
    t = self._t
    if t.layout is not _CSR:
        raise _only_for("SparseCsrTensor")
    return wrap(_in_index_dtype(t, t.col_indices().reshape(-1)))


def nnz(self):
    """The number of stored (sparse) elements, an int."""
    t = self._t
    if t.layout is _COO:
        return int(t._nnz())
    if t.layout is _CSR:
        return int(t.col_indices().numel())
    raise _only_for("SparseCooTensor or SparseCsrTensor")


# --- selected rows / string tensors: what Paddle answers on a dense tensor -----------------------------
def is_selected_rows(self, *_ignored, **_ignored_kw):
    return False


def get_selected_rows(self):
    return None  # Paddle: None for every tensor that is not SelectedRows


def rows(self):
    raise _only_for("SelectedRows")


def get_map_tensor(self):
    raise _only_for("VariableCompatTensor")


def set_vocab(self, vocab):
    raise _not_implemented("set_vocab", _STRINGS)


def set_string_list(self, string_list):
    raise _not_implemented("set_string_list", _STRINGS)


def reconstruct_from_(self, other):
    """``self`` takes ``other``'s data, dtype, shape and stop_gradient (as a new leaf); keeps ``self.name``."""
    if not isinstance(other, Tensor):
        raise ValueError(f"(InvalidArgument) argument (position 1) must be Tensor, but got "
                         f"{type(other).__module__}.{type(other).__qualname__}")
    new = other._t.detach()  # Paddle shares other's buffer (a later write to ``other`` shows in ``self``)
    grad = not other.stop_gradient and (new.is_floating_point() or new.is_complex())
    if isinstance(self, Parameter):  # keep the torch.nn.Parameter object (shared with the torch view)
        self._t.data = new
        self._t.requires_grad_(grad)
    else:
        self._t = new.requires_grad_(grad) if grad else new


def create_parameter(self, dtype, name=None, attr=None, is_bias=False, default_initializer=None):
    """``paddle.create_parameter`` with this tensor as the shape (Paddle binds the function as a method); as in
    Paddle 2.6.2 only a one-element 1-D tensor works (others fail Paddle's own checks, same exceptions)."""
    from ..nn.param_attr import create_parameter as _create

    t = self._t
    if t.dim() == 0:
        raise TypeError("iteration over a 0-d array")
    if t.numel() > 1:  # Paddle 2.6.2 tests the shape's truth value somewhere: one element only
        raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or "
                         "a.all()")
    return _create([int(v) for v in t.reshape(-1).tolist()], dtype, name, attr, is_bias, default_initializer)


# --- properties --------------------------------------------------------------------------------------
def _grad_get(self):
    return self.grad


def _grad_set(self, value):
    self.grad = value


def _none(doc):
    return property(lambda self: None, doc=doc)


TENSOR_MEMBERS = {
    "to_sparse_coo": to_sparse_coo, "to_sparse_csr": to_sparse_csr, "to_dense": to_dense, "coalesce": coalesce,
    "values": values, "indices": indices, "crows": crows, "cols": cols, "nnz": nnz,
    "is_selected_rows": is_selected_rows, "get_selected_rows": get_selected_rows, "rows": rows,
    "get_map_tensor": get_map_tensor, "set_vocab": set_vocab, "set_string_list": set_string_list,
    "reconstruct_from_": reconstruct_from_, "create_parameter": create_parameter,
    "grad_": property(_grad_get, _grad_set, doc="The gradient tensor (same as ``grad``); None before backward."),
    # auto-parallel attributes: None on a tensor that is not a distributed tensor, as in Paddle
    "dist_attr": _none("dist_attr: None (not a distributed tensor)."),
    "placements": _none("placements: None (not a distributed tensor)."),
    "process_mesh": _none("process_mesh: None (not a distributed tensor)."),
    "num_shard": _none("num_shard: None (not a distributed tensor)."),
}
