"""``paddle.common_ops_import``: the names Paddle's op modules (and model code copied from them, e.g.
PaddleDetection's ``ppdet/modeling/ops.py``) import in one line: aliases of paddle.base's objects."""

from . import base
from .base import core, dygraph_utils
from .base.core import VarDesc
from .base.data_feeder import check_dtype, check_type, check_variable_and_dtype, convert_dtype
from .base.framework import (
    OpProtoHolder,
    Variable,
    _create_tensor,
    _dygraph_tracer,
    default_main_program,
    device_guard,
    in_dygraph_mode,
)
from .base.layer_helper import LayerHelper
from .framework import convert_np_dtype_to_dtype_, dygraph_only
from .nn.param_attr import ParamAttr


def templatedoc(op_type=None):
    """Paddle fills docstrings from C++ op protos; there are none here: the function is returned unchanged."""

    def decorator(func):
        return func

    return decorator


__all__ = []
_ = (base, core, dygraph_utils, VarDesc, check_dtype, check_type, check_variable_and_dtype, convert_dtype,
     OpProtoHolder, Variable, _create_tensor, _dygraph_tracer, default_main_program, device_guard, in_dygraph_mode,
     LayerHelper, convert_np_dtype_to_dtype_, dygraph_only, ParamAttr)
