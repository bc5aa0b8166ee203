"""Normalisation layers: running statistics, train/eval, SyncBatchNorm, errors."""

import numpy as np
import paddle
import pytest


def _np(*shape, seed=0):
    return np.random.default_rng(seed).uniform(-1, 2, shape).astype("float32")


def test_batchnorm_running_stats_use_paddle_momentum_and_biased_variance():
    # Paddle (verified on 2.6.2): running = m * running + (1 - m) * batch, with the biased batch variance
    bn = paddle.nn.BatchNorm2D(3, momentum=0.8)
    xn = _np(4, 3, 5, 6)
    bn(paddle.to_tensor(xn))
    mean, var = xn.mean((0, 2, 3)), xn.var((0, 2, 3))
    np.testing.assert_allclose(bn._mean.numpy(), 0.2 * mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(bn._variance.numpy(), 0.8 + 0.2 * var, rtol=1e-5)


def test_batchnorm_eval_uses_running_stats_and_does_not_update():
    bn = paddle.nn.BatchNorm1D(3)
    bn._mean.set_value(np.array([0.5, -1.0, 2.0], "float32"))
    bn._variance.set_value(np.array([4.0, 1.0, 0.25], "float32"))
    bn.eval()
    xn = _np(5, 3)
    y = bn(paddle.to_tensor(xn)).numpy()
    want = (xn - np.array([0.5, -1.0, 2.0])) / np.sqrt(np.array([4.0, 1.0, 0.25]) + 1e-5)
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(bn._mean.numpy(), [0.5, -1.0, 2.0])


def test_batchnorm_names_and_trainability():
    bn = paddle.nn.BatchNorm2D(4)
    assert list(bn.state_dict()) == ["weight", "bias", "_mean", "_variance"]
    assert bn._mean.stop_gradient and bn._variance.stop_gradient
    assert not bn.weight.stop_gradient


def test_sync_batchnorm_matches_batchnorm_on_one_process():
    x = paddle.to_tensor(_np(2, 3, 4, 5))
    bn, sbn = paddle.nn.BatchNorm2D(3), paddle.nn.SyncBatchNorm(3)
    np.testing.assert_allclose(bn(x).numpy(), sbn(x).numpy(), rtol=1e-6)
    np.testing.assert_allclose(bn._variance.numpy(), sbn._variance.numpy(), rtol=1e-6)
    model = paddle.nn.Sequential(paddle.nn.Conv2D(3, 3, 1), paddle.nn.BatchNorm2D(3))
    conv = paddle.nn.SyncBatchNorm.convert_sync_batchnorm(model)
    assert isinstance(conv[1], paddle.nn.SyncBatchNorm)


@pytest.mark.parametrize(
    "layer, shape",
    [
        (lambda: paddle.nn.BatchNorm2D(3), (2, 3, 4)),
        (lambda: paddle.nn.BatchNorm1D(3), (2, 3, 4, 5)),
        (lambda: paddle.nn.InstanceNorm2D(3), (2, 3, 4)),
        (lambda: paddle.nn.BatchNorm2D(3), (2, 4, 4, 4)),
        (lambda: paddle.nn.GroupNorm(2, 4), (2, 6, 3, 3)),
    ],
)
def test_norm_bad_input(layer, shape):
    with pytest.raises(ValueError):
        layer()(paddle.to_tensor(_np(*shape)))


def test_norm_bad_arguments():
    with pytest.raises(ValueError):
        paddle.nn.GroupNorm(3, 4)
    with pytest.raises(ValueError):
        paddle.nn.GroupNorm(2, 4, data_format="NCL")
    with pytest.raises(ValueError):
        paddle.nn.BatchNorm2D(3, data_format="NCL")(paddle.to_tensor(_np(2, 3, 4, 4)))
    with pytest.raises(ValueError):
        paddle.nn.functional.layer_norm(paddle.to_tensor(_np(2, 3)), [4])


def test_layernorm_parameters_are_flat():
    ln = paddle.nn.LayerNorm([3, 4])
    assert ln.weight.shape == [12] and ln.bias.shape == [12]
    assert ln(paddle.to_tensor(_np(2, 3, 4))).shape == [2, 3, 4]


def test_instance_norm_without_affine():
    n = paddle.nn.InstanceNorm1D(3, weight_attr=False, bias_attr=False)
    assert n.scale is None and list(n.state_dict()) == []
    y = n(paddle.to_tensor(_np(2, 3, 7))).numpy()
    np.testing.assert_allclose(y.mean(-1), 0, atol=1e-5)
