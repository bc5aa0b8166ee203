"""``paddle.incubate.identity_loss``: marks a tensor as the loss (IPU); on other devices the sum, mean or the
tensor itself."""

from ..._core.tensor import wrap
from ...sparse._base import torch_of

__all__ = ["identity_loss"]

_REDUCTIONS = {"sum": 0, "mean": 1, "none": 2}


def identity_loss(x, reduction="none"):
    """reduction: 'sum' / 0, 'mean' / 1, 'none' / 2."""
    if isinstance(reduction, str):
        reduction = _REDUCTIONS.get(reduction.lower())
        if reduction is None:
            raise Exception("Unsupported reduction type.")
    t = torch_of(x)
    if reduction == 0:
        return wrap(t.sum())
    if reduction == 1:
        return wrap(t.mean())
    if reduction == 2:
        return wrap(t.clone() if t.requires_grad else t)
    raise ValueError(f"(InvalidArgument) Unsupported reduction {reduction} of identity_loss (0: sum, 1: mean, "
                     "2: none).")
