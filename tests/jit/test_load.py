"""paddle.jit.load of models saved by REAL Paddle 2.6.2 (fixtures/, made by make_fixtures.py with the oracle):
outputs within 1e-5 of the outputs real Paddle's own jit.load computed (jit_paddle_models.json)."""

import json
import os
import shutil

import numpy as np
import paddle
import pytest

from paddle_compat._proto.framework import ProgramDesc
from tools.api_diff.common import check_stamp

HERE = os.path.join(os.path.dirname(__file__), "fixtures")
GOLDEN = json.load(open(os.path.join(HERE, "jit_paddle_models.json")))
check_stamp(GOLDEN, "tests/jit/fixtures/jit_paddle_models.json")


def _path(name):
    return os.path.join(HERE, name, "model")


@pytest.mark.parametrize("name", sorted(GOLDEN["models"]))
def test_predict_matches_paddle(name):
    layer = paddle.jit.load(_path(name))
    assert type(layer).__name__ == "TranslatedLayer"
    assert type(layer).__module__ == "paddle.jit.translated_layer"
    assert layer.training is False
    for batch in GOLDEN["models"][name]["batches"]:  # batch sizes 1 and 3 from one -1 dim
        out = layer(paddle.to_tensor(np.array(batch["x"], "float32")))
        np.testing.assert_allclose(out.numpy(), np.array(batch["out"]), rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(out.numpy(), np.array(batch["eager"]), rtol=1e-5, atol=1e-5)


def test_members_like_paddle():
    with paddle.utils.unique_name.guard():  # loaded parameters are renamed by the name generator, as in Paddle
        layer = paddle.jit.load(_path("resnet"))
    params = layer.parameters()
    assert len(params) == 17
    assert list(layer.state_dict())[:2] == ["param_0", "param_1"]
    # sorted persistable names; running statistics are frozen parameters, as in Paddle
    assert [(p.name, p.stop_gradient, p.trainable) for p in params[:3]] == [
        ("batch_norm2d_0.b_0", False, True), ("batch_norm2d_0.w_0", False, True),
        ("batch_norm2d_0.w_1", True, False)]
    spec = layer._input_spec()
    assert spec[0].shape == (-1, 3, 8, 8) and spec[0].name == "x"
    assert layer._input_args_names == ["x"]
    assert isinstance(layer.program(), paddle.static.Program)
    with pytest.raises(ValueError, match="does not exist"):
        layer.program("predict")


def test_fine_tune_updates_parameters():
    layer = paddle.jit.load(_path("lenet"))
    layer.train()
    opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=layer.parameters())
    x = paddle.to_tensor(np.array(GOLDEN["models"]["lenet"]["batches"][1]["x"], "float32"))
    label = paddle.to_tensor([[1], [2], [3]])
    before = [p.numpy().copy() for p in layer.parameters()]
    losses = []
    for _ in range(3):
        loss = paddle.nn.functional.cross_entropy(layer(x), label, use_softmax=False)
        loss.backward()
        assert all(p.grad is not None for p in layer.parameters())
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    assert losses[-1] < losses[0]
    assert any(not np.array_equal(a, p.numpy()) for a, p in zip(before, layer.parameters()))


def test_missing_model_path():
    with pytest.raises(ValueError, match=r"The ``path`` \(/nonexistent/model\) to load model not exists"):
        paddle.jit.load("/nonexistent/model")


def test_unknown_op_type_is_named(tmp_path):
    program = ProgramDesc.FromString(open(_path("lenet") + ".pdmodel", "rb").read())
    next(op for op in program.blocks[0].ops if op.type == "relu").type = "my_fancy_op"
    with open(tmp_path / "m.pdmodel", "wb") as f:
        f.write(program.SerializeToString())
    shutil.copy(_path("lenet") + ".pdiparams", tmp_path / "m.pdiparams")
    with pytest.raises(NotImplementedError, match=r"my_fancy_op \(1 op\)"):
        paddle.jit.load(str(tmp_path / "m"))


def test_truncated_params(tmp_path):
    shutil.copy(_path("lenet") + ".pdmodel", tmp_path / "m.pdmodel")
    data = open(_path("lenet") + ".pdiparams", "rb").read()
    with open(tmp_path / "m.pdiparams", "wb") as f:
        f.write(data[:-7])
    with pytest.raises(ValueError, match="truncated parameter file.*linear_1.w_0"):
        paddle.jit.load(str(tmp_path / "m"))
