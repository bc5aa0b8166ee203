"""jit.save of a forward taking a list of tensors, input_spec [[InputSpec, InputSpec]], against real Paddle 2.6.2
(fixtures/golden.json, recorded by scenarios.py with the oracle): feed names, shapes and the loaded output."""

import json

import paddle
import pytest

from tests.jit.nested_spec.scenarios import GOLDEN, outcomes
from tools.api_diff.common import check_stamp


@pytest.mark.verifies("paddle.jit.save", "paddle.jit.load", "paddle.jit.to_static")
def test_list_input_spec_matches_paddle():
    with open(GOLDEN) as f:
        golden = json.load(f)
    check_stamp(golden, GOLDEN)
    assert outcomes(paddle) == golden["outcomes"]
