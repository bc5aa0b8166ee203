"""``GroupWiseWeightObserver``: per-group abs-max of a 2-D weight (groups of 64 or 128 input rows)."""

import torch

from ..base_observer import BaseObserver
from ..factory import ObserverFactory


class GroupWiseWeightObserver(ObserverFactory):
    def __init__(self, quant_bits=8, group_size=128):
        super().__init__(quant_bits=quant_bits)

    def _get_class(self):
        return GroupWiseWeightObserverLayer


class GroupWiseWeightObserverLayer(BaseObserver):
    def __init__(self, layer, quant_bits=8, group_size=128):
        super().__init__()
        self.quant_bits = quant_bits
        self.group_size = group_size
        self._layer = layer
        self._max = self._scale = self._zero_point = None  # set by forward and cal_thresholds

    def forward(self, inputs):
        self._max = self._cal_abs_max(inputs)
        return inputs

    def _cal_abs_max(self, inputs):
        from ..._core import wrap

        assert self.group_size == 64 or self.group_size == 128, "group_size only support 64 or 128"
        assert inputs.shape[0] % self.group_size == 0, "group_size must be a factor of input channels"
        assert len(inputs.shape) == 2, "Currently only support 2D tensor"
        t = inputs._t.detach()
        rows, cols = t.shape
        grouped = t.transpose(0, 1).reshape(cols, rows // self.group_size, self.group_size)
        abs_max = grouped.abs().amax(dim=2).to(torch.float32)
        abs_max = torch.where(abs_max == 0, torch.tensor(1e-8, dtype=torch.float32), abs_max)
        return wrap(abs_max.transpose(0, 1).contiguous())

    def min_value(self):
        return 0.0

    def max_value(self):
        return self._max

    def bit_length(self):
        return self._quant_bits

    def quant_axis(self):
        return -1

    def cal_thresholds(self):
        from ..._core import wrap

        if self._scale is None:
            self._scale = self._max
        self._zero_point = wrap(torch.zeros_like(self._scale._t))

    def scales(self):
        if self._scale is None:
            self.cal_thresholds()
        return self._scale

    def zero_points(self):
        if self._zero_point is None:
            self.cal_thresholds()
        return self._zero_point
