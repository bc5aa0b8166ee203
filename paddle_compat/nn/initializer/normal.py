"""Paddle's ``paddle/nn/initializer/normal.py``."""


import torch

from .initializer import Initializer, _normal, _target


class Normal(Initializer):
    def __init__(self, mean=0.0, std=1.0, name=None):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        super().__init__()
        self._mean = mean
        self._std_dev = std

    def forward(self, param, block=None):
        t = _target(param)
        with torch.no_grad():
            _normal(t, self._mean, self._std_dev)


class TruncatedNormal(Initializer):
    """Normal(mean, std) truncated to [mean - 2 std, mean + 2 std] (Paddle 2.6's fixed bounds)."""

    def __init__(self, mean=0.0, std=1.0, name=None):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        super().__init__()
        self._mean = mean
        self._std_dev = std

    def forward(self, param, block=None):
        t = _target(param)
        with torch.no_grad():
            if t.is_floating_point() and t.dtype in (torch.float32, torch.float64):
                torch.nn.init.trunc_normal_(t, self._mean, self._std_dev, self._mean - 2 * self._std_dev,
                                            self._mean + 2 * self._std_dev)
            else:
                tmp = torch.empty(t.shape, dtype=torch.float32, device=t.device)
                torch.nn.init.trunc_normal_(tmp, self._mean, self._std_dev, self._mean - 2 * self._std_dev,
                                            self._mean + 2 * self._std_dev)
                t.copy_(tmp)


class NormalInitializer(Normal):
    def __init__(self, loc=0.0, scale=1.0, seed=0):
        super().__init__(loc, scale)


class TruncatedNormalInitializer(TruncatedNormal):
    def __init__(self, loc=0.0, scale=1.0, seed=0):
        super().__init__(loc, scale)
