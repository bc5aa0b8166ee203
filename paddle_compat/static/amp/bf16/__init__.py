"""``paddle.static.amp.bf16``: ``bf16_guard`` and the bfloat16 lists work in dygraph; the Program rewriting
needs static Programs."""

import contextlib

import numpy as np

from ..fp16_utils import _STATIC
from . import amp_lists  # noqa: F401
from .amp_lists import AutoMixedPrecisionListsBF16  # noqa: F401


@contextlib.contextmanager
def bf16_guard():
    """Marks ops for bfloat16 in a static Program; in dygraph it changes nothing."""
    yield


def convert_float_to_uint16(in_list):
    """float32 values as the uint16 bit patterns of their bfloat16 (upper 16 bits, as Paddle truncates)."""
    arr = np.asarray(in_list, dtype=np.float32)
    return np.right_shift(arr.view(np.uint32), 16).astype(np.uint16)


def _static_only(name):
    def fn(*args, **kwargs):
        raise NotImplementedError(f"paddle.static.amp.bf16.{name} {_STATIC}.")

    fn.__name__ = name
    return fn


cast_model_to_bf16 = _static_only("cast_model_to_bf16")
cast_parameters_to_bf16 = _static_only("cast_parameters_to_bf16")
decorate_bf16 = _static_only("decorate_bf16")
rewrite_program_bf16 = _static_only("rewrite_program_bf16")
