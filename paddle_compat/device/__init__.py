"""``paddle.device``: device selection and queries on torch's device model.

With CUDA available to torch, ``gpu``/``gpu:N`` map to ``cuda:N``; without it, the functions answer
like a CPU-only Paddle build (``set_device('gpu')`` raises the same ValueError).
"""

import torch

from .._core.place import CPUPlace, CUDAPinnedPlace, CUDAPlace, Place, get_device, parse_device, set_device
from ..framework.misc import (
    get_cudnn_version,
    is_compiled_with_cinn,
    is_compiled_with_cuda,
    is_compiled_with_custom_device,
    is_compiled_with_distribute,
    is_compiled_with_ipu,
    is_compiled_with_rocm,
    is_compiled_with_xpu,
)
from . import cuda
from .cuda import Event, Stream, current_stream, stream_guard

__all__ = [
    "get_cudnn_version", "set_device", "get_device", "XPUPlace", "IPUPlace", "is_compiled_with_xpu",
    "is_compiled_with_ipu", "is_compiled_with_cinn", "is_compiled_with_cuda", "is_compiled_with_rocm",
    "is_compiled_with_distribute", "is_compiled_with_custom_device", "get_all_device_type",
    "get_all_custom_device_type", "get_available_device", "get_available_custom_device", "Stream", "Event",
    "current_stream", "set_stream", "stream_guard", "synchronize",
]


class XPUPlace(Place):
    def __init__(self, id=0):  # noqa: A002
        raise ValueError("The device should not be 'xpu', since PaddlePaddle is not compiled with XPU")


class IPUPlace(Place):
    def __init__(self):
        raise ValueError("The device should not be 'ipu', since PaddlePaddle is not compiled with IPU")


def get_all_device_type():
    return ["gpu"] if torch.cuda.is_available() else []


def get_all_custom_device_type():
    return []


def get_available_device():
    if not torch.cuda.is_available():
        return []
    return [f"gpu:{i}" for i in range(torch.cuda.device_count())]


def get_available_custom_device():
    return []


def set_stream(stream=None):
    return cuda.set_stream(stream)


def synchronize(device=None):
    if not torch.cuda.is_available():
        raise TypeError("device should be gpu, xpu, ")
    cuda.synchronize(device)


def _convert_to_place(device):
    return Place(parse_device(device))
