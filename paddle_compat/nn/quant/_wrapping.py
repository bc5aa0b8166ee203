"""What the quantization wrappers of Conv2D and Linear share (``qat.QuantedConv2D`` / ``QuantedLinear`` and
``quant_layers.QuantizedConv2D`` / ``QuantizedLinear``): the wrapped layer's attributes, taken over in Paddle's
order, and its forward run on quantized inputs and weights."""

from .format import ConvertibleQuantedLayer


def take_conv2d(wrapper, layer):
    wrapper._groups = layer._groups
    wrapper._stride = layer._stride
    wrapper._padding = layer._padding
    wrapper._padding_mode = layer._padding_mode
    if wrapper._padding_mode != "zeros":
        wrapper._reversed_padding_repeated_twice = layer._reversed_padding_repeated_twice
    wrapper._dilation = layer._dilation
    wrapper._data_format = layer._data_format
    wrapper.weight = layer.weight
    wrapper.bias = layer.bias


def conv2d_forward(wrapper, inputs, weights):
    from .. import functional as F  # noqa: N812

    if wrapper._padding_mode != "zeros":
        inputs = F.pad(inputs, wrapper._reversed_padding_repeated_twice, mode=wrapper._padding_mode,
                       data_format=wrapper._data_format)
        wrapper._padding = 0
    return F.conv2d(inputs, weights, bias=wrapper.bias, padding=wrapper._padding, stride=wrapper._stride,
                    dilation=wrapper._dilation, groups=wrapper._groups, data_format=wrapper._data_format)


def take_linear(wrapper, layer):
    wrapper.weight = layer.weight
    wrapper.bias = layer.bias
    wrapper.name = getattr(layer, "name", None)


def linear_forward(wrapper, input, weight):  # noqa: A002
    from .. import functional as F  # noqa: N812

    return F.linear(x=input, weight=weight, bias=wrapper.bias, name=wrapper.name)


def quanter_instance(factory, layer):
    """The quanter/observer ``factory`` makes for ``layer``; None without a factory."""
    return None if factory is None else factory._instance(layer)


class QuantedWeightLayer(ConvertibleQuantedLayer):
    """A QAT layer with a ``weight_quanter`` on its weight and an ``activation_quanter`` on its input (either
    may be None); subclasses take over the wrapped layer in ``_take_layer`` and run its computation in
    ``_quanted_forward``."""

    def __init__(self, layer, q_config):
        super().__init__()
        self._take_layer(layer)
        self.weight_quanter = quanter_instance(q_config.weight, layer)
        self.activation_quanter = quanter_instance(q_config.activation, layer)

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        quant_input = input
        quant_weight = self.weight
        if self.activation_quanter is not None:
            quant_input = self.activation_quanter(input)
        if self.weight_quanter is not None:
            quant_weight = self.weight_quanter(self.weight)
        return self._quanted_forward(quant_input, quant_weight)

    def weights_to_quanters(self):
        return [("weight", "weight_quanter")]

    def activation_quanters(self):
        return ["activation_quanter"]
