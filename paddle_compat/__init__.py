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
from . import nn
from . import linalg, signal, utils
from .batch import batch
from .nn.param_attr import ParamAttr, create_parameter


def _present_classes_as_paddle(package=None):
    """Classes and functions report Paddle's module path (``paddle.nn.layer.conv.Conv2D``,
    ``paddle.tensor.math.add``), as Paddle prints them in flops tables, reprs and error messages; ``paddle.x.y``
    resolves to our modules through the finder. Runs once at import for everything loaded, and again for each
    lazily imported namespace (set once: no per-call cost)."""
    import sys
    import types

    prefix = (package or __name__) + "."
    for module_name, module in list(sys.modules.items()):
        if not (module_name + ".").startswith(prefix) or not isinstance(module, types.ModuleType):
            continue
        _present_module_classes_as_paddle(module)


def _present_module_classes_as_paddle(module):
    import types

    name = module.__name__
    paddle_name = "paddle" + name[len(__name__):]
    _name_missing_attributes_as_paddle(module, paddle_name)
    for value in vars(module).values():
        if isinstance(value, (type, types.FunctionType)) and value.__module__ == name:
            value.__module__ = paddle_name
            if isinstance(value, type):  # its methods too (Paddle exports some bound methods: fleet.init)
                for member in vars(value).values():
                    member = getattr(member, "__func__", member)
                    if isinstance(member, types.FunctionType) and member.__module__ == name:
                        member.__module__ = paddle_name


def _name_missing_attributes_as_paddle(module, paddle_name):
    """``paddle.nn.nonexistent`` raises Paddle's "module 'paddle.nn' has no attribute ..." (Python's own message
    names the module object, paddle_compat.nn). A module ``__getattr__`` runs only when the lookup fails, so
    found names cost nothing; a module's own ``__getattr__`` (lazy names) runs first."""
    own = module.__dict__.get("__getattr__")
    if own is None and module.__name__ == __name__:
        return  # the top package's own __getattr__ already names 'paddle'
    if getattr(own, "_names_paddle_module", False):
        return

    def __getattr__(name):  # noqa: N807 - PEP 562 module attribute hook
        if own is not None:
            try:
                return own(name)
            except AttributeError as error:
                message = str(error)
                if not message.startswith(f"module '{__name__}"):
                    raise
                raise AttributeError(message.replace(f"'{__name__}", "'paddle", 1), name=name,
                                     obj=module) from None
        raise AttributeError(f"module '{paddle_name}' has no attribute '{name}'", name=name, obj=module)

    __getattr__._names_paddle_module = True
    module.__getattr__ = __getattr__


_present_classes_as_paddle()


def _configure_root_logger_as_paddle():
    """Paddle's import runs its distributed ``get_logger`` on the root logger (``name="root"``): one stderr handler
    with its line format (kept if the root had handlers already), level WARNING, not propagating. So after
    ``import paddle`` a user's ``logging.basicConfig`` does nothing, ``logging.info`` prints nothing and warnings
    print as ``[time] [ WARNING] file.py:line - message``."""
    import logging

    root = logging.getLogger()
    root.propagate = False
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(
            "[%(asctime)-15s] [%(levelname)8s] %(filename)s:%(lineno)s - %(message)s"))
        root.addHandler(handler)
    root.setLevel(logging.WARNING)


_configure_root_logger_as_paddle()


_LOADING = [0]


def _register_paddle_alias(module):
    """Under ``import paddle`` (our facade), a module loaded later is also ``sys.modules['paddle.x.y']`` at once:
    otherwise a later ``import paddle.vision.models.alexnet`` would load it again under the alias and make Python
    rebind the parent's attribute (the function paddle.vision.models.alexnet) to the module."""
    import sys

    facade = sys.modules.get("paddle")
    if facade is not None and getattr(facade, "__file__", None) == __file__:
        sys.modules.setdefault("paddle" + module.__name__[len(__name__):], module)


class _PresentLaterModulesAsPaddle:
    """Modules imported after ``import paddle`` (lazy namespaces, by attribute access or by
    ``import paddle.vision.models``) get their classes' Paddle module path as soon as they have run."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        if not fullname.startswith(__name__ + "."):
            return None
        import importlib.machinery

        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or not hasattr(spec.loader, "exec_module"):
            return spec
        run = spec.loader.exec_module

        def exec_module(module):
            # A module imported while another of ours runs (a submodule a package pulls in) gets its paddle.*
            # alias at once; the outermost one is the module the import system is resolving right now (maybe
            # under its alias), so it is left to the import system.
            nested = _LOADING[0] > 0
            _LOADING[0] += 1
            try:
                run(module)
            finally:
                _LOADING[0] -= 1
            _present_module_classes_as_paddle(module)
            if nested:
                _register_paddle_alias(module)

        spec.loader.exec_module = exec_module
        return spec


def _install_class_path_hook():
    import sys

    # (``any`` here is paddle.any, from ``from .tensor import *``)
    if _PresentLaterModulesAsPaddle not in sys.meta_path:
        sys.meta_path.insert(0, _PresentLaterModulesAsPaddle)


_install_class_path_hook()

# Namespaces Paddle imports eagerly but that nothing on the common path (tensors, nn, optimizer, io, a
# training loop) needs: imported on first attribute access (``paddle.vision``, ``paddle.Model``) or by
# ``import paddle.vision``, so ``import paddle`` stays close to ``import torch``.
_LAZY_SUBMODULES = frozenset({
    "audio", "base", "common_ops_import", "dataset", "geometric", "hub", "inference", "onnx", "profiler",
    "reader", "sysconfig", "version", "_C_ops", "_legacy_C_ops",
    # jit builds on torch._dynamo, whose import alone costs more than torch's core
    "jit",
    "vision", "text", "hapi", "callbacks", "distribution", "static", "distributed", "incubate", "sparse",
    "quantization",
    # not needed to build tensors and layers: imported with the first optimizer, DataLoader, metric, ...
    "optimizer", "regularizer", "io", "metric", "fft", "amp",
})
# Top-level names that live in a lazy namespace.
_LAZY_NAMES = {"Model": "hapi", "flops": "hapi", "summary": "hapi", "DataParallel": "distributed.parallel"}


def __getattr__(name):
    import importlib

    if name in _LAZY_SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    if name in _LAZY_NAMES:
        value = getattr(importlib.import_module(f"{__name__}.{_LAZY_NAMES[name]}"), name)
        globals()[name] = value
        return value
    if name == "core":
        return __getattr__("base").core
    raise AttributeError(f"module 'paddle' has no attribute '{name}'")
