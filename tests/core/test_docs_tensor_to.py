"""Tensor._to, the private form of Tensor.to that the AMP guide (guides/performance_improving/amp_en) calls as
`label._to(place)`: converts in place and returns the tensor, Paddle's errors for a bad device/blocking.
Golden: tests/goldens/docs_programs.json, recorded by `.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("tensor_to")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_private_to_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
