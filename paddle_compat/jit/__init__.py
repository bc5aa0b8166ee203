"""``paddle.jit``: dynamic-to-static conversion and model export (milestone: torch.compile / export)."""

import functools
import warnings

from .._stubs import define_stubs

_MILESTONE = "paddle.jit on torch.compile/torch.export is the next milestone"
_warned = []


def to_static(function=None, input_spec=None, build_strategy=None, backend=None, **kwargs):
    """Runs the function or Layer eagerly (same results) until the torch.compile backend lands."""

    def decorate(fn):
        if not _warned:
            _warned.append(True)
            warnings.warn("paddle.jit.to_static: paddle-compat runs the decorated code eagerly for now "
                          "(same numerics); the torch.compile conversion is a later milestone.", stacklevel=3)
        return fn

    if function is None:
        return decorate
    return decorate(function)


to_static.__paddle_compat_stub__ = True


def not_to_static(func=None):
    return func if func is not None else (lambda f: f)


def ignore_module(modules):
    return None


def enable_to_static(enable_to_static_bool):
    if not isinstance(enable_to_static_bool, bool):
        raise TypeError(f"enable_to_static_bool must be a bool, but got {type(enable_to_static_bool).__name__}")


def set_code_level(level=100, also_to_stdout=False):
    return None


def set_verbosity(level=0, also_to_stdout=False):
    return None


__all__ = ["to_static", "not_to_static", "ignore_module", "enable_to_static", "set_code_level", "set_verbosity"]
__all__ += define_stubs(globals(), "paddle.jit", ["save", "load", "TranslatedLayer"], _MILESTONE)
del functools
