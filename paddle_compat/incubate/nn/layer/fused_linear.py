"""``paddle.incubate.nn.FusedLinear``: a Linear layer on ``fused_linear``."""

from ....nn.layer.layers import Layer
from .. import functional as F

__all__ = ["FusedLinear"]


class FusedLinear(Layer):
    """y = x @ weight + bias; weight [in, out] ([out, in] with transpose_weight)."""

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, transpose_weight=False,
                 name=None):
        super().__init__()
        shape = [out_features, in_features] if transpose_weight else [in_features, out_features]
        self.weight = self.create_parameter(shape=shape, attr=weight_attr, is_bias=False)
        self.bias = self.create_parameter(shape=[out_features], attr=bias_attr, is_bias=True)
        self.transpose_weight = transpose_weight
        self.name = name

    def forward(self, input):  # noqa: A002 - Paddle's name
        return F.fused_linear(input, self.weight, self.bias, self.transpose_weight, self.name)
