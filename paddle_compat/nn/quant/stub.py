"""``Stub``: marks a place for an activation quanter; QAT/PTQ replace it by ``QuanterStub``."""

from ..layer.layers import Layer
from ._wrapping import quanter_instance


class Stub(Layer):
    def __init__(self, observer=None):
        super().__init__()
        self._observer = observer

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        return input


class QuanterStub(Layer):
    def __init__(self, layer, q_config):
        super().__init__()
        factory = layer._observer if layer._observer is not None else q_config.activation
        self._observer = quanter_instance(factory, layer)

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        return self._observer(input) if self._observer is not None else input
