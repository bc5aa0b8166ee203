"""``paddle.nn.quant.quant_layers``: the imperative quantization layers (fake quant abs-max / moving-average /
channel-wise, QuantizedConv2D/QuantizedLinear, output-scale layers, ``QuantStub``) on Paddle's kernels
(paddle_compat/nn/quant/_kernels.py). ConvTranspose, Matmul and the tensor-parallel ones are not implemented."""

import torch

from ..._stubs import define_stubs
from ...utils import unique_name
from ..initializer import Constant
from ..layer.layers import Layer
from ..param_attr import ParamAttr
from ._wrapping import conv2d_forward, linear_forward, take_conv2d, take_linear


def _fixed_parameter(layer, param_name, shape, value, dtype):
    """A non-trainable, stop-gradient parameter of ``layer`` filled with ``value`` (scales, moving-average state)."""
    attr = ParamAttr(name=param_name, initializer=Constant(value), trainable=False)
    p = layer.create_parameter(shape=shape, attr=attr, dtype=dtype)
    p.stop_gradient = True
    return p


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
        return _fixed_parameter(self, unique_name.generate(prefix), [1], 0, dtype)

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


def _all_reduce_max(t):
    from ...distributed import ReduceOp, all_reduce

    all_reduce(t, op=ReduceOp.MAX)


class _AbsMaxFakeQuant(Layer):
    """What the abs-max fake quanters share: bit width, name, reduce type and their scale parameter's name."""

    def __init__(self, name, quant_bits, reduce_type):
        super().__init__()
        self._quant_bits = quant_bits
        self._name = name
        self._reduce_type = reduce_type
        self._scale_name = unique_name.generate(f"{name}.scale" if name else "quant_dequant.scale")


class FakeQuantAbsMax(_AbsMaxFakeQuant):
    """Quant-dequant with the abs-max of the current input (kept in ``_scale`` when ``quant_on_weight``)."""

    def __init__(self, name=None, quant_bits=8, dtype="float32", quant_on_weight=False, reduce_type=None):
        super().__init__(name, quant_bits, reduce_type)
        self._scale = _fixed_parameter(self, self._scale_name, [1], 0.001, self._dtype) if quant_on_weight else None

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        from ..._core import wrap
        from ._kernels import fake_qdq_abs_max

        if self._reduce_type == "max" and self._scale is not None:
            _all_reduce_max(self._scale)
        scale_out = self._scale._t.data if self._scale is not None else None
        return wrap(fake_qdq_abs_max(input._t, self._quant_bits, scale_out))


class FakeQuantMovingAverageAbsMax(Layer):
    """Quant-dequant with the moving-average abs-max scale (updated while training)."""

    def __init__(self, name=None, moving_rate=0.9, quant_bits=8, dtype="float32", reduce_type=None):
        super().__init__()
        self._moving_rate = moving_rate
        self._quant_bits = quant_bits
        self._reduce_type = reduce_type
        self._scale = self._state_parameter(name, "scale", 0.001, dtype)
        self._state = self._state_parameter(name, "state", 1, dtype)
        self._accum = self._state_parameter(name, "accum", 1, dtype)

    def _state_parameter(self, name, kind, value, dtype):
        prefix = f"{name}.{kind}" if name else f"quant_dequant.{kind}"
        return _fixed_parameter(self, unique_name.generate(prefix), [1], value, dtype)

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        from ..._core import wrap
        from ._kernels import fake_qdq_moving_average_abs_max

        if self._reduce_type == "max":
            _all_reduce_max(self._scale)
        out = fake_qdq_moving_average_abs_max(
            input._t, self._scale._t.data, self._state._t.data, self._accum._t.data, self._moving_rate,
            self._quant_bits, self.training,
        )
        return wrap(out)


class FakeQuantChannelWiseAbsMax(_AbsMaxFakeQuant):
    """Per-channel abs-max quant-dequant of a weight along ``quant_axis``."""

    def __init__(self, name=None, channel_num=None, quant_bits=8, quant_axis=0, dtype="float32",
                 quant_on_weight=False, reduce_type=None):
        assert quant_on_weight, "Channel_wise only can be used on weight quantization."
        super().__init__(name, quant_bits, reduce_type)
        self._quant_axis = quant_axis
        self._dtype = dtype
        self._channel_num = channel_num
        self._scale = _fixed_parameter(self, self._scale_name, [channel_num], 0.0, dtype)

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        from ..._core import wrap
        from ._kernels import fake_qdq_channel_wise_abs_max

        if self._reduce_type == "max":
            _all_reduce_max(self._scale)
        return wrap(fake_qdq_channel_wise_abs_max(input._t, self._quant_bits, self._quant_axis,
                                                  self._scale._t.data))


_FAKE_QUANT_TYPES = {
    "abs_max": FakeQuantAbsMax,
    "moving_average_abs_max": FakeQuantMovingAverageAbsMax,
    "channel_wise_abs_max": FakeQuantChannelWiseAbsMax,
}


def _get_fake_quant_type(quant_type, **kwargs):
    call_args = {
        "name": kwargs.get("name", None),
        "quant_bits": kwargs.get("quant_bits", 8),
        "dtype": kwargs.get("dtype", "float32"),
        "reduce_type": kwargs.get("reduce_type", None),
    }
    if quant_type == "abs_max":
        call_args["quant_on_weight"] = kwargs.get("quant_on_weight", False)
    elif quant_type == "moving_average_abs_max":
        call_args["moving_rate"] = kwargs.get("moving_rate", 0.9)
    elif quant_type == "channel_wise_abs_max":
        call_args["quant_on_weight"] = kwargs.get("quant_on_weight", False)
        call_args["channel_num"] = kwargs.get("channel_num", None)
        call_args["quant_axis"] = kwargs.get("quant_axis", 0)
        assert call_args["channel_num"] is not None, (
            "You need to input channel_numwhen you use channel_wise_abs_max strategy."
        )
    elif quant_type in ("lsq_weight", "channel_wise_lsq_weight", "lsq_act"):
        raise NotImplementedError(f"quantize type {quant_type!r} (LSQ+) is not implemented by paddle-compat.")
    return _FAKE_QUANT_TYPES[quant_type](**call_args)


class _QuantizedBase(Layer):
    """Fake quant on the input and the weight of the wrapped layer, which subclasses take over in ``_take_layer``
    (their ``_quant_axis`` is the weight's output-channel axis)."""

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9, weight_quantize_type="abs_max",
                 activation_quantize_type="abs_max", weight_pre_layer=None, act_pre_layer=None,
                 weight_quant_layer=None, act_quant_layer=None):
        super().__init__()
        self._take_layer(layer)
        quant_axis = self._quant_axis
        if weight_quant_layer is not None:
            self._fake_quant_weight = weight_quant_layer()
        else:
            self._fake_quant_weight = _get_fake_quant_type(
                weight_quantize_type, name=self.weight.name, moving_rate=moving_rate, quant_bits=weight_bits,
                dtype=self._dtype, quant_on_weight=True, channel_num=self.weight.shape[quant_axis],
                quant_axis=quant_axis,
            )
        if act_quant_layer is not None:
            self._fake_quant_input = act_quant_layer()
        else:
            self._fake_quant_input = _get_fake_quant_type(
                activation_quantize_type, name=layer.full_name(), moving_rate=moving_rate,
                quant_bits=activation_bits, dtype=self._dtype, quant_on_weight=False,
            )
        self._act_preprocess = act_pre_layer() if act_pre_layer is not None else None
        self._weight_preprocess = weight_pre_layer() if weight_pre_layer is not None else None

    def _quantized_inputs(self, input):  # noqa: A002
        if self._act_preprocess is not None:
            input = self._act_preprocess(input)
        quant_input = self._fake_quant_input(input)
        weight = self.weight
        if self._weight_preprocess is not None:
            weight = self._weight_preprocess(self.weight)
        return quant_input, self._fake_quant_weight(weight)


class QuantizedConv2D(_QuantizedBase):
    _conv2d_quant_axis = _quant_axis = 0
    _take_layer = take_conv2d

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        return conv2d_forward(self, *self._quantized_inputs(input))


class QuantizedLinear(_QuantizedBase):
    _linear_quant_axis = _quant_axis = 1
    _take_layer = take_linear

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        return linear_forward(self, *self._quantized_inputs(input))


class MAOutputScaleLayer(Layer):
    """Runs ``layer`` and tracks the moving-average abs-max of its (single) output."""

    def __init__(self, layer=None, moving_rate=0.9, name=None, dtype="float32", reduce_type=None):
        super().__init__()
        self._layer = layer
        if name is None:
            name = layer.full_name()
        self._ma_output_scale = MovingAverageAbsMaxScale(name, moving_rate, dtype, reduce_type)

    def forward(self, *inputs, **kwargs):
        out = self._layer(*inputs, **kwargs)
        if isinstance(out, (list, tuple, dict)):
            return out
        return self._ma_output_scale(out)


class FakeQuantMAOutputScaleLayer(Layer):
    """Runs ``layer`` and fake-quantizes its output with a moving-average abs-max scale."""

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9, name=None, reduce_type=None,
                 *args, **kwargs):
        super().__init__()
        self._layer = layer
        self._fake_quant_output = _get_fake_quant_type(
            "moving_average_abs_max", name=layer.full_name() if name is None else name, moving_rate=moving_rate,
            quant_bits=activation_bits, dtype=self._dtype, quant_on_weight=False, reduce_type=reduce_type,
        )

    def forward(self, *inputs, **kwargs):
        out = self._layer(*inputs, **kwargs)
        if isinstance(out, (list, tuple)) and len(out) > 1:
            return out
        return self._fake_quant_output(out)


__all__ = [
    "FakeQuantAbsMax", "FakeQuantMovingAverageAbsMax", "FakeQuantChannelWiseAbsMax", "QuantizedConv2D",
    "QuantizedLinear", "MovingAverageAbsMaxScale", "MAOutputScaleLayer", "FakeQuantMAOutputScaleLayer", "QuantStub",
]
__all__ += define_stubs(globals(), "paddle.nn.quant.quant_layers", [
    "QuantizedConv2DTranspose", "QuantizedRowParallelLinear", "QuantizedColumnParallelLinear", "QuantizedMatmul",
], "these legacy imperative quantization layers (use paddle.quantization.QAT/PTQ)")
