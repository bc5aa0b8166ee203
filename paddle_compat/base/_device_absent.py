"""APIs of devices this build has no support for (IPU, custom plug-in devices): they exist with Paddle's
signatures and fail the way a CPU-only Paddle 2.6.2 build fails, never pretending to succeed."""

import contextlib

_NO_IPU = "Can not use this function since PaddlePaddle is not compiled with IPU"


class CustomPlace:
    """A place on a plug-in device type; no custom device type is registered in this build."""

    def __init__(self, *args):
        if len(args) != 2 or not isinstance(args[0], str) or not isinstance(args[1], int):
            raise TypeError(
                "__init__(): incompatible constructor arguments. The following argument types are supported:\n"
                "    1. paddle.base.libpaddle.CustomPlace(arg0: str, arg1: int)\n\n"
                "Invoked with: " + ", ".join(repr(a) for a in args))
        # Paddle logs this and terminates the process; raising lets the caller see it.
        raise ValueError(f"Invalid CustomPlace({args[0]}, {args[1]}), the device type is not registered as a "
                         "custom device.")


CustomPlace.__module__ = "paddle.base.libpaddle"


class IpuStrategy:
    """Options of IPU compilation (only in IPU builds)."""

    def __init__(self):
        raise RuntimeError("Can not use IpuStrategy in non IPU compiled environment, please re-compile with "
                           "WITH_IPU=ON.")


class IpuCompiledProgram:
    """A Program compiled for IPUs (only in IPU builds)."""

    def __init__(self, program=None, scope=None, ipu_strategy=None):
        raise ValueError(_NO_IPU)


IpuStrategy.__module__ = IpuCompiledProgram.__module__ = "paddle.base.compiler"


@contextlib.contextmanager
def ipu_shard_guard(index=-1, stage=-1):
    """Place the ops built inside on IPU ``index`` / pipeline ``stage``; fails on entry without IPU support."""
    raise ValueError(_NO_IPU)
    yield  # pragma: no cover - a generator, as Paddle's (the error comes on entering the block)


def set_ipu_shard(call_func, index=-1, stage=-1):
    """Run ``call_func`` (a Layer or a function) under ``ipu_shard_guard(index, stage)``: a function is wrapped,
    a Layer's class is patched in place and the Layer returned."""
    from ..nn.layer.layers import Layer

    if not isinstance(call_func, Layer):
        if not callable(call_func):
            raise TypeError("Unsupported type. Only accept paddle.nn.Layer or function.")

        def wrapper(*args, **kwargs):
            with ipu_shard_guard(index=index, stage=stage):
                return call_func(*args, **kwargs)

        return wrapper

    layer_class = type(call_func)

    def __call__(self, *args, **kwargs):
        with ipu_shard_guard(index=index, stage=stage):
            return layer_class.__call__(self, *args, **kwargs)

    patched = type(layer_class.__name__, (layer_class,), {"__call__": __call__, "__module__": "paddle.base.framework"})
    object.__setattr__(call_func, "__class__", patched)  # past Layer.__setattr__, which treats it as a member
    return call_func


ipu_shard_guard.__module__ = set_ipu_shard.__module__ = "paddle.base.framework"
