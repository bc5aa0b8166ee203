"""``paddle.amp.debugging``: numerics checks and operator statistics (Paddle 2.6.2 behaviour on CPU).

``check_numerics`` reproduces Paddle's kernel: stats ``[num_nan, num_inf, num_zero]`` (int64), values
``[max, min, mean]`` (float32; max/min ignore NaNs), the ``[PRECISION]`` line it prints, and the abort error.
The tensor checker and the operator statistics watch the torch calls our ops make (a torch function mode that
exists only while they are on), so the operator names they report are torch's, not Paddle's kernel names.
"""

import contextlib
import random
import sys
from enum import Enum

import numpy as np
import torch

__all__ = [
    "DebugMode",
    "TensorCheckerConfig",
    "check_numerics",
    "enable_operator_stats_collection",
    "disable_operator_stats_collection",
    "collect_operator_stats",
    "enable_tensor_checker",
    "disable_tensor_checker",
    "compare_accuracy",
    "check_layer_numerics",
]


def __getattr__(name):
    # names Paddle's module imports for its static branch, reached as paddle.amp.debugging.<name>
    if name in ("LayerHelper", "in_dynamic_or_pir_mode"):
        from .. import framework

        return getattr(framework, name)
    raise AttributeError(f"module 'paddle.amp.debugging' has no attribute '{name}'")


class DebugMode(Enum):
    CHECK_NAN_INF_AND_ABORT = 0
    CHECK_NAN_INF = 1
    CHECK_ALL_FOR_OVERFLOW = 2
    CHECK_ALL = 3


_DTYPE_TAGS = {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16", torch.float64: "fp64",
               torch.complex64: "complex64", torch.complex128: "complex128"}


def _stats(t):
    """(num_nan, num_inf, num_zero, max, min, mean) as Paddle's check_numerics kernel counts them."""
    if t.is_complex():
        t = torch.view_as_real(t)
    wide = t.detach().to(torch.float64)
    nan = torch.isnan(wide)
    num_nan = int(nan.sum())
    num_inf = int(torch.isinf(wide).sum())
    num_zero = int((wide == 0).sum())
    finite_or_inf = wide[~nan]
    if finite_or_inf.numel():
        vmax, vmin = float(finite_or_inf.max()), float(finite_or_inf.min())
    else:
        vmax = vmin = float("nan")
    mean = float(wide.mean()) if wide.numel() else float("nan")
    return num_nan, num_inf, num_zero, vmax, vmin, mean


def _check(t, op_type, var_name, level):
    """Print Paddle's [PRECISION] line where Paddle prints it; raise on NaN/Inf at level 0. Returns the stats."""
    num_nan, num_inf, num_zero, vmax, vmin, mean = s = _stats(t)
    where = (f"[device={'cpu' if t.device.type == 'cpu' else 'gpu:%d' % (t.device.index or 0)}, op={op_type}, "
             f"tensor={var_name}, dtype={_DTYPE_TAGS.get(t.dtype, str(t.dtype))}]")
    bad = num_nan or num_inf
    if bad:
        print(f"[PRECISION] [ERROR] in {where}, numel={t.numel()}, num_nan={num_nan}, num_inf={num_inf}, "
              f"num_zero={num_zero}, max={vmax:e}, min={vmin:e}, mean={mean:e}")
    elif level == DebugMode.CHECK_ALL.value:
        print(f"[PRECISION] in {where}, numel={t.numel()}, num_zero={num_zero}, max={vmax:e}, min={vmin:e}, "
              f"mean={mean:e}")
    sys.stdout.flush()
    if bad and level == DebugMode.CHECK_NAN_INF_AND_ABORT.value:
        raise RuntimeError(
            f"(PreconditionNotMet) There are NAN or INF (num_nan={num_nan}, num_inf={num_inf}, "
            f"num_zero={num_zero}) in {where}."
        )
    return s


def check_numerics(tensor, op_type, var_name, debug_mode=DebugMode.CHECK_NAN_INF_AND_ABORT):
    from .._core import wrap

    t = tensor._t
    if not (t.is_floating_point() or t.is_complex()):
        from .._core import errors

        raise errors.kernel_not_registered("check_numerics", t.dtype)
    num_nan, num_inf, num_zero, vmax, vmin, mean = _check(t, op_type, var_name, debug_mode.value)
    stats = wrap(torch.tensor([num_nan, num_inf, num_zero], dtype=torch.int64))
    values = wrap(torch.tensor([vmax, vmin, mean], dtype=torch.float64).to(torch.float32))
    return stats, values


# --- watching torch calls ------------------------------------------------------------------------------------
class _WatchMode(torch.overrides.TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        name = getattr(func, "__name__", str(func))
        if name.startswith("__") and name not in ("__add__", "__mul__", "__sub__", "__truediv__", "__matmul__"):
            return out
        if _stats_counts is not None:
            _count(name, out)
        if _checker_level is not None:
            for t in (out if isinstance(out, (tuple, list)) else (out,)):
                if isinstance(t, torch.Tensor) and (t.is_floating_point() or t.is_complex()) and t.numel():
                    _check_quiet(t, name)
        return out


def _check_quiet(t, name):
    if (_checked_op_list is not None and name not in _checked_op_list) or (
        _skipped_op_list is not None and name in _skipped_op_list
    ):
        return
    if bool(torch.isfinite(t).all()) and _checker_level != DebugMode.CHECK_ALL.value:
        return
    _check(t, name, "", _checker_level)  # inside __torch_function__ the mode is already off


_COLUMNS = {torch.float16: 0, torch.bfloat16: 1, torch.float32: 2}


def _count(name, out):
    first = out[0] if isinstance(out, (tuple, list)) and out else out
    col = _COLUMNS.get(first.dtype, 3) if isinstance(first, torch.Tensor) else 3
    row = _stats_counts.setdefault(name, [0, 0, 0, 0])
    row[col] += 1


_mode = None
_stats_counts = None
_checker_level = None


def _watch(on):
    global _mode
    if on and _mode is None:
        _mode = _WatchMode()
        _mode.__enter__()
    elif not on and _mode is not None and _stats_counts is None and _checker_level is None:
        _mode.__exit__(None, None, None)
        _mode = None


def _print_operator_stats(op_count_dict):
    print("<{:-^120}>".format(" op list "))
    total_ops = 0
    print(
        "<{:-^40}".format(" Op Name "), "|", "{:-^17}".format(" FP16 Calls "), "|", "{:-^17}".format(" BF16 Calls "),
        "|", "{:-^17}".format(" FP32 Calls"), "|", "{:-^17}>".format(" Other Calls "),
    )
    if op_count_dict is not None and isinstance(op_count_dict, dict):
        for op_type in sorted(op_count_dict):
            value = op_count_dict[op_type]
            if isinstance(value, list):
                called = value
            elif isinstance(value, str):
                called = value.split(",")
            else:
                raise ValueError(f"Input {value} is expected to be a list of str, but recieved {type(value)}.")
            print("  %-40s|  %-17s|  %-17s|  %-17s|  %-17s" % (op_type, called[0], called[1], called[2], called[3]))
            total_ops += 1
    print("<{:-^120}>\n".format(" op count: " + str(total_ops) + " "))


def enable_operator_stats_collection():
    global _stats_counts
    _stats_counts = {}
    _watch(True)


def disable_operator_stats_collection():
    global _stats_counts
    if _stats_counts is None:
        return
    counts = {k: [str(c) for c in v] for k, v in _stats_counts.items()}
    _stats_counts = None
    _watch(False)
    _print_operator_stats(counts)


@contextlib.contextmanager
def collect_operator_stats():
    enable_operator_stats_collection()
    yield
    disable_operator_stats_collection()


_checked_op_list = None
_skipped_op_list = None


def _op_name_set(op_list, arg_name, current):
    if op_list is None:
        return current
    if not isinstance(op_list, (list, tuple)):
        raise ValueError(f"{arg_name} must be list or tuple")
    return set(op_list)


def set_checked_op_list(checked_op_list):
    """Ops the tensor checker looks at (names as the checker reports them); None keeps the current list."""
    global _checked_op_list
    _checked_op_list = _op_name_set(checked_op_list, "checked_op_list", _checked_op_list)


def set_skipped_op_list(skipped_op_list):
    """Ops the tensor checker skips; None keeps the current list."""
    global _skipped_op_list
    _skipped_op_list = _op_name_set(skipped_op_list, "skipped_op_list", _skipped_op_list)


class TensorCheckerConfig:
    current_step_id = 0

    def __init__(
        self,
        enable,
        debug_mode=DebugMode.CHECK_NAN_INF_AND_ABORT,
        output_dir=None,
        checked_op_list=None,
        skipped_op_list=None,
        debug_step=None,
        stack_height_limit=1,
    ):
        self.enable = enable
        self.debug_mode = debug_mode
        self.output_dir = output_dir
        self.checked_op_list = checked_op_list
        self.skipped_op_list = skipped_op_list
        self.debug_step = debug_step
        self.stack_height_limit = stack_height_limit
        self.start_step = None
        self.end_step = None
        self.seed = 123
        self.initial_seed = 123
        if debug_step is not None:
            if isinstance(debug_step, (tuple, list)):
                assert len(self.debug_step) == 2 and self.debug_step[1] > self.debug_step[0]
                self.start_step, self.end_step = self.debug_step
                self.start_step = max(self.start_step, 0)
            else:
                raise ValueError("debug_step must be list or tuple")
        self.initial_seed = torch.initial_seed()
        if self.debug_mode.name not in DebugMode.__members__:
            raise ValueError("debug_mode in DebugMode", self.debug_mode, DebugMode.__members__)
        set_checked_op_list(self.checked_op_list)
        set_skipped_op_list(self.skipped_op_list)
        if output_dir is not None:
            raise NotImplementedError(
                "paddle.amp.debugging.TensorCheckerConfig(output_dir=...): paddle-compat prints its reports and "
                "writes no dump files."
            )
        if self.enable:
            self._set_seed(self.enable)

    def _set_seed(self, flag):
        from .. import seed as paddle_seed

        if self.initial_seed != self.seed:
            self.seed = self.initial_seed
        if self.seed > np.iinfo(np.uint32).max or self.seed < 0:
            print("[Warnning: Seed must be between 0 and 2**32 - 1")
            self.seed = 123
        paddle_seed(self.seed)
        np.random.seed(self.seed)
        random.seed(self.seed)
        print("AMP Debugging TensorCheckerConfig: seed ", self.seed)
        if torch.cuda.is_available():
            torch.backends.cudnn.deterministic = bool(flag)
            print("AMP Debugging TensorCheckerConfig: FLAGS_cudnn_deterministic is ", flag)
        print("AMP Debugging TensorCheckerConfig: FLAGS_cpu_deterministic is ", flag)

    def update_and_check_step_id(self):
        if self.enable:
            if self.start_step is not None and self.end_step is not None:
                if self.start_step > TensorCheckerConfig.current_step_id or (
                    TensorCheckerConfig.current_step_id >= self.end_step
                ):
                    return False
                TensorCheckerConfig.current_step_id += 1
            return True
        return False

    def start_check_nan_inf(self):
        global _checker_level
        if self.enable:
            _checker_level = self.debug_mode.value
            _watch(True)

    def stop_check_nan_inf(self):
        disable_tensor_checker()


def enable_tensor_checker(checker_config):
    if checker_config.update_and_check_step_id():
        checker_config.start_check_nan_inf()
    else:
        checker_config.stop_check_nan_inf()


def disable_tensor_checker():
    global _checker_level
    _checker_level = None
    _watch(False)


def compare_accuracy(dump_path, another_dump_path, output_filename, loss_scale=1, dump_all_tensors=False):
    assert dump_all_tensors is False, "It is currently not supported."
    raise NotImplementedError(
        "paddle.amp.debugging.compare_accuracy compares the dump files Paddle's C++ tensor checker writes "
        "(TensorCheckerConfig(output_dir=...)); paddle-compat writes no such dumps."
    )


def check_layer_numerics(func):
    """Layer.forward decorator: every op inside the forward is checked for NaN/Inf (abort on the first)."""

    def wrapper(self, *args, **kwargs):
        from .._core import Tensor

        global _checker_level
        if not args:
            raise RuntimeError("No elements found in args.")
        if not isinstance(args[0], Tensor):
            raise RuntimeError("First input of this layer must be tensor.")
        args[0].stop_gradient = False
        previous = _checker_level
        _checker_level = DebugMode.CHECK_NAN_INF_AND_ABORT.value if previous is None else previous
        _watch(True)
        try:
            return func(self, *args, **kwargs)
        finally:
            _checker_level = previous
            _watch(False)

    return wrapper
