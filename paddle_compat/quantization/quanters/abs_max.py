"""``FakeQuanterWithAbsMaxObserver``: Paddle's fake_quantize_dequantize_moving_average_abs_max as a layer."""

from ...nn.quant._kernels import fake_qdq_moving_average_abs_max
from ...nn.quant.quant_layers import FakeQuantMovingAverageAbsMax
from ..base_quanter import BaseQuanter, _PerTensorSymmetric
from ..factory import QuanterFactory


class FakeQuanterWithAbsMaxObserver(QuanterFactory):
    def __init__(self, moving_rate=0.9, bit_length=8, dtype="float32", name=None):
        super().__init__(name=name, moving_rate=moving_rate, bit_length=bit_length, dtype=dtype)

    def _get_class(self):
        return FakeQuanterWithAbsMaxObserverLayer


class FakeQuanterWithAbsMaxObserverLayer(_PerTensorSymmetric, BaseQuanter):
    def __init__(self, layer, name=None, moving_rate=0.9, bit_length=8, dtype="float32"):
        super().__init__()
        self._moving_rate = moving_rate
        self._bit_length = bit_length
        self._scale = self._state_parameter(name, "scale", 0.001, dtype)
        self._state = self._state_parameter(name, "state", 1, dtype)
        self._accum = self._state_parameter(name, "accum", 1, dtype)

    # the same scale/state/accum parameters (names, order) as paddle.nn.quant's moving-average layer
    _state_parameter = FakeQuantMovingAverageAbsMax._state_parameter

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        from ..._core import wrap

        out = fake_qdq_moving_average_abs_max(
            input._t, self._scale._t.data, self._state._t.data, self._accum._t.data, self._moving_rate,
            self._bit_length, self.training,
        )
        return wrap(out)

    def bit_length(self):
        return self._bit_length

    def scales(self):
        return self._scale
