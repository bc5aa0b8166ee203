"""``paddle.device``: device selection and queries on torch's device model.

With CUDA available to torch, ``gpu``/``gpu:N`` map to ``cuda:N``; without it, the functions answer
like a CPU-only Paddle build (``set_device('gpu')`` raises the same ValueError).
"""

import torch

from .._core.place import CPUPlace, CUDAPinnedPlace, CUDAPlace, Place, current_device, get_device, parse_device
from .._core.place import place_of, set_device
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
from . import cuda, xpu

__all__ = [
    "get_cudnn_version", "set_device", "get_device", "XPUPlace", "IPUPlace", "is_compiled_with_xpu",
    "is_compiled_with_ipu", "is_compiled_with_cinn", "is_compiled_with_cuda", "is_compiled_with_rocm",
    "is_compiled_with_distribute", "is_compiled_with_custom_device", "get_all_device_type",
    "get_all_custom_device_type", "get_available_device", "get_available_custom_device", "Stream", "Event",
    "current_stream", "set_stream", "stream_guard", "synchronize",
]


class _XPUPlace(Place):
    """Paddle's ``core.XPUPlace`` (``paddle.framework.XPUPlace``): no XPU build, so it cannot be made."""

    def __init__(self, id=0):  # noqa: A002
        raise ValueError("The device should not be 'xpu', since PaddlePaddle is not compiled with XPU")


_XPUPlace.__name__ = _XPUPlace.__qualname__ = "XPUPlace"


def XPUPlace(dev_id):  # noqa: N802 - Paddle's public name (a function in paddle.device)
    """A Baidu Kunlun place: raises ValueError, as there is no XPU build (Paddle's CPU build aborts)."""
    return _XPUPlace(dev_id)


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


# --- streams and events: Paddle's device-level wrappers around a CUDA stream/event (``stream_base``,
# ``event_base``: our paddle.device.cuda.Stream / Event, on torch.cuda) ---------------------------------------
def _stream_device(device):
    """torch.device of a stream/event ``device`` argument; TypeError (Paddle's) unless it is a GPU."""
    tdev = current_device() if device is None else parse_device(device)
    if tdev.type != "cuda":
        raise TypeError("device should be gpu, xpu, " + ",".join(get_all_custom_device_type()))
    return tdev


class Stream:
    """A device stream (``paddle.device.Stream``) wrapping ``stream_base``, a ``paddle.device.cuda.Stream``."""

    def __init__(self, device=None, priority=2, stream_base=None):
        if stream_base is not None:
            if not isinstance(stream_base, cuda.Stream):
                raise TypeError("stream_base should be CUDAStream, CustomDeviceStream")
            self.stream_base = stream_base
            self.device = place_of(stream_base._s.device)
            return
        tdev = _stream_device(device)
        self.device = place_of(tdev)
        self.stream_base = cuda.Stream(tdev.index or 0, priority)

    def wait_event(self, event):
        self.stream_base.wait_event(event.event_base)

    def wait_stream(self, stream):
        self.stream_base.wait_stream(stream.stream_base)

    def record_event(self, event=None):
        if event is None:
            event = Event(self.device)
        event.record(self)
        return event

    def query(self):
        return self.stream_base.query()

    def synchronize(self):
        self.stream_base.synchronize()

    @property
    def cuda_stream(self):
        return self.stream_base.cuda_stream

    def __eq__(self, other):
        return isinstance(other, Stream) and self.stream_base._s == other.stream_base._s

    def __hash__(self):
        return hash(self.stream_base._s)


class Event:
    """A device event (``paddle.device.Event``) wrapping ``event_base``, a ``paddle.device.cuda.Event``."""

    def __init__(self, device=None, enable_timing=False, blocking=False, interprocess=False):
        tdev = _stream_device(device)
        self.device = place_of(tdev)
        self.event_base = cuda.Event(enable_timing, blocking, interprocess)

    def record(self, stream=None):
        if stream is None:
            stream = current_stream(self.device)
        self.event_base.record(stream.stream_base)

    def query(self):
        return self.event_base.query()

    def elapsed_time(self, end_event):
        return self.event_base.elapsed_time(end_event.event_base)

    def synchronize(self):
        self.event_base.synchronize()


def current_stream(device=None):
    tdev = _stream_device(device)
    return Stream(stream_base=cuda.current_stream(tdev.index or 0))


def set_stream(stream):
    """Make ``stream`` current on its device; returns the previous current stream."""
    prev = current_stream(stream.device)
    cuda.set_stream(stream.stream_base)
    return prev


class stream_guard(cuda._StreamGuard):  # noqa: N801 - Paddle's public name
    """``with paddle.device.stream_guard(stream):`` runs on ``stream`` (None: no change)."""

    _set_stream = staticmethod(set_stream)


def synchronize(device=None):
    if not torch.cuda.is_available():
        raise TypeError("device should be gpu, xpu, ")
    cuda.synchronize(device)


def _convert_to_place(device):
    return Place(parse_device(device))
