"""paddle.inference.Config members beyond the basics: getters after a default Config and after each setter,
outcomes (returned / raised) and the pass builder, replayed against the oracle golden
fixtures/config_golden.json (recorded by record_golden.py with real Paddle 2.6.2's CPU build); and
set_model_buffer + model_from_memory feeding the Predictor from bytes."""

import json
import os

import numpy as np
import paddle
import pytest
from paddle import inference
from paddle.static import InputSpec

from tools.api_diff.common import check_stamp

from .scenarios import SCENARIOS, pass_builder_outcome, run, snapshot

HERE = os.path.dirname(__file__)
GOLDEN_PATH = os.path.join(HERE, "fixtures", "config_golden.json")
GOLDEN = json.load(open(GOLDEN_PATH))
check_stamp(GOLDEN, GOLDEN_PATH)
JIT_FIXTURES = os.path.join(HERE, "..", "jit", "fixtures")

# ours refuses what would change the computation where Paddle's CPU build accepts it (see
# mappings/inference_config.toml); every other scenario must match the oracle exactly
REFUSED = {"enable_mkldnn_bfloat16", "enable_mkldnn_int8", "enable_quantizer"}


def test_defaults_match_paddle():
    assert snapshot(inference.Config()) == GOLDEN["defaults"]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_matches_paddle(name, capsys):
    assert run(inference.Config, SCENARIOS[name]) == GOLDEN["scenarios"][name]


@pytest.mark.parametrize("method", sorted(REFUSED))
def test_computation_changing_switches_raise(method):
    config = inference.Config()
    with pytest.raises(NotImplementedError, match=method):
        getattr(config, method)()
    assert not config.mkldnn_int8_enabled()


def test_pass_builder_matches_paddle():
    assert pass_builder_outcome(inference.Config) == GOLDEN["pass_builder"]


def test_backend_not_compiled_logs(capsys):
    inference.Config().enable_onnxruntime()
    assert "Please compile with onnxruntime to EnableONNXRuntime()" in capsys.readouterr().err


def _buffers(model_file, params_file):
    with open(model_file, "rb") as f:
        program = f.read()
    params = b""
    if params_file:
        with open(params_file, "rb") as f:
            params = f.read()
    config = inference.Config()
    config.set_model_buffer(program, len(program), params, len(params))
    assert config.model_from_memory()
    return config


def _run_handles(config, x):
    predictor = inference.create_predictor(config)
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    handle.reshape(x.shape)
    handle.copy_from_cpu(x)
    predictor.run()
    return predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()


def test_model_buffer_of_jit_save_equals_files(tmp_path):
    paddle.seed(3)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 2))
    net.eval()
    prefix = str(tmp_path / "mlp")
    paddle.jit.save(net, prefix, [InputSpec([None, 4], "float32", "x")])
    x = np.random.RandomState(0).randn(5, 4).astype("float32")
    for model_file, params_file in ((prefix + ".pdmodel", prefix + ".pdiparams"), (prefix + ".pt2", "")):
        from_files = _run_handles(inference.Config(model_file, params_file), x)
        from_bytes = _run_handles(_buffers(model_file, params_file), x)
        np.testing.assert_array_equal(from_bytes, from_files)
    np.testing.assert_allclose(from_files, net(paddle.to_tensor(x)).numpy(), rtol=1e-6, atol=1e-6)


def test_model_buffer_of_paddle_saved_model():
    """lenet saved by real Paddle (save_inference_model); expected outputs recorded by the oracle."""
    models = json.load(open(os.path.join(JIT_FIXTURES, "jit_paddle_models.json")))
    check_stamp(models, "tests/jit/fixtures/jit_paddle_models.json")
    prefix = os.path.join(JIT_FIXTURES, "lenet", "model")
    for batch in models["models"]["lenet"]["batches"]:
        x = np.array(batch["x"], "float32")
        from_bytes = _run_handles(_buffers(prefix + ".pdmodel", prefix + ".pdiparams"), x)
        np.testing.assert_array_equal(from_bytes, _run_handles(inference.Config(prefix + ".pdmodel",
                                                                                prefix + ".pdiparams"), x))
        np.testing.assert_allclose(from_bytes, np.array(batch["out"]), rtol=1e-5, atol=1e-5)


def test_model_buffer_argument_checks():
    config = inference.Config()
    with pytest.raises(ValueError, match="arg1"):
        config.set_model_buffer(b"abc", 10, b"", 0)
    with pytest.raises(TypeError, match="set_model_buffer"):
        config.set_model_buffer(b"abc", "3", b"", 0)
    assert not config.model_from_memory()


def test_collect_shape_range_info_refused_at_predictor(tmp_path):
    config = inference.Config(os.path.join(JIT_FIXTURES, "lenet", "model.pdmodel"),
                              os.path.join(JIT_FIXTURES, "lenet", "model.pdiparams"))
    config.collect_shape_range_info(str(tmp_path / "shape.pbtxt"))
    with pytest.raises(NotImplementedError, match="collect_shape_range_info"):
        inference.create_predictor(config)


def test_save_optim_model_writes_a_loadable_model(tmp_path):
    """As Paddle 2.6.2 (measured): _optimized.pdmodel/.pdiparams appear in the optim cache dir, created if
    missing."""
    prefix = os.path.join(JIT_FIXTURES, "lenet", "model")
    config = inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cache = tmp_path / "cache"
    config.set_optim_cache_dir(str(cache))
    config.enable_save_optim_model(True)
    x = np.random.RandomState(1).randn(2, 1, 12, 12).astype("float32")
    want = _run_handles(config, x)
    assert sorted(os.listdir(cache)) == ["_optimized.pdiparams", "_optimized.pdmodel"]
    got = _run_handles(inference.Config(str(cache / "_optimized.pdmodel"), str(cache / "_optimized.pdiparams")), x)
    np.testing.assert_array_equal(got, want)
