"""``paddle.base.dygraph.base``: the dygraph mode switches and guards."""

import contextlib

from ...framework import to_variable
from ...framework.dygraph import enable_grad, grad, is_grad_enabled, no_grad, set_grad_enabled
from ...framework.misc import disable_static, enable_static, in_dynamic_mode
from ..data_feeder import convert_dtype

no_grad_ = no_grad


def enabled():
    return in_dynamic_mode()


def enable_dygraph(place=None):
    """Turn static mode off (``paddle.disable_static``); ``place`` sets the device, as in Paddle."""
    disable_static(place)


def disable_dygraph():
    """Turn static mode on (``paddle.enable_static``)."""
    enable_static()


@contextlib.contextmanager
def guard(place=None):
    """Run the block in dygraph mode (also from static mode), with fresh default programs and unique names, on
    ``place`` (the device and the mode are restored afterwards), as Paddle's ``base.dygraph.guard``."""
    from ..._core.place import get_device, set_device
    from ...framework.program import Program, program_guard
    from ...utils import unique_name

    was_static = not in_dynamic_mode()
    previous = get_device()
    if was_static:
        disable_static()
    try:
        if place is not None:
            set_device(place)
        with program_guard(Program(), Program()), unique_name.guard():
            yield
    finally:
        set_device(previous)
        if was_static:
            enable_static()


NON_PERSISTABLE_VAR_NAME_SUFFIX = "__non_persistable"


class Tracer:
    """``core.Tracer``: Paddle's dygraph op tracer; here ops run eagerly on torch, so it only carries the flags
    code reads and sets."""

    def __init__(self):
        self._has_grad = True
        self._enable_program_desc_tracing = False
        self._train_mode = True


Tracer.__module__ = "paddle.base.libpaddle"


def switch_to_static_graph(func):
    """Run ``func`` in static mode (Paddle's decorator for building programs from dygraph code)."""
    import functools

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from ...framework import program

        # Paddle switches only the tracer here: default programs and unique names stay as they are
        was_dygraph = in_dynamic_mode()
        if was_dygraph:
            program.enable_static(swap_state=False)
        try:
            return func(*args, **kwargs)
        finally:
            if was_dygraph:
                program.disable_static(swap_state=False)

    return wrapper


@contextlib.contextmanager
def program_desc_tracing_guard(enable):
    yield  # no ProgramDesc is traced from dygraph ops here


def in_to_static_mode():
    return False


in_declarative_mode = in_to_static_mode


@contextlib.contextmanager
def param_guard(parameters):
    yield


from ..multiprocess_utils import CleanupFuncRegistrar  # noqa: E402 - Paddle re-exports it here
from ..wrapped_decorator import signature_safe_contextmanager, wrap_decorator  # noqa: E402

_ = (CleanupFuncRegistrar, signature_safe_contextmanager, wrap_decorator,
     to_variable, enable_grad, grad, is_grad_enabled, set_grad_enabled, convert_dtype)
