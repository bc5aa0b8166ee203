"""A user-defined quanter made with ``paddle.quantization.quanter`` (imported by both the recorder, with real
Paddle, and the tests, with paddle-compat)."""

import paddle
from paddle.quantization import BaseQuanter, quanter


@quanter("CustomHalfQuanter")
class CustomHalfQuanterLayer(BaseQuanter):
    """Rounds to multiples of ``step``."""

    def __init__(self, layer, step=0.5):
        super().__init__()
        self._step = step

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        return paddle.round(input / self._step) * self._step

    def scales(self):
        return paddle.to_tensor([self._step * 127.0])

    def zero_points(self):
        return None

    def quant_axis(self):
        return -1

    def bit_length(self):
        return 8
