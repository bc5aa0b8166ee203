"""Paddle's ``paddle/nn/initializer/xavier.py``."""

import math

from .initializer import _FanScaledInitializer


class XavierInitializer(_FanScaledInitializer):
    def __init__(self, uniform=True, fan_in=None, fan_out=None, seed=0):
        super().__init__(uniform, fan_in, seed)
        self._fan_out = fan_out

    def _scale(self, fan_in, fan_out):
        return math.sqrt((6.0 if self._uniform else 2.0) / float(fan_in + fan_out))


class XavierNormal(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, name=None):
        super().__init__(uniform=False, fan_in=fan_in, fan_out=fan_out, seed=0)


class XavierUniform(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, name=None):
        super().__init__(uniform=True, fan_in=fan_in, fan_out=fan_out, seed=0)
