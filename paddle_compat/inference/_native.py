"""Objects Paddle's inference library defines in C++ (``paddle.base.libpaddle``): ``XpuConfig`` (a record of
XPU options, typed as pybind declares them), ``InternalUtils`` (option setters on a Config) and
``_get_phi_kernel_name`` (the phi kernel an operator type runs)."""

from ._phi_kernel_names import PHI_KERNEL_NAMES


def _pybind_type_error(function, signature, invoked_with):
    return TypeError(f"{function}(): incompatible function arguments. The following argument types are supported:\n"
                     f"    1. {signature}\n\nInvoked with: {invoked_with}")


def _is_capsule(value):
    kind = type(value)
    return kind.__module__ == "builtins" and kind.__name__ == "PyCapsule"


# field -> (pybind type name, default, accepts(value), stored(value))
_INT = ("int", lambda v: isinstance(v, int), int)
_FLOAT = ("float", lambda v: isinstance(v, (int, float)), float)
_BOOL = ("bool", lambda v: isinstance(v, (bool, int)), bool)
_STR = ("str", lambda v: isinstance(v, str), str)
_CAPSULE = ("capsule", lambda v: v is None or _is_capsule(v), lambda v: v)
_STRS = ("list[str]", lambda v: isinstance(v, (list, tuple)) and all(isinstance(s, str) for s in v), list)
_XPU_FIELDS = {
    "device_id": (_INT, 0), "l3_size": (_INT, 0), "l3_ptr": (_CAPSULE, None), "l3_autotune_size": (_INT, 0),
    "context_gm_size": (_INT, -1), "context": (_CAPSULE, None), "stream": (_CAPSULE, None),
    "conv_autotune_level": (_INT, 0), "conv_autotune_file": (_STR, ""), "conv_autotune_file_writeback": (_BOOL, False),
    "fc_autotune_level": (_INT, 0), "fc_autotune_file": (_STR, ""), "fc_autotune_file_writeback": (_BOOL, False),
    "gemm_compute_precision": (_INT, 1), "transformer_softmax_optimize_level": (_INT, 0),
    "transformer_encoder_adaptive_seqlen": (_BOOL, True), "quant_post_static_gelu_out_threshold": (_FLOAT, 10.0),
    "quant_post_dynamic_activation_method": (_INT, 0), "quant_post_dynamic_weight_precision": (_INT, 1),
    "quant_post_dynamic_op_types": (_STRS, []),
}


def _xpu_field(name, kind, default):
    type_name, accepts, stored = kind

    def get(self):
        return self._values.get(name, list(default) if isinstance(default, list) else default)

    def set(self, value):
        if not accepts(value):
            raise _pybind_type_error("", f"(self: paddle.base.libpaddle.XpuConfig, arg0: {type_name}) -> None",
                                     f"{self!r}, {value!r}")
        self._values[name] = stored(value)

    return property(get, set)


class XpuConfig:
    """Options of XPU inference (device, L3 cache, autotuning, quantisation); recorded as set."""

    __slots__ = ("_values",)

    def __init__(self):
        self._values = {}

    def __repr__(self):
        return f"<paddle.base.libpaddle.XpuConfig object at {hex(id(self))}>"

    def __setattr__(self, name, value):
        if name != "_values" and name not in _XPU_FIELDS:
            raise AttributeError(f"'paddle.base.libpaddle.XpuConfig' object has no attribute '{name}'")
        object.__setattr__(self, name, value)


for _name, (_kind, _default) in _XPU_FIELDS.items():
    setattr(XpuConfig, _name, _xpu_field(_name, _kind, _default))


def _config_class():
    from . import Config

    return Config


class InternalUtils:
    """Setters of Config options that are not Config methods in Paddle's API."""

    def __init__(self, *args, **kwargs):
        raise TypeError("paddle.base.libpaddle.InternalUtils: No constructor defined!")

    @staticmethod
    def set_transformer_posid(arg0, arg1):
        InternalUtils._check("set_transformer_posid", "arg1: str", arg0, arg1, str)
        arg0._transformer_posid = arg1

    @staticmethod
    def set_transformer_maskid(arg0, arg1):
        InternalUtils._check("set_transformer_maskid", "arg1: str", arg0, arg1, str)
        arg0._transformer_maskid = arg1

    @staticmethod
    def disable_tensorrt_half_ops(arg0, arg1):
        InternalUtils._check("disable_tensorrt_half_ops", "arg1: set[str]", arg0, arg1, (set, frozenset, list, tuple))
        if not all(isinstance(name, str) for name in arg1):
            raise InternalUtils._error("disable_tensorrt_half_ops", "arg1: set[str]", arg0, arg1)
        arg0._trt_ops_run_float = set(arg1)

    @staticmethod
    def _error(function, second, arg0, arg1):
        return _pybind_type_error(function, f"(arg0: paddle.base.libpaddle.AnalysisConfig, {second}) -> None",
                                  f"{arg0!r}, {arg1!r}")

    @staticmethod
    def _check(function, second, arg0, arg1, types):
        if not isinstance(arg0, _config_class()) or not isinstance(arg1, types):
            raise InternalUtils._error(function, second, arg0, arg1)


def _get_phi_kernel_name(arg0):
    """The phi kernel name of the fluid operator type ``arg0`` (the type itself when the names agree)."""
    if not isinstance(arg0, str):
        raise _pybind_type_error("_get_phi_kernel_name", "(arg0: str) -> str", repr(arg0))
    return PHI_KERNEL_NAMES.get(arg0, arg0)


XpuConfig.__module__ = InternalUtils.__module__ = _get_phi_kernel_name.__module__ = "paddle.base.libpaddle"
