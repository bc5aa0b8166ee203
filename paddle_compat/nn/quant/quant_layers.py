"""``paddle.nn.quant.quant_layers``: ``MovingAverageAbsMaxScale`` (alias ``QuantStub``); the other legacy
imperative quantization layers are not implemented (use paddle.quantization.QAT/PTQ)."""

import torch

from ..._stubs import define_stubs
from ...utils import unique_name
from ..initializer import Constant
from ..layer.layers import Layer
from ..param_attr import ParamAttr


class MovingAverageAbsMaxScale(Layer):
    """Identity that tracks the moving-average abs-max of its input while training (state and accumulator
    start at 0: ``state = rate*state + 1``, ``accum = rate*accum + max|x|``, ``scale = accum / state``)."""

    def __init__(self, name=None, moving_rate=0.9, dtype="float32", reduce_type=None):
        super().__init__()
        self._moving_rate = moving_rate
        self._reduce_type = reduce_type
        self._scale = self._zero_parameter(name, "scale", dtype)
        self._state = self._zero_parameter(name, "state", dtype)
        self._accum = self._zero_parameter(name, "accum", dtype)

    def _zero_parameter(self, name, kind, dtype):
        prefix = f"{name}.{kind}" if name else f"outscale.{kind}"
        attr = ParamAttr(name=unique_name.generate(prefix), initializer=Constant(0), trainable=False)
        p = self.create_parameter(shape=[1], attr=attr, dtype=dtype)
        p.stop_gradient = True
        return p

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        from ..._core import wrap

        if self._reduce_type == "max":
            from ...distributed import ReduceOp, all_reduce

            all_reduce(self._scale, op=ReduceOp.MAX)
        if self.training:
            with torch.no_grad():
                scale, state, accum = self._scale._t.data, self._state._t.data, self._accum._t.data
                cur = input._t.detach().abs().max().reshape([1]).to(scale.dtype)
                state.copy_(self._moving_rate * state + 1)
                accum.copy_(self._moving_rate * accum + cur)
                scale.copy_(accum / state)
        return wrap(input._t.view_as(input._t))


QuantStub = MovingAverageAbsMaxScale

__all__ = ["MovingAverageAbsMaxScale", "QuantStub"]
__all__ += define_stubs(globals(), "paddle.nn.quant.quant_layers", [
    "FakeQuantAbsMax", "FakeQuantMovingAverageAbsMax", "FakeQuantChannelWiseAbsMax", "QuantizedConv2D",
    "QuantizedConv2DTranspose", "QuantizedLinear", "MAOutputScaleLayer", "FakeQuantMAOutputScaleLayer",
    "QuantizedRowParallelLinear", "QuantizedColumnParallelLinear", "QuantizedMatmul",
], "the legacy imperative quantization layers (use paddle.quantization.QAT/PTQ)")
