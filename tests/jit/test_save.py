"""paddle.jit.save: Paddle's files (.pdmodel/.pdiparams/.pdiparams.info) and a torch.export .pt2.

That real Paddle 2.6.2 loads these files (paddle.jit.load and paddle.inference, within 1e-5) is checked by
fixtures/check_ours_in_paddle.py with the oracle interpreter (not a test dependency)."""

import os
import pickle
import sys

import numpy as np
import paddle
import pytest
import torch
from paddle.static import InputSpec

from paddle_compat._proto.framework import PROGRAM_VERSION, ProgramDesc
from paddle_compat._proto.tensor_stream import read_tensors

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "fixtures"))
from fixture_models import MODELS  # noqa: E402

# op types real Paddle's own jit.save wrote for these models (fixtures/jit_paddle_models.json), minus the
# feed/fetch and the bias reshape2 / output scale that Paddle adds and the dropout ops of an eval-mode model
PADDLE_OP_TYPES = {
    # "scale": save_inference_model's scale(x, 1.0) of each output (save_infer_model/scale_<i>.tmp_0), as Paddle
    "lenet": {"conv2d", "elementwise_add", "relu", "pool2d", "flatten_contiguous_range", "matmul_v2", "softmax",
              "scale"},
    "resnet": {"conv2d", "batch_norm", "relu", "relu6", "depthwise_conv2d", "elementwise_add", "pool2d",
               "flatten_contiguous_range", "matmul_v2", "scale"},
    "transformer": {"matmul_v2", "elementwise_add", "reshape2", "transpose2", "scale", "softmax", "layer_norm",
                    "relu"},
}


@pytest.mark.parametrize("name", sorted(MODELS))
def test_save_then_load_both_formats(name, tmp_path):
    factory, shape = MODELS[name]
    paddle.seed(4)
    model = factory()
    model.eval()
    prefix = str(tmp_path / name / "model")
    paddle.jit.save(model, prefix, input_spec=[InputSpec(shape, "float32", "x")])
    for suffix in (".pdmodel", ".pdiparams", ".pdiparams.info", ".pt2"):
        assert os.path.exists(prefix + suffix)
    program = ProgramDesc.FromString(open(prefix + ".pdmodel", "rb").read())
    assert program.version.version == PROGRAM_VERSION
    ops = [op.type for op in program.blocks[0].ops]
    assert ops[0] == "feed" and ops[-1] == "fetch"
    assert set(ops[1:-1]) == PADDLE_OP_TYPES[name]
    info = pickle.load(open(prefix + ".pdiparams.info", "rb"))
    params = dict(model.named_parameters())
    assert {v["structured_name"] for v in info.values()} <= set(params)
    names = sorted(p.name for p in params.values())
    arrays = read_tensors(open(prefix + ".pdiparams", "rb").read(), len(names), names=names)
    for n, (array, _, _) in zip(names, arrays):
        np.testing.assert_array_equal(array, next(p for p in params.values() if p.name == n).numpy())

    loaded = paddle.jit.load(prefix)
    exported = torch.export.load(prefix + ".pt2").module()
    for batch in (1, 5, 7):
        x = paddle.randn([batch] + shape[1:])
        want = model(x).numpy()
        np.testing.assert_allclose(loaded(x).numpy(), want, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(exported(x._t).detach().numpy(), want, rtol=1e-5, atol=1e-5)


def test_save_to_static_layer_uses_its_input_spec(tmp_path):
    net = paddle.nn.Linear(4, 3)
    net = paddle.jit.to_static(net, input_spec=[InputSpec([None, 4], "float32", "inp")], full_graph=True,
                               backend="eager")
    prefix = str(tmp_path / "linear")
    paddle.jit.save(net, prefix)
    loaded = paddle.jit.load(prefix)
    assert loaded._input_args_names == ["inp"]
    x = paddle.randn([6, 4])
    np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-6, atol=1e-6)


def test_rank_mismatch_is_a_clear_error(tmp_path):
    model = MODELS["lenet"][0]()
    # forward's own error for the traced input, in Paddle's "In transformed code:" form (tests/jit_debug)
    with pytest.raises(ValueError, match=r"(?s)In transformed code:.*should be 4D tensor.*\[2, 12, 12\]"):
        paddle.jit.save(model, str(tmp_path / "m"), input_spec=[InputSpec([None, 12, 12], "float32", "x")])


def test_bad_arguments(tmp_path):
    # Paddle's message for a Layer never called through to_static (tests/goldens/jitleft_scenarios.json)
    with pytest.raises(ValueError, match=r"No valid transformed program for function: forward\(input\)"):
        paddle.jit.save(paddle.nn.Linear(2, 2), str(tmp_path / "m"))
    with pytest.raises(TypeError, match="should be 'list'"):
        paddle.jit.save(paddle.nn.Linear(2, 2), str(tmp_path / "m"), input_spec=InputSpec([2, 2]))
    with pytest.raises(TypeError, match="should be 'Layer' or 'Function'"):
        paddle.jit.save(3, str(tmp_path / "m"), input_spec=[InputSpec([2, 2])])


def test_hapi_model_save_for_inference(tmp_path):
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.Softmax())
    model = paddle.Model(net, inputs=[InputSpec([None, 4], "float32", "x")])
    prefix = str(tmp_path / "infer" / "model")
    model.save(prefix, training=False)
    loaded = paddle.jit.load(prefix)
    x = paddle.randn([3, 4])
    np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-6, atol=1e-6)
    with pytest.raises(RuntimeError, match="Saving inference model needs 'inputs'"):
        paddle.Model(net).save(str(tmp_path / "m"), training=False)


def test_load_pt2_only_and_fine_tune(tmp_path):
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 1))
    prefix = str(tmp_path / "mlp")
    paddle.jit.save(net, prefix, [InputSpec([None, 4], "float32", "x")])
    for suffix in (".pdmodel", ".pdiparams", ".pdiparams.info"):
        os.remove(prefix + suffix)
    loaded = paddle.jit.load(prefix)  # falls back to path.pt2
    x = paddle.randn([7, 4])
    np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-6, atol=1e-6)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=loaded.parameters())
    before = [p.numpy().copy() for p in loaded.parameters()]
    loss = (loaded(x) ** 2).mean()
    loss.backward()
    opt.step()
    assert all(not np.array_equal(a, p.numpy()) for a, p in zip(before, loaded.parameters()))


def test_save_to_static_function(tmp_path):
    @paddle.jit.to_static(input_spec=[InputSpec([None, 5], "float32", "inputs")], full_graph=True, backend="eager")
    def fun(inputs):
        return paddle.tanh(inputs) * 2.0 + 1.0

    prefix = str(tmp_path / "fun")
    paddle.jit.save(fun, prefix)
    loaded = paddle.jit.load(prefix)
    x = paddle.randn([3, 5])
    np.testing.assert_allclose(loaded(x).numpy(), fun(x).numpy(), rtol=1e-6, atol=1e-6)
    ops = [op.type for op in loaded._program_holder_dict["forward"].program.blocks[0].ops]  # the saved desc
    assert ops[:2] == ["feed", "tanh"] and ops[-1] == "fetch"
    assert [op.type for op in loaded.program().global_block().ops] == ops[1:-1]  # Paddle's: no feed/fetch


@pytest.mark.parametrize("name", sorted(MODELS))
def test_resave_a_paddle_model(name, tmp_path):
    """A model written by real Paddle, loaded, saved again by us and reloaded predicts as before."""
    shape = MODELS[name][1]
    loaded = paddle.jit.load(os.path.join(os.path.dirname(__file__), "fixtures", name, "model"))
    prefix = str(tmp_path / "again")
    paddle.jit.save(loaded, prefix, [InputSpec(shape, "float32", "x")])
    again = paddle.jit.load(prefix)
    x = paddle.randn([3] + shape[1:])
    np.testing.assert_allclose(again(x).numpy(), loaded(x).numpy(), rtol=1e-6, atol=1e-6)


def test_split_and_unbind_map_to_split_ops(tmp_path):
    class Splitter(paddle.nn.Layer):
        def forward(self, x):
            a, b = paddle.split(x, [2, 4], axis=1)
            c, d, e = paddle.unbind(b[:, :3], axis=1)
            return paddle.concat([a * 2.0, (c + d - e).unsqueeze(1)], axis=1)

    net = Splitter()
    prefix = str(tmp_path / "split")
    paddle.jit.save(net, prefix, [InputSpec([None, 6], "float32", "x")])
    loaded = paddle.jit.load(prefix)
    x = paddle.randn([4, 6])
    np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-6, atol=1e-6)
    assert "split" in [op.type for op in loaded.program().global_block().ops]
