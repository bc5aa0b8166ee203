"""Fixes found by the model-zoo sweep (tests/repos/zoo, docs/zoo.md), replayed against real Paddle's results
(tests/goldens/zoo_fixes.json, recorded by tests/repos/zoo/record_fixes.py with the oracle)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "repos", "zoo"))

import fix_scenarios  # noqa: E402

from tools.api_diff.common import load_golden_json  # noqa: E402

GOLDEN = load_golden_json(os.path.join(ROOT, "tests", "goldens", "zoo_fixes.json"))


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@pytest.mark.parametrize("name", sorted(fix_scenarios.SCENARIOS))
def test_scenario_matches_paddle(name):
    result = _plain(fix_scenarios.SCENARIOS[name]())
    expected = GOLDEN["scenarios"][name]
    if name in fix_scenarios.APPROX:
        expected = {k: pytest.approx(v, rel=fix_scenarios.APPROX[name]) for k, v in expected.items()}
    assert result == expected
