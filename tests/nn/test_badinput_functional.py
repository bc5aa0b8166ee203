"""Bad input to paddle.nn.functional as real Paddle 2.6.2 answers it: each call of badinput_functional_calls.py
replayed against tests/goldens/badinput_functional.json (recorded on the oracle by record_badinput_functional.py):
the same outcome (a value, or an exception of the same type), the same result dtype, and the same values where
the call returns a list."""

import math
import os

import paddle
import pytest

from tools.api_diff.common import GOLDENS_DIR, load_golden_json

from .badinput_functional_calls import calls, namespace, outcome

GOLDEN = load_golden_json(os.path.join(GOLDENS_DIR, "badinput_functional.json"))["calls"]
CALLS = calls()
NS = namespace(paddle)


def _close(a, b):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, bool) or isinstance(b, bool):
            return a == b
        if math.isnan(a) and math.isnan(b):
            return True
        return math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-4)
    return a == b


def test_golden_covers_every_call():
    assert set(GOLDEN) == set(CALLS)


@pytest.mark.parametrize("cid", sorted(CALLS))
def test_call(cid):
    want = GOLDEN[cid]
    got = outcome(CALLS[cid], NS)
    if not want["ok"]:
        assert not got["ok"], f"{CALLS[cid]}: Paddle raises {want['type']}, ours returned {got.get('value')!r}"
        assert got["type"] == want["type"], f"{CALLS[cid]}: Paddle raises {want['type']}, ours {got['type']}"
        return
    assert got["ok"], f"{CALLS[cid]}: Paddle returns {want['value']!r}, ours raised {got['type']}"
    assert _close(got["value"], want["value"]), f"{CALLS[cid]}: Paddle {want['value']!r}, ours {got['value']!r}"
