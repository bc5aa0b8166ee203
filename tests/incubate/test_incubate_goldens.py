"""Replay tests/incubate/fixtures/incubate_goldens.json (recorded by real Paddle 2.6.2 with record_goldens.py):
the same scenarios (optimizer trajectories, incubate.autograd, identity_loss) run on paddle-compat."""

import json
import math
import os
import sys
import warnings

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(os.path.dirname(HERE), "sparse")]

import incubate_scenarios as scenarios  # noqa: E402
import paddle  # noqa: E402
from serialize import decode_array, encode  # noqa: E402

from tools.api_diff.common import check_stamp  # noqa: E402

GOLDEN_PATH = os.path.join(HERE, "fixtures", "incubate_goldens.json")
with open(GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)


DEVIATIONS = {}


def _compare(ours, theirs, where, skip=True):
    if skip and where in DEVIATIONS:
        return
    assert ours["kind"] == theirs["kind"], f"{where}: kind {ours['kind']} != paddle {theirs['kind']}"
    kind = theirs["kind"]
    if kind == "dict":
        assert sorted(ours["items"]) == sorted(theirs["items"]), where
        for k in theirs["items"]:
            _compare(ours["items"][k], theirs["items"][k], f"{where}.{k}", skip)
        return
    if kind == "list":
        assert len(ours["items"]) == len(theirs["items"]), where
        for i, (a, b) in enumerate(zip(ours["items"], theirs["items"])):
            _compare(a, b, f"{where}[{i}]", skip)
        return
    if kind == "py":
        a, b = ours["value"], theirs["value"]
        if isinstance(b, float) and isinstance(a, float):
            assert math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-6), f"{where}: {a!r} != paddle {b!r}"
        else:
            assert a == b, f"{where}: {a!r} != paddle {b!r}"
        return
    for key in ("shape", "dtype", "stop_gradient"):
        assert ours[key] == theirs[key], f"{where}: {key} {ours[key]} != paddle {theirs[key]}"
    parts = {"coo": ("indices", "values"), "csr": ("crows", "cols", "values"), "dense": ("values",)}[kind]
    for part in parts:
        a, b = decode_array(ours[part]), decode_array(theirs[part])
        assert a.shape == b.shape, f"{where}.{part}: shape {a.shape} != paddle {b.shape}"
        if a.dtype.kind in "iub":
            np.testing.assert_array_equal(a, b, err_msg=f"{where}.{part}")
        else:
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True, err_msg=f"{where}.{part}")


def test_golden_stamp():
    check_stamp(GOLDEN, GOLDEN_PATH)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.verifies(*scenarios.APIS[n])) for n in scenarios.SCENARIOS
])
def test_scenario(name):
    golden = GOLDEN["scenarios"][name]
    paddle.seed(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if golden["status"] == "error":
            with pytest.raises(Exception) as info:
                scenarios.SCENARIOS[name](paddle)
            assert type(info.value).__name__ == golden["type"]
            return
        result = encode(scenarios.SCENARIOS[name](paddle))
    _compare(result, golden["result"], name)

