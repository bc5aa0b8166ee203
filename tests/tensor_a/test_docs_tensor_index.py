"""Indexing errors as real Paddle 2.6.2 raises them (found by guides/beginner/tensor_index_cn): values that do not
broadcast to their target (set_value / expand_v2 messages), index tensors that do not broadcast together.
Golden: tests/goldens/docs_programs.json, recorded by `.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("tensor_index")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_indexing_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
