"""The legacy imperative quantization layers of ``paddle.nn.quant.quant_layers`` (not implemented)."""

from ..._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.nn.quant.quant_layers", [
    "FakeQuantAbsMax", "FakeQuantMovingAverageAbsMax", "FakeQuantChannelWiseAbsMax", "QuantizedConv2D",
    "QuantizedConv2DTranspose", "QuantizedLinear", "MovingAverageAbsMaxScale", "MAOutputScaleLayer",
    "FakeQuantMAOutputScaleLayer", "QuantStub", "QuantizedRowParallelLinear", "QuantizedColumnParallelLinear",
    "QuantizedMatmul",
], "the legacy imperative quantization layers (use paddle.quantization.QAT/PTQ)")
