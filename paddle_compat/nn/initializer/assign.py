"""Paddle's ``paddle/nn/initializer/assign.py``."""

import numpy as np
import torch

from ..._core import Tensor
from .initializer import Initializer, _target


class Assign(Initializer):
    """Initialize from a numpy array, list, tuple or Tensor (same number of elements)."""

    def __init__(self, value, name=None):
        if not isinstance(value, (np.ndarray, list, tuple, Tensor)):
            raise TypeError(
                "The type of 'value' in Assign must be (numpy.ndarray, list, tuple, paddle.Tensor), but "
                f"received {type(value).__name__}."
            )
        super().__init__()
        if isinstance(value, (list, tuple)):
            value = np.array(value)
        self._value = value

    def forward(self, param, block=None):
        t = _target(param)
        v = self._value
        src = v._t.detach() if isinstance(v, Tensor) else torch.from_numpy(np.ascontiguousarray(v))
        if src.numel() > 1024 * 1024 * 1024:
            raise ValueError("The size of input is too big. Please consider saving it to file and 'load_op' to load it")
        with torch.no_grad():
            if src.shape == t.shape:
                t.copy_(src.to(t.dtype))
            else:
                # Paddle's assign_value_ writes the value with *its own* shape: the parameter takes that
                # shape (Linear(2, 2) with Assign([2, 2]) gets a [2] weight), keeping its dtype
                t.data = src.to(device=t.device, dtype=t.dtype).clone()


class NumpyArrayInitializer(Assign):
    def __init__(self, value):
        assert isinstance(value, np.ndarray)
        super().__init__(value)
