"""Paddle's ``paddle/nn/initializer/constant.py``."""

import torch

from .initializer import Initializer, _target


class Constant(Initializer):
    def __init__(self, value=0.0):
        if value is None:
            raise ValueError("value must not be none.")
        super().__init__()
        self._value = value

    def forward(self, param, block=None):
        t = _target(param)
        value = float(self._value)  # as Paddle: a str/None value fails here with Python's float() errors
        with torch.no_grad():
            t.fill_(value)


# --- Paddle's older class names (importable, not in __all__) -------------------------------------------
class ConstantInitializer(Constant):
    def __init__(self, value=0.0, force_cpu=False):
        super().__init__(value)
