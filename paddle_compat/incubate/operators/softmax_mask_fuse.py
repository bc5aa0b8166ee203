"""``paddle.incubate.softmax_mask_fuse`` (a CUDA-only fused kernel in Paddle): softmax(x + mask) over the last
axis, in torch ops."""

import torch

from ..._core.tensor import wrap
from ...sparse._base import torch_of

__all__ = ["softmax_mask_fuse"]


def softmax_mask_fuse(x, mask, name=None):
    """softmax(x + mask, axis=-1); x [batch, heads, q, k], mask [batch, 1, q, k]."""
    t, m = torch_of(x), torch_of(mask, "mask")
    if t.dim() != 4 or m.dim() != 4:
        raise ValueError(f"(InvalidArgument) Input x and mask should be 4-D tensors, but received x with shape "
                         f"{list(t.shape)} and mask with shape {list(m.shape)}.")
    return wrap(torch.softmax(t + m.to(t.dtype), dim=-1))
