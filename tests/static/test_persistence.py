"""Inference models both ways with real Paddle 2.6.2, static.save/load, program/persistable serialization.

Goldens: tests/goldens/static_engine.json (tests/static/record_static.py, oracle): real Paddle's outputs for the
model IT saved (fixtures/engine_paddle_mlp.*) and for the model WE saved (fixtures/engine_ours_mlp.*, written
by make_ours_fixture.py; real Paddle loaded and ran it)."""

import os

import numpy as np
import pytest

from . import static_programs as sp

HERE = os.path.dirname(__file__)


def test_load_model_saved_by_paddle(golden, paddle):
    ref = golden["paddle_inference"]
    x = np.array(ref["x"], "float32")
    feeds, fetches, ops, out = sp.load_and_run(paddle, os.path.join(HERE, "fixtures", "engine_paddle_mlp"), x)
    assert (feeds, fetches, ops) == (ref["feed_names"], ref["fetch_names"], ref["ops"])
    np.testing.assert_allclose(out, ref["loaded_out"], rtol=0, atol=1e-6)


def test_saved_model_loads_in_paddle(golden, paddle, tmp_path):
    ref = golden["paddle_inference"]
    x, out = sp.inference_model(paddle, str(tmp_path / "m"))
    np.testing.assert_allclose(x, ref["x"])
    np.testing.assert_allclose(out, ref["out"], rtol=0, atol=1e-6)
    # what we write now is byte for byte the file real Paddle loaded and ran (golden ours_inference_in_paddle)
    for ext in (".pdmodel", ".pdiparams"):
        with open(tmp_path / ("m" + ext), "rb") as f, \
                open(os.path.join(HERE, "fixtures", "engine_ours_mlp" + ext), "rb") as g:
            assert f.read() == g.read(), ext
    in_paddle = golden["ours_inference_in_paddle"]
    np.testing.assert_allclose(in_paddle["out"], ref["out"], rtol=0, atol=1e-6)
    assert in_paddle["ops"] == ref["ops"] and in_paddle["fetch_names"] == ref["fetch_names"]
    feeds, fetches, ops, loaded = sp.load_and_run(paddle, str(tmp_path / "m"), x)
    assert (feeds, fetches, ops) == (in_paddle["feed_names"], in_paddle["fetch_names"], in_paddle["ops"])
    np.testing.assert_allclose(loaded, in_paddle["out"], rtol=0, atol=1e-6)


def _trained(paddle):
    from paddle.utils import unique_name

    with unique_name.guard():
        parts = sp.build_mlp(paddle, sp.OPTIMIZERS["adam"])
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(parts["startup"])
    sp.init_weights(parts["main"], paddle.static.global_scope())
    for x, y in sp.batches(steps=3):
        exe.run(parts["main"], feed={"x": x, "y": y}, fetch_list=[parts["loss"]])
    return parts, exe


def test_static_save_load_roundtrip(paddle, tmp_path):
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        parts, exe = _trained(paddle)
        main = parts["main"]
        x, y = sp.batches(seed=3, steps=1)[0]
        (before,) = exe.run(parts["test"], feed={"x": x, "y": y}, fetch_list=[parts["loss"]])
        paddle.static.save(main, str(tmp_path / "ckpt"))
        for ext in (".pdparams", ".pdopt", ".pdmodel"):
            assert (tmp_path / ("ckpt" + ext)).exists()
        state = paddle.static.load_program_state(str(tmp_path / "ckpt"))
        assert "linear_0.w_0" in state and "linear_0.w_0_moment1_0" in state
        # scramble, then restore both ways
        scope.find_var("linear_0.w_0").get_tensor().set(np.zeros((4, 8), "float32"), paddle.CPUPlace())
        paddle.static.load(main, str(tmp_path / "ckpt"), exe)
        (after,) = exe.run(parts["test"], feed={"x": x, "y": y}, fetch_list=[parts["loss"]])
        assert after == before
        scope.find_var("linear_0.w_0").get_tensor().set(np.zeros((4, 8), "float32"), paddle.CPUPlace())
        paddle.static.set_program_state(main, state)
        (again,) = exe.run(parts["test"], feed={"x": x, "y": y}, fetch_list=[parts["loss"]])
        assert again == before
        sd = main.state_dict("param")
        assert sorted(sd) == ["linear_0.b_0", "linear_0.w_0", "linear_2.b_0", "linear_2.w_0"]
        with pytest.raises(RuntimeError, match="Shape mismatch"):
            paddle.static.set_program_state(main, {"linear_0.w_0": np.zeros((3, 3), "float32")})


def test_serialize_roundtrip(paddle, tmp_path):
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        parts, exe = _trained(paddle)
        x = sp.batches(seed=4, steps=1)[0][0]
        prog = paddle.static.normalize_program(parts["main"], [parts["x"]], [parts["out"]])
        assert [op.type for op in prog.global_block().ops] == ["matmul_v2", "elementwise_add", "relu", "matmul_v2",
                                                               "elementwise_add"]
        (want,) = exe.run(prog, feed={"x": x}, fetch_list=[parts["out"]])
        model = paddle.static.serialize_program([parts["x"]], [parts["out"]], program=parts["main"])
        params = paddle.static.serialize_persistables([parts["x"]], [parts["out"]], exe, program=parts["main"])
        paddle.static.save_to_file(str(tmp_path / "p.pdmodel"), model)
        assert paddle.static.load_from_file(str(tmp_path / "p.pdmodel")) == model
    with paddle.static.scope_guard(paddle.static.Scope()):
        loaded = paddle.static.deserialize_program(model)
        paddle.static.deserialize_persistables(loaded, params, exe)
        fetch = loaded._static_fetch_names
        (got,) = exe.run(loaded, feed={"x": x}, fetch_list=fetch)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-6)


def test_checkpoint_saved_by_paddle_loads(golden, paddle):
    ref = golden["paddle_checkpoint"]
    ours = sp.checkpoint_load(paddle, os.path.join(HERE, "fixtures", "engine_paddle_ckpt"))
    np.testing.assert_allclose(ours["out"], ref["loaded"]["out"], rtol=0, atol=1e-6)
    np.testing.assert_allclose(ours["out"], ref["saved_out"], rtol=0, atol=1e-6)
    np.testing.assert_allclose(ours["losses"], ref["loaded"]["losses"], rtol=0, atol=1e-5)


def test_checkpoint_saved_here_loads_in_paddle(golden, paddle, tmp_path):
    out = sp.checkpoint_save(paddle, str(tmp_path / "ckpt"))
    np.testing.assert_allclose(out, golden["paddle_checkpoint"]["saved_out"], rtol=0, atol=1e-6)
    # what we write now is byte for byte what real Paddle loaded (golden ours_checkpoint_in_paddle)
    for ext in (".pdparams", ".pdopt"):
        with open(tmp_path / ("ckpt" + ext), "rb") as f, \
                open(os.path.join(HERE, "fixtures", "engine_ours_ckpt" + ext), "rb") as g:
            assert f.read() == g.read(), ext
    in_paddle = golden["ours_checkpoint_in_paddle"]
    assert in_paddle == golden["paddle_checkpoint"]["loaded"]  # Paddle continues training from ours as from its own
    ours = sp.checkpoint_load(paddle, str(tmp_path / "ckpt"))
    np.testing.assert_allclose(ours["losses"], in_paddle["losses"], rtol=0, atol=1e-5)


def test_cnn_inference_model_saved_here_runs_in_paddle(golden, paddle, tmp_path):
    """Conv2D/BatchNorm2D (running statistics)/MaxPool2D/Linear: the file we write is what real Paddle loaded,
    its outputs there equal Paddle's own program from the same weights, and ours equal both."""
    ref = golden["ours_cnn_in_paddle"]
    x, out = sp.cnn_inference_model(paddle, str(tmp_path / "cnn"))
    np.testing.assert_allclose(x, ref["x"])
    np.testing.assert_allclose(out, ref["paddle_out"], rtol=0, atol=1e-5)
    np.testing.assert_allclose(ref["out"], ref["paddle_out"], rtol=0, atol=1e-6)
    for ext in (".pdmodel", ".pdiparams"):
        with open(tmp_path / ("cnn" + ext), "rb") as f, \
                open(os.path.join(HERE, "fixtures", "engine_ours_cnn" + ext), "rb") as g:
            assert f.read() == g.read(), ext
    feeds, fetches, ops, loaded = sp.load_and_run(paddle, str(tmp_path / "cnn"), x)
    assert (feeds, fetches, ops) == (ref["feed_names"], ref["fetch_names"], ref["ops"])
    np.testing.assert_allclose(loaded, ref["out"], rtol=0, atol=1e-5)
