"""Shape-changing in-place ops against real Paddle 2.6.2 (fixtures/golden.json, recorded by scenarios.py with the
oracle): x's inplace_version after the op, and whether a backward through an op that saved x raises Paddle's
RuntimeError (PermissionDenied) with Paddle's message."""

import json

import paddle
import pytest

from tests.core.inplace_shape.scenarios import GOLDEN, outcomes
from tools.api_diff.common import check_stamp


def _golden():
    with open(GOLDEN) as f:
        golden = json.load(f)
    check_stamp(golden, GOLDEN)
    return golden["outcomes"]


@pytest.mark.verifies("paddle.reshape_", "paddle.squeeze_", "paddle.unsqueeze_", "paddle.Tensor.flatten_",
                      "paddle.Tensor.reshape_", "paddle.Tensor.inplace_version", "paddle.Tensor.backward")
def test_inplace_shape_ops_match_paddle():
    golden = _golden()
    ours = outcomes(paddle)
    assert sorted(ours) == sorted(golden)
    differ = {k: (golden[k], ours[k]) for k in golden if golden[k] != ours[k]}
    assert not differ, differ
