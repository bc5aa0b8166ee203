"""Paddle places (CPUPlace, CUDAPlace, ...) mapped onto torch devices, and the current device."""

import torch


class Place:
    __slots__ = ("_device",)

    def __init__(self, device):
        self._device = torch.device(device)

    def __repr__(self):
        d = self._device
        if d.type == "cpu":
            return "Place(cpu)"
        if d.type == "cuda":
            return f"Place(gpu:{d.index or 0})"
        return f"Place({d.type}:{d.index or 0})"

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, Place) and _same_device(self._device, other._device) and (
            type(self) is type(other) or type(self) is Place or type(other) is Place
        )

    def __hash__(self):
        return hash(str(self))

    def is_cpu_place(self):
        return self._device.type == "cpu"

    def is_gpu_place(self):
        return self._device.type == "cuda"

    def is_cuda_pinned_place(self):
        return False

    def gpu_device_id(self):
        return self._device.index or 0

    def get_device_id(self):
        return self._device.index or 0


def _same_device(a, b):
    return a.type == b.type and (a.index or 0) == (b.index or 0)


class CPUPlace(Place):
    __slots__ = ()

    def __init__(self):
        super().__init__("cpu")


class CUDAPlace(Place):
    __slots__ = ()

    def __init__(self, id=0):  # noqa: A002 - Paddle's argument name
        _check_cuda(id)
        super().__init__(f"cuda:{id}")


class CUDAPinnedPlace(Place):
    __slots__ = ()

    def __init__(self):
        if not torch.cuda.is_available():  # as a CPU-only build of Paddle
            raise RuntimeError("(PermissionDenied) Cannot use CUDAPinnedPlace in CPU only version, Please "
                               "recompile or reinstall Paddle with CUDA support.")
        super().__init__("cpu")

    def __repr__(self):
        return "Place(gpu_pinned)"

    def is_cuda_pinned_place(self):
        return True


def _check_cuda(index=0):
    if not torch.cuda.is_available():
        raise ValueError("The device should not be 'gpu', since PaddlePaddle is not compiled with CUDA")
    if index >= torch.cuda.device_count():
        raise ValueError(f"The device id {index} exceeds the number of GPUs ({torch.cuda.device_count()})")


_current = torch.device("cpu")
_PLACE_CACHE = {}


def current_device():
    """The torch.device new tensors are created on."""
    return _current


def place_of(device):
    """Place object for a torch.device (cached: printing tensors must stay cheap)."""
    p = _PLACE_CACHE.get(device)
    if p is None:
        p = CPUPlace() if device.type == "cpu" else Place(device)
        _PLACE_CACHE[device] = p
    return p


def parse_device(device):
    """'cpu' | 'gpu' | 'gpu:N' | Place | torch.device -> torch.device (error if unavailable)."""
    if device is None:
        return _current
    if isinstance(device, Place):
        return device._device
    if isinstance(device, torch.device):
        return device
    if isinstance(device, int):
        _check_cuda(device)
        return torch.device("cuda", device)
    if not isinstance(device, str):
        raise ValueError(f"The device must be a string or a Place, but received {type(device).__name__}")
    name = device.strip().lower()
    if name == "cpu":
        return torch.device("cpu")
    if name in ("gpu", "cuda") or name.startswith(("gpu:", "cuda:")):
        index = int(name.split(":")[1]) if ":" in name else 0
        _check_cuda(index)
        return torch.device("cuda", index)
    raise ValueError(
        f"The device must be a string which is like 'cpu', 'gpu', 'gpu:x', but received {device!r}"
    )


def set_device(device):
    global _current
    _current = parse_device(device)
    if _current.type == "cuda":
        torch.cuda.set_device(_current)
    return place_of(_current)


def get_device():
    if _current.type == "cpu":
        return "cpu"
    return f"gpu:{_current.index or 0}"
