"""Replay fixtures/golden.json (recorded by real Paddle 2.6.2 with record.py): a jit.save/jit.load round trip
and the loaded TranslatedLayer's methods on paddle-compat."""

import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "sparse"))  # serialize.py

import paddle  # noqa: E402
from serialize import compare, run_scenario  # noqa: E402

from tests.jit.translated_layer import scenarios  # noqa: E402
from tools.api_diff.common import check_stamp  # noqa: E402

GOLDEN_PATH = os.path.join(HERE, "fixtures", "golden.json")
with open(GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)


# parts not compared: the measured deviation of mappings/jit.toml "paddle.jit.TranslatedLayer" (Paddle 2.6.2's
# loaded layer returns stop_gradient=True outputs and gives its parameters no gradients; ours stays trainable)
DEVIATIONS = {"loaded_layer.out_stop_gradient", "loaded_program_and_state.had_grads"}


def test_golden_stamp():
    check_stamp(GOLDEN, GOLDEN_PATH)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.verifies(*scenarios.APIS[n])) for n in scenarios.SCENARIOS
])
def test_scenario(name):
    golden = GOLDEN["scenarios"][name]
    result = run_scenario(paddle, scenarios, name, golden)
    if result is not None:
        compare(result, golden["result"], name, DEVIATIONS)
