"""Paddle's ``paddle/nn/initializer/orthogonal.py``."""

import numpy as np
import torch

from .initializer import Initializer, _target


class Orthogonal(Initializer):
    def __init__(self, gain=1.0, name=None):
        assert gain is not None, "gain should not be None"
        super().__init__()
        self._gain = gain

    def forward(self, param, block=None):
        t = _target(param)
        shape = list(t.shape)
        assert len(shape) >= 2, "Only Tensor with 2 or more dimensions can be initialized by Orthogonal"
        row, col = shape[0], int(np.prod(shape[1:]))
        flat = torch.randn(max(row, col), min(row, col), dtype=torch.float64)
        q, r = torch.linalg.qr(flat, mode="reduced")
        q = q * torch.sign(torch.diagonal(r))
        if row < col:
            q = q.T
        with torch.no_grad():
            t.copy_((q.reshape(shape) * self._gain).to(t.dtype))
