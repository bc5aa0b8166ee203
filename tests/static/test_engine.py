"""Static-graph engine vs real Paddle 2.6.2 (goldens by tests/static/record_static.py, run with the oracle):
loss trajectories of 20 Executor steps from the same initial weights, op type lists and variable names of the
main/startup/clone(for_test) programs, paddle.static.gradients values."""


import numpy as np
import pytest

from . import static_programs as sp


@pytest.mark.parametrize("name", sp.TRAIN_CASES)
def test_training_matches_paddle(golden, static_mode, name):
    ours = sp.train(static_mode, name)
    ref = golden["train"][name]
    np.testing.assert_allclose(ours["losses"], ref["losses"], rtol=0, atol=1e-5)
    np.testing.assert_allclose(ours["test_loss"], ref["test_loss"], rtol=0, atol=1e-5)
    np.testing.assert_allclose(ours["test_out"], ref["test_out"], rtol=0, atol=1e-5)
    for key in ("main_ops", "startup_ops", "test_ops", "main_vars", "test_vars", "startup_vars", "main_roles",
                "persistables"):
        assert ours[key] == ref[key], key


def test_gradients_match_paddle(golden, static_mode):
    ours = sp.gradients_record(static_mode)
    ref = golden["gradients"]
    np.testing.assert_allclose(ours["gx"], ref["gx"], rtol=0, atol=1e-6)
    np.testing.assert_allclose(ours["gout"], ref["gout"], rtol=0, atol=1e-6)
    assert ours["loss"] == pytest.approx(ref["loss"], abs=1e-6)
    assert (ours["gx_name"], ours["gout_name"], ours["ops"]) == (ref["gx_name"], ref["gout_name"], ref["ops"])


def test_mode_switch_restores_dygraph(static_mode):
    paddle = static_mode
    assert not paddle.in_dynamic_mode()
    paddle.disable_static()
    assert paddle.in_dynamic_mode()
    t = paddle.to_tensor([1.0, 2.0])
    assert t.shape == [2] and (t + 1).numpy().tolist() == [2.0, 3.0]
    paddle.enable_static()


def test_exponential_moving_average_matches_paddle(golden, static_mode):
    ours = sp.ema_record(static_mode)
    for key in ("applied", "restored"):
        assert ours[key] == pytest.approx(golden["ema"][key], abs=1e-5), key


def test_cnn_with_batch_norm_matches_paddle(golden, static_mode):
    """Conv2D/BatchNorm2D/MaxPool2D/Linear/cross_entropy layers in a static program, Momentum: same losses and
    eval-mode (clone(for_test), running statistics) outputs as real Paddle from the same weights."""
    ours = sp.cnn_record(static_mode)
    ref = golden["cnn"]
    np.testing.assert_allclose(ours["losses"], ref["losses"], rtol=0, atol=1e-5)
    np.testing.assert_allclose(ours["test_logits"], ref["test_logits"], rtol=0, atol=1e-5)
    assert ours["params"] == ref["params"]
    assert ours["forward_ops"] == ref["forward_ops"]


def test_weight_norm_param_attr_matches_paddle(golden, static_mode):
    ours = sp.weight_norm_record(static_mode)
    assert ours["params"] == golden["weight_norm"]["params"]
    np.testing.assert_allclose(ours["losses"], golden["weight_norm"]["losses"], rtol=0, atol=1e-5)
