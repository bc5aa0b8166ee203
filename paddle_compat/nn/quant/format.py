"""Converted quantization layers: ``LinearQuanter`` (quantize_linear), ``LinearDequanter``
(dequantize_linear), ``LinearQuanterDequanter`` and the base of QAT layers, ``ConvertibleQuantedLayer``."""

import abc

import torch

from ...utils import unique_name
from ..initializer import Constant
from ..layer.layers import Layer
from ..param_attr import ParamAttr
from ._kernels import dequantize_linear, quantize_linear


class LinearQuanterDequanter(Layer):
    def __init__(self, quanter, dequanter):
        super().__init__()
        self._quanter = quanter
        self._dequanter = dequanter

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        out = input
        if self._quanter is not None:
            out = self._quanter(out)
        if self._dequanter is not None:
            out = self._dequanter(out)
        return out

    @staticmethod
    def from_quanter(quanter):
        assert quanter is not None
        return LinearQuanterDequanter(LinearQuanter.from_quanter(quanter), LinearDequanter.from_quanter(quanter))


class _LinearQuantBase(Layer):
    def __init__(self, scales, zero_point=None, quant_axis=None, bit_length=8, group_size=128):
        from ... import to_tensor

        super().__init__()
        scales = to_tensor(scales, dtype="float32")
        attr = ParamAttr(name=unique_name.generate("quant_dequant.scale"), initializer=Constant(1.0),
                         trainable=False)
        self._scales = self.create_parameter(shape=scales.shape, attr=attr, dtype="float32")
        self._scales.set_value(scales)
        self._zero_point = (
            to_tensor(torch.zeros([1], dtype=torch.float32).numpy()) if zero_point is None else to_tensor(zero_point)
        )
        self._quant_axis = -1 if quant_axis is None else quant_axis
        self._bit_length = bit_length
        self._group_size = group_size

    def _grouped_scales(self):
        return torch.repeat_interleave(self._scales._t.detach(), self._group_size, 0)

    @classmethod
    def from_quanter(cls, quanter):
        return cls(quanter.scales(), zero_point=quanter.zero_points(), quant_axis=quanter.quant_axis(),
                   bit_length=quanter.bit_length())


class LinearQuanter(_LinearQuantBase):
    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        from ..._core import wrap

        t = input._t
        bnt = (1 << (self._bit_length - 1)) - 1
        if self._scales._t.dim() > 1:
            q = torch.clamp(torch.round(t.to(torch.float32) / self._grouped_scales() * bnt), -bnt - 1, bnt)
        else:
            q = quantize_linear(t.to(torch.float32), self._scales._t.detach(), self._bit_length, self._quant_axis)
        return wrap(q.to(t.dtype))


class LinearDequanter(_LinearQuantBase):
    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        from ..._core import wrap

        t = input._t
        bnt = (1 << (self._bit_length - 1)) - 1
        if self._scales._t.dim() > 1:
            out = t.to(torch.float32) / bnt * self._grouped_scales()
        else:
            out = dequantize_linear(t.to(torch.float32), self._scales._t.detach(), self._bit_length,
                                    self._quant_axis)
        return wrap(out.to(t.dtype))


class ConvertibleQuantedLayer(Layer, metaclass=abc.ABCMeta):
    def __init__(self):
        super().__init__()
        self.converted = False

    @abc.abstractmethod
    def weights_to_quanters(self):
        pass

    @abc.abstractmethod
    def activation_quanters(self):
        pass

    def _convert_quanter_to_qdq(self, quanter_name):
        assert hasattr(self, quanter_name), f"{quanter_name} is not attribute of current layer."
        quanter = getattr(self, quanter_name)
        if quanter is None:
            return None
        quanter = LinearQuanterDequanter.from_quanter(quanter)
        setattr(self, quanter_name, quanter)
        self._sub_layers[quanter_name] = quanter
        return quanter

    def _quant_weights(self, weight_name, quanter):
        weight = getattr(self, weight_name)
        weight.set_value(quanter(weight))

    def _convert(self, remain_weight=False):
        assert not self.converted, "The model should be converted only once."
        for weight_name, quanter_name in self.weights_to_quanters():
            qdq = self._convert_quanter_to_qdq(quanter_name)
            if qdq is not None and remain_weight is False:
                self._quant_weights(weight_name, qdq._quanter)
                qdq._quanter = None
                qdq._sub_layers["_quanter"] = None
        for quanter_name in self.activation_quanters():
            self._convert_quanter_to_qdq(quanter_name)
        self.converted = True
