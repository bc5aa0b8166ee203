"""Seeded CPU random APIs give real Paddle 2.6.2's numbers exactly (goldens recorded by record_goldens.py
with the oracle: dtype, shape, first values and a SHA-256 over every value)."""

import os

import paddle
import pytest

from tools.api_diff.common import load_golden_json

from .cases import CASES
from .replay import run_case

GOLDEN = load_golden_json(os.path.join(os.path.dirname(__file__), "..", "goldens", "rng_streams.json"))


@pytest.fixture(autouse=True)
def _cpu():
    previous = paddle.get_device()
    paddle.set_device("cpu")
    yield
    paddle.set_device(previous)


def test_every_case_recorded():
    assert sorted(GOLDEN["cases"]) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_stream_matches_paddle(name):
    expected = GOLDEN["cases"][name]
    got = run_case(paddle, CASES[name])
    assert [o["dtype"] for o in got] == [o["dtype"] for o in expected]
    assert [o["shape"] for o in got] == [o["shape"] for o in expected]
    assert [o["head"] for o in got] == [o["head"] for o in expected]
    assert [o["sha256"] for o in got] == [o["sha256"] for o in expected]
