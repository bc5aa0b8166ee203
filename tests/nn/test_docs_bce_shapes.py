"""binary_cross_entropy(_with_logits) / BCELoss given a label of another shape, as real Paddle 2.6.2 checks it
(found by practices/recommendations/collaborative_filtering): rank first, then shape, no broadcasting (also with
pos_weight), Paddle's messages. Golden: tests/goldens/docs_programs.json, recorded by
`.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("bce_shapes")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_bce_shape_checks_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
