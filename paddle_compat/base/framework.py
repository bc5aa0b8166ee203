"""``paddle.base.framework``: mode queries, places, the static engine's Program/Block/Variable/Operator objects
(``paddle_compat.framework.program``), ``EagerParamBase`` and the mode guards. Paddle's C++ graph IR
(``IrGraph``, ``OpProtoHolder``) has no counterpart and raises NotImplementedError naming the API."""

import contextlib

from .._core import CPUPlace, CUDAPinnedPlace, CUDAPlace
from .._core.tensor import Parameter as EagerParamBase
from .._stubs import stub_class
from ..framework.dygraph import grad
from ..framework.misc import (
    disable_signal_handler,
    get_flags,
    in_dynamic_or_pir_mode,
    in_pir_mode,
    is_compiled_with_cinn,
    is_compiled_with_cuda,
    is_compiled_with_distribute,
    is_compiled_with_rocm,
    is_compiled_with_xpu,
    set_flags,
    use_pir_api,
)
from ..framework.program import (
    Block,
    Operator,
    Parameter,
    Program,
    Variable,
    default_main_program,
    default_startup_program,
    program_guard,
    static_only_error,
    switch_main_program,
    switch_startup_program,
)
from . import core
from .wrapped_decorator import signature_safe_contextmanager, wrap_decorator

_MILESTONE = "Paddle's C++ graph IR (IrGraph / OpProtoHolder) has no counterpart in paddle-compat"


def in_dygraph_mode():
    from ..framework.misc import in_dynamic_mode

    return in_dynamic_mode()


def _current_expected_place():
    from .._core.place import current_device, place_of

    return place_of(current_device())


_current_expected_place_ = _current_expected_place


def _dygraph_tracer():
    # None in static mode: Paddle code tests ``_dygraph_tracer() is None`` for it
    return _TRACER if in_dygraph_mode() else None


class _Tracer:
    """What ``_dygraph_tracer()`` answers in dygraph: a non-None tracer (code tests it for dygraph mode)."""

    @property
    def _expected_place(self):
        return _current_expected_place()

    @property
    def _has_grad(self):
        from ..framework.dygraph import is_grad_enabled

        return is_grad_enabled()


_TRACER = _Tracer()


CONTROL_DEP_VAR_PREFIX = "__control_var"
EMPTY_VAR_NAME = "@EMPTY@"
GRAD_VAR_SUFFIX = "@GRAD"
TEMP_VAR_NAME = "@TEMP@"
ZERO_VAR_SUFFIX = "@ZERO"


def grad_var_name(var_name):
    return var_name + GRAD_VAR_SUFFIX


def _get_var(name, program=None):
    if program is None:
        program = default_main_program()
    assert isinstance(name, str)
    assert isinstance(program, Program)
    return program.global_block().var(name)


def _cpu_num():
    import os

    os.environ.setdefault("CPU_NUM", "1")
    return int(os.environ["CPU_NUM"])


def _cuda_ids():
    import torch

    return list(range(torch.cuda.device_count()))


def dtype_is_floating(dtype):
    from .._core.dtypes import convert_dtype_to_paddle

    return convert_dtype_to_paddle(dtype).name in ("float16", "bfloat16", "float32", "float64")


def convert_np_dtype_to_dtype_(np_dtype):
    from .._core.dtypes import convert_dtype_to_paddle

    return convert_dtype_to_paddle(np_dtype)


def _mode_assert(condition, message):
    import functools

    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            assert condition(), message % func.__name__
            return func(*args, **kwargs)

        return wrapper

    return decorate


_STATIC_ONLY_MSG = ("In PaddlePaddle 2.x, we turn on dynamic graph mode by default, and '%s()' is only supported in "
                    "static graph mode. So if you want to use this api, please call 'paddle.enable_static()' before "
                    "this api to enter static graph mode.")
_DYGRAPH_ONLY_MSG = ("We only support '%s()' in dynamic graph mode, please call 'paddle.disable_static()' to enter "
                     "dynamic graph mode.")
static_only = _static_only_ = _mode_assert(lambda: not in_dygraph_mode(), _STATIC_ONLY_MSG)
dygraph_only = _dygraph_only_ = _mode_assert(lambda: in_dygraph_mode(), _DYGRAPH_ONLY_MSG)
non_static_only = _non_static_only_ = _mode_assert(lambda: in_dygraph_mode(), _DYGRAPH_ONLY_MSG)


@contextlib.contextmanager
def _dygraph_guard(tracer):
    """Paddle switches the tracer (None: static mode); here the mode switch of paddle.disable/enable_static."""
    from ..framework import program

    was_static = not in_dygraph_mode()
    if tracer is not None and was_static:
        program.disable_static(swap_state=False)
    elif tracer is None and not was_static:
        program.enable_static(swap_state=False)
    try:
        yield
    finally:
        if tracer is not None and was_static:
            program.enable_static(swap_state=False)
        elif tracer is None and not was_static:
            program.disable_static(swap_state=False)


def cpu_places(device_count=None):
    import os

    if device_count is None:
        device_count = int(os.environ.get("CPU_NUM", 1))  # Paddle: CPU_NUM, else 1
    return [CPUPlace() for _ in range(device_count)]


def cuda_places(device_ids=None):
    import torch

    if not torch.cuda.is_available():
        raise AssertionError("Not compiled with CUDA")
    if device_ids is None:
        device_ids = range(torch.cuda.device_count())
    elif not isinstance(device_ids, (list, tuple)):
        device_ids = [device_ids]
    return [CUDAPlace(i) for i in device_ids]


def cuda_pinned_places(device_count=None):
    import torch

    assert torch.cuda.is_available(), "Not compiled with CUDA"
    return [CUDAPinnedPlace() for _ in range(device_count or 1)]


def xpu_places(device_ids=None):
    raise AssertionError("Not compiled with XPU")


@contextlib.contextmanager
def device_guard(device=None):
    # Paddle: only sets the device attribute of ops appended to a static program; nothing to do in dygraph
    index = None
    if device and ":" in device:
        device, index = device.split(":", 1)
    if device not in (None, "cpu", "gpu", "xpu"):
        raise ValueError("The Attr(device) should be 'cpu' 'npu' 'xpu' or 'gpu', and it can also be empty string "
                         f"or None when there is no need to specify device. But received {device}")
    if index is not None and not index.isdigit():
        raise ValueError(f"The device index should be an integer, but received {index}")
    yield


@contextlib.contextmanager
def name_scope(prefix=None):
    yield  # Paddle: a no-op in dygraph mode


def require_version(min_version, max_version=None):
    from ..utils import require_version as check

    return check(min_version, max_version)


@contextlib.contextmanager
def _dygraph_place_guard(place):
    yield


@contextlib.contextmanager
def _no_check_dy2st_diff():
    yield


from ._device_absent import ipu_shard_guard, set_ipu_shard  # noqa: E402, F401 - Paddle exports them here

_ = (is_compiled_with_distribute, Operator, signature_safe_contextmanager, wrap_decorator,
     EagerParamBase, grad, disable_signal_handler, get_flags, set_flags, in_dynamic_or_pir_mode, in_pir_mode,
     use_pir_api, is_compiled_with_cinn, is_compiled_with_cuda, is_compiled_with_rocm, is_compiled_with_xpu,
     Block, Parameter, Program, Variable, default_main_program, default_startup_program, program_guard,
     switch_main_program, switch_startup_program, core, CUDAPinnedPlace)


def _get_paddle_place(place):
    """A place given as a string (``'cpu'``, ``'gpu:0'``) or Place object -> the Place object (None stays)."""
    if place is None:
        return None
    from .._core.place import Place, parse_device, place_of

    if isinstance(place, Place):
        return place
    if not isinstance(place, str):
        raise ValueError("The place is not string, it should be paddle.CPUPlace, paddle.CUDAPlace...")
    return place_of(parse_device(place))


def _set_expected_place(place):
    from .._core.place import set_device

    set_device(place)


def _global_flags():
    return core.globals()


def deprecate_stat_dict(func):
    import functools
    import warnings

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if "stat_dict" in kwargs:
            warnings.warn("The argument `stat_dict` has deprecated, please change it to `state_dict`.",
                          DeprecationWarning)
            kwargs["state_dict"] = kwargs.pop("stat_dict")
        return func(*args, **kwargs)

    return wrapper


def dygraph_not_support(func):
    import functools

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if in_dygraph_mode():
            raise AssertionError(f"We don't support {func.__name__} in dynamic graph mode")
        return func(*args, **kwargs)

    return wrapper


def generate_control_dev_var_name():
    import random

    return "__control_var@" + str(random.random())


def is_belong_to_optimizer(var):
    # in dygraph every Parameter is a Variable with need_check_feed False, so it never belongs to the optimizer
    if not isinstance(var, Parameter):
        return bool(getattr(var, "persistable", False))
    return False


def monkey_patch_math_tensor():
    """Paddle installs the Tensor math operators; paddle-compat's Tensor defines them: nothing to do."""


def monkey_patch_variable():
    """Paddle installs operators on static Variables; there are none without static mode: nothing to do."""


def _create_tensor(type=core.VarDesc.VarType.LOD_TENSOR, name=None, shape=None, dtype=None,  # noqa: A002
                   persistable=None, **kwargs):
    raise static_only_error("paddle.base.framework._create_tensor")


IrGraph = stub_class("paddle.base.framework.IrGraph", _MILESTONE)
OpProtoHolder = stub_class("paddle.base.framework.OpProtoHolder", _MILESTONE)
CustomPlace = core.CustomPlace
