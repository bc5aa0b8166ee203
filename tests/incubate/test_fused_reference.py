"""Fused incubate ops/layers and softmax_mask_fuse run on CUDA only in Paddle 2.6.2, so there is no CPU golden:
each is checked against the unfused composition of ordinary paddle ops (within 1e-6)."""

import numpy as np
import paddle
import paddle.nn.functional as F
import pytest
from paddle.incubate.nn import functional as IF


def _t(seed, shape, low=-1.0, high=1.0):
    return paddle.to_tensor(np.random.RandomState(seed).uniform(low, high, size=shape).astype("float32"))


def _close(a, b, tol=1e-6):
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=tol, atol=tol)


def test_matmul_bias_linear_activation():
    x, w, b = _t(1, (2, 3, 4)), _t(2, (4, 5)), _t(3, (5,))
    _close(IF.fused_matmul_bias(x, w, b), paddle.matmul(x, w) + b)
    _close(IF.fused_matmul_bias(_t(4, (4, 3)), w, b, transpose_x=True), paddle.matmul(_t(4, (4, 3)), w, True) + b)
    _close(IF.fused_linear(x, _t(5, (5, 4)), b, transpose_weight=True), F.linear(x, _t(5, (5, 4)).T, b))
    _close(IF.fused_linear_activation(x, w, b, activation="relu"), F.relu(paddle.matmul(x, w) + b))
    _close(IF.fused_linear_activation(x, w, b, activation="gelu"), F.gelu(paddle.matmul(x, w) + b))


def test_dropout_add_and_bias_residual_layer_norm_eval():
    x, y = _t(6, (2, 3, 8)), _t(7, (2, 3, 8))
    _close(IF.fused_dropout_add(x, y, p=0.3, training=False), x + y)
    _close(IF.fused_dropout_add(x, y, p=0.3, training=False, mode="downscale_in_infer"), x * 0.7 + y)
    bias, scale, shift = _t(8, (8,)), _t(9, (8,)), _t(10, (8,))
    out = IF.fused_bias_dropout_residual_layer_norm(x, y, bias, scale, shift, dropout_rate=0.2, training=False)
    _close(out, F.layer_norm(y + x + bias, [8], scale, shift, 1e-5))


def test_dropout_add_training_keeps_or_drops():
    paddle.seed(3)
    x, y = paddle.ones([1000]), paddle.zeros([1000])
    out = IF.fused_dropout_add(x, y, p=0.25).numpy()
    assert np.all(np.isclose(out, 0.0) | np.isclose(out, 1 / 0.75))
    assert 0.15 < (out == 0).mean() < 0.35


@pytest.mark.parametrize("pre_layer_norm", [False, True])
def test_feedforward(pre_layer_norm):
    x = _t(11, (2, 3, 8))
    w1, b1, w2, b2 = _t(12, (8, 16)), _t(13, (16,)), _t(14, (16, 8)), _t(15, (8,))
    s1, c1, s2, c2 = _t(16, (8,)), _t(17, (8,)), _t(18, (8,)), _t(19, (8,))
    out = IF.fused_feedforward(x, w1, w2, b1, b2, s1, c1, s2, c2, activation="gelu", pre_layer_norm=pre_layer_norm,
                               training=False)
    h = F.layer_norm(x, [8], s1, c1, 1e-5) if pre_layer_norm else x
    h = x + F.linear(F.gelu(F.linear(h, w1, b1)), w2, b2)
    expected = h if pre_layer_norm else F.layer_norm(h, [8], s2, c2, 1e-5)
    _close(out, expected)


def _unfused_attention(x, qkv_w, qkv_b, lin_w, lin_b, mask, heads):
    b, s, e = x.shape
    d = e // heads
    qkv = paddle.matmul(x, qkv_w.reshape([3 * e, e]).T) + qkv_b.reshape([3 * e])
    q, k, v = paddle.unbind(qkv.reshape([b, s, 3, heads, d]).transpose([2, 0, 3, 1, 4]), 0)
    scores = paddle.matmul(q, k, transpose_y=True) / np.sqrt(d)
    if mask is not None:
        scores = scores + mask
    out = paddle.matmul(F.softmax(scores), v).transpose([0, 2, 1, 3]).reshape([b, s, e])
    return F.linear(out, lin_w, lin_b)


@pytest.mark.parametrize("pre_layer_norm", [False, True])
def test_multi_head_attention(pre_layer_norm):
    x = _t(20, (2, 4, 8))
    qkv_w, qkv_b, lin_w, lin_b = _t(21, (3, 2, 4, 8)), _t(22, (3, 2, 4)), _t(23, (8, 8)), _t(24, (8,))
    scale, shift = _t(25, (8,)), _t(26, (8,))
    mask = _t(27, (2, 1, 4, 4))
    out = IF.fused_multi_head_attention(x, qkv_w, lin_w, pre_layer_norm, scale, shift, scale, shift, 1e-5, qkv_b,
                                        lin_b, attn_mask=mask, training=False)
    h = F.layer_norm(x, [8], scale, shift, 1e-5) if pre_layer_norm else x
    h = x + _unfused_attention(h, qkv_w, qkv_b, lin_w, lin_b, mask, 2)
    _close(out, h if pre_layer_norm else F.layer_norm(h, [8], scale, shift, 1e-5))


def test_multi_head_attention_cache_and_transposed_weights():
    x = _t(28, (1, 2, 8))
    qkv_w, lin_w = _t(29, (3, 2, 4, 8)), _t(30, (8, 8))
    cache = _t(31, (2, 1, 2, 3, 4))
    out, cache_out = IF.fused_multi_head_attention(x, qkv_w, lin_w, pre_layer_norm=True, cache_kv=cache,
                                                   training=False, add_residual=False)
    assert cache_out.shape == [2, 1, 2, 5, 4]
    np.testing.assert_allclose(cache_out.numpy()[:, :, :, :3], cache.numpy(), atol=0)
    transposed = qkv_w.reshape([24, 8]).T
    out_t = IF.fused_multi_head_attention(x, transposed, lin_w, pre_layer_norm=True, training=False, num_heads=2,
                                          transpose_qkv_wb=True, add_residual=False)
    plain = IF.fused_multi_head_attention(x, qkv_w, lin_w, pre_layer_norm=True, training=False, add_residual=False)
    _close(out_t, plain)
    assert out.shape == [1, 2, 8]


def test_layers_match_functional_composition():
    paddle.seed(0)
    layer = paddle.incubate.nn.FusedTransformerEncoderLayer(8, 2, 16, dropout_rate=0.0)
    layer.eval()
    x = _t(32, (2, 3, 8))
    attn, ffn = layer.fused_attn, layer.ffn
    h = x + _unfused_attention(x, attn.qkv_weight, attn.qkv_bias, attn.linear_weight, attn.linear_bias, None, 2)
    h = F.layer_norm(h, [8], attn.ln_scale, attn.ln_bias, 1e-5)
    h2 = h + F.linear(F.relu(F.linear(h, ffn._linear1_weight, ffn._linear1_bias)), ffn._linear2_weight,
                      ffn._linear2_bias)
    _close(layer(x), F.layer_norm(h2, [8], ffn._ln2_scale, ffn._ln2_bias, 1e-5))
    lin = paddle.incubate.nn.FusedLinear(8, 4)
    _close(lin(x), F.linear(x, lin.weight, lin.bias))
    res = paddle.incubate.nn.FusedBiasDropoutResidualLayerNorm(8, dropout_rate=0.0)
    _close(res(x, h), F.layer_norm(h + x + res.linear_bias, [8], res.ln_scale, res.ln_bias, 1e-5))


def test_rms_and_layer_norm():
    x, bias, residual = _t(33, (2, 3, 8)), _t(34, (8,)), _t(35, (2, 3, 8))
    w, b = _t(36, (8,)), _t(37, (8,))
    out, res_out = IF.fused_rms_norm(x, w, b, 1e-6, 2, bias=bias, residual=residual)
    s = x + bias + residual
    _close(res_out, s)
    _close(out, s / paddle.sqrt((s * s).mean(-1, keepdim=True) + 1e-6) * w + b)
    out = IF.fused_layer_norm(x, w, b, 1e-5, residual_alpha=0.5, begin_norm_axis=2, bias=bias, residual=residual)
    _close(out[0], F.layer_norm(x + bias + 0.5 * residual, [8], w, b, 1e-5))
    _close(IF.fused_layer_norm(x, None, None, 1e-5, begin_norm_axis=2), x)
    w24 = _t(46, (24,))
    _close(IF.fused_rms_norm(x, w24, None, 1e-6, 1), x / paddle.sqrt((x * x).mean([1, 2], keepdim=True) + 1e-6) *
           w24.reshape([1, 3, 8]))


@pytest.mark.parametrize("neox", [True, False])
def test_rotary_position_embedding(neox):
    q, k = _t(38, (2, 4, 2, 6)), _t(39, (2, 4, 2, 6))
    oq, ok, ov = IF.fused_rotary_position_embedding(q, k, use_neox_rotary_style=neox)
    assert ov is None
    pos = np.arange(4)[:, None] * (1.0 / 10000 ** (np.arange(0, 6, 2) / 6))[None, :]
    qn = q.numpy().astype("float64")
    if neox:  # adjacent pairs (x0, x1), (x2, x3)... rotate by the pair's angle
        x0, x1 = qn[..., 0::2], qn[..., 1::2]
        c, s = np.cos(pos)[None, :, None, :], np.sin(pos)[None, :, None, :]
        expected = np.stack([x0 * c - x1 * s, x1 * c + x0 * s], -1).reshape(qn.shape)
    else:  # the front half pairs with the back half
        x0, x1 = qn[..., :3], qn[..., 3:]
        c, s = np.cos(pos)[None, :, None, :], np.sin(pos)[None, :, None, :]
        expected = np.concatenate([x0 * c - x1 * s, x1 * c + x0 * s], -1)
    np.testing.assert_allclose(oq.numpy(), expected, rtol=1e-5, atol=1e-6)
    sin = paddle.to_tensor(np.sin(np.repeat(pos, 2, -1) if neox else np.concatenate([pos, pos], -1)), "float32")
    cos = paddle.to_tensor(np.cos(np.repeat(pos, 2, -1) if neox else np.concatenate([pos, pos], -1)), "float32")
    given = IF.fused_rotary_position_embedding(q, k, sin=sin, cos=cos, use_neox_rotary_style=neox)
    _close(given[1], ok, 1e-5)
    ids = paddle.to_tensor([[3, 2, 1, 0], [0, 1, 2, 3]])
    by_id = IF.fused_rotary_position_embedding(q, sin=sin, cos=cos, position_ids=ids, use_neox_rotary_style=neox)[0]
    _close(by_id[1], oq[1], 1e-5)


def test_variable_length_attention():
    q, k, v = _t(40, (2, 2, 4, 8)), _t(41, (2, 2, 5, 8)), _t(42, (2, 2, 5, 8))
    lens = paddle.to_tensor([[4], [2]], "int32")
    kv_lens = paddle.to_tensor([[5], [3]], "int32")
    out = IF.variable_length_memory_efficient_attention(q, k, v, lens, kv_lens)
    for b, (n, m) in enumerate([(4, 5), (2, 3)]):
        scores = paddle.matmul(q[b, :, :n], k[b, :, :m], transpose_y=True) / np.sqrt(8)
        _close(out[b, :, :n], paddle.matmul(F.softmax(scores), v[b, :, :m]))
        assert np.all(out.numpy()[b, :, n:] == 0)
    causal = IF.variable_length_memory_efficient_attention(q, k[:, :, :4], v[:, :, :4], lens,
                                                           paddle.to_tensor([[4], [4]], "int32"), causal=True)
    scores = paddle.matmul(q[0], k[0, :, :4], transpose_y=True) / np.sqrt(8)
    scores = scores + paddle.to_tensor(np.triu(np.full((4, 4), -np.inf), 1).astype("float32"))
    _close(causal[0], paddle.matmul(F.softmax(scores), v[0, :, :4]))


def test_softmax_mask_fuse():
    x, mask = _t(43, (2, 2, 3, 4)), _t(44, (2, 1, 3, 4))
    _close(paddle.incubate.softmax_mask_fuse(x, mask), F.softmax(x + mask, -1))
    tri = paddle.incubate.softmax_mask_fuse_upper_triangle(_t(45, (1, 2, 4, 4)))
    expected = F.softmax(_t(45, (1, 2, 4, 4)) + paddle.to_tensor(np.triu(np.full((4, 4), -np.inf), 1), "float32"))
    _close(tri, expected)
