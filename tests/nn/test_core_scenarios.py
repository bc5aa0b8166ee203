"""Layer semantics vs real Paddle: tests/nn/core_scenarios.py run on our package, compared with the facts
recorded from Paddle 2.6.2 (tests/nn/fixtures/core_scenarios.json)."""

import json
import os
import sys
import warnings

import paddle
import pytest

from tools.api_diff.common import load_golden_json

sys.path.insert(0, os.path.dirname(__file__))
import core_scenarios  # noqa: E402

_EXPECTED = load_golden_json(core_scenarios.FIXTURE)["scenarios"]


@pytest.mark.parametrize("name", sorted(core_scenarios.SCENARIOS))
def test_scenario(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = json.loads(json.dumps(core_scenarios.SCENARIOS[name](paddle), default=str))
    exp = _EXPECTED[name]
    if isinstance(exp, dict):
        assert sorted(got) == sorted(exp)
        for k in exp:
            assert got[k] == exp[k], f"{name}[{k}]"
    elif isinstance(exp, list) and name == "reprs":
        for g, e in zip(got, exp):
            assert g == e
        assert len(got) == len(exp)
    else:
        assert got == exp
