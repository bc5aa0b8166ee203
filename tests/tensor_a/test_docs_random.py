"""Random ops given a dtype without a CPU kernel (found by guides/advanced/auto_type_promotion_en, float16 rand):
Paddle's NotFound message lists the registered dtypes in its own order. Golden: tests/goldens/docs_programs.json,
recorded by `.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("random_kernels")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_random_kernel_errors_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
