"""``QuantedLinear``: Linear with quanters on its input and weight (QAT)."""

from ... import functional as F  # noqa: N812
from ..format import ConvertibleQuantedLayer


class QuantedLinear(ConvertibleQuantedLayer):
    def __init__(self, layer, q_config):
        super().__init__()
        self.weight = layer.weight
        self.bias = layer.bias
        self.name = getattr(layer, "name", None)
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
        return self._linear_forward(quant_input, quant_weight)

    def _linear_forward(self, input, weight):  # noqa: A002
        return F.linear(x=input, weight=weight, bias=self.bias, name=self.name)

    def weights_to_quanters(self):
        return [("weight", "weight_quanter")]

    def activation_quanters(self):
        return ["activation_quanter"]
