"""Paddle 2.6.2's own docstring examples replayed under our package.

Goldens: tests/goldens/doc_examples.json (expected stdout recorded from real Paddle by
``.oracle/bin/python -m tools.api_diff.doc_examples harvest``). Examples run in-process (fresh globals,
reseeded, stdout captured; see tools/api_diff/doc_examples_exec.py). Deterministic examples must print
exactly what Paddle printed (memory addresses normalised); nondeterministic ones must only run (or raise
the same exception type as Paddle). Today's failures are strict xfails listed in
tests/goldens/doc_examples_xfail.json, regenerated with ``.venv/bin/python -m tools.api_diff.doc_examples
run`` (which also writes reports/doc_examples.md); an example that hung/crashed under ours is xfail(run=False).
Examples that took longer than SLOW_S (in the oracle or under ours) are skipped here to keep this file
fast (they still run in the ``run`` command and its report).
"""

import importlib.util
import json
import os

import pytest

from tools.api_diff import doc_examples_exec as dx
from tools.api_diff.common import load_golden_json

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "goldens", "doc_examples.json")
XFAIL = os.path.join(HERE, "goldens", "doc_examples_xfail.json")
RESULTS = os.path.join(HERE, "goldens", "doc_examples_results.json")
SLOW_S = 3.0


def _load(path, default):
    if not os.path.exists(path):
        return default
    with open(path) as f:
        return json.load(f)


def _params():
    g = load_golden_json(GOLDEN) if os.path.exists(GOLDEN) else {"examples": []}
    xfail = _load(XFAIL, {})
    results = _load(RESULTS, {})
    params = []
    for e in g["examples"]:
        marks = []
        x = xfail.get(e["id"])
        t = max((results.get(e["id"]) or {}).get("t") or 0, e.get("oracle_t") or 0)
        if x and x.get("timeout"):
            marks.append(pytest.mark.xfail(run=False, reason=f"hangs/crashes under ours: {x['reason']}"))
        elif t > SLOW_S:
            marks.append(pytest.mark.skip(reason=f"slow ({t:.1f}s in Paddle or ours); checked by doc_examples run"))
        elif x:
            marks.append(pytest.mark.xfail(strict=True, raises=AssertionError, reason=x["reason"]))
        params.append(pytest.param(e, id=e["id"], marks=marks))
    return params


@pytest.fixture(scope="module")
def paddle():
    import paddle

    return paddle


@pytest.mark.parametrize("example", _params())
def test_doc_example(paddle, example):
    if "cv2" in "".join(example["code"]) + (example.get("stdout") or "") and importlib.util.find_spec("cv2") is None:
        pytest.skip("harvested from an oracle that had OpenCV installed; without cv2 Paddle raises ImportError too")
    got = dx.run_example(paddle, example["code"])
    ok, why = dx.compare(example, got)
    assert ok, why


def test_goldens_present():
    g = load_golden_json(GOLDEN) if os.path.exists(GOLDEN) else None
    assert g is not None and len(g["examples"]) > 500, "tests/goldens/doc_examples.json missing or truncated"
