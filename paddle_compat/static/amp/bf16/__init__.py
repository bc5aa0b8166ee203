"""``paddle.static.amp.bf16``: ``bf16_guard`` and the bfloat16 lists work in dygraph; the Program rewriting
needs static Programs."""

import contextlib
import copy

import numpy as np

from ....amp.amp_lists import BF16_WHITE_LIST, FP16_BLACK_LIST, FP16_WHITE_LIST
from ..fp16_lists import gray_list as _fp16_gray
from ..fp16_utils import _STATIC


@contextlib.contextmanager
def bf16_guard():
    """Marks ops for bfloat16 in a static Program; in dygraph it changes nothing."""
    yield


def convert_float_to_uint16(in_list):
    """float32 values as the uint16 bit patterns of their bfloat16 (upper 16 bits, as Paddle truncates)."""
    arr = np.asarray(in_list, dtype=np.float32)
    return np.right_shift(arr.view(np.uint32), 16).astype(np.uint16)


class AutoMixedPrecisionListsBF16:
    def __init__(self, custom_bf16_list=None, custom_fp32_list=None, custom_fp32_varnames=None):
        self._custom_bf16_list = custom_bf16_list
        self._custom_fp32_list = custom_fp32_list
        self.bf16_list = copy.copy(BF16_WHITE_LIST)
        self.fp32_list = (FP16_BLACK_LIST | FP16_WHITE_LIST) - BF16_WHITE_LIST - _fp16_gray
        self.gray_list = copy.copy(_fp16_gray)
        self.bf16_initializer_list = {"fill_constant", "uniform_random"}
        self.unsupported_list = set()
        self.fp32_varnames = copy.copy(custom_fp32_varnames)
        if custom_bf16_list and custom_fp32_list:
            for op_name in custom_bf16_list:
                if op_name in custom_fp32_list:
                    raise ValueError("Custom bf16 list overlap custom fp32 list")
        for op_name in custom_bf16_list or ():
            if op_name in self.fp32_list:
                self.fp32_list.remove(op_name)
            else:
                self.gray_list.discard(op_name)
            self.bf16_list.add(op_name)
        for op_name in custom_fp32_list or ():
            if op_name in self.bf16_list:
                self.bf16_list.remove(op_name)
            else:
                self.gray_list.discard(op_name)
            self.fp32_list.add(op_name)
            self.unsupported_list.add(op_name)


def _static_only(name):
    def fn(*args, **kwargs):
        raise NotImplementedError(f"paddle.static.amp.bf16.{name} {_STATIC}.")

    fn.__name__ = name
    return fn


cast_model_to_bf16 = _static_only("cast_model_to_bf16")
cast_parameters_to_bf16 = _static_only("cast_parameters_to_bf16")
decorate_bf16 = _static_only("decorate_bf16")
rewrite_program_bf16 = _static_only("rewrite_program_bf16")
