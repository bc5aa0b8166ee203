"""F.sparse_attention (CUDA-only in Paddle, so no oracle golden) against the formula in Paddle's docs,
softmax(Q K^T / sqrt(d)) V over the CSR layout, computed here with numpy."""

import numpy as np
import paddle
import pytest


def _reference(q, k, v, offset, columns, key_padding_mask=None, attn_mask=None):
    b, h, s, d = q.shape
    out = np.zeros_like(q)
    for i in range(b):
        for j in range(h):
            for r in range(s):
                cols = [c for c in columns[i, j, offset[i, j, r]:offset[i, j, r + 1]]
                        if (key_padding_mask is None or key_padding_mask[i, c] != 0)
                        and (attn_mask is None or attn_mask[r, c] != 0)]
                if not cols:
                    continue
                scores = q[i, j, r] @ k[i, j, cols].T / np.sqrt(d)
                p = np.exp(scores - scores.max())
                out[i, j, r] = (p / p.sum()) @ v[i, j, cols]
    return out


@pytest.mark.parametrize("masks", [False, True])
def test_sparse_attention_matches_the_documented_formula(masks):
    rng = np.random.RandomState(0)
    q, k, v = (rng.rand(1, 2, 4, 3).astype("float64") for _ in range(3))
    offset = np.array([[[0, 2, 3, 5, 7], [0, 1, 2, 3, 4]]], dtype="int32")
    columns = np.array([[[0, 1, 1, 0, 2, 2, 3], [0, 1, 2, 3, 0, 0, 0]]], dtype="int32")
    kpm = np.array([[1, 1, 0, 1]], dtype="float64") if masks else None
    am = np.tril(np.ones((4, 4))).astype("float64") if masks else None
    t = paddle.to_tensor
    ours = paddle.nn.functional.sparse_attention(
        t(q), t(k), t(v), t(offset), t(columns),
        key_padding_mask=None if kpm is None else t(kpm), attn_mask=None if am is None else t(am))
    np.testing.assert_allclose(ours.numpy(), _reference(q, k, v, offset, columns, kpm, am), rtol=1e-12, atol=1e-12)


def test_sparse_attention_rejects_mismatched_shapes():
    x = paddle.rand([1, 2, 4, 3])
    with pytest.raises(ValueError, match="same shape"):
        paddle.nn.functional.sparse_attention(x, paddle.rand([1, 2, 5, 3]), x, paddle.zeros([1, 2, 5], "int32"),
                                              paddle.zeros([1, 2, 1], "int32"))
