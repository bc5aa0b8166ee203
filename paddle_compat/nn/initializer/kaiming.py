"""Paddle's ``paddle/nn/initializer/kaiming.py``."""

import math

import torch

from .initializer import Initializer, _compute_fans, _normal, _target, _uniform, calculate_gain


class MSRAInitializer(Initializer):
    def __init__(self, uniform=True, fan_in=None, seed=0, negative_slope=0, nonlinearity="relu"):
        super().__init__()
        self._uniform = uniform
        self._fan_in = fan_in
        self._seed = seed
        self._negative_slope = negative_slope
        self._nonlinearity = nonlinearity

    def forward(self, param, block=None):
        t = _target(param)
        f_in, _ = _compute_fans(list(t.shape))
        fan_in = f_in if self._fan_in is None else self._fan_in
        gain = calculate_gain(self._nonlinearity, self._negative_slope)
        with torch.no_grad():
            if self._uniform:
                limit = gain * math.sqrt(3.0 / float(fan_in))
                _uniform(t, -limit, limit)
            else:
                _normal(t, 0.0, gain / math.sqrt(float(fan_in)))


class KaimingNormal(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        super().__init__(uniform=False, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity)


class KaimingUniform(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        super().__init__(uniform=True, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity)
