"""Optimizers driven by real nn Layers (skipped while the nn layer stack is not importable)."""

import os

import numpy as np
import paddle
import pytest
import torch

from ._helpers import fresh_names

ALL = ["SGD", "Momentum", "Adam", "AdamW", "Adamax", "Adagrad", "Adadelta", "RMSProp", "Lamb"]


def _model():
    torch.manual_seed(0)
    return paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 1))


@pytest.mark.parametrize("name", ALL)
def test_training_reduces_loss(name):
    with fresh_names():
        model = _model()
        lr = {"Adadelta": 1.0, "Adagrad": 0.1, "SGD": 0.1, "Momentum": 0.05}.get(name, 0.01)
        opt = getattr(paddle.optimizer, name)(learning_rate=lr, parameters=model.parameters())
        x = paddle.to_tensor(np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4))
        y = paddle.to_tensor(np.linspace(0, 1, 8, dtype="float32").reshape(8, 1))
        losses = []
        for _ in range(30):
            loss = ((model(x) - y) ** 2).mean()
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses.append(float(loss))
    assert losses[-1] < losses[0], losses


def test_state_dict_names_from_layers_and_save_load(tmp_path):
    with fresh_names():
        model = _model()
        opt = paddle.optimizer.Adam(paddle.optimizer.lr.StepDecay(0.01, 2), parameters=model.parameters())
        loss = model(paddle.ones([2, 4])).sum()
        loss.backward()
        opt.step()
        sd = opt.state_dict()
    names = [p.name for p in model.parameters()]
    for n in names:
        for acc in ("moment1", "moment2", "beta1_pow_acc", "beta2_pow_acc"):
            assert f"{n}_{acc}_0" in sd
    path = os.path.join(tmp_path, "m.pdopt")
    paddle.save(sd, path)
    back = paddle.load(path)
    assert set(back) == set(sd)
    for k, v in sd.items():
        if k == "LR_Scheduler":
            assert back[k] == v
        else:
            np.testing.assert_array_equal(np.asarray(back[k].numpy() if hasattr(back[k], "numpy") else back[k]),
                                          v.numpy())


def test_param_attr_learning_rate_regularizer_need_clip():
    attr_cls = paddle.ParamAttr
    lin = paddle.nn.Linear(2, 2, weight_attr=attr_cls(learning_rate=0.5, regularizer=paddle.regularizer.L1Decay(0.1),
                                                      need_clip=False),
                           bias_attr=False)
    w0 = lin.weight.numpy().copy()
    opt = paddle.optimizer.SGD(0.1, parameters=lin.parameters(), weight_decay=0.5,
                               grad_clip=paddle.nn.ClipGradByGlobalNorm(1e-6))
    lin.weight.grad = paddle.to_tensor(np.ones((2, 2), "float32"))
    opt.step()
    # lr 0.1*0.5, grad 1 (not clipped) + 0.1*sign(w) (param regularizer wins over weight_decay=0.5)
    np.testing.assert_allclose(lin.weight.numpy(), w0 - 0.05 * (1 + 0.1 * np.sign(w0)), rtol=1e-6)
