"""A @to_static function called in static mode, and re-decorating a Layer: the error and the (silent by default)
translator log as real Paddle 2.6.2 gives them. Golden: tests/goldens/jit_translator_modes.json
(tests/jit/record_translator_modes.py, oracle); each scenario runs in a fresh interpreter."""

import sys

import pytest

from tests.jit import record_translator_modes as rec
from tools.api_diff.common import load_golden_json

GOLDEN = load_golden_json(rec.GOLDEN)


@pytest.mark.parametrize("scenario", sorted(rec.SCENARIOS))
def test_matches_paddle(scenario):
    assert rec.run(sys.executable, rec.SCENARIOS[scenario]) == GOLDEN["scenarios"][scenario]
