"""``paddle.sparse`` (later milestone: torch sparse COO/CSR tensors)."""

from .._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.sparse", [
    "sparse_coo_tensor", "sparse_csr_tensor", "sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh",
    "sqrt", "square", "log1p", "abs", "pow", "pca_lowrank", "cast", "neg", "deg2rad", "rad2deg", "expm1", "mv",
    "matmul", "masked_matmul", "addmm", "add", "subtract", "transpose", "sum", "multiply", "divide", "coalesce",
    "is_same_shape", "reshape", "isnan", "slice",
], "paddle.sparse is a later milestone")
