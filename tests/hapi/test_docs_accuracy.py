"""paddle.metric.Accuracy given float labels (a regression model compiled with Accuracy, as in
practices/time_series/temperature_forecast): Paddle compares the top-k indices with the label cast to int64
(truncated toward zero), ours compared as floats. Golden: tests/goldens/docs_programs.json, recorded by
`.oracle/bin/python -m tests.docs_programs`."""
import pytest

from tests.docs_programs import golden_cases, outcome

CASES = golden_cases("accuracy_float_label")


@pytest.mark.parametrize("case, code, expected", CASES, ids=[c[0] for c in CASES])
def test_accuracy_like_paddle(case, code, expected):
    assert outcome(code) == expected, code
