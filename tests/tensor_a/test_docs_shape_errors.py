"""Operands that do not fit, as real Paddle 2.6.2 words it (found by running the "Paddle 写法" snippets of
guides/model_convert/convert_from_pytorch/api_difference): matmul/mm/@/linear report the contracted or batch
dimension Paddle's kernel checks; the square-matrix linalg ops (det, slogdet, eigh, eigvalsh, eigvals, eig, inv,
cholesky, matrix_power, solve, triangular_solve, cholesky_solve) and the decompositions (lu, pinv, svd, qr,
matrix_rank) use their own messages; multi_dot, as_complex, diagonal_scatter/fill_diagonal_tensor(_) and the
complex-only kernels too. Golden: tests/goldens/docs_programs.json, recorded by `.oracle/bin/python -m
tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("matmul_shapes") + golden_cases("linalg_square") + [
    c for c in golden_cases("api_mapping_misc") if not c[0].startswith(("constraint", "cuda_home"))]


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_shape_errors_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
