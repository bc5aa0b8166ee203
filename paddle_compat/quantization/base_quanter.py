"""``paddle.quantization.BaseQuanter``: the interface of quanters (fake quant-dequant layers)."""

import abc

from ..nn.layer.layers import Layer


class BaseQuanter(Layer, metaclass=abc.ABCMeta):
    def __init__(self):
        super().__init__()

    @abc.abstractmethod
    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        pass

    @abc.abstractmethod
    def scales(self):
        pass

    @abc.abstractmethod
    def zero_points(self):
        pass

    @abc.abstractmethod
    def quant_axis(self):
        pass

    @abc.abstractmethod
    def bit_length(self):
        pass


class _PerTensorSymmetric:
    """Mixin of the abs-max quanters and observers: one scale per tensor, no zero point."""

    def quant_axis(self):
        return -1

    def zero_points(self):
        return None
