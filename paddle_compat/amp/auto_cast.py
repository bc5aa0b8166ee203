"""``paddle.amp.auto_cast`` / ``amp_guard`` / ``decorate`` (Paddle 2.6.2's dygraph AMP).

Real Paddle only enables AMP on CUDA/XPU/custom places; on a CPU place it warns and does nothing, and so do we
by default. ``PADDLE_COMPAT_CPU_AMP`` opts in to AMP on CPU (see docs/amp.md).

How ops are cast while AMP is on (Paddle's eager rule, per op name, ``_AmpState.dest``):
- white-list ops run in the AMP dtype, black-list ops in float32;
- any other op ("gray") runs in float32 if one of its floating inputs is float32, else in the AMP dtype
  (``use_promote``); at O2 with ``use_promote=False`` gray ops run in the AMP dtype.
White-list entry points (matmul, linear, conv1d/conv2d, einsum, max_pool2d with mask) read one module global,
``_amp``, which is None while AMP is off, so the AMP-off path costs one global load per such op. Black-list and
gray-op casting is done by a torch function mode that exists only while AMP is on.
"""

import contextlib
import os
import sys
import warnings

import torch

from ..framework._shared import clone_function
from .amp_lists import black_list, white_list

# modules whose white-list entry points read a module global ``_amp`` (None = AMP off)
_HOOKED_MODULES = (
    "paddle_compat._core.tensor",
    "paddle_compat.tensor.linalg",
    "paddle_compat.tensor.einsum",
    "paddle_compat.nn.functional.common",
    "paddle_compat.nn.functional.conv",
    "paddle_compat.nn.functional.pooling",
)

_g_amp_state_ = None  # the arguments of the innermost amp_guard, as Paddle's amp_state()
_current = None  # the active _AmpState (None: AMP off)


def amp_state():
    return _g_amp_state_


class AMPGlobalState:
    def __init__(self):
        self.model_parameters = []
        self.use_master_grad = False
        self.already_register_final_backward_hook = False
        self.amp_dtype = "float32"


_amp_global_state = AMPGlobalState()


def amp_global_state():
    return _amp_global_state


_FLOATS = (torch.float32, torch.float16, torch.bfloat16)


class _AmpState:
    """What an op needs to know to cast its inputs: level, dtype, op lists, use_promote."""

    __slots__ = ("level", "dtype", "dtype_name", "white", "black", "use_promote")

    def __init__(self, level, dtype_name, white, black, use_promote):
        self.level = level
        self.dtype_name = dtype_name
        self.dtype = torch.float16 if dtype_name == "float16" else torch.bfloat16
        self.white, self.black = _canonical_lists(white, black)
        self.use_promote = use_promote if level == "O2" else True

    def dest(self, op, tensors):
        """The dtype Paddle's tracer casts floating inputs of ``op`` to (torch dtype)."""
        if self.use_promote:
            if op in self.white:
                return torch.float32 if self.level == "OD" else self.dtype
            if op in self.black or self.level == "OD":
                return torch.float32
            for t in tensors:
                if t.dtype is torch.float32:
                    return torch.float32
            return self.dtype
        if op in self.black:
            return torch.float32
        return self.dtype

    @staticmethod
    def castable(*tensors):
        """True if AMP casting makes these operands one floating dtype (it casts floating operands only)."""
        for t in tensors:
            if t.dtype not in _FLOATS:
                return False
        return True

    def cast(self, op, *tensors):
        """``tensors`` (torch tensors or None) cast as Paddle's tracer casts the inputs of ``op``."""
        present = [t for t in tensors if t is not None]
        dst = self.dest(op, present)
        return tuple(t.to(dst) if t is not None and t.dtype is not dst and t.dtype in _FLOATS else t for t in tensors)


# Paddle names some ops twice (legacy and phi names); the lists use both, user lists either
_ALIASES = {"matmul": "matmul_v2", "add": "elementwise_add", "sum": "reduce_sum", "lookup_table": "lookup_table_v2"}


def _canonical(names):
    return {_ALIASES.get(n, n) for n in names}


def _update_list(custom_white_list, custom_black_list, level="O1", dtype="float16"):
    if level == "O0":
        return set(), set()
    _white = set(white_list()[dtype][level])
    _black = set(black_list()[dtype][level])
    if custom_white_list and custom_black_list:
        for op_name in custom_white_list:
            if op_name in custom_black_list:
                raise ValueError("Custom white list overlap custom black list")
    if custom_white_list:
        for op_name in custom_white_list:
            _black.discard(op_name)
            _white.add(op_name)
    if custom_black_list:
        for op_name in custom_black_list:
            _white.discard(op_name)
            _black.add(op_name)
    return _white, _black


def _canonical_lists(white, black):
    """The lists by one name per op; an op black-listed under either of its names is black."""
    black = _canonical(black)
    return _canonical(white) - black, black


def _cpu_amp_dtypes():
    """AMP dtypes the user opted in to on CPU (``PADDLE_COMPAT_CPU_AMP``): none by default, as real Paddle."""
    value = os.environ.get("PADDLE_COMPAT_CPU_AMP", "").strip().lower()
    if value in ("", "0", "false", "off", "no"):
        return ()
    if value in ("bfloat16", "bf16"):
        return ("bfloat16",)
    if value in ("float16", "fp16"):
        return ("float16",)
    return ("bfloat16", "float16")


def _place_str():
    from .._core import place

    device = place.get_device()
    return "Place(cpu)" if device == "cpu" else f"Place({device})"


def _on_gpu():
    from .._core import place

    return place.get_device() != "cpu"


def _install(state):
    """Point every hooked module's ``_amp`` global at ``state`` (None switches casting off)."""
    global _current
    _current = state
    for name in _HOOKED_MODULES:
        module = sys.modules.get(name)
        if module is None:
            __import__(name)
            module = sys.modules[name]
        module._amp = state


@contextlib.contextmanager
def amp_guard(
    enable=True, custom_white_list=None, custom_black_list=None, level="O1", dtype="float16", use_promote=True
):
    global _g_amp_state_
    amp_args = {
        "enable": enable, "custom_white_list": custom_white_list, "custom_black_list": custom_black_list,
        "level": level, "dtype": dtype, "use_promote": use_promote,
    }
    original_state = _g_amp_state_
    _g_amp_state_ = amp_args

    level = level.upper()
    if level not in ["O0", "OD", "O1", "O2"]:
        raise ValueError("level should be O0, OD, O1 or O2.")
    dtype = dtype.lower()
    if enable and dtype not in ["float16", "bfloat16"]:
        raise ValueError("If enable amp, dtype should be 'float16' or 'bfloat16'.")
    if enable and not _on_gpu():
        if dtype not in _cpu_amp_dtypes():
            warnings.warn(
                f"amp_guard can only be enabled on CUDAPlace, XPUPlace, and CustomPlace, current place is "
                f"{_place_str()}, so it makes no effect."
            )
            enable = False
    elif enable and dtype == "float16" and torch.cuda.get_device_capability()[0] < 7:
        major, minor = torch.cuda.get_device_capability()
        warnings.warn(
            "For float16, amp only support NVIDIA GPU with Compute Capability 7.0 or higher, current GPU is: "
            f"{torch.cuda.get_device_name()}, with Compute Capability: {major}.{minor}."
        )
        enable = False
    elif enable and dtype == "bfloat16" and not torch.cuda.is_bf16_supported():
        major, minor = torch.cuda.get_device_capability()
        warnings.warn(
            "For bfloat16, amp only support NVIDIA GPU with Compute Capability 8.0 or higher and CUDA Version 11.0 "
            f"or higher, current GPU is: {torch.cuda.get_device_name()}, with Compute Capability: {major}.{minor}, "
            f"current CUDA Version is: {torch.version.cuda}."
        )
        enable = False
    # Paddle records the dtype even when AMP ends up disabled (GradScaler.scale reads it) and never restores it
    _amp_global_state.amp_dtype = dtype

    white, black = _update_list(custom_white_list, custom_black_list, level, dtype)
    state = _AmpState(level, dtype, white, black, use_promote) if enable and level != "O0" else None
    previous = _current
    _install(state)
    try:
        if state is not None and not _mode_active():
            with _CastMode():
                yield
        else:  # a disabled guard (or a nested one) only switches _current: the outer mode reads it
            yield
    finally:
        _g_amp_state_ = original_state
        _install(previous)


def _mode_active():
    return any(isinstance(m, _CastMode) for m in torch.overrides._get_current_function_mode_stack())


def auto_cast(
    enable=True, custom_white_list=None, custom_black_list=None, level="O1", dtype="float16", use_promote=True
):
    return amp_guard(enable, custom_white_list, custom_black_list, level.upper(), dtype, use_promote)


# --- casting of ops other than the white-list entry points ----------------------------------------------------
def _torch_black_ops():
    """torch functions our ops are built on, by the Paddle op name they implement."""
    import torch.nn.functional as F  # noqa: N812

    T = torch.Tensor  # noqa: N806
    table = {
        "tan": (torch.tan, T.tan), "acos": (torch.acos, T.acos), "asin": (torch.asin, T.asin),
        "sinh": (torch.sinh, T.sinh), "cosh": (torch.cosh, T.cosh), "atanh": (torch.atanh, T.atanh),
        "erfinv": (torch.erfinv, T.erfinv), "exp": (torch.exp, T.exp), "expm1": (torch.expm1, T.expm1),
        "log": (torch.log, T.log), "log10": (torch.log10, T.log10), "log2": (torch.log2, T.log2),
        "reciprocal": (torch.reciprocal, T.reciprocal), "rsqrt": (torch.rsqrt, T.rsqrt),
        "pow": (torch.pow, T.pow, T.__pow__), "square": (torch.square, T.square),
        "reduce_sum": (torch.sum, T.sum), "mean": (torch.mean, T.mean), "reduce_mean": (torch.mean, T.mean),
        "reduce_prod": (torch.prod, T.prod), "cumprod": (torch.cumprod, T.cumprod),
        "cumsum": (torch.cumsum, T.cumsum), "dist": (torch.dist,), "pnorm": (torch.norm, torch.linalg.vector_norm),
        "frobenius_norm": (torch.linalg.matrix_norm,), "renorm": (torch.renorm, T.renorm),
        "group_norm": (torch.group_norm, F.group_norm), "layer_norm": (torch.layer_norm, F.layer_norm),
        "softmax": (torch.softmax, T.softmax, F.softmax), "softmin": (F.softmin,), "softplus": (F.softplus,),
        "log_softmax": (torch.log_softmax, T.log_softmax, F.log_softmax),
        "cross_entropy": (F.cross_entropy,), "nll_loss": (F.nll_loss,), "huber_loss": (F.huber_loss,),
        "sigmoid_cross_entropy_with_logits": (F.binary_cross_entropy_with_logits,),
        "triplet_margin_loss": (F.triplet_margin_loss,),
        "linear_interp_v2": (), "nearest_interp_v2": (), "bilinear_interp_v2": (), "bicubic_interp_v2": (),
        "trilinear_interp_v2": (), "lookup_table_v2": (F.embedding, torch.embedding),
    }
    by_func = {}
    for op, funcs in table.items():
        for f in funcs:
            by_func.setdefault(f, op)
    by_func[F.interpolate] = "bilinear_interp_v2"
    return by_func


_BY_FUNC = None


class _CastMode(torch.overrides.TorchFunctionMode):
    """Casts the floating tensor arguments of torch calls as Paddle casts the op they implement (black list,
    custom lists, O2 without promotion). Exists only while AMP is on."""

    def __init__(self):
        super().__init__()
        global _BY_FUNC
        if _BY_FUNC is None:
            _BY_FUNC = _torch_black_ops()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        state = _current
        if state is None:
            return func(*args, **kwargs)
        op = _BY_FUNC.get(func)
        if op is not None and (op in state.black or op in state.white):
            dst = state.dtype if op in state.white else torch.float32
        elif op is None and not state.use_promote and func not in _NEVER_CAST:
            dst = state.dtype
        else:
            return func(*args, **kwargs)
        args = tuple(_cast_arg(a, dst) for a in args)
        if kwargs:
            kwargs = {k: _cast_arg(v, dst) for k, v in kwargs.items()}
        return func(*args, **kwargs)


_NEVER_CAST = {torch.Tensor.to, torch.Tensor.float, torch.Tensor.half, torch.Tensor.bfloat16, torch.Tensor.type,
               torch.Tensor.copy_, torch.Tensor.double, torch.Tensor.long, torch.Tensor.int, torch.Tensor.bool}


def _cast_arg(a, dst):
    if isinstance(a, torch.Tensor):
        return a.to(dst) if a.dtype is not dst and a.dtype in _FLOATS else a
    if isinstance(a, (list, tuple)) and a and isinstance(a[0], torch.Tensor):
        return type(a)(_cast_arg(x, dst) for x in a)
    return a


# --- decorate ------------------------------------------------------------------------------------------------
def _need_keep_fp32(layer, dtype):
    from .. import nn

    if not getattr(layer, "_cast_to_low_precison", True):
        return True
    if isinstance(layer, (nn.BatchNorm, nn.BatchNorm1D, nn.BatchNorm2D, nn.BatchNorm3D, nn.SyncBatchNorm)):
        return True
    if getattr(layer, "_dtype", None) == "float16":
        return True
    return dtype == "float16" and isinstance(
        layer, (nn.LayerNorm, nn.InstanceNorm1D, nn.InstanceNorm2D, nn.InstanceNorm3D)
    )


def _set_excluded_layers(models, excluded_layers):
    from .. import nn

    instances, types = [], []
    error_message = "excluded_layers must be either a nn.Layer instance/type or a list of nn.Layer instances/types."
    if excluded_layers is None:
        pass
    elif isinstance(excluded_layers, nn.Layer):
        instances = [excluded_layers]
    elif isinstance(excluded_layers, type) and issubclass(excluded_layers, nn.Layer):
        types = [excluded_layers]
    elif isinstance(excluded_layers, list):
        for item in excluded_layers:
            if isinstance(item, nn.Layer):
                instances.append(item)
            elif isinstance(item, type) and issubclass(item, nn.Layer):
                types.append(item)
            else:
                raise TypeError(error_message)
    else:
        raise TypeError(error_message)
    for inst in instances:
        for layer in inst.sublayers(include_self=True):
            layer._cast_to_low_precison = False
    types = tuple(types)
    for model in models:
        for layer in model.sublayers(include_self=True):
            if isinstance(layer, types):
                layer._cast_to_low_precison = False


class StateDictHook:
    def __init__(self, save_dtype):
        self._save_dtype = save_dtype

    def __call__(self, state_dict):
        from .. import cast, is_floating_point

        for key in state_dict:
            param = state_dict[key]
            if is_floating_point(param):
                applied = cast(param, self._save_dtype)
                applied.name = param.name
                state_dict[key] = applied


def _one_or_list(value, cls, kind):
    """(whether ``value`` was a list, its items as a list) for a ``cls`` instance or a list of them."""
    if isinstance(value, cls):
        return False, [value]
    if isinstance(value, list):
        return True, value
    raise TypeError(f"{kind}s must be either a single {kind} or a list of {kind}s.")


def amp_decorate(
    models,
    optimizers=None,
    level="O1",
    dtype="float16",
    master_weight=None,
    save_dtype=None,
    master_grad=False,
    excluded_layers=None,
):
    from .. import DataParallel, nn
    from ..optimizer import Optimizer

    if level not in ["O1", "O2"]:
        raise ValueError(
            "level should be O1 or O2, O1 represent AMP train mode, O2 represent Pure fp16 train mode."
        )
    if dtype not in ["float16", "bfloat16"]:
        raise ValueError("dtype only support float16 or bfloat16.")
    if level == "O1":
        return models if optimizers is None else (models, optimizers)
    # Paddle returns its arguments untouched where AMP is unavailable (a CPU place); so do we unless opted in
    if (not _on_gpu() and dtype not in _cpu_amp_dtypes()) or (
        _on_gpu() and dtype == "bfloat16" and not torch.cuda.is_bf16_supported()
    ):
        return models if optimizers is None else (models, optimizers)

    models_is_list, models = _one_or_list(models, nn.Layer, "model")
    for model in models:
        if not isinstance(model, nn.Layer):
            raise RuntimeError(
                f"Current train mode is pure fp16, models should be paddle.nn.Layer, but receive {type(model)}."
            )
        if isinstance(model, DataParallel):
            raise RuntimeError(
                "For distributed AMP training, you should first use paddle.amp.decorate() to decotate origin "
                "model, and then call paddle.DataParallel get distributed model."
            )
    _set_excluded_layers(models, excluded_layers)
    for model in models:
        for layer in model.sublayers(include_self=True):
            if not _need_keep_fp32(layer, dtype):
                layer._to_impl(dtype=dtype, include_sublayers=False, floating_only=True)

    if optimizers is not None:
        optimizers_is_list, optimizers = _one_or_list(optimizers, Optimizer, "optimizer")
        for opt in optimizers:
            if not isinstance(opt, Optimizer):
                raise RuntimeError(
                    "Current train mode is pure fp16, optimizers should be paddle.optimizer.Optimizer or "
                    f"DygraphShardingOptimizer, but receive {type(opt)}."
                )
        for opt in optimizers:
            if hasattr(opt, "_multi_precision"):
                opt._multi_precision = master_weight is not False
        if master_grad:
            raise NotImplementedError("paddle.amp.decorate(master_grad=True) is not supported by paddle-compat.")

    if save_dtype is not None:
        if save_dtype not in ["float16", "bfloat16", "float32", "float64"]:
            raise ValueError(
                f"save_dtype can only be float16 float32 or float64, but your input save_dtype is {save_dtype}."
            )
        for model in models:
            for layer in model.sublayers(include_self=True):
                layer.register_state_dict_hook(StateDictHook(save_dtype))

    if optimizers is None:
        return models if models_is_list else models[0]
    out_models = models if models_is_list else models[0]
    return out_models, (optimizers if optimizers_is_list else optimizers[0])


# Paddle's decorate forwards to amp_decorate with the same signature: the same code under its own name
decorate = clone_function(amp_decorate, "decorate")
