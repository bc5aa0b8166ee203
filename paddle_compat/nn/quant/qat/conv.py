"""``QuantedConv2D``: Conv2D with quanters on its input and weight (QAT)."""

from ... import functional as F  # noqa: N812
from ..format import ConvertibleQuantedLayer


class QuantedConv2D(ConvertibleQuantedLayer):
    def __init__(self, layer, q_config):
        super().__init__()
        self._groups = layer._groups
        self._stride = layer._stride
        self._padding = layer._padding
        self._padding_mode = layer._padding_mode
        if self._padding_mode != "zeros":
            self._reversed_padding_repeated_twice = layer._reversed_padding_repeated_twice
        self._dilation = layer._dilation
        self._data_format = layer._data_format
        self.weight = layer.weight
        self.bias = layer.bias
        self.weight_quanter = None
        self.activation_quanter = None
        if q_config.weight is not None:
            self.weight_quanter = q_config.weight._instance(layer)
        if q_config.activation is not None:
            self.activation_quanter = q_config.activation._instance(layer)

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        quant_input = input
        quant_weight = self.weight
        if self.activation_quanter is not None:
            quant_input = self.activation_quanter(input)
        if self.weight_quanter is not None:
            quant_weight = self.weight_quanter(self.weight)
        return self._conv_forward(quant_input, quant_weight)

    def _conv_forward(self, inputs, weights):
        if self._padding_mode != "zeros":
            inputs = F.pad(inputs, self._reversed_padding_repeated_twice, mode=self._padding_mode,
                           data_format=self._data_format)
            self._padding = 0
        return F.conv2d(inputs, weights, bias=self.bias, padding=self._padding, stride=self._stride,
                        dilation=self._dilation, groups=self._groups, data_format=self._data_format)

    def weights_to_quanters(self):
        return [("weight", "weight_quanter")]

    def activation_quanters(self):
        return ["activation_quanter"]
