"""Paddle's ``paddle/nn/initializer/kaiming.py``."""

import math

from .initializer import Initializer, _fans_of, _fill_symmetric, calculate_gain


class MSRAInitializer(Initializer):
    def __init__(self, uniform=True, fan_in=None, seed=0, negative_slope=0, nonlinearity="relu"):
        super().__init__()
        self._uniform = uniform
        self._fan_in = fan_in
        self._seed = seed
        self._negative_slope = negative_slope
        self._nonlinearity = nonlinearity

    def forward(self, param, block=None):
        t, fan_in, _ = _fans_of(self, param)
        gain = calculate_gain(self._nonlinearity, self._negative_slope)
        if self._uniform:
            _fill_symmetric(t, True, gain * math.sqrt(3.0 / float(fan_in)))
        else:
            _fill_symmetric(t, False, gain / math.sqrt(float(fan_in)))


class KaimingNormal(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        super().__init__(uniform=False, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity)


class KaimingUniform(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        super().__init__(uniform=True, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity)
