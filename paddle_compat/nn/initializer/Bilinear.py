"""Paddle's ``paddle/nn/initializer/Bilinear.py``."""

import numpy as np
import torch

from .initializer import Initializer, _target


class Bilinear(Initializer):
    """Bilinear-upsampling kernel for a 4-D ``[C_out, C_in, K, K]`` transposed-conv weight."""

    def __init__(self):
        super().__init__()

    def forward(self, param, block=None):
        t = _target(param)
        shape = list(t.shape)
        if len(shape) != 4:
            raise ValueError("the length of shape must be 4.")
        if shape[2] != shape[3]:
            raise ValueError("shape[2] must be equal to shape[3].")
        size = shape[3]
        f = np.ceil(size / 2.0)
        c = (2 * f - 1 - f % 2) / (2.0 * f)
        i = np.arange(int(np.prod(shape)))
        x = i % size
        y = (i / size) % size
        w = ((1 - np.abs(x / f - c)) * (1 - np.abs(y / f - c))).astype("float32").reshape(shape)
        with torch.no_grad():
            t.copy_(torch.from_numpy(w).to(t.dtype))
