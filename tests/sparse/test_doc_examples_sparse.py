"""Paddle 2.6.2's docstring examples of the Tensor sparse members and of paddle.sparse / paddle.geometric /
paddle.incubate, replayed under ours against the stdout / exception recorded by real Paddle
(tests/sparse/record_doc_examples.py; CUDA-only kernels and examples that crash Paddle on CPU are not recorded)."""

import json
import os

import pytest

from tools.api_diff import doc_examples_exec as dx
from tools.api_diff.common import check_stamp

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "doc_examples.json")
GOLDEN = json.load(open(PATH)) if os.path.exists(PATH) else {"examples": []}
# measured differences (mappings/sparse.toml): strict xfails
DEVIATIONS = {
}


def test_stamp():
    check_stamp(GOLDEN, PATH)


@pytest.mark.parametrize("example", [
    pytest.param(e, id=f"{e['api']}#{e['block']}", marks=[pytest.mark.verifies(e["api"])] + (
        [pytest.mark.xfail(strict=True, reason=DEVIATIONS[f"{e['api']}#{e['block']}"])]
        if f"{e['api']}#{e['block']}" in DEVIATIONS else []))
    for e in GOLDEN["examples"]
])
def test_doc_example(example):
    import paddle

    got = dx.run_example(paddle, example["statements"])
    ok, why = dx.compare(example, got)
    assert ok, why
