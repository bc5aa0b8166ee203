"""``paddle.sparse.nn.functional.attention`` (a CUDA-only fused kernel in Paddle) as masked dense attention in
torch ops: scores only where the sparse mask stores an entry, keys dropped where key_padding_mask / attn_mask
is 0."""

import math

import torch

from ...._core.tensor import wrap
from ..._base import CSR, torch_of

__all__ = ["attention"]


def attention(query, key, value, sparse_mask, key_padding_mask=None, attn_mask=None, name=None):
    """softmax(Q K^T / sqrt(d), restricted to sparse_mask's pattern) V for [batch, heads, seq, d] inputs."""
    q, k, v = torch_of(query, "query"), torch_of(key, "key"), torch_of(value, "value")
    m = torch_of(sparse_mask, "sparse_mask")
    if m.layout is not CSR:
        raise ValueError("sparse_mask must be a SparseCsrTensor of shape [batch_size*num_heads, seq_len, seq_len]")
    batch, heads, seq, dim = q.shape
    allowed = m.to_sparse_coo().coalesce()
    keep = torch.zeros(batch * heads, seq, seq, dtype=torch.bool)
    keep[tuple(allowed.indices())] = True
    keep = keep.reshape(batch, heads, seq, seq)
    if key_padding_mask is not None:
        keep = keep & (torch_of(key_padding_mask) != 0).reshape(batch, 1, 1, seq)
    if attn_mask is not None:
        keep = keep & (torch_of(attn_mask) != 0).reshape(1, 1, seq, seq)
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(dim)
    scores = scores.masked_fill(~keep, float("-inf"))
    weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    return wrap(torch.matmul(weights, v))
