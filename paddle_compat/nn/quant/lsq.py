"""``paddle.nn.quant.lsq`` (LSQ+ learnable-step fake quantization): not implemented by paddle-compat."""

from ..._stubs import define_stubs

define_stubs(globals(), "paddle.nn.quant.lsq", ["FakeQuantActLSQPlus", "FakeQuantWeightLSQPlus"],
             "LSQ+ quantization layers")
