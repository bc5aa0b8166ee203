"""paddle.quantization / paddle.nn.quant against real Paddle 2.6.2: QAT forward over 3 training steps (outputs,
loss, gradients, quanter scale/state/accumulator), eval and converted outputs, PTQ observers and conversion,
QuantConfig per type/layer/name, layer reprs and parameter names, and the fake-quant kernels (ties, clipping,
straight-through gradients, 4/8 bits). Goldens: tests/quantization/fixtures/quant_goldens.json, recorded by
tests/quantization/record_goldens.py running the same scenarios (tests/quantization/scenarios.py)."""

import json
import os
import re

import numpy as np
import paddle
import pytest

from tests.quantization.scenarios import SCENARIOS
from tools.api_diff.common import check_stamp

PATH = os.path.join(os.path.dirname(__file__), "fixtures", "quant_goldens.json")
with open(PATH) as _f:
    GOLDEN = json.load(_f)
check_stamp(GOLDEN, PATH)

_ADDRESS = re.compile(r" at 0x[0-9a-f]+")
# Paddle renames a deep-copied Parameter to name + unique_name.generate("_deepcopy"); paddle-compat's
# Parameter.__deepcopy__ (paddle_compat/_core/tensor.py, not this area) keeps the name: compared without the
# suffix here, and exactly in the strict xfail test_deepcopied_parameter_names below.
_DEEPCOPY = re.compile(r"(_deepcopy_\d+)+")


def _strip(text, deepcopy_suffix=True):
    text = _ADDRESS.sub("", text)
    return _DEEPCOPY.sub("", text) if deepcopy_suffix else text


def _compare(got, want, path=""):
    if isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), f"{path}: keys {sorted(got)} != {sorted(want)}"
        for k in want:
            _compare(got[k], want[k], f"{path}.{k}")
    elif isinstance(want, list) and want and all(isinstance(v, float) for v in want):
        np.testing.assert_allclose(np.array(got, "float64"), np.array(want, "float64"), rtol=1e-6, atol=1e-6,
                                   err_msg=path)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{path}: {got!r} != {want!r}"
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, f"{path}[{i}]")
    elif isinstance(want, float):
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6, err_msg=path)
    elif isinstance(want, str):
        assert _strip(got) == _strip(want), f"{path}:\n{got}\n!=\n{want}"
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


APIS = {
    "qat": ("paddle.quantization.QAT", "paddle.quantization.QuantConfig", "paddle.nn.quant.Stub",
            "paddle.quantization.quanters.FakeQuanterWithAbsMaxObserver"),
    "ptq": ("paddle.quantization.PTQ", "paddle.quantization.QuantConfig", "paddle.nn.quant.Stub",
            "paddle.quantization.observers.AbsmaxObserver"),
    "config": ("paddle.quantization.QuantConfig", "paddle.quantization.QAT"),
    "imperative_qat": ("paddle.nn.quant.add",),
    "legacy_layers": ("paddle.nn.quant.QuantStub",),
    "custom_quanter": ("paddle.quantization.quanter", "paddle.quantization.BaseQuanter"),
    "groupwise": ("paddle.quantization.observers.GroupWiseWeightObserver", "paddle.quantization.PTQ"),
    "kernels": ("paddle.quantization.quanters.FakeQuanterWithAbsMaxObserver", "paddle.nn.quant.QuantStub"),
}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.verifies(*APIS[n]), id=n)
                                  for n in sorted(SCENARIOS)])
def test_scenario(name):
    paddle.seed(0)
    got = json.loads(json.dumps(SCENARIOS[name](paddle)))
    _compare(got, GOLDEN[name], name)


def test_first_moving_average_scale_is_paddles():
    """The issue's worked example: abs-max 127, state and accumulator start at 1 -> (0.9 + 127) / (0.9 + 1)."""
    from paddle.quantization.quanters.abs_max import FakeQuanterWithAbsMaxObserverLayer

    q = FakeQuanterWithAbsMaxObserverLayer(None)
    q(paddle.to_tensor(np.array([127.0, -3.0], "float32")))
    np.testing.assert_allclose(float(q.scales()), (0.9 * 1 + 127) / (0.9 * 1 + 1), rtol=1e-6)


@pytest.mark.xfail(strict=True, reason="Parameter.__deepcopy__ keeps the name; Paddle appends _deepcopy_N")
def test_deepcopied_parameter_names():
    paddle.seed(0)
    got = SCENARIOS["qat"](paddle)["names"]
    assert got == GOLDEN["qat"]["names"]
