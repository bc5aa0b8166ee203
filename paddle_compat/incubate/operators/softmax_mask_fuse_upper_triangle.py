"""``paddle.incubate.softmax_mask_fuse_upper_triangle`` (CUDA-only in Paddle): causal softmax over the last
axis, the entries above the diagonal masked out."""

import torch

from ..._core.tensor import wrap
from ...sparse._base import torch_of

__all__ = ["softmax_mask_fuse_upper_triangle"]


def softmax_mask_fuse_upper_triangle(x):
    """softmax over the last axis with x[..., i, j] (j > i) masked to -inf."""
    t = torch_of(x)
    if t.dim() != 4:
        raise ValueError(f"(InvalidArgument) Input x should be a 4-D tensor, but received shape {list(t.shape)}.")
    q, k = t.shape[-2], t.shape[-1]
    above = torch.ones(q, k, dtype=torch.bool).triu(1)
    return wrap(torch.softmax(t.masked_fill(above, float("-inf")), dim=-1))
