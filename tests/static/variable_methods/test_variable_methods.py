"""Replay fixtures/golden.json (real Paddle 2.6.2, record.py): every listed static-graph Variable method built
into a Program and run by an Executor gives Paddle's fetched arrays (dtype, shape, values), or raises the
exception class Paddle raised."""

import json
import os

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))

import paddle  # noqa: E402

from tests.static.variable_methods import scenarios  # noqa: E402
from tools.api_diff.common import check_stamp  # noqa: E402

GOLDEN_PATH = os.path.join(HERE, "fixtures", "golden.json")
with open(GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)


def test_golden_stamp():
    check_stamp(GOLDEN, GOLDEN_PATH)


@pytest.fixture()
def static_mode():  # per test: tests/static/conftest.py restores dygraph mode after each
    paddle.enable_static()
    yield
    paddle.disable_static()


# measured differences (strict xfails: a method that starts to agree must leave this list)
_STATIC_CHECK = "Paddle's static-mode Python dtype check raises TypeError; ours raises the kernel's error as in dygraph"
_DATA_DEPENDENT = ("the static engine records ops on FakeTensors: a result whose shape or control flow depends on "
                   "the values (data-dependent) cannot be recorded")
DEVIATIONS = {
    "real": _STATIC_CHECK + " (RuntimeError NotFound for a float32 input)",
    "imag": _STATIC_CHECK + " (RuntimeError NotFound for a float32 input)",
    "where": _STATIC_CHECK + " (ValueError for a float32 condition)",
    "put_along_axis": "Paddle 2.6.2's static put_along_axis requires `values` as a Variable (TypeError for a Python "
                      "number); ours broadcasts the number as in dygraph",
    "view": "Paddle 2.6.2 asserts that view is dygraph-only (AssertionError); ours records a reshape",
    "view_as": "Paddle 2.6.2 asserts that view_as is dygraph-only (AssertionError); ours records a reshape",
    "scatter": _DATA_DEPENDENT + " (overwrite index deduplication)",
    "histogram": _DATA_DEPENDENT + " (min/max range taken from the values)",
    "cov": _DATA_DEPENDENT + " (Paddle-order row sums)",
    "corrcoef": _DATA_DEPENDENT + " (Paddle-order row sums)",
}


def _marks(name):
    marks = [pytest.mark.verifies(scenarios.api_of(name))]
    if name in DEVIATIONS:
        marks.append(pytest.mark.xfail(strict=True, reason=DEVIATIONS[name]))
    return marks


@pytest.mark.parametrize("name", [pytest.param(n, marks=_marks(n)) for n in scenarios.NAMES])
def test_variable_method(static_mode, name):
    want = GOLDEN["results"][name]
    got = scenarios.run(paddle, name)
    if isinstance(want, str):
        assert got == want, f"{name}: Paddle raised {want[1:]}, ours gave {got}"
        return
    assert not isinstance(got, str), f"{name}: Paddle returned, ours raised {got[1:]}"
    assert len(got) == len(want), name
    for i, (ours, theirs) in enumerate(zip(got, want)):
        expected = np.array(theirs["data"], dtype=theirs["dtype"]).reshape(theirs["shape"])
        assert str(ours.dtype) == theirs["dtype"] and list(ours.shape) == theirs["shape"], (
            f"{name}[{i}]: {ours.dtype}{list(ours.shape)} != Paddle {theirs['dtype']}{theirs['shape']}")
        if expected.dtype.kind in "iub":
            np.testing.assert_array_equal(ours, expected, err_msg=f"{name}[{i}]")
        else:
            np.testing.assert_allclose(ours, expected, rtol=1e-5, atol=1e-6, equal_nan=True, err_msg=f"{name}[{i}]")
