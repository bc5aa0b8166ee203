"""``paddle.static.nn``: the static-graph layer functions (``fc``, ``conv2d``, ``batch_norm``...) and control
flow (``cond``, ``case``, ``switch_case``, ``while_loop``, ``static_pylayer``).

The layers append Paddle's operator types with Paddle's parameter names, shapes and default initializers
(common.py, torch kernels in _kernels.py); the LoD ``sequence_*`` operators read and write the LoD of fed
LoDTensors (sequence_lod.py, base/lod_tensor.py).
"""

from . import common, control_flow, loss, metric, sequence_lod
from .common import (
    batch_norm,
    bilinear_tensor_product,
    conv2d,
    conv2d_transpose,
    conv3d,
    conv3d_transpose,
    continuous_value_model,
    data_norm,
    deform_conv2d,
    embedding,
    fc,
    group_norm,
    instance_norm,
    layer_norm,
    prelu,
    py_func,
    row_conv,
    sparse_embedding,
    spectral_norm,
)
from .control_flow import case, cond, switch_case, while_loop
from .loss import nce
from .sequence_lod import (
    sequence_concat,
    sequence_conv,
    sequence_enumerate,
    sequence_expand,
    sequence_expand_as,
    sequence_first_step,
    sequence_last_step,
    sequence_pad,
    sequence_pool,
    sequence_reshape,
    sequence_reverse,
    sequence_scatter,
    sequence_slice,
    sequence_softmax,
    sequence_unpad,
)
from .static_pylayer import static_pylayer

__all__ = [
    "fc", "batch_norm", "bilinear_tensor_product", "embedding", "case", "cond", "static_pylayer", "conv2d",
    "conv2d_transpose", "conv3d", "conv3d_transpose", "data_norm", "deform_conv2d", "group_norm", "instance_norm",
    "layer_norm", "nce", "prelu", "prelu", "py_func", "row_conv", "spectral_norm", "switch_case", "while_loop",
    "sparse_embedding", "sequence_conv", "sequence_softmax", "sequence_pool", "sequence_concat",
    "sequence_first_step", "sequence_last_step", "sequence_slice", "sequence_expand", "sequence_expand_as",
    "sequence_pad", "sequence_unpad", "sequence_reshape", "sequence_scatter", "sequence_enumerate",
    "sequence_reverse",
]
_ = (common, control_flow, loss, metric, sequence_lod, continuous_value_model)


def __getattr__(name):
    if name == "create_parameter":  # Paddle's static.nn namespace also holds paddle.static.create_parameter
        from .. import create_parameter

        return create_parameter
    raise AttributeError(f"module 'paddle.static.nn' has no attribute '{name}'")
