"""Paddle's ``paddle/nn/initializer/xavier.py``."""

import math

import torch

from .initializer import Initializer, _compute_fans, _normal, _target, _uniform


class XavierInitializer(Initializer):
    def __init__(self, uniform=True, fan_in=None, fan_out=None, seed=0):
        super().__init__()
        self._uniform = uniform
        self._fan_in = fan_in
        self._fan_out = fan_out
        self._seed = seed

    def forward(self, param, block=None):
        t = _target(param)
        f_in, f_out = _compute_fans(list(t.shape))
        fan_in = f_in if self._fan_in is None else self._fan_in
        fan_out = f_out if self._fan_out is None else self._fan_out
        with torch.no_grad():
            if self._uniform:
                limit = math.sqrt(6.0 / float(fan_in + fan_out))
                _uniform(t, -limit, limit)
            else:
                std = math.sqrt(2.0 / float(fan_in + fan_out))
                _normal(t, 0.0, std)


class XavierNormal(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, name=None):
        super().__init__(uniform=False, fan_in=fan_in, fan_out=fan_out, seed=0)


class XavierUniform(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, name=None):
        super().__init__(uniform=True, fan_in=fan_in, fan_out=fan_out, seed=0)
