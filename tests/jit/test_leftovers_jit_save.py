"""paddle.jit.save without input_spec (guides/jit/basic_usage_cn block 4 and block 26): Paddle saves what the
last call of the to_static'd forward received, or raises its 'No valid transformed program' error naming the
function. Golden: tests/goldens/jitleft_scenarios.json, recorded by
`.oracle/bin/python -m tests.jit.leftovers_scenarios`."""
import pytest

from tests.docs_programs import outcome
from tests.jit.leftovers_scenarios import golden_cases

CASES = golden_cases("jit_save_traced")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_jit_save_without_input_spec_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
