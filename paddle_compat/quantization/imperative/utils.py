"""Layer tables and helpers of the imperative quantization API."""

from ... import nn
from ...nn.quant import functional_layers as _fl
from ...nn.quant import quant_layers

layer_name_map = {
    "Conv2DTranspose": nn.Conv2DTranspose, "Conv2D": nn.Conv2D, "Linear": nn.Linear,
    "AdaptiveAvgPool2D": nn.AdaptiveAvgPool2D, "AdaptiveMaxPool2D": nn.AdaptiveMaxPool2D, "AvgPool2D": nn.AvgPool2D,
    "MaxPool2D": nn.MaxPool2D, "Hardswish": nn.Hardswish, "LeakyReLU": nn.LeakyReLU, "PReLU": nn.PReLU,
    "ReLU": nn.ReLU, "ReLU6": nn.ReLU6, "Sigmoid": nn.Sigmoid, "Softmax": nn.Softmax, "Swish": nn.Swish,
    "Tanh": nn.Tanh, "BatchNorm": nn.BatchNorm, "GroupNorm": nn.GroupNorm, "LayerNorm": nn.LayerNorm,
}

# layers whose inputs get fake-quantized
fake_quant_input_layers = [nn.Conv2D, nn.Linear, nn.Conv2DTranspose]

# layers whose outputs get fake-quantized
fake_quant_output_layers = [_fl.add, _fl.subtract, _fl.multiply, _fl.divide, _fl.matmul]

fake_quant_leaf_layers = [
    quant_layers.FakeQuantAbsMax, quant_layers.FakeQuantChannelWiseAbsMax, quant_layers.FakeQuantMovingAverageAbsMax,
    quant_layers.MovingAverageAbsMaxScale,
]

fake_quant_wrap_layers = [
    quant_layers.QuantizedConv2D, quant_layers.QuantizedLinear, quant_layers.QuantizedConv2DTranspose,
    quant_layers.QuantizedColumnParallelLinear, quant_layers.QuantizedRowParallelLinear,
]


def find_parent_layer_and_sub_name(model, name):
    """The parent of the sublayer called ``name`` ('a.b.c') and its last name part."""
    assert isinstance(model, nn.Layer), "The model must be the instance of paddle.nn.Layer."
    assert len(name) > 0, "The input (name) should not be empty."
    last_idx = 0
    parent_layer = model
    for idx, ch in enumerate(name):
        if ch == ".":
            sub_name = name[last_idx:idx]
            if hasattr(parent_layer, sub_name):
                parent_layer = getattr(parent_layer, sub_name)
                last_idx = idx + 1
    return parent_layer, name[last_idx:]


def is_leaf_layer(layer):
    return isinstance(layer, nn.Layer) and len(layer.sublayers()) == 0
