"""``paddle.linalg``: re-exports the decompositions and solvers of ``paddle.tensor.linalg``."""

from .tensor.linalg import (
    cholesky,
    cholesky_solve,
    cond,
    corrcoef,
    cov,
    det,
    eig,
    eigh,
    eigvals,
    eigvalsh,
    householder_product,
    lstsq,
    lu,
    lu_unpack,
    matrix_power,
    matrix_rank,
    multi_dot,
    norm,
    pca_lowrank,
    pinv,
    qr,
    slogdet,
    solve,
    svd,
    triangular_solve,
)
from .tensor.math import inverse as inv

__all__ = [
    "cholesky", "norm", "cond", "cov", "corrcoef", "inv", "eig", "eigvals", "multi_dot", "matrix_rank", "svd",
    "qr", "householder_product", "pca_lowrank", "lu", "lu_unpack", "matrix_power", "det", "slogdet", "eigh",
    "eigvalsh", "pinv", "solve", "cholesky_solve", "triangular_solve", "lstsq",
]
