"""jit.save of conv2d_transpose / depthwise_conv2d_transpose / instance_norm / pow against real Paddle 2.6.2
(``tests/goldens/exportops_gan.json``, recorded by ``tests/jit/export_gan_ops_cases.py`` under the oracle): our
saved program holds Paddle's op types and attributes, and loaded back gives Paddle's outputs."""

import os
import sys

import numpy as np
import paddle
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export_gan_ops_cases as cases_module  # noqa: E402
import export_ops_cases  # noqa: E402

from tools.api_diff.common import load_golden_json  # noqa: E402

GOLDEN = load_golden_json(cases_module.GOLDEN)
X = export_ops_cases.decode_array(GOLDEN["input"])


def _ops(data):
    saved = export_ops_cases.OPS_OF_INTEREST
    export_ops_cases.OPS_OF_INTEREST = cases_module.OPS_OF_INTEREST
    try:
        return export_ops_cases.program_ops(data)
    finally:
        export_ops_cases.OPS_OF_INTEREST = saved


@pytest.mark.parametrize("name", sorted(GOLDEN["cases"]))
def test_our_export_matches_paddle(name, tmp_path):
    entry = GOLDEN["cases"][name]
    layer = cases_module.make_layer(name)
    prefix = str(tmp_path / name)
    spec = [paddle.static.InputSpec(cases_module.INPUT_SHAPE, "float32", "x")]
    paddle.jit.save(layer, prefix, input_spec=spec)
    with open(prefix + ".pdmodel", "rb") as f:
        ours = _ops(f.read())
    if name not in cases_module.OPS_DIFFER:
        assert ours == entry["ops"]
    expected = export_ops_cases.decode_array(entry["output"])
    got = paddle.jit.load(prefix)(paddle.to_tensor(X))
    assert type(got).__name__ == entry["loaded_type"]  # a None output is not saved: one Tensor, not a list
    np.testing.assert_allclose(got.numpy(), expected, rtol=0, atol=1e-5)
    eager = cases_module.first_tensor(layer(paddle.to_tensor(X)))
    np.testing.assert_allclose(eager.numpy(), expected, rtol=0, atol=1e-5)


@pytest.mark.parametrize("name", sorted(cases_module.OPS_DIFFER))
def test_paddle_written_program_runs_here(name, tmp_path):
    entry = GOLDEN["cases"][name]
    prefix = str(tmp_path / name)
    with open(prefix + ".pdmodel", "wb") as f:
        f.write(export_ops_cases.decode_pdmodel(entry))
    got = paddle.jit.load(prefix)(paddle.to_tensor(X)).numpy()
    np.testing.assert_allclose(got, export_ops_cases.decode_array(entry["output"]), rtol=0, atol=1e-5)
