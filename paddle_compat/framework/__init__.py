"""``paddle.framework``: save/load, seeds and RNG state, grad mode, flags, dtype info, mode switches.

``__all__`` is star-exported into the top-level ``paddle`` namespace.
"""

from .._core import CPUPlace, CUDAPinnedPlace, CUDAPlace, Parameter, dtype, get_default_dtype, set_default_dtype
from . import dygraph, io, misc, random
from .dygraph import enable_grad, grad, is_grad_enabled, no_grad, set_grad_enabled
from .io import load, save
from .misc import *  # noqa: F403
from .misc import __all__ as _misc_all
from .random import get_cuda_rng_state, get_rng_state, seed, set_cuda_rng_state, set_rng_state

__all__ = [
    "save", "load", "seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state", "set_cuda_rng_state",
    "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "grad",
    "CPUPlace", "CUDAPlace", "CUDAPinnedPlace", "dtype", "get_default_dtype", "set_default_dtype",
] + list(_misc_all)


# --- names of paddle.framework that are not top-level paddle names (kept out of __all__) -------------
def _extras():
    import threading

    from .._core import dtypes as _dtypes
    from .._core.tensor import Parameter as _Parameter
    from .._core.tensor import to_tensor as _to_tensor
    from ..device import IPUPlace
    from ..device import _XPUPlace as XPUPlace

    tasks = []

    def async_save(obj, path, protocol=4, sync_other_task=False, **configs):
        """Save in a background thread (tensors are copied to host first, as in Paddle)."""
        if sync_other_task:
            clear_async_save_task_queue()
        import copy

        snapshot = copy.deepcopy(obj)  # snapshot now, write later
        th = threading.Thread(target=save, args=(snapshot, path, protocol), kwargs=configs, daemon=True)
        th.start()
        tasks.append(th)
        return th

    def clear_async_save_task_queue():
        while tasks:
            tasks.pop().join()

    def convert_np_dtype_to_dtype_(np_dtype):
        return _dtypes.convert_dtype_to_paddle(np_dtype)

    def is_parameter(var):
        return isinstance(var, _Parameter)

    def is_persistable(var):
        return bool(getattr(var, "persistable", False))

    def to_variable(value, name=None, zero_copy=None, dtype=None):
        t = _to_tensor(value, dtype=dtype)
        if name:
            t.name = name
        return t

    def dygraph_only(func):
        return func

    return dict(async_save=async_save, clear_async_save_task_queue=clear_async_save_task_queue,
                convert_np_dtype_to_dtype_=convert_np_dtype_to_dtype_, is_parameter=is_parameter,
                is_persistable=is_persistable, to_variable=to_variable, dygraph_only=dygraph_only,
                XPUPlace=XPUPlace, IPUPlace=IPUPlace)


globals().update(_extras())
del _extras


from . import framework, program  # noqa: E402 - light modules (program: the dygraph-visible Program/Block)
from .program import Block, Program, switch_main_program, switch_startup_program  # noqa: E402

# names Paddle's paddle.framework re-exports from paddle.base; importing paddle.base is deferred to first use
_FROM_BASE_FRAMEWORK = frozenset({
    "_current_expected_place", "_current_expected_place_", "_dygraph_tracer", "_no_check_dy2st_diff",
    "_get_paddle_place", "_set_expected_place", "_global_flags", "deprecate_stat_dict", "dygraph_not_support",
    "generate_control_dev_var_name", "is_belong_to_optimizer", "monkey_patch_math_tensor", "monkey_patch_variable",
    "_create_tensor", "IrGraph", "OpProtoHolder", "CustomPlace",
})


def __getattr__(name):
    if name == "ParamAttr":  # lives with nn (paddle.ParamAttr); imported lazily to avoid a cycle
        from ..nn.param_attr import ParamAttr

        return ParamAttr
    if name in ("core", "base", "LayerHelper") or name in _FROM_BASE_FRAMEWORK:
        from .. import base

        if name == "base":
            return base
        if name == "core":
            return base.core
        if name == "LayerHelper":
            return base.layer_helper.LayerHelper
        return getattr(base.framework, name)
    raise AttributeError(f"module 'paddle.framework' has no attribute '{name}'")


def __dir__():
    return sorted(set(globals()) | {"ParamAttr", "core", "base", "LayerHelper"} | _FROM_BASE_FRAMEWORK)
