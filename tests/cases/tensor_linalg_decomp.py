"""Goldens: paddle.linalg decompositions, solvers and matrix functions (+ their Tensor methods)."""

import numpy as np

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append


def spd(n, dt, batch=()):
    """A symmetric positive definite matrix as literal values (same data for Paddle and us)."""
    rng = np.random.RandomState(n * 7 + len(batch))
    a = rng.uniform(-1, 1, batch + (n, n))
    m = a @ np.swapaxes(a, -1, -2) + n * np.eye(n)
    return T(dt, m.shape, values=m.tolist())


def wellcond(n, dt, batch=(), seed=0):
    rng = np.random.RandomState(100 + n + seed)
    m = rng.uniform(-1, 1, batch + (n, n)) + 3 * np.eye(n)
    return T(dt, m.shape, values=m.tolist())


def tri(n, dt, upper, batch=()):
    rng = np.random.RandomState(200 + n)
    m = rng.uniform(-1, 1, batch + (n, n)) + 3 * np.eye(n)
    m = np.triu(m) if upper else np.tril(m)
    return T(dt, m.shape, values=m.tolist())


for dt in ("float32", "float64"):
    # inverse / det / slogdet / matrix_power / solve
    add(case("paddle.linalg.inv", wellcond(3, dt), grad=True))
    add(case("paddle.linalg.inv", wellcond(2, dt, (2,)), grad=True))
    add(case("Tensor.inverse", wellcond(3, dt), grad=True))
    add(case("paddle.inverse", wellcond(3, dt)))
    add(case("paddle.linalg.det", wellcond(3, dt), grad=True))
    add(case("paddle.linalg.det", wellcond(2, dt, (3,)), grad=True))
    add(case("paddle.linalg.det", T(dt, (2, 2), values=[[1.0, 2.0], [2.0, 4.0]])))
    add(case("paddle.linalg.slogdet", wellcond(3, dt), grad=True))
    add(case("paddle.linalg.slogdet", wellcond(2, dt, (3,))))
    add(case("paddle.linalg.slogdet", T(dt, (2, 2), values=[[0.0, 1.0], [1.0, 0.0]])))
    for n in (0, 1, 2, 3, -1, -2):
        add(case("paddle.linalg.matrix_power", wellcond(3, dt), n, grad=True))
    add(case("paddle.linalg.matrix_power", wellcond(2, dt, (2,)), 3, grad=True))
    add(case("Tensor.matrix_power", wellcond(2, dt), 2, grad=True))
    add(case("paddle.linalg.solve", wellcond(3, dt), T(dt, (3, 2)), grad=True))
    add(case("paddle.linalg.solve", wellcond(3, dt, (2,)), T(dt, (2, 3, 1)), grad=True))
    add(case("paddle.linalg.solve", wellcond(3, dt), T(dt, (3,))))
    add(case("Tensor.solve", wellcond(2, dt), T(dt, (2, 2)), grad=True))
    # cholesky family
    add(case("paddle.linalg.cholesky", spd(3, dt), grad=True))
    add(case("paddle.linalg.cholesky", spd(3, dt), upper=True, grad=True))
    add(case("paddle.linalg.cholesky", spd(2, dt, (2,)), grad=True))
    add(case("Tensor.cholesky", spd(2, dt)))
    add(case("paddle.linalg.cholesky_solve", T(dt, (3, 2)), tri(3, dt, False), grad=True))
    add(case("paddle.linalg.cholesky_solve", T(dt, (3, 2)), tri(3, dt, True), upper=True, grad=True))
    add(case("Tensor.cholesky_solve", T(dt, (2, 3, 1)), tri(3, dt, False, (2,))))
    for up in (True, False):
        for tr in (False, True):
            for unit in (False, True):
                add(case("paddle.linalg.triangular_solve", tri(3, dt, up), T(dt, (3, 2)), up, tr, unit, grad=True))
    add(case("paddle.linalg.triangular_solve", tri(3, dt, True, (2,)), T(dt, (2, 3, 2))))
    add(case("Tensor.triangular_solve", tri(2, dt, True), T(dt, (2, 1))))
    # decompositions (values chosen well conditioned; sign conventions are LAPACK's on both sides)
    add(case("paddle.linalg.qr", wellcond(3, dt)))
    add(case("paddle.linalg.qr", T(dt, (4, 3)), mode="complete"))
    add(case("paddle.linalg.qr", T(dt, (4, 3)), mode="r"))
    add(case("paddle.linalg.qr", T(dt, (2, 4, 3)), "reduced", grad=True))
    add(case("Tensor.qr", T(dt, (3, 2))))
    add(case("paddle.linalg.svd", T(dt, (4, 3))))
    add(case("paddle.linalg.svd", T(dt, (3, 4)), full_matrices=True))
    add(case("paddle.linalg.svd", T(dt, (2, 3, 3))))
    add(case("paddle.linalg.eigh", spd(3, dt), grad=True))
    add(case("paddle.linalg.eigh", spd(3, dt), UPLO="U"))
    add(case("paddle.linalg.eigvalsh", spd(3, dt), grad=True))
    add(case("paddle.linalg.eigvalsh", spd(2, dt, (2,)), "U"))
    add(case("Tensor.eigvalsh", spd(2, dt)))
    add(case("paddle.linalg.eig", T(dt, (2, 2), values=[[2.0, 1.0], [1.0, 3.0]])))
    add(case("paddle.linalg.eigvals", wellcond(3, dt)))
    add(case("paddle.linalg.eigvals", wellcond(2, dt, (2,))))
    add(case("Tensor.eigvals", spd(2, dt)))
    add(case("paddle.linalg.lu", wellcond(3, dt)))
    add(case("paddle.linalg.lu", wellcond(3, dt), get_infos=True))
    add(case("paddle.linalg.lu", T(dt, (2, 3, 3))))
    add(case("Tensor.lu", wellcond(2, dt)))
    add(case("paddle.linalg.matrix_rank", T(dt, (3, 4))))
    add(case("paddle.linalg.matrix_rank", T(dt, (3, 3), values=[[1, 2, 3], [2, 4, 6], [0, 1, 0]])))
    add(case("paddle.linalg.matrix_rank", T(dt, (3, 3), values=[[1, 2, 3], [2, 4, 6.1], [0, 1, 0]]), tol=0.5))
    add(case("paddle.linalg.matrix_rank", spd(3, dt), hermitian=True))
    add(case("paddle.linalg.matrix_rank", T(dt, (2, 3, 4))))
    add(case("paddle.linalg.pinv", T(dt, (4, 3)), grad=True))
    add(case("paddle.linalg.pinv", T(dt, (2, 3, 2))))
    add(case("paddle.linalg.pinv", spd(3, dt), hermitian=True))
    add(case("paddle.linalg.pinv", T(dt, (3, 3), values=[[1, 2, 3], [2, 4, 6], [0, 1, 0]]), rcond=1e-3))
    add(case("Tensor.pinv", T(dt, (2, 3))))
    for p in (None, 2, -2, 1, -1, float("inf"), -float("inf"), "fro", "nuc"):
        add(case("paddle.linalg.cond", wellcond(3, dt), p))
    add(case("paddle.linalg.cond", T(dt, (3, 4))))
    add(case("paddle.linalg.cond", T(dt, (3, 4)), 1))
    add(case("paddle.linalg.cond", wellcond(3, dt), 3))
    add(case("Tensor.cond", wellcond(2, dt, (2,))))
    add(case("paddle.linalg.multi_dot", [T(dt, (2, 3)), T(dt, (3, 4)), T(dt, (4, 2))], grad=True))
    add(case("paddle.linalg.multi_dot", [T(dt, (3,)), T(dt, (3, 4)), T(dt, (4,))], grad=True))
    add(case("paddle.linalg.multi_dot", [T(dt, (2, 3)), T(dt, (4, 2))]))
    add(case("Tensor.multi_dot", [T(dt, (2, 2)), T(dt, (2, 2))]))
    add(case("paddle.linalg.cov", T(dt, (3, 5)), grad=True))
    add(case("paddle.linalg.cov", T(dt, (5, 3)), rowvar=False, grad=True))
    add(case("paddle.linalg.cov", T(dt, (3, 5)), ddof=False))
    add(case("paddle.linalg.cov", T(dt, (5,))))
    add(case("paddle.linalg.cov", T(dt, (3, 5)), fweights=T("int64", (5,), low=1, high=4)))
    add(case("paddle.linalg.cov", T(dt, (3, 5)), aweights=T(dt, (5,), low=0.1, high=2)))
    add(case("paddle.linalg.cov", T(dt, (3, 5)), True, True, T("int32", (5,), low=1, high=3),
             T(dt, (5,), low=0.1, high=2)))
    add(case("Tensor.cov", T(dt, (2, 4))))
    add(case("paddle.linalg.corrcoef", T(dt, (3, 5)), grad=True))
    add(case("paddle.linalg.corrcoef", T(dt, (5, 3)), rowvar=False))
    add(case("paddle.linalg.corrcoef", T(dt, (4,))))
    add(case("Tensor.corrcoef", T(dt, (2, 4))))
    add(case("paddle.linalg.lstsq", T(dt, (5, 3)), T(dt, (5, 2))))
    add(case("paddle.linalg.lstsq", T(dt, (5, 3)), T(dt, (5, 2)), driver="gelsd"))
    add(case("paddle.linalg.lstsq", T(dt, (5, 3)), T(dt, (5, 2)), driver="gelss"))
    add(case("paddle.linalg.lstsq", T(dt, (5, 3)), T(dt, (5, 2)), driver="gels"))
    add(case("paddle.linalg.lstsq", T(dt, (3, 5)), T(dt, (3, 1)), driver="gelsd"))
    add(case("paddle.linalg.lstsq", T(dt, (2, 4, 3)), T(dt, (2, 4, 2)), rcond=1e-3))
    add(case("Tensor.lstsq", T(dt, (4, 2)), T(dt, (4, 1))))
    add(case("paddle.linalg.householder_product", T(dt, (4, 3)), T(dt, (3,)), grad=True))
    add(case("paddle.linalg.householder_product", T(dt, (2, 3, 2)), T(dt, (2, 2))))
    add(case("Tensor.householder_product", T(dt, (3, 3)), T(dt, (2,))))
    add(case("paddle.linalg.pca_lowrank", T(dt, (6, 4)), check="meta"))
    add(case("paddle.linalg.pca_lowrank", T(dt, (6, 4)), q=2, center=False, niter=3, check="meta"))
    add(case("Tensor.pca_lowrank", T(dt, (5, 3)), check="meta"))
    add(case("paddle.linalg.lu_unpack", T(dt, (3, 3), values=[[3.0, 4.0, 1.0], [0.5, 2.0, 0.5], [0.25, 0.1, 1.5]]),
             T("int32", (3,), values=[2, 3, 3])))
    add(case("paddle.linalg.lu_unpack", T(dt, (3, 3), values=[[3.0, 4.0, 1.0], [0.5, 2.0, 0.5], [0.25, 0.1, 1.5]]),
             T("int32", (3,), values=[1, 2, 3]), unpack_ludata=False))
    add(case("Tensor.lu_unpack", T(dt, (2, 2), values=[[3.0, 4.0], [0.5, 2.0]]), T("int32", (2,), values=[2, 2])))

# errors and dtype coverage
for dt in ("int32", "int64", "float16", "complex64"):
    for api in ("inv", "det", "slogdet", "cholesky", "qr", "svd", "eigh", "eigvals", "matrix_rank", "pinv"):
        add(case("paddle.linalg." + api, T(dt, (2, 2), low=1, high=3)))
for api in ("inv", "det", "slogdet", "cholesky", "eig", "eigvals", "eigh", "matrix_power"):
    add(case("paddle.linalg." + api, T("float32", (2, 3)), *((2,) if api == "matrix_power" else ())))
    add(case("paddle.linalg." + api, T("float32", (3,)), *((2,) if api == "matrix_power" else ())))
add(case("paddle.linalg.inv", T("float32", (2, 2), values=[[1.0, 2.0], [2.0, 4.0]])))
add(case("paddle.linalg.cholesky", T("float32", (2, 2), values=[[1.0, 2.0], [2.0, 1.0]])))
add(case("paddle.linalg.solve", T("float32", (2, 2), values=[[1.0, 2.0], [2.0, 4.0]]), T("float32", (2, 1))))
add(case("paddle.linalg.solve", wellcond(3, "float32"), T("float32", (2, 1))))
add(case("paddle.linalg.qr", T("float32", (3, 3)), mode="full"))
add(case("paddle.linalg.eigh", spd(2, "float32"), UPLO="X"))
add(case("paddle.linalg.lstsq", T("float32", (3, 2)), T("float64", (3, 1))))
add(case("paddle.linalg.lstsq", T("float32", (3, 2)), T("float32", (3, 1)), driver="bad"))
add(case("paddle.linalg.cov", T("float32", (2, 3, 4))))
add(case("paddle.linalg.multi_dot", [T("float32", (2, 3))]))
add(case("paddle.linalg.cond", wellcond(2, "float32"), "abc"))
