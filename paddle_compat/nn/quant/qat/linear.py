"""``QuantedLinear``: Linear with quanters on its input and weight (QAT)."""

from .._wrapping import QuantedWeightLayer, linear_forward, take_linear


class QuantedLinear(QuantedWeightLayer):
    _take_layer = take_linear
    _linear_forward = _quanted_forward = linear_forward
