"""paddle.distributed.io against files written by real Paddle 2.6.2 (tests/ps_data/record_distributed_io.py):
byte-identical save_persistables output, loading Paddle's files, load_inference_model_distributed."""

import os

import numpy as np
import pytest

from tests.ps_data.record_distributed_io import HERE, build, input_batch
from tools.api_diff.common import load_golden_json

GOLDEN = load_golden_json(os.path.join(HERE, "golden.json"))


@pytest.fixture
def static_mode():
    import paddle

    paddle.enable_static()
    try:
        yield paddle
    finally:
        paddle.disable_static()


def _read(path):
    with open(path, "rb") as f:
        return f.read()


@pytest.mark.verifies("paddle.distributed.io")
def test_save_persistables_writes_paddles_bytes(tmp_path, static_mode):
    from paddle.distributed import io as dio

    paddle = static_mode
    with paddle.static.scope_guard(paddle.static.Scope()):
        main, exe, _x, _out = build(paddle, np)
        dio.save_persistables(exe, str(tmp_path / "separate"), main)
        dio.save_persistables(exe, str(tmp_path / "combined"), main, filename="params")
    assert sorted(os.listdir(tmp_path / "separate")) == GOLDEN["separate_files"]
    for name in GOLDEN["separate_files"]:
        assert _read(tmp_path / "separate" / name) == _read(os.path.join(HERE, "separate", name)), name
    assert _read(tmp_path / "combined" / "params") == _read(os.path.join(HERE, "combined", "params"))


@pytest.mark.verifies("paddle.distributed.io")
@pytest.mark.parametrize("layout", ["separate", "combined"])
def test_load_persistables_reads_paddles_files(static_mode, layout):
    from paddle.distributed import io as dio

    paddle = static_mode
    with paddle.static.scope_guard(paddle.static.Scope()):
        main, exe, _x, out = build(paddle, np)
        scope = paddle.static.global_scope()
        for var in main.list_vars():
            if var.persistable and var.name.startswith("fc_"):
                tensor = scope.find_var(var.name).get_tensor()
                tensor.set(np.zeros_like(np.array(tensor)), paddle.CPUPlace())
        dio.load_persistables(exe, os.path.join(HERE, layout), main,
                              filename="params" if layout == "combined" else None)
        result = exe.run(main, feed={"dio_x": input_batch(np)}, fetch_list=[out])[0]
    np.testing.assert_allclose(result, GOLDEN["output"], rtol=1e-6, atol=1e-7)


@pytest.mark.verifies("paddle.distributed.io")
def test_load_inference_model_distributed(static_mode):
    from paddle.distributed import io as dio

    paddle = static_mode
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe = paddle.static.Executor(paddle.CPUPlace())
        program, feeds, fetches = dio.load_inference_model_distributed(
            os.path.join(HERE, "model"), exe, model_filename="inference.pdmodel",
            params_filename="inference.pdiparams")
        assert feeds == GOLDEN["loaded_feeds"]
        assert [v.name for v in fetches] == GOLDEN["loaded_fetches"]
        result = exe.run(program, feed={"dio_x": input_batch(np)}, fetch_list=fetches)[0]
    np.testing.assert_allclose(result, GOLDEN["loaded_output"], rtol=1e-6, atol=1e-7)


@pytest.mark.verifies("paddle.distributed.io")
def test_errors(static_mode):
    from paddle.distributed import io as dio

    paddle = static_mode
    exe = paddle.static.Executor(paddle.CPUPlace())
    with pytest.raises(ValueError) as info:
        dio.load_inference_model_distributed(os.path.join(HERE, "nowhere"), exe)
    assert str(info.value).replace(HERE, "<fixtures>") == GOLDEN["missing_dir"]["message"]
    paddle.disable_static()
    try:
        with pytest.raises(AssertionError) as info:
            dio.save_persistables(None, "never")
        assert str(info.value) == GOLDEN["dygraph_save"]["message"]
    finally:
        paddle.enable_static()
