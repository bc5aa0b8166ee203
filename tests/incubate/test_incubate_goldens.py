"""Replay tests/incubate/fixtures/incubate_goldens.json (recorded by real Paddle 2.6.2 with record_goldens.py):
the same scenarios (optimizer trajectories, incubate.autograd, identity_loss) run on paddle-compat."""

import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(os.path.dirname(HERE), "sparse")]

import incubate_scenarios as scenarios  # noqa: E402
import paddle  # noqa: E402
from serialize import compare, run_scenario  # noqa: E402

from tools.api_diff.common import check_stamp  # noqa: E402

GOLDEN_PATH = os.path.join(HERE, "fixtures", "incubate_goldens.json")
with open(GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)


DEVIATIONS = {}


def _compare(ours, theirs, where, skip=True):
    compare(ours, theirs, where, DEVIATIONS if skip else ())


def test_golden_stamp():
    check_stamp(GOLDEN, GOLDEN_PATH)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.verifies(*scenarios.APIS[n])) for n in scenarios.SCENARIOS
])
def test_scenario(name):
    golden = GOLDEN["scenarios"][name]
    result = run_scenario(paddle, scenarios, name, golden)
    if result is not None:
        _compare(result, golden["result"], name)

