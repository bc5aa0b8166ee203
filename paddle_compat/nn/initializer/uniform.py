"""Paddle's ``paddle/nn/initializer/uniform.py``."""

import torch

from .initializer import Initializer, _initializer_seed, _target, _uniform


class Uniform(Initializer):
    def __init__(self, low=-1.0, high=1.0, name=None):
        assert low is not None, "low should not be None"
        assert high is not None, "high should not be None"
        assert high >= low, "high should greater or equal than low"
        super().__init__()
        self._low = low
        self._high = high
        self._seed = 0

    def forward(self, param, block=None):
        t = _target(param)
        seed = _initializer_seed(self)
        with torch.no_grad():
            _uniform(t, self._low, self._high, seed)


class UniformInitializer(Uniform):
    def __init__(self, low=-1.0, high=1.0, seed=0, diag_num=0, diag_step=0, diag_val=1.0):
        if diag_num:
            raise NotImplementedError("UniformInitializer: 'diag_num' is not supported by paddle-compat")
        super().__init__(low, high)
        self._seed = seed
