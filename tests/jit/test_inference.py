"""paddle.inference over real Paddle's .pdmodel (fixtures recorded by the oracle, outputs within 1e-5 of real
Paddle's) and over our own jit.save artifacts (.pdmodel and .pt2)."""

import json
import os

import numpy as np
import paddle
import pytest
from paddle import inference
from paddle.static import InputSpec

from tools.api_diff.common import check_stamp

HERE = os.path.join(os.path.dirname(__file__), "fixtures")
GOLDEN = json.load(open(os.path.join(HERE, "jit_paddle_models.json")))
check_stamp(GOLDEN, "tests/jit/fixtures/jit_paddle_models.json")


def _predictor(prefix):
    config = inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    config.disable_gpu()
    config.switch_ir_optim(True)
    config.enable_memory_optim()
    config.set_cpu_math_library_num_threads(2)
    assert config.cpu_math_library_num_threads() == 2 and not config.use_gpu() and config.ir_optim()
    return inference.create_predictor(config)


@pytest.mark.parametrize("name", sorted(GOLDEN["models"]))
def test_paddle_model_through_handles(name):
    predictor = _predictor(os.path.join(HERE, name, "model"))
    assert predictor.get_input_names() == ["x"]
    (output_name,) = predictor.get_output_names()
    assert output_name.startswith("save_infer_model/scale_0.tmp_")  # Paddle's fetch variable
    handle = predictor.get_input_handle("x")
    assert handle.shape() == [0] and handle.type() == inference.DataType.FLOAT32
    for batch in GOLDEN["models"][name]["batches"]:
        x = np.array(batch["x"], "float32")
        handle.reshape(x.shape)
        handle.copy_from_cpu(x)
        assert predictor.run() is None
        out = predictor.get_output_handle(predictor.get_output_names()[0])
        assert out.shape() == list(np.array(batch["out"]).shape)
        np.testing.assert_allclose(out.copy_to_cpu(), np.array(batch["out"]), rtol=1e-5, atol=1e-5)
        assert out.lod() == []


def test_run_with_tensor_list_and_pt2(tmp_path):
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 2))
    net.eval()
    prefix = str(tmp_path / "mlp")
    paddle.jit.save(net, prefix, [InputSpec([None, 4], "float32", "x")])
    x = paddle.randn([5, 4])
    want = net(x).numpy()
    for config in (inference.Config(prefix + ".pdmodel", prefix + ".pdiparams"), inference.Config(prefix + ".pt2",
                                                                                                   "")):
        predictor = inference.create_predictor(config)
        (out,) = predictor.run([x])
        assert isinstance(out, paddle.Tensor)
        np.testing.assert_allclose(out.numpy(), want, rtol=1e-6, atol=1e-6)
    config = inference.Config(str(tmp_path))  # model_dir: the one model file found there
    assert config.model_dir() == str(tmp_path) and config.prog_file() == ""
    predictor = inference.create_predictor(config)
    h = predictor.get_input_handle(predictor.get_input_names()[0])
    h.copy_from_cpu(x.numpy())
    predictor.run()
    np.testing.assert_allclose(predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu(), want,
                               rtol=1e-6, atol=1e-6)
    assert inference.create_predictor(inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")).clone()


def test_enums_and_errors(tmp_path):
    assert int(inference.PrecisionType.Half) == 2 and int(inference.PlaceType.GPU) == 1
    assert int(inference.DataType.FLOAT64) == 7
    assert inference.get_num_bytes_of_data_type(inference.DataType.FLOAT32) == 4
    with pytest.raises(RuntimeError, match=r"Cannot open file /nonexistent/m.pdmodel"):
        inference.create_predictor(inference.Config("/nonexistent/m.pdmodel", "/nonexistent/m.pdiparams"))
    predictor = _predictor(os.path.join(HERE, "lenet", "model"))
    with pytest.raises(RuntimeError, match="The variable named nope is not found"):
        predictor.get_input_handle("nope")
    with pytest.raises(RuntimeError, match="call copy_from_cpu"):
        predictor.run()
    with pytest.raises(TypeError, match="numpy ndarray"):
        predictor.get_input_handle("x").copy_from_cpu([1.0])
