"""paddle-compat: the PaddlePaddle 2.x Python API on PyTorch. ``import paddle`` resolves here.

Layout mirrors Paddle's own namespace; see docs/architecture.md for where each API lives.
"""

from ._version import PADDLE_VERSION as _PADDLE_VERSION
from ._version import __version__

from ._core import (
    CPUPlace,
    CUDAPinnedPlace,
    CUDAPlace,
    Tensor,
    dtype,
    get_default_dtype,
    set_default_dtype,
    to_tensor,
)
from ._core.dtypes import (
    bfloat16,
    complex64,
    complex128,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
)
from ._core.dtypes import bool_ as bool  # noqa: A001 - paddle.bool is Paddle's public name

Tensor.__module__ = "paddle"

from . import tensor
from .tensor import *
from . import framework
from .framework import *
from . import autograd, device
from .device import get_device, set_device
from . import nn, optimizer, regularizer, io, metric, vision, text, callbacks, hapi
from .hapi import Model, flops, summary
from . import linalg, fft, signal, distribution, amp, jit, static, distributed, utils, incubate, sparse, quantization
from .batch import batch
from .nn.param_attr import ParamAttr, create_parameter
from .distributed.parallel import DataParallel


def _present_classes_as_paddle():
    """Classes report Paddle's module path (``paddle.nn.layer.conv.Conv2D``), as Paddle prints them in
    flops tables, reprs and error messages; ``paddle.x.y`` resolves to our modules through the finder."""
    import sys
    import types

    prefix = __name__ + "."
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith(prefix) or not isinstance(module, types.ModuleType):
            continue
        paddle_name = "paddle" + module_name[len(__name__):]
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module_name:
                value.__module__ = paddle_name


_present_classes_as_paddle()
del _present_classes_as_paddle
