"""``paddle.device.cuda`` on ``torch.cuda``; on a machine without CUDA it answers like CPU-only Paddle."""

import contextlib

import torch

from ...utils import deprecated

__all__ = [
    "Stream", "Event", "current_stream", "synchronize", "device_count", "empty_cache", "max_memory_allocated",
    "max_memory_reserved", "memory_allocated", "memory_reserved", "stream_guard", "get_device_properties",
    "get_device_name", "get_device_capability",
]


def _need_cuda(api):
    if not torch.cuda.is_available():
        raise ValueError(
            f"The API paddle.device.cuda.{api} is not supported in CPU-only PaddlePaddle. Please reinstall "
            "PaddlePaddle with GPU support to call this API."
        )


def _need_runtime(what):
    if not torch.cuda.is_available():
        raise RuntimeError(f"(Unavailable) Paddle is not compiled with CUDA. Cannot visit device {what}.")


def _device(device):
    if device is None:
        return None
    if isinstance(device, int):
        return torch.device("cuda", device)
    from ..._core.place import parse_device

    return parse_device(device)


def device_count():
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def synchronize(device=None):
    _need_runtime("synchronize")
    torch.cuda.synchronize(_device(device))


def empty_cache():
    if torch.cuda.is_available():
        torch.cuda.empty_cache()


def _device_query(name, checked_as=None):
    """``paddle.device.cuda.<name>(device=None)``: torch.cuda's function of the same name, refused like
    Paddle's CPU-only build (naming ``checked_as``, default ``name``) when CUDA is unavailable."""

    def query(device=None):
        _need_cuda(checked_as or name)
        return getattr(torch.cuda, name)(_device(device))

    query.__name__ = query.__qualname__ = name
    return query


memory_allocated = _device_query("memory_allocated")
max_memory_allocated = _device_query("max_memory_allocated")
memory_reserved = _device_query("memory_reserved")
max_memory_reserved = _device_query("max_memory_reserved")
get_device_name = _device_query("get_device_name", "get_device_properties")
get_device_capability = _device_query("get_device_capability", "get_device_properties")


def extract_cuda_device_id(device, op_name):
    """The GPU index named by ``device`` (int, ``CUDAPlace`` or ``'gpu:x'``; None: the current one)."""
    if device is None:
        if not torch.cuda.is_available():  # what a CPU-only Paddle build raises here
            raise AttributeError("module 'paddle.base.libpaddle' has no attribute 'get_cuda_current_device_id'")
        return torch.cuda.current_device()
    from ..._core.place import CUDAPlace

    if isinstance(device, int):
        device_id = device
    elif isinstance(device, CUDAPlace):
        device_id = device.get_device_id()
    elif isinstance(device, str):
        if not device.startswith("gpu:"):
            raise ValueError(
                f"The current string {device} is not expected. Because {op_name} only support string which is "
                "like 'gpu:x'. Please input appropriate string again!"
            )
        device_id = int(device[4:])
    else:
        raise ValueError(
            f"The device type {device} is not expected. Because {op_name} only support int, str or "
            "paddle.CUDAPlace. Please input appropriate device again!"
        )
    if device_id < 0:
        raise AssertionError(f"The device id must be not less than 0, but got id = {device_id}.")
    if device_id >= device_count():
        raise AssertionError(f"The device id {device_id} exceeds gpu card number {device_count()}")
    return device_id


def get_device_properties(device=None):
    _need_cuda("get_device_properties")
    return torch.cuda.get_device_properties(_device(device) or torch.cuda.current_device())


class Stream:
    """A CUDA stream (``torch.cuda.Stream``)."""

    def __init__(self, device=None, priority=2, blocking=False):
        if not torch.cuda.is_available():
            raise RuntimeError("(Unavailable) Class CUDAStream can only be initialized on the GPU platform.")
        self._s = torch.cuda.Stream(device=_device(device), priority=-1 if priority == 1 else 0)

    def synchronize(self):
        self._s.synchronize()

    def query(self):
        return self._s.query()

    def wait_event(self, event):
        self._s.wait_event(event._e)

    def wait_stream(self, stream):
        self._s.wait_stream(stream._s)

    def record_event(self, event=None):
        event = event or Event()
        self._s.record_event(event._e)
        return event

    @property
    def cuda_stream(self):
        return self._s.cuda_stream


class Event:
    """A CUDA event (``torch.cuda.Event``)."""

    def __init__(self, enable_timing=False, blocking=False, interprocess=False):
        if not torch.cuda.is_available():
            raise RuntimeError("(Unavailable) Class CUDAEvent can only be initialized on the GPU platform.")
        self._e = torch.cuda.Event(enable_timing=enable_timing, blocking=blocking, interprocess=interprocess)

    def record(self, stream=None):
        self._e.record(None if stream is None else stream._s)

    def query(self):
        return self._e.query()

    def synchronize(self):
        self._e.synchronize()

    def elapsed_time(self, end_event):
        return self._e.elapsed_time(end_event._e)


def current_stream(device=None):
    _need_runtime("synchronize")
    s = Stream.__new__(Stream)
    s._s = torch.cuda.current_stream(_device(device))
    return s


def set_stream(stream=None):
    _need_runtime("synchronize")
    prev = current_stream()
    if stream is not None:
        torch.cuda.set_stream(stream._s)
    return prev


class _StreamGuard:
    """Run the ``with`` body on ``stream`` (None: no change); paddle.device.stream_guard is one."""

    _set_stream = staticmethod(set_stream)

    def __init__(self, stream=None):
        self.stream = stream

    def __enter__(self):  # Paddle's is a generator context manager: `as` binds None
        if self.stream is not None:
            self._prev = self._set_stream(self.stream)

    def __exit__(self, *exc):
        if self.stream is not None:
            self._set_stream(self._prev)
        return False


@deprecated(since="2.5.0", update_to="paddle.device.stream_guard", level=1,
            reason="stream_guard in paddle.device.cuda will be removed in future")
@contextlib.contextmanager
def stream_guard(stream):
    """``with paddle.device.cuda.stream_guard(stream):`` runs on ``stream`` (None: no change)."""
    if stream is not None and not isinstance(stream, Stream):
        raise TypeError("stream type should be paddle.device.cuda.Stream")
    current = current_stream()  # a build without CUDA raises here, even for None, as Paddle's
    if stream is None or stream._s == current._s:
        yield
        return
    previous = set_stream(stream)
    try:
        yield
    finally:
        set_stream(previous)


from . import streams  # noqa: E402,F401 - needs Stream/Event above
