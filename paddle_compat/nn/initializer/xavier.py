"""Paddle's ``paddle/nn/initializer/xavier.py``."""

import math

from .initializer import Initializer, _fans_of, _fill_symmetric


class XavierInitializer(Initializer):
    def __init__(self, uniform=True, fan_in=None, fan_out=None, seed=0):
        super().__init__()
        self._uniform = uniform
        self._fan_in = fan_in
        self._fan_out = fan_out
        self._seed = seed

    def forward(self, param, block=None):
        t, fan_in, fan_out = _fans_of(self, param)
        _fill_symmetric(t, self._uniform, math.sqrt((6.0 if self._uniform else 2.0) / float(fan_in + fan_out)))


class XavierNormal(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, name=None):
        super().__init__(uniform=False, fan_in=fan_in, fan_out=fan_out, seed=0)


class XavierUniform(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, name=None):
        super().__init__(uniform=True, fan_in=fan_in, fan_out=fan_out, seed=0)
