"""Sparse activation layers (Paddle's reprs: the name only when given)."""

from ....nn.layer.layers import Layer
from .. import functional as F

__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Softmax"]


class _NamedActivation(Layer):
    def extra_repr(self):
        return f"name={self._name}" if self._name else ""


class ReLU(_NamedActivation):
    """Sparse ReLU on the stored values."""

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.relu(x, self._name)


class ReLU6(_NamedActivation):
    """Sparse ReLU6 on the stored values."""

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.relu6(x, self._name)


class LeakyReLU(_NamedActivation):
    """Sparse LeakyReLU on the stored values."""

    def __init__(self, negative_slope=0.01, name=None):
        super().__init__()
        self._negative_slope = negative_slope
        self._name = name

    def forward(self, x):
        return F.leaky_relu(x, self._negative_slope, self._name)


class Softmax(_NamedActivation):
    """Sparse softmax over the stored entries of each row."""

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._name = name

    def forward(self, x):
        return F.softmax(x, self._axis, self._name)
