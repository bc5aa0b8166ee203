"""``paddle.sparse``: SparseCooTensor / SparseCsrTensor operations on torch sparse COO / CSR tensors."""

from . import nn  # noqa: F401 - paddle.sparse.nn
from .binary import add, addmm, divide, is_same_shape, masked_matmul, matmul, multiply, mv, subtract
from .creation import sparse_coo_tensor, sparse_csr_tensor
from .unary import abs, asin, asinh, atan, atanh, cast, coalesce, deg2rad, expm1, isnan, log1p, neg, \
    pca_lowrank, pow, rad2deg, reshape, sin, sinh, slice, sqrt, square, sum, tan, tanh, transpose

__all__ = [
    "sparse_coo_tensor", "sparse_csr_tensor", "sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh",
    "sqrt", "square", "log1p", "abs", "pow", "pca_lowrank", "cast", "neg", "deg2rad", "rad2deg", "expm1", "mv",
    "matmul", "masked_matmul", "addmm", "add", "subtract", "transpose", "sum", "multiply", "divide", "coalesce",
    "is_same_shape", "reshape", "isnan", "slice",
]
