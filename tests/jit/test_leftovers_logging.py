"""The root logger after ``import paddle`` (H37): Paddle's import gives it one stderr handler in its distributed
line format, level WARNING, not propagating, so a user's ``logging.basicConfig`` + ``logging.info`` print what
they print under Paddle. Each case runs a fresh interpreter. Golden: tests/goldens/jitleft_scenarios.json, recorded
by `.oracle/bin/python -m tests.jit.leftovers_scenarios`."""
import pytest

from tests.docs_programs import outcome
from tests.jit.leftovers_scenarios import golden_cases

CASES = golden_cases("root_logger")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_root_logger_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
