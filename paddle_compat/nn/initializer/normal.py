"""Paddle's ``paddle/nn/initializer/normal.py``."""

import torch

from .initializer import Initializer, _initializer_seed, _normal, _paddle_cpu_fill, _paddle_stream, _target


class _MeanStd(Initializer):
    def __init__(self, mean=0.0, std=1.0, name=None):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        super().__init__()
        self._mean = mean
        self._std_dev = std
        self._seed = 0


class Normal(_MeanStd):
    def __init__(self, mean=0.0, std=1.0, name=None):
        super().__init__(mean, std, name)

    def forward(self, param, block=None):
        t = _target(param)
        seed = _initializer_seed(self)
        with torch.no_grad():
            _normal(t, self._mean, self._std_dev, seed)


class TruncatedNormal(_MeanStd):
    """Normal(mean, std) truncated to [mean - 2 std, mean + 2 std] (Paddle 2.6's fixed bounds)."""

    def __init__(self, mean=0.0, std=1.0, name=None):
        super().__init__(mean, std, name)

    def forward(self, param, block=None):
        t = _target(param)
        seed = _initializer_seed(self)
        if _paddle_stream(t) and not t.is_complex():
            with torch.no_grad():
                _paddle_cpu_fill(t, "truncated", self._mean, self._std_dev, seed)
            return
        direct = t.dtype in (torch.float32, torch.float64)
        out = t if direct else torch.empty(t.shape, dtype=torch.float32, device=t.device)
        with torch.no_grad():
            torch.nn.init.trunc_normal_(out, self._mean, self._std_dev, self._mean - 2 * self._std_dev,
                                        self._mean + 2 * self._std_dev)
            if not direct:
                t.copy_(out)


class NormalInitializer(Normal):
    def __init__(self, loc=0.0, scale=1.0, seed=0):
        super().__init__(loc, scale)
        self._seed = seed


class TruncatedNormalInitializer(TruncatedNormal):
    def __init__(self, loc=0.0, scale=1.0, seed=0):
        super().__init__(loc, scale)
        self._seed = seed
