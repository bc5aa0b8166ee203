"""``QuantedConv2D``: Conv2D with quanters on its input and weight (QAT)."""

from .._wrapping import QuantedWeightLayer, conv2d_forward, take_conv2d


class QuantedConv2D(QuantedWeightLayer):
    _take_layer = take_conv2d
    _conv_forward = _quanted_forward = conv2d_forward
