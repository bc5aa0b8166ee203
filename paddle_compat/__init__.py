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


def _present_classes_as_paddle(package=None):
    """Classes report Paddle's module path (``paddle.nn.layer.conv.Conv2D``), as Paddle prints them in
    flops tables, reprs and error messages; ``paddle.x.y`` resolves to our modules through the finder.
    Runs once at import for everything loaded, and again for each lazily imported namespace."""
    import sys
    import types

    prefix = (package or __name__) + "."
    for module_name, module in list(sys.modules.items()):
        if not (module_name + ".").startswith(prefix) or not isinstance(module, types.ModuleType):
            continue
        paddle_name = "paddle" + module_name[len(__name__):]
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module_name:
                value.__module__ = paddle_name


_present_classes_as_paddle()

# Namespaces Paddle imports eagerly but that nothing on the common path needs: imported on first attribute
# access (``paddle.audio``) or by ``import paddle.audio``, so ``import paddle`` stays cheap.
_LAZY_SUBMODULES = frozenset({
    "audio", "base", "common_ops_import", "dataset", "geometric", "hub", "inference", "onnx", "profiler",
    "reader", "sysconfig", "version", "_C_ops", "_legacy_C_ops",
})


def __getattr__(name):
    if name in _LAZY_SUBMODULES:
        import importlib

        module = importlib.import_module(f"{__name__}.{name}")
        _present_classes_as_paddle(module.__name__)
        return module
    if name == "core":
        return __getattr__("base").core
    raise AttributeError(f"module 'paddle' has no attribute '{name}'")
