"""paddle.nn.functional.flash_attention where real Paddle has no CPU kernel (causal attention, attn_mask,
flash_attn_unpadded, the flash/mem-efficient backends): checked against the formula
softmax(Q K^T * scale + mask) V written in numpy. The CPU paths Paddle does run are golden cases recorded
from real Paddle (tests/cases/interop_flash_attention.py)."""

import numpy as np
import paddle
import paddle.nn.functional as F
import pytest
from paddle.nn.functional import flash_attention as fa

RNG = np.random.RandomState(7)


def _qkv(batch=2, seq_q=5, seq_k=6, heads=3, dim=4, dtype="float64"):
    q = RNG.uniform(-1, 1, (batch, seq_q, heads, dim)).astype(dtype)
    k = RNG.uniform(-1, 1, (batch, seq_k, heads, dim)).astype(dtype)
    v = RNG.uniform(-1, 1, (batch, seq_k, heads, dim)).astype(dtype)
    return q, k, v


def _reference(q, k, v, scale=None, mask=None, causal=False):
    """numpy: [batch, seq, heads, dim] in, (out [batch, seq_q, heads, dim], weights [batch, heads, sq, sk])."""
    qh, kh, vh = (np.transpose(t, (0, 2, 1, 3)) for t in (q, k, v))
    scale = q.shape[-1] ** -0.5 if scale is None else scale
    scores = np.matmul(qh, np.swapaxes(kh, -1, -2)) * scale
    if mask is not None:
        scores = scores + mask
    if causal:
        sq, sk = scores.shape[-2:]
        scores = np.where(np.tril(np.ones((sq, sk), bool)), scores, -np.inf)
    scores = scores - scores.max(-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(-1, keepdims=True)
    return np.transpose(np.matmul(weights, vh), (0, 2, 1, 3)), weights


def _t(*arrays):
    return [paddle.to_tensor(a) for a in arrays]


@pytest.mark.parametrize("seq_q,seq_k", [(5, 5), (4, 6), (6, 4)])
def test_causal_against_the_formula(seq_q, seq_k):
    q, k, v = _qkv(seq_q=seq_q, seq_k=seq_k)
    out, weights = fa.flash_attention(*_t(q, k, v), causal=True, return_softmax=True)
    want_out, want_weights = _reference(q, k, v, causal=True)
    np.testing.assert_allclose(out.numpy(), want_out, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(weights.numpy(), want_weights, rtol=1e-10, atol=1e-12)
    out_only, none = fa.flash_attention(*_t(q, k, v), causal=True)
    assert none is None
    np.testing.assert_allclose(out_only.numpy(), want_out, rtol=1e-10, atol=1e-12)


def test_float32_path_without_softmax_matches_the_formula():
    q, k, v = _qkv(dtype="float32")
    out, _ = fa.flash_attention(*_t(q, k, v))
    assert out.dtype == paddle.float32 and out.shape == [2, 5, 3, 4]
    np.testing.assert_allclose(out.numpy(), _reference(q, k, v)[0], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("causal", [False, True])
def test_sdpa_with_float_and_bool_masks_against_the_formula(causal):
    q, k, v = _qkv(seq_q=5, seq_k=5)
    mask = RNG.uniform(-2, 0, (2, 3, 5, 5))
    out = F.scaled_dot_product_attention(*_t(q, k, v), attn_mask=paddle.to_tensor(mask), is_causal=causal)
    np.testing.assert_allclose(out.numpy(), _reference(q, k, v, mask=mask, causal=causal)[0], rtol=1e-10, atol=1e-12)
    keep = RNG.uniform(0, 1, (2, 1, 5, 5)) > 0.3
    keep[..., 0] = True
    out = F.scaled_dot_product_attention(*_t(q, k, v), attn_mask=paddle.to_tensor(keep))
    additive = np.where(keep, 0.0, -np.inf)
    np.testing.assert_allclose(out.numpy(), _reference(q, k, v, mask=additive)[0], rtol=1e-10, atol=1e-12)


def test_sdpa_causal_without_mask_against_the_formula():
    q, k, v = _qkv(seq_q=4, seq_k=4)
    out = F.scaled_dot_product_attention(*_t(q, k, v), is_causal=True)
    np.testing.assert_allclose(out.numpy(), _reference(q, k, v, causal=True)[0], rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("causal", [False, True])
def test_flash_attn_unpadded_against_per_sequence_formula(causal):
    lengths_q, lengths_k, heads, dim = [3, 5, 2], [3, 5, 2], 2, 4
    if not causal:
        lengths_k = [4, 2, 6]
    q = RNG.uniform(-1, 1, (sum(lengths_q), heads, dim))
    k = RNG.uniform(-1, 1, (sum(lengths_k), heads, dim))
    v = RNG.uniform(-1, 1, (sum(lengths_k), heads, dim))
    cu_q = np.concatenate([[0], np.cumsum(lengths_q)]).astype("int32")
    cu_k = np.concatenate([[0], np.cumsum(lengths_k)]).astype("int32")
    scale = 0.3
    out, softmax = fa.flash_attn_unpadded(
        *_t(q, k, v, cu_q, cu_k), max(lengths_q), max(lengths_k), scale, causal=causal, return_softmax=True
    )
    assert out.shape == list(q.shape)
    assert softmax.shape == [3, heads, max(lengths_q), max(lengths_k)]
    for i in range(3):
        sl_q, sl_k = slice(cu_q[i], cu_q[i + 1]), slice(cu_k[i], cu_k[i + 1])
        want, weights = _reference(q[None, sl_q], k[None, sl_k], v[None, sl_k], scale=scale, causal=causal)
        np.testing.assert_allclose(out.numpy()[sl_q], want[0], rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(softmax.numpy()[i, :, : lengths_q[i], : lengths_k[i]], weights[0], rtol=1e-10)
        assert not softmax.numpy()[i, :, lengths_q[i]:, :].any()


def test_backends_selected_by_sdp_kernel():
    q, k, v = _qkv()
    want_out, want_weights = _reference(q, k, v)
    with fa.sdp_kernel(enable_math=False, enable_flash=False, enable_mem_efficient=True):
        out, weights = fa.flash_attention(*_t(q, k, v), return_softmax=True)
    assert weights is None  # Paddle's memory-efficient backend never returns the softmax
    np.testing.assert_allclose(out.numpy(), want_out, rtol=1e-10, atol=1e-12)
    with fa.sdp_kernel(enable_math=False, enable_flash=True, enable_mem_efficient=False):
        out, weights = fa.flash_attention(*_t(q, k, v), return_softmax=True)
    np.testing.assert_allclose(weights.numpy(), want_weights, rtol=1e-10, atol=1e-12)
    with pytest.raises(AssertionError, match="No available backend"):
        with fa.sdp_kernel(enable_math=False, enable_flash=False, enable_mem_efficient=False):
            fa.flash_attention(*_t(q, k, v))
    assert (fa.g_enable_math, fa.g_enable_flash, fa.g_enable_mem_efficient) == (None, None, None)
    assert F.sdp_kernel is fa.sdp_kernel and F.scaled_dot_product_attention is fa.scaled_dot_product_attention


def test_dropout_is_upscale_in_train_on_the_returned_weights():
    paddle.seed(3)
    q, k, v = _qkv(batch=4, seq_q=16, seq_k=16, heads=4, dim=8)
    out, weights = fa.flash_attention(*_t(q, k, v), dropout=0.5, return_softmax=True)
    _, clean = _reference(q, k, v)
    w = weights.numpy()
    kept = w != 0
    assert 0.4 < kept.mean() < 0.6
    np.testing.assert_allclose(w[kept], clean[kept] / 0.5, rtol=1e-10)
    vh = np.transpose(v, (0, 2, 1, 3))
    np.testing.assert_allclose(out.numpy(), np.transpose(np.matmul(w, vh), (0, 2, 1, 3)), rtol=1e-10, atol=1e-12)
    evaluated, _ = fa.flash_attention(*_t(q, k, v), dropout=0.5, training=False)
    np.testing.assert_allclose(evaluated.numpy(), _reference(q, k, v)[0], rtol=1e-10, atol=1e-12)


def test_arguments_that_cannot_be_honoured_raise():
    q, k, v = _t(*_qkv())
    with pytest.raises(NotImplementedError, match="fixed_seed_offset"):
        fa.flash_attention(q, k, v, dropout=0.1, fixed_seed_offset=paddle.to_tensor([1, 2]))
    with pytest.raises(NotImplementedError, match="rng_name"):
        fa.flash_attention(q, k, v, dropout=0.1, rng_name="local_seed")
    fa.flash_attention(q, k, v, fixed_seed_offset=paddle.to_tensor([1, 2]))  # no dropout: nothing to seed


def test_triangle_upper_mask_matches_paddles_formula():
    x = paddle.rand([2, 4, 4])
    mask = fa.get_triangle_upper_mask(x).numpy()
    np.testing.assert_array_equal(mask, np.triu(np.full((2, 4, 4), -1e4, "float32"), 1))


def test_sdpa_without_mask_applies_dropout_whatever_training_says_as_paddle():
    # Paddle's scaled_dot_product_attention(attn_mask=None) calls flash_attention(q, k, v, dropout_p,
    # is_causal) and leaves its training=True default: dropout applies even with training=False.
    paddle.seed(5)
    q, k, v = _qkv(batch=2, seq_q=8, seq_k=8, heads=2, dim=4)
    out = F.scaled_dot_product_attention(*_t(q, k, v), dropout_p=0.5, training=False)
    assert not np.allclose(out.numpy(), _reference(q, k, v)[0])
    masked = F.scaled_dot_product_attention(*_t(q, k, v), attn_mask=paddle.zeros([2, 2, 8, 8], "float64"),
                                            dropout_p=0.5, training=False)
    np.testing.assert_allclose(masked.numpy(), _reference(q, k, v)[0], rtol=1e-10, atol=1e-12)
