"""``paddle.nn.functional.pairwise_distance``."""

import torch

from ..._core import wrap

__all__ = ["pairwise_distance"]


def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None):
    """``p``-norm of ``x - y + epsilon`` over the last axis."""
    sub = x._t - y._t
    if epsilon != 0.0:
        sub = sub + epsilon
    return wrap(torch.linalg.vector_norm(sub, ord=p, dim=-1, keepdim=keepdim))
