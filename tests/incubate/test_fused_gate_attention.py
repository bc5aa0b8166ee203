"""fused_gate_attention (CUDA-only in Paddle) against the unfused composition of Paddle's documented pseudo-code
(paddle.einsum / softmax / sigmoid), within 1e-6."""

import numpy as np
import paddle
import paddle.incubate.nn.functional as IF
import pytest


def _rand(*shape, seed):
    return paddle.to_tensor(np.random.RandomState(seed).uniform(-1, 1, shape).astype("float64"))


def _composition(query, key, q_w, k_w, v_w, gate_w, gate_b, out_w, out_b, nonbatched_bias, attn_mask, gating):
    c = q_w.shape[-1] ** -0.5
    q = paddle.einsum("nbqa,ahc->nbqhc", query, q_w) * c
    k = paddle.einsum("nbka,ahc->nbkhc", key, k_w)
    v = paddle.einsum("nbka,ahc->nbkhc", key, v_w)
    logits = paddle.einsum("nbqhc,nbkhc->nbhqk", q, k)
    if attn_mask is not None:
        logits = logits + attn_mask
    if nonbatched_bias is not None:
        logits = logits + nonbatched_bias
    weights = paddle.nn.functional.softmax(logits)
    avg = paddle.einsum("nbhqk,nbkhc->nbqhc", weights, v)
    if gating:
        avg = avg * paddle.nn.functional.sigmoid(paddle.einsum("nbqc,chv->nbqhv", query, gate_w) + gate_b)
    return paddle.einsum("nbqhc,hco->nbqo", avg, out_w) + out_b


@pytest.mark.parametrize("merge_qkv", [True, False])
@pytest.mark.parametrize("gating", [True, False])
@pytest.mark.parametrize("biases", [True, False])
def test_matches_unfused_composition(merge_qkv, gating, biases):
    n, b, res, q_dim, heads, head_dim = 2, 3, 4, 5, 2, 3
    query = _rand(n, b, res, q_dim, seed=1)
    key = query if merge_qkv else _rand(n, b, res + 1, 6, seed=2)
    kv_dim = key.shape[-1]
    q_w, k_w, v_w = _rand(q_dim, heads, head_dim, seed=3), _rand(kv_dim, heads, head_dim, seed=4), \
        _rand(kv_dim, heads, head_dim, seed=5)
    gate_w, gate_b = _rand(q_dim, heads, head_dim, seed=6), _rand(heads, head_dim, seed=7)
    out_w, out_b = _rand(heads, head_dim, q_dim, seed=8), _rand(q_dim, seed=9)
    m_size = key.shape[2]
    nonbatched = _rand(n, 1, heads, res, m_size, seed=10) if biases else None
    mask = _rand(n, b, 1, 1, m_size, seed=11) if biases else None
    expected = _composition(query, key, q_w, k_w, v_w, gate_w, gate_b, out_w, out_b, nonbatched, mask, gating)
    if merge_qkv:  # Paddle's merged layout: [3, heads, head_dim, q_dim]
        qkv = paddle.stack([w.transpose([1, 2, 0]) for w in (q_w, k_w, v_w)])
        got = IF.fused_gate_attention(query, qkv_weight=qkv, gate_linear_weight=gate_w, gate_linear_bias=gate_b,
                                      out_linear_weight=out_w, out_linear_bias=out_b, nonbatched_bias=nonbatched,
                                      attn_mask=mask, has_gating=gating, merge_qkv=True)
    else:
        got = IF.fused_gate_attention(query, key, q_w, k_w, v_w, gate_linear_weight=gate_w, gate_linear_bias=gate_b,
                                      out_linear_weight=out_w, out_linear_bias=out_b, nonbatched_bias=nonbatched,
                                      attn_mask=mask, has_gating=gating, merge_qkv=False)
    assert got.shape == query.shape
    np.testing.assert_allclose(got.numpy(), expected.numpy(), rtol=0, atol=1e-6)


def test_is_no_longer_a_stub():
    assert not getattr(IF.fused_gate_attention, "__paddle_compat_stub__", False)
