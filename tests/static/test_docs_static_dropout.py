"""Static-graph training with dropout: each run of the dropout op draws its keep mask from the CPU engine (the
global one after paddle.seed, or a fresh engine seeded with the program's random_seed), so losses and masks are
Paddle's; the Mask output is fetchable. Golden: tests/goldens/docs_programs.json, recorded by
`.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("static_dropout")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_static_dropout_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
