"""jit.save / jit.load of pad, interpolate, arg/reduce and compare ops against real Paddle 2.6.2
(``tests/goldens/exportops_pad_interp.json``, recorded by ``tests/jit/export_ops_cases.py`` under the oracle).

- Paddle's own ``.pdmodel`` of each case runs here (``paddle.jit.load``) with Paddle's outputs.
- Our ``paddle.jit.save`` of the same model writes Paddle's op types and attributes (where our traced graph has
  the same ops; the cases marked otherwise are checked on outputs only), and our saved model gives Paddle's
  outputs when loaded back.
"""

import os
import sys
import warnings

import numpy as np
import paddle
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export_ops_cases as cases_module  # noqa: E402

from tools.api_diff.common import load_golden_json  # noqa: E402

GOLDEN = load_golden_json(cases_module.GOLDEN)
CASES = cases_module.cases()
X = cases_module.decode_array(GOLDEN["input"])


def _close(got, expected, name):
    got = np.asarray(got)
    assert got.shape == expected.shape, (name, got.shape, expected.shape)
    assert got.dtype == expected.dtype, (name, got.dtype, expected.dtype)
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-5, err_msg=name)


@pytest.mark.parametrize("name", sorted(GOLDEN["cases"]))
def test_paddle_written_program_runs_here(name, tmp_path):
    entry = GOLDEN["cases"][name]
    prefix = str(tmp_path / name)
    with open(prefix + ".pdmodel", "wb") as f:
        f.write(cases_module.decode_pdmodel(entry))
    layer = paddle.jit.load(prefix)
    _close(layer(paddle.to_tensor(X)).numpy(), cases_module.decode_array(entry["output"]), name)


@pytest.mark.parametrize("name", sorted(GOLDEN["cases"]))
def test_our_export_matches_paddle(name, tmp_path):
    if name in cases_module.NOT_EXPORTED:
        pytest.skip(cases_module.NOT_EXPORTED[name])
    entry = GOLDEN["cases"][name]
    function, same_ops = CASES[name]
    prefix = str(tmp_path / name)
    spec = [paddle.static.InputSpec(cases_module.INPUT_SHAPE, "float32", "x")]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        paddle.jit.save(cases_module.make_layer(function), prefix, input_spec=spec)
    # as Paddle: no persistable variable (our graph may lift a constant, e.g. the +0 of ``-x``), no parameter
    # file and a warning
    warned = any("no variable in your model" in str(w.message) for w in caught)
    assert warned != os.path.exists(prefix + ".pdiparams")
    with open(prefix + ".pdmodel", "rb") as f:
        ours = cases_module.program_ops(f.read())
    if same_ops:
        assert ours == entry["ops"]
    _close(paddle.jit.load(prefix)(paddle.to_tensor(X)).numpy(), cases_module.decode_array(entry["output"]), name)
