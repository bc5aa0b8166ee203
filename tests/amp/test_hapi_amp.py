"""Model.prepare(amp_configs=...) and train_batch on CPU against real Paddle 2.6.2 (tests/amp/fixtures/
hapi_amp.json, recorded by tests/amp/record_hapi_amp.py): warnings, disabled scaler, losses, config errors."""

import json
import os

import numpy as np
import paddle
import pytest

from tests.amp.hapi_amp_scenario import run
from tools.api_diff.common import check_stamp

PATH = os.path.join(os.path.dirname(__file__), "fixtures", "hapi_amp.json")


@pytest.mark.verifies("paddle.Model.prepare", "paddle.Model.train_batch")
def test_model_amp_configs(monkeypatch):
    monkeypatch.delenv("PADDLE_COMPAT_CPU_AMP", raising=False)
    with open(PATH) as f:
        golden = json.load(f)
    check_stamp(golden, PATH)
    want = golden["scenario"]
    got = run(paddle)
    assert sorted(got) == sorted(want)
    for key in want:
        if key == "errors":
            assert got[key] == want[key]
            continue
        assert got[key]["warnings"] == want[key]["warnings"], key
        assert got[key]["scaler"] == want[key]["scaler"], key
        np.testing.assert_allclose(np.array(got[key]["losses"]), np.array(want[key]["losses"]), rtol=1e-6,
                                   err_msg=key)


def test_model_amp_opt_in_trains_with_scaler(monkeypatch):
    """With the CPU opt-in (float16), train_batch runs auto_cast + GradScaler (our behaviour, no golden)."""
    monkeypatch.setenv("PADDLE_COMPAT_CPU_AMP", "1")
    net = paddle.nn.Linear(4, 2)
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.SGD(learning_rate=0.1, parameters=net.parameters()), paddle.nn.MSELoss(),
                  amp_configs={"level": "O1", "init_loss_scaling": 256.0})
    x = np.random.RandomState(0).rand(5, 4).astype("float32")
    y = np.random.RandomState(1).rand(5, 2).astype("float32")
    losses = [float(model.train_batch([x], [y])[0]) for _ in range(3)]
    assert model._scaler.is_enable() and float(model._scaler._scale) == 256.0
    assert losses[2] < losses[0]
