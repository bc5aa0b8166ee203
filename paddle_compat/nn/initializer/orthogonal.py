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
        # Paddle draws N(0, 1) in the parameter's dtype with the program's random_seed (0: the global
        # generator), then takes the reduced QR of it
        from ..._core import paddle_rng
        from ...framework.program import default_main_program
        from ...framework.random import cpu_engine

        seed = default_main_program().random_seed
        dtype = t.dtype if t.dtype in (torch.float32, torch.float64) else torch.float32
        from .initializer import _paddle_stream

        if _paddle_stream(t):
            values = paddle_rng.normal(cpu_engine(seed), max(row, col) * min(row, col), np.float32(0.0),
                                       np.float32(1.0), np.float64 if dtype is torch.float64 else np.float32)
            flat = torch.from_numpy(values).reshape(max(row, col), min(row, col))
        else:
            flat = torch.randn(max(row, col), min(row, col), dtype=dtype, device=t.device)
        q, r = torch.linalg.qr(flat, mode="reduced")
        q = q * torch.sign(torch.diagonal(r))
        if row < col:
            q = q.T
        with torch.no_grad():
            t.copy_((q.reshape(shape) * self._gain).to(t.dtype))
