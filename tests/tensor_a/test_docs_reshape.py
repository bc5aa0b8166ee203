"""paddle.reshape's checks and messages as real Paddle 2.6.2 answers them (found by guides/jit/debugging_en);
golden: tests/goldens/docs_programs.json, recorded by `.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("reshape")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_reshape_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
