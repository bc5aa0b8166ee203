"""Paddle's ``paddle/nn/initializer/kaiming.py``."""

import math

from .initializer import _FanScaledInitializer, calculate_gain


class MSRAInitializer(_FanScaledInitializer):
    def __init__(self, uniform=True, fan_in=None, seed=0, negative_slope=0, nonlinearity="relu"):
        super().__init__(uniform, fan_in, seed)
        self._negative_slope = negative_slope
        self._nonlinearity = nonlinearity

    def _scale(self, fan_in, fan_out):
        gain = calculate_gain(self._nonlinearity, self._negative_slope)
        if self._uniform:
            return gain * math.sqrt(3.0 / float(fan_in))
        return gain / math.sqrt(float(fan_in))


class KaimingNormal(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        super().__init__(uniform=False, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity)


class KaimingUniform(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        super().__init__(uniform=True, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity)
