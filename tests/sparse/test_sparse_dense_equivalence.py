"""Sparse ops that Paddle 2.6.2 only runs on CUDA (matmul, masked_matmul, addmm, mv, pca_lowrank, the fused
attention): no CPU golden exists, so each is checked against its dense composition in numpy/torch."""

import numpy as np
import paddle
import pytest
import torch


def _dense(seed, shape, density=0.4):
    rng = np.random.RandomState(seed)
    return (rng.uniform(-1, 1, size=shape) * (rng.uniform(size=shape) < density)).astype("float32")


@pytest.mark.parametrize("layout", ["coo", "csr"])
def test_matmul_sparse_dense(layout):
    a, b = _dense(1, [4, 5]), _dense(2, [5, 3], density=1.0)
    x = paddle.to_tensor(a)
    x = x.to_sparse_coo(2) if layout == "coo" else x.to_sparse_csr()
    out = paddle.sparse.matmul(x, paddle.to_tensor(b))
    assert not out.is_sparse()
    np.testing.assert_allclose(out.numpy(), a @ b, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("layout", ["coo", "csr"])
def test_matmul_sparse_sparse(layout):
    a, b = _dense(3, [4, 5]), _dense(4, [5, 3])
    conv = (lambda t: t.to_sparse_coo(2)) if layout == "coo" else (lambda t: t.to_sparse_csr())
    out = paddle.sparse.matmul(conv(paddle.to_tensor(a)), conv(paddle.to_tensor(b)))
    assert out.is_sparse_coo() if layout == "coo" else out.is_sparse_csr()
    np.testing.assert_allclose(out.to_dense().numpy(), a @ b, rtol=1e-6, atol=1e-6)


def test_matmul_batched_csr_dense():
    a = np.stack([_dense(5, [3, 4], density=1.0), _dense(6, [3, 4], density=1.0)])
    b = _dense(7, [2, 4, 2], density=1.0)
    out = paddle.sparse.matmul(paddle.to_tensor(a).to_sparse_csr(), paddle.to_tensor(b))
    np.testing.assert_allclose(out.numpy(), a @ b, rtol=1e-6, atol=1e-6)


def test_matmul_grad_matches_dense():
    a, b = _dense(8, [4, 5]), _dense(9, [5, 3], density=1.0)
    values = paddle.to_tensor(a).to_sparse_coo(2)
    x = paddle.sparse.sparse_coo_tensor(values.indices(), values.values(), [4, 5], stop_gradient=False)
    y = paddle.to_tensor(b, stop_gradient=False)
    paddle.sparse.matmul(x, y).sum().backward()
    yt = torch.tensor(b, requires_grad=True)
    (torch.tensor(a) @ yt).sum().backward()
    np.testing.assert_allclose(y.grad.numpy(), yt.grad.numpy(), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("layout", ["coo", "csr"])
def test_masked_matmul(layout):
    a, b = _dense(10, [4, 6], density=1.0), _dense(11, [6, 5], density=1.0)
    m = _dense(12, [4, 5], density=0.5)
    mask = paddle.to_tensor(m)
    mask = mask.to_sparse_coo(2) if layout == "coo" else mask.to_sparse_csr()
    out = paddle.sparse.masked_matmul(paddle.to_tensor(a), paddle.to_tensor(b), mask)
    expected = np.where(m != 0, a @ b, 0)
    np.testing.assert_allclose(out.to_dense().numpy(), expected, rtol=1e-6, atol=1e-6)
    assert out.nnz() == int((m != 0).sum())


def test_mv_and_addmm():
    a, v = _dense(13, [4, 5]), _dense(14, [5], density=1.0)
    for x in (paddle.to_tensor(a).to_sparse_coo(2), paddle.to_tensor(a).to_sparse_csr()):
        np.testing.assert_allclose(paddle.sparse.mv(x, paddle.to_tensor(v)).numpy(), a @ v, rtol=1e-6, atol=1e-6)
    b, inp = _dense(15, [5, 3], density=1.0), _dense(16, [4, 3], density=1.0)
    out = paddle.sparse.addmm(paddle.to_tensor(inp), paddle.to_tensor(a).to_sparse_csr(), paddle.to_tensor(b),
                              beta=0.5, alpha=2.0)
    np.testing.assert_allclose(out.numpy(), 0.5 * inp + 2.0 * (a @ b), rtol=1e-6, atol=1e-6)
    sparse_in = _dense(17, [4, 3])
    out = paddle.sparse.addmm(paddle.to_tensor(sparse_in).to_sparse_coo(2), paddle.to_tensor(a).to_sparse_coo(2),
                              paddle.to_tensor(_dense(18, [5, 3])).to_sparse_coo(2), beta=2.0, alpha=0.5)
    np.testing.assert_allclose(out.to_dense().numpy(), 2.0 * sparse_in + 0.5 * (a @ _dense(18, [5, 3])),
                               rtol=1e-6, atol=1e-6)


def test_pca_lowrank_reconstructs():
    rng = np.random.RandomState(19)
    low = (rng.uniform(-1, 1, size=(20, 3)) @ rng.uniform(-1, 1, size=(3, 8))).astype("float64")
    x = paddle.to_tensor(low).to_sparse_coo(2)
    u, s, v = paddle.sparse.pca_lowrank(x, q=3, center=False)
    assert u.shape == [20, 3] and s.shape == [3] and v.shape == [8, 3]
    np.testing.assert_allclose((u.numpy() * s.numpy()) @ v.numpy().T, low, atol=1e-8)


def test_attention_matches_dense_masked_softmax():
    rng = np.random.RandomState(20)
    q, k, v = (rng.uniform(-1, 1, size=(1, 2, 4, 8)).astype("float32") for _ in range(3))
    pattern = np.tril(np.ones((4, 4), dtype="float32"))
    mask = paddle.to_tensor(np.stack([pattern, pattern])).to_sparse_csr()
    padding = np.array([[1, 1, 1, 0]], dtype="float32")
    out = paddle.sparse.nn.functional.attention(paddle.to_tensor(q), paddle.to_tensor(k), paddle.to_tensor(v),
                                                mask, key_padding_mask=paddle.to_tensor(padding))
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(8)
    keep = (pattern[None, None] != 0) & (padding[:, None, None, :] != 0)
    scores = np.where(keep, scores, -np.inf)
    weights = np.exp(scores - scores.max(-1, keepdims=True))
    weights /= weights.sum(-1, keepdims=True)
    np.testing.assert_allclose(out.numpy(), weights @ v, rtol=1e-5, atol=1e-6)


def test_subm_conv3d_matches_dense_conv_at_sites():
    """The rulebook convolution equals a dense conv3d (padding k//2) read at the input sites."""
    rng = np.random.RandomState(21)
    dense = np.zeros((1, 6, 6, 6, 3), dtype="float32")
    sites = rng.choice(216, size=30, replace=False)
    d, h, w = np.unravel_index(sites, (6, 6, 6))
    dense[0, d, h, w] = rng.uniform(-1, 1, size=(30, 3))
    weight = rng.uniform(-1, 1, size=(3, 3, 3, 3, 4)).astype("float32")
    x = paddle.to_tensor(dense).to_sparse_coo(4)
    out = paddle.sparse.nn.functional.subm_conv3d(x, paddle.to_tensor(weight), padding=1)
    ref = torch.nn.functional.conv3d(torch.tensor(dense).permute(0, 4, 1, 2, 3),
                                     torch.tensor(weight).permute(4, 3, 0, 1, 2), padding=1)
    ref = ref.permute(0, 2, 3, 4, 1).numpy()
    idx = out.indices().numpy()
    np.testing.assert_allclose(out.values().numpy(), ref[idx[0], idx[1], idx[2], idx[3]], rtol=1e-5, atol=1e-5)
