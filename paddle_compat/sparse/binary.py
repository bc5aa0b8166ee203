"""``paddle.sparse`` element-wise binary ops and products.

Element-wise ops on two COO tensors follow Paddle's CPU kernels: equal index sets combine value by value;
otherwise the result holds the sorted union of the entries (``multiply`` keeps the union, with explicit zeros),
and ``divide`` returns every position (0/0 is NaN). CSR operands go through COO and come back as CSR.
"""

import torch

from .._core.tensor import wrap
from ._base import COO, CSR, STRIDED, coo, keep_index_dtype, linear_keys, map_values, torch_of, unravel
from .unary import _coo_to_csr

__all__ = ["add", "subtract", "multiply", "divide", "matmul", "masked_matmul", "mv", "addmm", "is_same_shape"]


def _align_dtype(t, like):
    if t.dtype == like.dtype:
        return t
    return map_values(t, lambda v: v.to(like.dtype)) if t.layout is not STRIDED else t.to(like.dtype)


def _union(xc, yc):
    """Sorted union of two coalesced COO tensors' entries: (indices, x values, y values), zeros where absent."""
    sparse_sizes = list(xc.shape[:xc.sparse_dim()])
    kx, ky = linear_keys(xc.indices(), sparse_sizes), linear_keys(yc.indices(), sparse_sizes)
    keys, inverse = torch.unique(torch.cat([kx, ky]), sorted=True, return_inverse=True)
    n = keys.numel()
    xv, yv = xc.values(), yc.values()
    xs = xv.new_zeros((n,) + tuple(xv.shape[1:])).index_add(0, inverse[:kx.numel()], xv)
    ys = yv.new_zeros((n,) + tuple(yv.shape[1:])).index_add(0, inverse[kx.numel():], yv)
    return unravel(keys, sparse_sizes), xs, ys


def _elementwise(kind, fn, x, y):
    tx = torch_of(x)
    ty = torch_of(y, "y")
    ty = _align_dtype(ty, tx)
    if tx.layout is STRIDED or ty.layout is STRIDED:
        if kind == "add" and tx.layout is COO and ty.layout is STRIDED and ty.dim() == 1 and tx.dense_dim() == 1 \
                and ty.shape[0] == tx.shape[-1]:
            return wrap(map_values(tx, lambda v: v + ty))  # a per-channel bias (Paddle's sparse conv adds it so)
        raise NotImplementedError(
            f"paddle.sparse.{kind}: paddle-compat combines two sparse tensors of the same layout (or a COO tensor "
            "and a per-channel bias); got layouts " + f"{tx.layout} and {ty.layout}."
        )
    if tx.layout is not ty.layout:
        raise NotImplementedError(f"paddle.sparse.{kind}: x and y must have the same sparse layout")
    if list(tx.shape) != list(ty.shape):
        raise ValueError(f"(InvalidArgument) The shape of x {list(tx.shape)} and y {list(ty.shape)} of "
                         f"sparse {kind} must be the same.")
    is_csr = tx.layout is CSR
    xc = (tx.to_sparse_coo() if is_csr else tx).coalesce()
    yc = (ty.to_sparse_coo() if is_csr else ty).coalesce()
    if kind == "divide":
        dense = fn(xc.to_dense(), yc.to_dense())
        sparse_dim = xc.sparse_dim()
        sizes = list(xc.shape[:sparse_dim])
        total = 1
        for s in sizes:
            total *= s
        indices = unravel(torch.arange(total), sizes)
        result = coo(indices, dense.reshape((total,) + tuple(dense.shape[sparse_dim:])), xc.shape, True)
    elif xc.indices().shape == yc.indices().shape and torch.equal(xc.indices(), yc.indices()):
        result = coo(xc.indices(), fn(xc.values(), yc.values()), xc.shape, True)
    else:
        indices, xs, ys = _union(xc, yc)
        result = coo(indices, fn(xs, ys), xc.shape, True)
    if is_csr:
        out = _coo_to_csr(result)
        keep_index_dtype(tx, out._t)
        return out
    return wrap(keep_index_dtype(tx, result))


def add(x, y, name=None):
    """``x + y`` of two sparse tensors of the same layout and shape."""
    return _elementwise("add", torch.add, x, y)


def subtract(x, y, name=None):
    """``x - y`` of two sparse tensors of the same layout and shape."""
    return _elementwise("subtract", torch.sub, x, y)


def multiply(x, y, name=None):
    """``x * y`` (y a sparse tensor of the same layout, or a Python number scaling the values)."""
    if isinstance(y, (int, float)):
        factor = float(y)
        return wrap(map_values(torch_of(x), lambda v: v * factor if v.is_floating_point() else
                               (v * factor).to(v.dtype)))
    return _elementwise("multiply", torch.mul, x, y)


def divide(x, y, name=None):
    """``x / y``: every position of the result is stored (Paddle's CPU kernel); a number divides the values
    (integer values become float32 first, as in Paddle)."""
    if isinstance(y, (int, float)):
        t = torch_of(x)
        if not t.dtype.is_floating_point:
            t = map_values(t, lambda v: v.to(torch.float32))
        divisor = float(y)
        return wrap(map_values(t, lambda v: v / divisor))
    return _elementwise("divide", torch.div, x, y)


def is_same_shape(x, y):
    """Whether two tensors (dense or sparse) have the same shape."""
    return list(torch_of(x).shape) == list(torch_of(y, "y").shape)


def _dense_operand(t):
    return t.to_dense() if t.layout is not STRIDED else t


def matmul(x, y, name=None):
    """Sparse @ dense -> dense; sparse @ sparse -> sparse of x's layout (2-D, or 3-D batched)."""
    tx, ty = torch_of(x), torch_of(y, "y")
    if tx.layout is STRIDED and ty.layout is STRIDED:
        raise NotImplementedError("(Unimplemented) paddle.sparse.matmul needs a sparse x")
    if ty.layout is STRIDED:
        if tx.dim() == 2:
            return wrap(torch.sparse.mm(tx, ty) if tx.layout is COO else tx @ ty)
        return wrap(torch.bmm(tx.to_dense(), ty))
    product = torch.matmul(_dense_operand(tx), _dense_operand(ty))
    mask = product != 0
    indices = mask.nonzero().t()
    result = coo(indices, product[mask], product.shape, True)
    return _coo_to_csr(result) if tx.layout is CSR else wrap(result)


def masked_matmul(x, y, mask, name=None):
    """Dense ``x @ y`` evaluated only at the stored positions of the sparse ``mask`` (result: mask's
    pattern and layout)."""
    tx, ty, tm = torch_of(x), torch_of(y, "y"), torch_of(mask, "mask")
    if tm.layout is STRIDED:
        raise NotImplementedError("(Unimplemented) paddle.sparse.masked_matmul needs a sparse mask")
    if tm.layout is CSR:
        m = tm.to_sparse_coo().coalesce()
    else:
        m = tm.coalesce()
    idx = m.indices()
    if tx.dim() == 2:
        values = (tx[idx[0]] * ty[:, idx[1]].t()).sum(-1)
    else:
        values = (tx[idx[0], idx[1]] * ty[idx[0], :, idx[2]]).sum(-1)
    result = coo(idx, values, tm.shape, True)
    return _coo_to_csr(result) if tm.layout is CSR else wrap(result)


def mv(x, vec, name=None):
    """Sparse matrix (COO / CSR, 2-D) times dense vector -> dense vector."""
    tx, tv = torch_of(x), torch_of(vec, "vec")
    if tx.layout is STRIDED:
        raise NotImplementedError("(Unimplemented) paddle.sparse.mv needs a sparse x")
    if tx.layout is COO:
        return wrap(torch.sparse.mm(tx, tv.unsqueeze(1)).squeeze(1))
    return wrap(torch.mv(tx, tv))


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002 - Paddle's name
    """``beta * input + alpha * (x @ y)``; the result is dense when ``input`` is dense, sparse (x's layout)
    otherwise."""
    ti = torch_of(input, "input")
    product = matmul(x, y)
    tp = product._t
    if ti.layout is STRIDED:
        return wrap(beta * ti + alpha * _dense_operand(tp))
    dense = beta * ti.to_dense() + alpha * _dense_operand(tp)
    mask = dense != 0
    result = coo(mask.nonzero().t(), dense[mask], dense.shape, True)
    return _coo_to_csr(result) if ti.layout is CSR else wrap(result)

