"""``paddle.base.dygraph.base``: the dygraph mode switches and guards (dygraph is the only mode here)."""

import contextlib

from ...framework import to_variable
from ...framework.dygraph import enable_grad, grad, is_grad_enabled, no_grad, set_grad_enabled
from ...framework.misc import enable_static
from ..data_feeder import convert_dtype

no_grad_ = no_grad


def enabled():
    return True


def enable_dygraph(place=None):
    """Dygraph is the default and only mode; ``place`` sets the device, as in Paddle."""
    if place is not None:
        from ..._core.place import set_device

        set_device(place)


def disable_dygraph():
    enable_static()  # raises: static graph mode is a later milestone


@contextlib.contextmanager
def guard(place=None):
    """Run the block in dygraph mode on ``place`` (the device is restored afterwards)."""
    if place is None:
        yield
        return
    from ..._core.place import get_device, set_device

    previous = get_device()
    set_device(place)
    try:
        yield
    finally:
        set_device(previous)


def in_to_static_mode():
    return False


in_declarative_mode = in_to_static_mode


@contextlib.contextmanager
def param_guard(parameters):
    yield


_ = (to_variable, enable_grad, grad, is_grad_enabled, set_grad_enabled, convert_dtype)
