"""Functional ops as layers, so that quantization passes can find and wrap them."""

from ...tensor import linalg, manipulation, math
from ..layer.layers import Layer

__all__ = []


class FloatFunctionalLayer(Layer):
    def __init__(self):
        super().__init__()


class add(FloatFunctionalLayer):  # noqa: N801 - Paddle's class name
    def forward(self, x, y, name=None):
        return math.add(x, y, name)


class subtract(FloatFunctionalLayer):  # noqa: N801
    def forward(self, x, y, name=None):
        return math.subtract(x, y, name)


class multiply(FloatFunctionalLayer):  # noqa: N801
    def forward(self, x, y, name=None):
        return math.multiply(x, y, name)


class divide(FloatFunctionalLayer):  # noqa: N801
    def forward(self, x, y, name=None):
        return math.divide(x, y, name)


class reshape(FloatFunctionalLayer):  # noqa: N801
    def forward(self, x, shape, name=None):
        return manipulation.reshape(x, shape, name)


class transpose(FloatFunctionalLayer):  # noqa: N801
    def forward(self, x, perm, name=None):
        return manipulation.transpose(x, perm, name)


class concat(FloatFunctionalLayer):  # noqa: N801
    def forward(self, x, axis=0, name=None):
        return manipulation.concat(x, axis, name)


class flatten(FloatFunctionalLayer):  # noqa: N801
    def forward(self, x, start_axis=0, stop_axis=-1, name=None):
        return manipulation.flatten(x, start_axis, stop_axis, name)


class matmul(FloatFunctionalLayer):  # noqa: N801
    def forward(self, x, y, transpose_x=False, transpose_y=False, name=None):
        return linalg.matmul(x, y, transpose_x, transpose_y, name)
