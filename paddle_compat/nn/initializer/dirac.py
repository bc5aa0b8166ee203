"""Paddle's ``paddle/nn/initializer/dirac.py``."""

import torch

from .initializer import Initializer, _target


class Dirac(Initializer):
    def __init__(self, groups=1, name=None):
        assert groups > 0 and isinstance(groups, int), " 'groups' must be a positive integer. "
        super().__init__()
        self._groups = groups

    def forward(self, param, block=None):
        t = _target(param)
        shape = list(t.shape)
        assert len(shape) in (3, 4, 5), "Only Tensor with 3/4/5 dimensions can be initialized by Dirac"
        assert shape[0] % self._groups == 0, "Tensor 0-dimension must be divisible by groups"
        per = shape[0] // self._groups
        m = min(per, shape[1])
        centre = tuple(s // 2 for s in shape[2:])
        with torch.no_grad():
            t.zero_()
            for g in range(self._groups):
                for i in range(m):
                    t[(g * per + i, i) + centre] = 1
