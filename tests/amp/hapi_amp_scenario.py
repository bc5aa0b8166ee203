"""Model.prepare(amp_configs=...) scenario, run by the recorder (real Paddle 2.6.2) and by the test (ours)."""

import json
import warnings

import numpy as np

CONFIGS = ["O1", {"level": "O1", "init_loss_scaling": 128.0, "custom_black_list": ["relu"]}, "O2",
           {"init_loss_scaling": 64.0}]
BAD_CONFIGS = ["O3", {"level": "O5"}, {"level": "O1", "use_pure_fp16": True}, {"level": "O1", "foo": 1},
               {"level": "O1", "use_fp16_guard": True}]


def run(paddle):
    out = {}
    for cfg in CONFIGS:
        paddle.seed(3)
        net = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.ReLU(), paddle.nn.Linear(3, 2))
        rs = np.random.RandomState(0)
        for p in net.parameters():
            p.set_value(rs.uniform(-1, 1, p.shape).astype("float32"))
        model = paddle.Model(net)
        opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=net.parameters())
        model.prepare(opt, paddle.nn.MSELoss(), amp_configs=cfg)
        x = rs.uniform(-1, 1, (5, 4)).astype("float32")
        y = rs.uniform(-1, 1, (5, 2)).astype("float32")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            losses = [model.train_batch([x], [y])[0].tolist() for _ in range(3)]
        out[json.dumps(cfg, sort_keys=True)] = {
            "losses": losses, "warnings": [str(w.message) for w in caught],
            "scaler": model._scaler is not None and model._scaler.is_enable()}
    errors = {}
    for cfg in BAD_CONFIGS:
        try:
            paddle.Model(paddle.nn.Linear(2, 2)).prepare(None, None, amp_configs=cfg)
            errors[json.dumps(cfg)] = None
        except Exception as e:  # noqa: BLE001
            errors[json.dumps(cfg)] = [type(e).__name__, str(e)]
    out["errors"] = errors
    return out
