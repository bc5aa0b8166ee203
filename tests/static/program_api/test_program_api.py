"""Replay fixtures/golden.json (recorded by real Paddle 2.6.2 with record.py): Program methods and the static
program helpers on paddle-compat."""

import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "sparse"))  # serialize.py

import paddle  # noqa: E402
from serialize import compare, run_scenario  # noqa: E402

from tests.static.program_api import scenarios  # noqa: E402
from tools.api_diff.common import check_stamp  # noqa: E402

GOLDEN_PATH = os.path.join(HERE, "fixtures", "golden.json")
with open(GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)


# parts not compared, each a measured deviation recorded in mappings/static.toml
DEVIATIONS = {
    "serialization.restored_ops",  # serialize_program writes torch.export's ops (reshape2/matmul_v2 for fc's mul)
    "serialization.normalized_ops",  # normalize_program adds no feed/scale/fetch operators
}


def test_golden_stamp():
    check_stamp(GOLDEN, GOLDEN_PATH)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.verifies(*scenarios.APIS[n])) for n in scenarios.SCENARIOS
])
def test_scenario(name):
    paddle.enable_static()  # tests/static/conftest.py restores dygraph mode after each test
    golden = GOLDEN["scenarios"][name]
    result = run_scenario(paddle, scenarios, name, golden)
    if result is not None:
        compare(result, golden["result"], name, DEVIATIONS)
