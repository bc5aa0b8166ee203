"""jit.save of conv1d / conv3d / zeros_like & co. / temporal_shift against real Paddle 2.6.2
(``tests/goldens/exportops_video.json``, recorded by ``tests/jit/export_video_ops_cases.py`` under the oracle): our
saved program holds Paddle's op types and attributes (temporal_shift: ours writes a composition of ops, compared by
output only), and loaded back gives Paddle's outputs."""

import os
import sys

import numpy as np
import paddle
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export_ops_cases  # noqa: E402
import export_video_ops_cases as cases_module  # noqa: E402

from tools.api_diff.common import load_golden_json  # noqa: E402

GOLDEN = load_golden_json(cases_module.GOLDEN)


def _ops(data):
    saved = export_ops_cases.OPS_OF_INTEREST
    export_ops_cases.OPS_OF_INTEREST = cases_module.OPS_OF_INTEREST
    try:
        return export_ops_cases.program_ops(data)
    finally:
        export_ops_cases.OPS_OF_INTEREST = saved


@pytest.mark.verifies("paddle.jit.save", "paddle.nn.Conv1D", "paddle.nn.Conv3D")
@pytest.mark.parametrize("name", sorted(GOLDEN["cases"]))
def test_our_export_matches_paddle(name, tmp_path):
    entry = GOLDEN["cases"][name]
    x = export_ops_cases.decode_array(entry["input"])
    layer = cases_module.make_layer(name)
    prefix = str(tmp_path / name)
    paddle.jit.save(layer, prefix, input_spec=[paddle.static.InputSpec([None] + list(x.shape[1:]), "float32", "x")])
    if name not in cases_module.OUTPUT_ONLY:
        with open(prefix + ".pdmodel", "rb") as f:
            assert _ops(f.read()) == entry["ops"]
    expected = export_ops_cases.decode_array(entry["output"])
    got = paddle.jit.load(prefix)(paddle.to_tensor(x))
    np.testing.assert_allclose(got.numpy(), expected, rtol=0, atol=1e-5)
