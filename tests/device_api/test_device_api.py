"""Replay fixtures/golden.json (recorded by real Paddle 2.6.2 with record.py): device, framework and static
place/scope helpers on a CPU machine, on paddle-compat."""

import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sparse"))  # serialize.py

import paddle  # noqa: E402
from serialize import compare, run_scenario  # noqa: E402

from tests.device_api import scenarios  # noqa: E402
from tools.api_diff.common import check_stamp  # noqa: E402

GOLDEN_PATH = os.path.join(HERE, "fixtures", "golden.json")
with open(GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)


def test_golden_stamp():
    check_stamp(GOLDEN, GOLDEN_PATH)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.verifies(*scenarios.APIS[n])) for n in scenarios.SCENARIOS
])
def test_scenario(name):
    golden = GOLDEN["scenarios"][name]
    result = run_scenario(paddle, scenarios, name, golden)
    if result is not None:
        compare(result, golden["result"], name)
