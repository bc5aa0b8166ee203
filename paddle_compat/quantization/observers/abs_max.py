"""``AbsmaxObserver``: the running maximum of ``|x|`` (per tensor), for PTQ."""

import torch

from ..base_observer import BaseObserver
from ..base_quanter import _PerTensorSymmetric
from ..factory import ObserverFactory


class AbsmaxObserver(ObserverFactory):
    def __init__(self, quant_bits=8):
        super().__init__(quant_bits=quant_bits)

    def _get_class(self):
        return AbsmaxObserverLayer


class AbsmaxObserverLayer(_PerTensorSymmetric, BaseObserver):
    INIT_ABS_MAX = 1e-7

    def __init__(self, layer, quant_bits=8):
        from ..._core import wrap

        super().__init__()
        self._quant_bits = quant_bits
        self.abs_max_val = wrap(torch.tensor(AbsmaxObserverLayer.INIT_ABS_MAX, dtype=torch.float32))

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        from ..._core import wrap

        current = input._t.detach().abs().max()
        self.abs_max_val = wrap(torch.maximum(current, self.abs_max_val._t))
        return input

    def cal_thresholds(self):
        self.thresholds = self.abs_max_val

    def bit_length(self):
        return self._quant_bits

    def scales(self):
        return self.abs_max_val
