"""``paddle.nn.functional`` input ops: ``one_hot`` and ``embedding``."""

import numpy as np
import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import wrap
from ._checks import check_kernel as _check_kernel
from ._checks import empty_meta as _empty_meta

__all__ = ["one_hot", "embedding"]


def one_hot(x, num_classes, name=None):
    """float32 one-hot of an integer tensor (appends a dimension of size ``num_classes``)."""
    t = x._t
    if hasattr(num_classes, "_t"):
        num_classes = int(num_classes.item())
    elif isinstance(num_classes, (int, float)):  # Paddle's parser: int, float (truncated), bool or Tensor
        num_classes = int(num_classes)
    elif isinstance(num_classes, np.number):
        num_classes = int(num_classes)
    elif not isinstance(num_classes, str):
        raise ValueError("(InvalidArgument) one_hot(): argument (position 2) must be int, float, bool or Tensor, but "
                         f"got {type(num_classes).__name__}")
    _check_kernel("one_hot", t)
    if isinstance(num_classes, str):  # Paddle 2.6.2 parses a numeric str, and reads any other str as 0
        try:
            num_classes = int(num_classes)
        except ValueError:
            num_classes = 0
    if num_classes < 0:  # Paddle allocates a negative-size output
        raise _empty_meta()
    try:
        return wrap(F.one_hot(t if t.dtype is torch.int64 else t.long(), num_classes).to(torch.float32))
    except RuntimeError:
        raise ValueError(
            f"(InvalidArgument) Illegal index value, Input(input) value should be in [0, {num_classes}), but "
            f"received values in [{int(t.min())}, {int(t.max())}]."
        ) from None


def embedding(x, weight, padding_idx=None, sparse=False, name=None):
    """Row lookup; rows whose id equals ``padding_idx`` are zero and get no gradient (Paddle semantics).

    ``sparse=True`` only changes the gradient's storage in Paddle (SelectedRows); the values are the same,
    so the gradient here is dense."""
    ids = x._t
    w = weight._t
    n = w.shape[0]
    _check_kernel("embedding", w)
    if ids.dtype is not torch.int64 and ids.dtype is not torch.int32:
        # Paddle's embedding kernel (dygraph): any other id dtype is (Unimplemented) -> NotImplementedError
        raise NotImplementedError(
            f"(Unimplemented) emebdding input only support int32 and int64, but get {x.dtype.name}"
        )
    if padding_idx is None:
        padding_idx = -1
    elif padding_idx < 0:
        padding_idx = n + padding_idx
    if padding_idx >= n or padding_idx < -1:
        raise ValueError(f"padding_idx must be within [-{n}, {n})")
    if ids.dtype is not torch.int64:
        ids = ids.long()
    try:
        if padding_idx == -1:
            return wrap(F.embedding(ids, w))
        out = F.embedding(ids, w, padding_idx=padding_idx)
    except (IndexError, RuntimeError):
        lo, hi = int(ids.min()), int(ids.max())
        bad = lo if lo < 0 else hi
        raise ValueError(
            f"(InvalidArgument) Variable value (input) of OP(paddle.nn.functional.embedding) expected >= 0 "
            f"and < {n}, but got {bad}. Please check input value."
        ) from None
    mask = (ids != padding_idx).unsqueeze(-1).to(out.dtype)
    return wrap(out * mask)
