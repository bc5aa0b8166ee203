"""Conv / pooling layers: errors, defaults and behaviour the goldens cannot express."""

import numpy as np
import paddle
import paddle.nn.functional as F
import pytest


def _x(*shape, seed=0):
    return paddle.to_tensor(np.random.default_rng(seed).uniform(-1, 1, shape).astype("float32"))


def test_conv_param_names_and_shapes():
    c = paddle.nn.Conv2D(4, 6, (3, 2), groups=2)
    assert [(n, p.shape) for n, p in c.named_parameters()] == [("weight", [6, 2, 3, 2]), ("bias", [6])]
    t = paddle.nn.Conv2DTranspose(4, 6, 3, groups=2)
    assert [(n, p.shape) for n, p in t.named_parameters()] == [("weight", [4, 3, 3, 3]), ("bias", [6])]
    assert paddle.nn.Conv1D(3, 5, 3, bias_attr=False).bias is None


def test_conv_default_init_is_kaiming_normal_like_paddle():
    # Paddle: Normal(0, sqrt(2 / (prod(kernel) * in_channels))), bias zeros
    c = paddle.nn.Conv2D(16, 64, 3)
    w = c.weight.numpy()
    assert abs(w.std() - (2.0 / (9 * 16)) ** 0.5) < 0.02
    assert np.all(c.bias.numpy() == 0)


@pytest.mark.parametrize(
    "kwargs, exc",
    [
        ({"padding_mode": "mirror"}, ValueError),
        ({"padding_mode": "reflect", "padding": [1, 1]}, TypeError),
        ({"data_format": "NCWH"}, ValueError),
        ({"groups": 3}, ValueError),
    ],
)
def test_conv_layer_bad_arguments(kwargs, exc):
    with pytest.raises(exc):
        paddle.nn.Conv2D(4, 6, 3, **kwargs)


def test_conv_bad_input():
    c = paddle.nn.Conv2D(4, 6, 3)
    with pytest.raises(ValueError, match="4D"):
        c(_x(4, 5, 5))
    with pytest.raises(ValueError, match="channels"):
        c(_x(1, 3, 5, 5))
    with pytest.raises(ValueError, match="padding"):
        F.conv2d(_x(1, 4, 5, 5), c.weight, padding="HALF")
    with pytest.raises(ValueError):
        F.conv2d(_x(1, 4, 5, 5), c.weight, padding=[1, 2, 3])


def test_conv_transpose_output_size_matches_explicit_output_padding():
    w = _x(3, 2, 3, 3, seed=1)
    x = _x(1, 3, 4, 4)
    a = F.conv2d_transpose(x, w, stride=2, padding=1, output_size=[8, 8])
    b = F.conv2d_transpose(x, w, stride=2, padding=1, output_padding=1)
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)
    with pytest.raises(ValueError):
        F.conv2d_transpose(x, w, stride=2, padding=1, output_size=[8, 8], output_padding=1)


def test_conv_layer_grad_flows_to_parameters():
    c = paddle.nn.Conv1D(2, 3, 3, padding="SAME")
    y = c(_x(2, 2, 7))
    y._t.sum().backward()
    assert c.weight.grad is not None and c.bias.grad is not None


def test_pool_errors():
    with pytest.raises(ValueError):
        F.max_pool2d(_x(2, 3, 6, 6), 2, data_format="NHWC", return_mask=True)
    with pytest.raises(ValueError):
        F.avg_pool2d(_x(2, 3, 6), 2)
    with pytest.raises(ValueError):
        F.avg_pool2d(_x(2, 3, 6, 6), 2, padding="VALID", ceil_mode=True)
    with pytest.raises(ValueError):
        paddle.nn.MaxPool2D(2, data_format="NCL")(_x(2, 3, 6, 6))


def test_max_unpool_inverts_max_pool():
    x = _x(1, 2, 6, 6)
    out, idx = F.max_pool2d(x, 2, return_mask=True)
    assert idx.dtype == paddle.int32
    up = F.max_unpool2d(out, idx, 2)
    assert up.shape == [1, 2, 6, 6]
    # every pooled maximum is put back at its position, the rest is zero
    np.testing.assert_allclose(np.sort(up.numpy()[up.numpy() != 0]), np.sort(out.numpy().ravel()), rtol=1e-6)
    up1 = paddle.nn.MaxUnPool1D(2)(*F.max_pool1d(_x(1, 2, 8), 2, return_mask=True))
    assert up1.shape == [1, 2, 8]
    with pytest.raises(ValueError):
        F.max_unpool2d(out, idx, 2, output_size=[20, 20])


def test_adaptive_pool_layers_keep_none_dims():
    assert paddle.nn.AdaptiveAvgPool2D([None, 2])(_x(1, 3, 5, 7)).shape == [1, 3, 5, 2]
    out, mask = paddle.nn.AdaptiveMaxPool2D(2, return_mask=True)(_x(1, 3, 5, 7))
    assert out.shape == mask.shape == [1, 3, 2, 2]


def test_small_cnn_trains_end_to_end():
    import warnings

    warnings.simplefilter("ignore")
    net = paddle.nn.Sequential(
        paddle.nn.Conv2D(1, 4, 3, padding=1),
        paddle.nn.BatchNorm2D(4),
        paddle.nn.ReLU(),
        paddle.nn.MaxPool2D(2),
        paddle.nn.Flatten(),
        paddle.nn.Linear(4 * 4 * 4, 3),
    )
    opt = paddle.optimizer.Adam(parameters=net.parameters(), learning_rate=0.01)
    x = _x(8, 1, 8, 8)
    y = paddle.to_tensor(np.random.default_rng(0).integers(0, 3, (8,)))
    losses = []
    for _ in range(15):
        loss = F.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    assert losses[-1] < losses[0]
