"""``paddle.nn.functional.sparse_attention``: attention restricted to a CSR sparsity layout.

Paddle runs this only on CUDA 11.3+; here it is computed densely in torch: scores outside the CSR
layout, at key_padding_mask == 0 and at attn_mask == 0 are excluded from the softmax.
"""

import math

import torch

from ..._core import wrap

__all__ = ["sparse_attention"]


def _csr_mask(offset, columns, seq_len):
    """[B, H, S+1] offsets and [B, H, nnz] columns -> boolean [B, H, S, S] layout."""
    offset, columns = offset.long(), columns.long()
    batch, heads = offset.shape[:2]
    mask = torch.zeros(batch, heads, seq_len, seq_len, dtype=torch.bool, device=offset.device)
    counts = offset[..., 1:] - offset[..., :-1]
    arange = torch.arange(seq_len, device=offset.device)
    for b in range(batch):
        for h in range(heads):
            rows = torch.repeat_interleave(arange, counts[b, h])
            mask[b, h, rows, columns[b, h, : rows.numel()]] = True
    return mask


def sparse_attention(query, key, value, sparse_csr_offset, sparse_csr_columns, key_padding_mask=None,
                     attn_mask=None, name=None):
    q, k, v = query._t, key._t, value._t
    if q.dim() != 4 or q.shape != k.shape or q.shape != v.shape:
        raise ValueError(
            "sparse_attention: query, key and value must be 4-D tensors of the same shape "
            f"[batch_size, num_heads, seq_len, head_dim], but got {list(q.shape)}, {list(k.shape)}, {list(v.shape)}"
        )
    offset, columns = sparse_csr_offset._t, sparse_csr_columns._t
    seq_len = q.shape[2]
    if list(offset.shape) != [q.shape[0], q.shape[1], seq_len + 1]:
        raise ValueError(f"sparse_attention: sparse_csr_offset must have shape [batch_size, num_heads, seq_len + 1] "
                         f"= {[q.shape[0], q.shape[1], seq_len + 1]}, but got {list(offset.shape)}")
    keep = _csr_mask(offset, columns, seq_len)
    if key_padding_mask is not None:
        keep = keep & (key_padding_mask._t != 0)[:, None, None, :]
    if attn_mask is not None:
        keep = keep & (attn_mask._t != 0)[None, None, :, :]
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
    scores = scores.masked_fill(~keep, float("-inf"))
    probs = torch.softmax(scores, dim=-1).nan_to_num(0.0)  # a fully masked row attends to nothing
    return wrap(torch.matmul(probs, v))
