"""Replays paddle.distribution goldens recorded from real Paddle (tools/api_diff/record_distribution.py)."""

import os

import numpy as np
import paddle
import pytest

from tests.distribution.cases import CASES
from tools.api_diff.common import load_golden_json

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "goldens", "distribution.json")
GOLDENS = load_golden_json(GOLDEN)["cases"]

# float32 results go through different (but equivalent) op sequences than Paddle's kernels.
TOLERANCE = {"float32": dict(rtol=1e-5, atol=1e-6), "float64": dict(rtol=1e-10, atol=1e-12)}


def build(arg):
    if isinstance(arg, tuple) and arg and arg[0] == "t":
        return paddle.to_tensor(np.array(arg[2], dtype=arg[1]))
    if isinstance(arg, tuple) and arg and arg[0] in ("dist", "transform"):
        return getattr(paddle.distribution, arg[1])(*[build(a) for a in arg[2]])
    if isinstance(arg, list):
        return [build(a) for a in arg]
    return arg


def run(ctor, args, member, member_args):
    target = getattr(paddle.distribution, ctor)(*[build(a) for a in args])
    if member is None:
        return target
    attr = getattr(target, member)
    return attr(*[build(a) for a in member_args]) if member_args is not None else attr


def compare(ours, golden, check):
    if golden["kind"] == "seq":
        assert isinstance(ours, (list, tuple)) and len(ours) == len(golden["items"])
        for o, g in zip(ours, golden["items"]):
            compare(o, g, check)
        return
    if golden["kind"] == "py":
        assert ours == golden["value"] or list(ours) == golden["value"]
        return
    assert isinstance(ours, paddle.Tensor), f"expected a Tensor, got {type(ours).__name__}"
    assert ours.dtype.name == golden["dtype"]
    assert ours.shape == golden["shape"]
    if check == "value":
        np.testing.assert_allclose(ours.numpy().astype(np.float64), np.array(golden["value"], dtype=np.float64),
                                   **TOLERANCE.get(golden["dtype"], dict(rtol=0, atol=0)))


def _apis(value):
    """paddle.distribution names a case constructs or calls (``verifies`` marker)."""
    if isinstance(value, tuple) and value and value[0] in ("dist", "transform"):
        return {f"paddle.distribution.{value[1]}"} | _apis(value[2])
    if isinstance(value, (list, tuple)):
        return set().union(*map(_apis, value)) if value else set()
    return set()


@pytest.mark.parametrize("case", [pytest.param(c, id=c[0], marks=pytest.mark.verifies(
    f"paddle.distribution.{c[1]}", *sorted(_apis(c[2]) | _apis(c[4])))) for c in CASES])
def test_distribution_golden(case):
    case_id, ctor, args, member, member_args, check = case
    golden = GOLDENS[case_id]
    if golden["status"] == "error":
        with pytest.raises(Exception) as info:
            run(ctor, args, member, member_args)
        assert golden["error_type"] in [k.__name__ for k in type(info.value).__mro__]
        return
    compare(run(ctor, args, member, member_args), golden["result"], check)
