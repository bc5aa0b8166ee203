"""Functional ops as layers, so that quantization passes can find and wrap them."""

from ...tensor import linalg, manipulation, math
from ..layer.layers import Layer

__all__ = []


class FloatFunctionalLayer(Layer):
    def __init__(self):
        super().__init__()


def _binary_layer(name, op):
    """The layer class ``name`` whose forward is the elementwise ``op(x, y, name)``."""

    def forward(self, x, y, name=None):
        return op(x, y, name)

    forward.__qualname__ = f"{name}.forward"
    return type(name, (FloatFunctionalLayer,), {"__module__": __name__, "__qualname__": name, "forward": forward})


add = _binary_layer("add", math.add)
subtract = _binary_layer("subtract", math.subtract)
multiply = _binary_layer("multiply", math.multiply)
divide = _binary_layer("divide", math.divide)


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
