"""``paddle.static.amp.bf16.amp_lists``: the bfloat16 / float32 op lists of static bfloat16 AMP."""

import copy

from ....amp.amp_lists import BF16_WHITE_LIST, FP16_BLACK_LIST, FP16_WHITE_LIST
from ..fp16_lists import _move_ops
from ..fp16_lists import gray_list as _fp16_gray


def _unsupported_list(gray):
    """Ops without a bfloat16 CPU kernel in Paddle's registry (bf16-list and gray ops excepted)."""
    from .._registry_ops import CPU_BF16_KERNELS, REGISTERED_OPS

    return set(REGISTERED_OPS) - CPU_BF16_KERNELS - BF16_WHITE_LIST - gray


class AutoMixedPrecisionListsBF16:
    def __init__(self, custom_bf16_list=None, custom_fp32_list=None, custom_fp32_varnames=None):
        self._custom_bf16_list = custom_bf16_list
        self._custom_fp32_list = custom_fp32_list
        self.bf16_list = copy.copy(BF16_WHITE_LIST)
        self.fp32_list = (FP16_BLACK_LIST | FP16_WHITE_LIST) - BF16_WHITE_LIST - _fp16_gray
        self.gray_list = copy.copy(_fp16_gray)
        self.bf16_initializer_list = {"fill_constant", "uniform_random"}
        self.unsupported_list = _unsupported_list(self.gray_list)
        self.fp32_varnames = copy.copy(custom_fp32_varnames)
        if custom_bf16_list and custom_fp32_list:
            for op_name in custom_bf16_list:
                if op_name in custom_fp32_list:
                    raise ValueError("Custom bf16 list overlap custom fp32 list")
        _move_ops(custom_bf16_list or (), self.bf16_list, self.fp32_list, self.gray_list)
        _move_ops(custom_fp32_list or (), self.fp32_list, self.bf16_list, self.gray_list)
        self.unsupported_list.update(custom_fp32_list or ())


# the module-level lists as Paddle exposes them
bf16_initializer_list = {"fill_constant", "uniform_random"}
bf16_list = BF16_WHITE_LIST
gray_list = copy.copy(_fp16_gray)
fp32_list = (FP16_BLACK_LIST | FP16_WHITE_LIST | _fp16_gray) - bf16_list - gray_list
unsupported_list = _unsupported_list(gray_list)
