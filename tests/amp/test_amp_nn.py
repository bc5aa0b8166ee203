"""paddle.static.amp.amp_nn (check_finite_and_unscale, update_loss_scaling) in dygraph against real Paddle 2.6.2
(tests/amp/fixtures/amp_nn.json, recorded by tests/amp/record_amp_nn.py): Paddle's CPU kernel zeroes (and turns
infs into NaN) from the first non-finite tensor on; grads are zeroed on overflow; scale floor 1."""

import json
import os

import paddle
import pytest

from tests.amp.amp_nn_scenario import run
from tools.api_diff.common import check_stamp

PATH = os.path.join(os.path.dirname(__file__), "fixtures", "amp_nn.json")


@pytest.mark.verifies("paddle.static.amp.amp_nn")
def test_amp_nn():
    with open(PATH) as f:
        golden = json.load(f)
    check_stamp(golden, PATH)
    got = json.loads(json.dumps(run(paddle)))
    want = golden["scenario"]
    assert sorted(got) == sorted(want)
    for key in want:
        assert got[key] == want[key], key
