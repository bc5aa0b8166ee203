"""The rest of Paddle's top-level "framework" API: mode switches, flags, dtype info, build queries."""

import torch

from .._core import dtypes as _dt
from .._core.printing import set_printoptions
from . import program as _program
from ._flag_defaults import DEFAULTS as _FLAG_DEFAULTS
from .program import _Mode

__all__ = [
    "in_dynamic_mode", "enable_static", "disable_static", "get_flags", "set_flags", "iinfo", "finfo",
    "set_printoptions", "LazyGuard", "disable_signal_handler", "check_shape", "is_compiled_with_cuda",
    "is_compiled_with_rocm", "is_compiled_with_xpu", "is_compiled_with_ipu", "is_compiled_with_cinn",
    "is_compiled_with_distribute", "is_compiled_with_custom_device", "get_cudnn_version",
    "in_dynamic_or_pir_mode", "in_pir_mode", "use_pir_api",
]


def in_dynamic_mode():
    return not _Mode.static


def in_dynamic_or_pir_mode():
    return not _Mode.static


def in_pir_mode():
    return False


def use_pir_api():
    return False


def enable_static():
    """Switch to static-graph mode: ops on ``paddle.static.data`` variables build the default main program
    (framework/program.py records them), ``paddle.static.Executor`` runs it."""
    _program.enable_static()


def disable_static(place=None):
    """Back to dynamic-graph mode (``place`` sets the device, as in Paddle)."""
    _program.disable_static()
    if place is not None:
        from .._core.place import set_device

        set_device(place)


# Flags torch can honour even though a CPU build of Paddle does not expose them.
_EXTRA_FLAGS = {
    "FLAGS_cudnn_deterministic": False,
    "FLAGS_cudnn_exhaustive_search": False,
    "FLAGS_conv_workspace_size_limit": 512,
    "FLAGS_cudnn_batchnorm_spatial_persistent": False,
    "FLAGS_fraction_of_gpu_memory_to_use": 0.92,
    "FLAGS_embedding_deterministic": 0,
}
_FLAGS = dict(_FLAG_DEFAULTS)
_FLAGS.update(_EXTRA_FLAGS)


def _apply_flag(key, value):
    if key == "FLAGS_cudnn_deterministic":
        torch.backends.cudnn.deterministic = bool(value)
    elif key == "FLAGS_cudnn_exhaustive_search":
        torch.backends.cudnn.benchmark = bool(value)
    elif key == "FLAGS_cpu_deterministic":
        torch.use_deterministic_algorithms(bool(value), warn_only=True)


def set_flags(flags):
    if not isinstance(flags, dict):
        raise TypeError("flags in set_flags should be a dict")
    for key, value in flags.items():
        if key not in _FLAGS:
            raise ValueError(f"Flag {key} cannot set its value through this function.")
        old = _FLAGS[key]
        if isinstance(old, bool):
            value = bool(value)
        elif isinstance(old, int):
            value = int(value)
        elif isinstance(old, float):
            value = float(value)
        _FLAGS[key] = value
        _apply_flag(key, value)


def get_flags(flags):
    if isinstance(flags, str):
        flags = [flags]
    elif not isinstance(flags, (list, tuple)):
        raise TypeError("Flags in get_flags should be a list, tuple or string.")
    out = {}
    for key in flags:
        if key not in _FLAGS:
            raise ValueError(f"Flag {key} cannot get its value through this function.")
        out[key] = _FLAGS[key]
    return out


class iinfo:  # noqa: N801 - Paddle's public name
    """Machine limits of an integer dtype: ``min``, ``max``, ``bits``, ``dtype`` (a string)."""

    def __init__(self, dtype):
        d = _dt.convert_dtype_to_paddle(dtype)
        if d.name not in ("int8", "int16", "int32", "int64", "uint8"):
            raise ValueError(
                "(InvalidArgument) the argument of paddle.iinfo can only be paddle.int8, paddle.int16, "
                "paddle.int32, paddle.int64, or paddle.uint8"
            )
        info = torch.iinfo(d.torch)
        self.min, self.max, self.bits, self.dtype = int(info.min), int(info.max), int(info.bits), d.name

    def __repr__(self):
        return f"paddle.iinfo(min={self.min}, max={self.max}, bits={self.bits}, dtype={self.dtype})"

    __str__ = __repr__


class finfo:  # noqa: N801
    """Machine limits of a floating/complex dtype (complex reports its real part's limits)."""

    def __init__(self, dtype):
        d = _dt.convert_dtype_to_paddle(dtype)
        if d.name not in ("float16", "bfloat16", "float32", "float64", "complex64", "complex128"):
            raise ValueError(
                "(InvalidArgument) the argument of paddle.finfo can only be paddle.float32, paddle.float64, "
                "paddle.float16, paddle.bfloat16paddle.complex64, or paddle.complex128"
            )
        real = {"complex64": torch.float32, "complex128": torch.float64}.get(d.name, d.torch)
        info = torch.finfo(real)
        self.min, self.max, self.eps = float(info.min), float(info.max), float(info.eps)
        self.resolution = float(info.resolution)
        self.smallest_normal = float(info.smallest_normal)
        self.tiny = float(info.tiny)
        self.bits = int(info.bits)
        self.dtype = {"complex64": "float32", "complex128": "float64"}.get(d.name, d.name)

    def __repr__(self):
        return (
            f"paddle.finfo(min={self.min:g}, max={self.max:g}, eps={self.eps:g}, resolution={self.resolution:g}, "
            f"smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, bits={self.bits}, dtype={self.dtype})"
        )

    __str__ = __repr__


class LazyGuard:
    """``with paddle.LazyGuard():`` delays parameter initialisation in Paddle; here parameters are
    created eagerly (same values once initialised), so the guard only marks the region."""

    _active = False

    def __enter__(self):
        self._prev = LazyGuard._active
        LazyGuard._active = True
        return self

    def __exit__(self, *exc):
        LazyGuard._active = self._prev
        return False


def disable_signal_handler():
    """Paddle installs C++ signal handlers it can remove; paddle-compat installs none: a no-op."""


from .program import Variable  # noqa: E402 - paddle.base.framework.Variable, named in check_shape's defaults


def check_shape(shape, op_name, expected_shape_type=(list, tuple, Variable), expected_element_type=(int, Variable),
                expected_tensor_dtype=("int32", "int64")):
    """Paddle 2.6.2 checks the shape argument of a static-graph op only; in dynamic mode (ours) it returns
    None without looking at its arguments."""
    return None


def is_compiled_with_cuda():
    return torch.cuda.is_available()


def is_compiled_with_rocm():
    return torch.version.hip is not None and torch.cuda.is_available()


def is_compiled_with_xpu():
    return False


def is_compiled_with_ipu():
    return False


def is_compiled_with_cinn():
    return False


def is_compiled_with_custom_device(device_type):
    return False


def is_compiled_with_distribute():
    return torch.distributed.is_available()


def get_cudnn_version():
    if not torch.cuda.is_available():
        return None
    return torch.backends.cudnn.version()
