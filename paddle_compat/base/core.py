"""``paddle.base.core`` (also ``paddle.framework.core`` and ``paddle.core``): the queries and objects of
Paddle's C++ core module that Python code reaches for, answered for this torch (CPU/CUDA) build."""

import torch

from .._core import CPUPlace, CUDAPinnedPlace, CUDAPlace
from .._core.dtypes import dtype as _dtype
from .._core.place import Place
from ..device import IPUPlace
from ..device import _XPUPlace as XPUPlace
from ..framework.misc import (
    is_compiled_with_cinn,
    is_compiled_with_cuda,
    is_compiled_with_distribute,
    is_compiled_with_ipu,
    is_compiled_with_rocm,
    is_compiled_with_xpu,
)
from ..framework.random import Generator, default_cpu_generator


class VarDesc:
    """``core.VarDesc``: only its ``VarType`` enum is meaningful outside static graphs (``paddle.dtype`` is it)."""

    VarType = _dtype


def is_compiled_with_custom_device(device_type):
    return False


def is_compiled_with_mkldnn():
    return torch.backends.mkldnn.is_available()


def is_compiled_with_nccl():
    return torch.cuda.is_available() and torch.distributed.is_nccl_available()


def _is_compiled_with_heterps():
    return False


def supports_bfloat16():
    return True


def default_cuda_generator(device_id):
    if not 0 <= device_id < torch.cuda.device_count():
        raise ValueError(f"(InvalidArgument) default_cuda_generator: no CUDA device {device_id} "
                         f"({torch.cuda.device_count()} available)")
    return Generator(place=CUDAPlace(device_id), _torch_generator=torch.cuda.default_generators[device_id])


def size_of_dtype(dtype):
    return dtype.itemsize


def is_float16_supported(place):
    return isinstance(place, CUDAPlace)


def is_bfloat16_supported(place):
    return True


def set_num_threads(num_threads):
    torch.set_num_threads(num_threads)


def get_all_custom_device_type():
    return []


def get_available_device():
    from ..device import get_available_device as available

    return available()


def get_available_custom_device():
    return []


def _cuda_synchronize(place):
    if torch.cuda.is_available():
        torch.cuda.synchronize(place.get_device_id() if hasattr(place, "get_device_id") else None)


def globals():  # noqa: A001 - Paddle's name: the registry of FLAGS_* values
    from ..framework.misc import _FLAGS

    return _FLAGS


class eager:  # noqa: N801 - Paddle's core.eager submodule: the dygraph Tensor type
    from .._core.tensor import Tensor


from ._device_absent import CustomPlace  # noqa: E402, F401 - Paddle exports it here


def __getattr__(name):
    # the executor's value holders, imported on first use (base.executor imports this module)
    if name in ("LoDTensor", "Tensor", "Scope"):
        from . import executor

        return getattr(executor, "LoDTensor" if name == "Tensor" else name)
    raise AttributeError(f"module 'paddle.base.core' has no attribute '{name}'")


class LoDTensorArray(list):
    """``core.LoDTensorArray``: a list of LoDTensors (what a static ``LOD_TENSOR_ARRAY`` variable holds)."""

    def append(self, tensor):
        super().append(tensor)


LoDTensorArray.__module__ = "paddle.base.libpaddle"

__all__ = [n for n in dir() if not n.startswith("__") and n not in ("torch",)]
__all__ += ["LoDTensor", "Tensor", "Scope"]  # noqa: F822 - resolved by __getattr__ (executor imports late)
_ = (CPUPlace, CUDAPinnedPlace, IPUPlace, Place, XPUPlace, default_cpu_generator, is_compiled_with_cinn,
     is_compiled_with_cuda, is_compiled_with_distribute, is_compiled_with_ipu, is_compiled_with_rocm,
     is_compiled_with_xpu)
