"""``Stub``: marks a place for an activation quanter; QAT/PTQ replace it by ``QuanterStub``."""

from ..layer.layers import Layer


class Stub(Layer):
    def __init__(self, observer=None):
        super().__init__()
        self._observer = observer

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        return input


class QuanterStub(Layer):
    def __init__(self, layer, q_config):
        super().__init__()
        self._observer = None
        if layer._observer is not None:
            self._observer = layer._observer._instance(layer)
        elif q_config.activation is not None:
            self._observer = q_config.activation._instance(layer)

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        return self._observer(input) if self._observer is not None else input
