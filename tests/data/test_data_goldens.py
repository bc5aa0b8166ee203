"""Replay tools/api_diff/record_data.py goldens (real Paddle 2.6.2) for paddle.metric / paddle.io
(and the dataset sections once recorded)."""

import os

import pytest

from tests.data import golden_replay as gr
from tools.api_diff import record_data

XFAIL = gr.xfails()
SECTIONS = [s for s in ("metric", "io", "datasets", "text", "api")
            if os.path.exists(os.path.join(record_data.GOLDEN_DIR, f"data_{s}.json"))]
_LOADED = {s: gr.load(s) for s in SECTIONS}
PARAMS = [(s, sid) for s in SECTIONS for sid in sorted(_LOADED[s][0])]


@pytest.mark.parametrize("section,sid", [gr.param(s, i, id=f"{s}:{i}") for s, i in PARAMS])
def test_data_golden(section, sid):
    meta, arrays = _LOADED[section]
    gr.check_with_xfail(section, sid, meta, arrays, f"{section}:{sid}", XFAIL)
