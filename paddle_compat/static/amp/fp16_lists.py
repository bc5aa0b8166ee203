"""``paddle.static.amp.fp16_lists``: the op lists of static-graph AMP.

The lists are Paddle 2.6.2's. ``unsupported_list``/``all_list`` come from Paddle's C++ kernel registry as a CPU
build of Paddle reports it (the reference here): every op but a few control-flow ones lacks a float16/bfloat16
GPU kernel there, so on CPU the static fp16 rewrite keeps the ops float32 (``_registry_ops``)."""

import copy
import logging

from ...amp.amp_lists import EXTRA_BLACK_LIST, FP16_BLACK_LIST, FP16_WHITE_LIST

black_list = FP16_BLACK_LIST
_extra_black_list = EXTRA_BLACK_LIST
white_list = FP16_WHITE_LIST
_only_supported_fp16_list = {"resnet_unit", "fused_bn_add_activation"}

# ops that follow their inputs' precision
gray_list = {
    "elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div", "elementwise_max", "elementwise_min",
    "elementwise_pow", "elementwise_mod", "elementwise_floordiv", "batch_norm", "layer_norm", "tanh", "sigmoid",
    "top_k", "pool2d", "pool3d", "dropout", "relu", "relu6", "leaky_relu", "soft_relu", "flatten2", "stack",
    "unstack", "uniform_random", "uniform_random_batch_size_like", "gaussian_random", "slice", "rank", "scale",
    "transpose2", "reshape2", "gather", "fill_constant", "get_tensor_from_selected_rows", "sign", "cast",
    "fused_bn_add_activation", "c_identity", "c_concat", "c_allreduce_sum", "concat", "split", "fused_feedforward",
    "fused_attention", "fused_multi_transformer",
}


def check_amp_dtype(dtype):
    if isinstance(dtype, str):
        dtype = dtype.lower()
    if dtype not in ["float16", "bfloat16"]:
        raise ValueError("If enable AMP, dtype should be 'float16' or 'bfloat16'.")
    return dtype


def get_low_precision_dtypestr(dtype):
    if isinstance(dtype, str):
        return check_amp_dtype(dtype)
    name = getattr(dtype, "name", None)
    if name in ("float16", "FP16"):
        return "float16"
    if name in ("bfloat16", "BF16"):
        return "bfloat16"
    from ..._core.dtypes import dtype as _paddle_dtype

    if isinstance(dtype, _paddle_dtype):
        raise ValueError("If enable AMP, dtype should be core.VarDesc.VarType.FP16 or core.VarDesc.VarType.BF16.")
    raise TypeError(f"The type of dtype is expected to be string or core.VarDesc.VarType, but recieved {type(dtype)}.")


# kept low precision by the rewrite whatever the kernel registry says
_SUPPORTED_EVERYWHERE = {"conditional_block", "conditional_block_infer", "select_input", "while", "cast",
                         "tensor_array_to_tensor", "lod_array_length", "write_to_array"}


def _get_sys_unsupported_list(dtype):
    from ._registry_ops import REGISTERED_OPS

    get_low_precision_vartype(dtype)
    return "GPU", set(REGISTERED_OPS) - _SUPPORTED_EVERYWHERE, set(REGISTERED_OPS)


def _get_unsupported_list(dtype):
    _, unsupported, all_ops = _get_sys_unsupported_list(dtype)
    return unsupported, all_ops


def get_low_precision_vartype(dtype):
    from ...base import core

    if isinstance(dtype, str):
        name = dtype.lower()
        if name == "float16":
            return core.VarDesc.VarType.FP16
        if name == "bfloat16":
            return core.VarDesc.VarType.BF16
        raise ValueError("If enable AMP, dtype should be 'float16' or 'bfloat16'.")
    from ..._core.dtypes import dtype as _paddle_dtype

    if isinstance(dtype, _paddle_dtype):
        return dtype
    raise TypeError(f"The type of dtype is expected to be string or core.VarDesc.VarType, but recieved {type(dtype)}.")


_logger = logging.getLogger(__name__)
if not _logger.handlers:
    _handler = logging.StreamHandler()
    _handler.setFormatter(logging.Formatter("%(asctime)s-%(levelname)s: %(message)s", datefmt="%a %b %d %H:%M:%S"))
    _logger.addHandler(_handler)
    _logger.setLevel(logging.INFO)
    _logger.propagate = False


def _get_white_list(dtype):
    white = copy.copy(FP16_WHITE_LIST)
    if dtype == "float16":
        white = white | _only_supported_fp16_list
    return white


class AutoMixedPrecisionLists:
    """White/black/gray op lists updated with the user's custom lists (Paddle's static AMP)."""

    def __init__(self, custom_white_list=None, custom_black_list=None, custom_black_varnames=None, dtype="float16"):
        self.amp_dtype = check_amp_dtype(dtype)
        self._custom_white_list = custom_white_list
        self._custom_black_list = custom_black_list
        self.white_list = _get_white_list(self.amp_dtype)
        self.black_list = FP16_BLACK_LIST | EXTRA_BLACK_LIST
        self.gray_list = copy.copy(gray_list)
        unsupported, all_ops = _get_unsupported_list(self.amp_dtype)
        self.unsupported_list = copy.copy(unsupported)
        self.all_list = copy.copy(all_ops)
        self.black_varnames = copy.copy(custom_black_varnames)
        self._update_list()

    def _update_list(self):
        if self._custom_white_list and self._custom_black_list:
            for op_name in self._custom_white_list:
                if op_name in self._custom_black_list:
                    raise ValueError(f"The given custom_white_list overlaps custom_black_list with < {op_name} >!")
        if self._custom_white_list:
            _move_ops(self._custom_white_list, self.white_list, self.black_list, self.gray_list)
        if self._custom_black_list:
            _move_ops(self._custom_black_list, self.black_list, self.white_list, self.gray_list)
            self.unsupported_list.update(self._custom_black_list)
        device, sys_unsupported, _ = _get_sys_unsupported_list(self.amp_dtype)
        not_supported = [op_name for op_name in sys_unsupported if op_name in self.white_list]
        if not_supported:
            _logger.warning(f"On current {device}, {self.amp_dtype} is not supported for operators < "
                            f"{not_supported} > in white_list!")


def _move_ops(op_names, into, other, gray):
    """Put each op of ``op_names`` in the ``into`` list, taking it out of the ``other`` list (else out of the gray
    list), as a custom white/black (fp16) or bf16/fp32 (bf16) list asks."""
    for op_name in op_names:
        if op_name in other:
            other.remove(op_name)
        else:
            gray.discard(op_name)
        into.add(op_name)


CustomOpLists = AutoMixedPrecisionLists
