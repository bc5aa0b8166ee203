"""``paddle.nn.functional`` input ops: ``one_hot`` and ``embedding``."""

import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import wrap

__all__ = ["one_hot", "embedding"]


def one_hot(x, num_classes, name=None):
    """float32 one-hot of an integer tensor (appends a dimension of size ``num_classes``)."""
    t = x._t
    if t.is_floating_point() or t.is_complex() or t.dtype is torch.bool:
        raise TypeError(
            f"The data type of 'x' in one_hot must be int32 or int64, but received {x.dtype.name}."
        )
    num_classes = int(num_classes.item()) if hasattr(num_classes, "_t") else int(num_classes)
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
