"""paddle.static.setitem and item assignment in static mode as real Paddle 2.6.2 (found by
guides/beginner/tensor_index_cn): static mode refuses `x[i] = v` with Paddle's RuntimeError, paddle.static.setitem
returns a new Variable (set_value op) and leaves x alone, in dygraph it assigns x and returns it.
Golden: tests/goldens/docs_programs.json, recorded by `.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("static_setitem")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_static_setitem_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
