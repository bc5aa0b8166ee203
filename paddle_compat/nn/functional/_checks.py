"""Paddle 2.6.2's argument rules for ``paddle.nn.functional``: the CPU kernels it composes, declared into the
shared op table (``paddle_compat._core.op_table``), and the checks/error builders the functional modules share.

``KERNEL_DTYPES``: the dtypes each CPU kernel is registered for, probed on real Paddle 2.6.2 (every other dtype
raises RuntimeError ``(NotFound) The kernel with key ... is not registered``; the probe is replayed by
tests/nn/test_badinput_functional.py from its oracle golden). Kernels the op table already knows (``subtract``,
``multiply``, ``add``, ``sqrt``, ``square``, ``sigmoid``, ``tanh``...) are taken from it, not redeclared. Call sites
test ``t.dtype not in OK[kernel]`` (one frozenset lookup) and build the error only when it fails; every builder
RETURNS the exception so a hot path pays nothing until something is wrong.
"""

import sys

import torch

from ..._core import Tensor as _Tensor
from ..._core import errors as _errors
from ..._core import op_table as _op_table

__all__ = []

KERNEL_DTYPES = {
    # activations
    "relu": "float64 float32", "relu6": "float64 float32", "elu": "float64 float32", "selu": "float64 float32",
    "gelu": "float64 float32", "hard_shrink": "float64 float32", "hardtanh": "float64 float32",
    "hardsigmoid": "float64 float32", "leaky_relu": "float64 float32", "celu": "float64 float32",
    "mish": "float64 float32", "swish": "float64 float32", "softshrink": "float64 float32",
    "tanh_shrink": "float64 float32", "thresholded_relu": "float64 float32", "softmax": "float64 float32",
    "log_softmax": "float64 float32", "gumbel_softmax": "float64 float32",
    "hardswish": "float64 complex128 float32 complex64", "logsigmoid": "float64 complex128 float32 complex64",
    "silu": "float64 complex128 float32 complex64", "softplus": "float64 complex128 float32 complex64",
    "softsign": "float64 complex128 float32 complex64", "prelu": "float64 float32", "maxout": "float64 float32",
    "rrelu": "float64 float16 float32",
    "split_with_num": "float64 float16 float32 int32 uint8 bfloat16 bool int64 int8",
    # common / norm / pooling / vision
    "dropout": "float64 float32 bfloat16", "pool2d": "float64 float32", "pool3d": "float64 float32",
    "max_pool2d_with_index": "float64 float32", "max_pool3d_with_index": "float64 float32",
    "pixel_shuffle": "float64 float32", "channel_shuffle": "float64 float32", "p_norm": "float64 float32",
    "instance_norm": "float64 float32", "layer_norm": "float64 float32", "unfold": "float64 float32",
    "pad3d": "int32 int64 float64 complex128 float32 complex64",
    "nearest_interp": "int64 float64 float16 float32 int32 uint8 bfloat16",
    "bilinear_interp": "float64 float16 float32 uint8 bfloat16", "bicubic_interp": "float64 float16 float32 bfloat16",
    "conv2d": "float64 float32", "conv3d": "float64 float32", "conv2d_transpose": "float64 float32",
    "conv3d_transpose": "float64 float32", "matmul": "int32 int64 float64 complex128 float32 complex64",
    "embedding": "float64 float16 float32 bfloat16 int8", "one_hot": "int64 int32",
    # losses
    "log_loss": "float32", "bce_loss": "float64 float32", "sigmoid_cross_entropy_with_logits": "float64 float32",
    "cross_entropy_with_softmax": "float64 float32", "kldiv_loss": "float64 float32", "huber_loss": "float64 float32",
    "nll_loss": "float64 float32", "mean_all": "float64 complex128 float32 complex64 bfloat16",
}
# kernels of the op table itself that the functionals compose
_FROM_TABLE = ("sigmoid", "tanh", "subtract", "multiply", "add", "sqrt", "square")

_TOKEN = {d: tok for tok, d in _op_table._ABBREV.items()}
for _name, _names in KERNEL_DTYPES.items():
    if _name not in _op_table.OPS:
        _op_table.declare(_name, " ".join(_TOKEN[getattr(torch, n)] for n in _names.split()))

OK = {name: _op_table.OPS[name].dtypes for name in (*KERNEL_DTYPES, *_FROM_TABLE)}
kernel_error = _op_table.kernel_error
dtype_mismatch = _errors.dtype_mismatch
broadcast_mismatch = _errors.broadcast_mismatch
empty_meta = _errors.empty_meta


def dtype_name(d):
    return _errors.dtype_name(d)


_LOW = frozenset({torch.float16, torch.bfloat16})


def _amp_low_precision(dtype):
    """True when float16/bfloat16 kernels count as present: paddle.amp's auto_cast is on (it casts the op's inputs
    later, in torch) or the user opted in to AMP on CPU (PADDLE_COMPAT_CPU_AMP, emulating an accelerator)."""
    if dtype not in _LOW:
        return False
    amp = sys.modules.get("paddle_compat.amp.auto_cast")
    return amp is not None and (amp._current is not None or dtype_name(dtype) in amp._cpu_amp_dtypes())


def refuse(kernel, dtype):
    """Raise Paddle's NotFound RuntimeError for ``kernel`` on ``dtype`` (not for AMP's low-precision dtypes)."""
    if not _amp_low_precision(dtype):
        raise kernel_error(kernel, dtype)


def check_kernel(kernel, t):
    """Raise Paddle's NotFound RuntimeError when ``kernel`` has no CPU kernel for ``t``'s dtype."""
    if t.dtype not in OK[kernel]:
        refuse(kernel, t.dtype)


_FLOATING = frozenset({torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64, torch.complex128})


def elementwise(kernel, x, y):
    """Paddle 2.6's eager elementwise binary kernels (``subtract``, ``multiply``...): equal dtypes need a registered
    kernel; two floating/complex dtypes are promoted; any other pair runs the kernel of y's dtype, which then fails
    reading x (ValueError), unless that kernel is not registered (RuntimeError). Probed on the oracle."""
    dx, dy = x.dtype, y.dtype
    if dx is dy:
        if dx not in OK[kernel]:
            refuse(kernel, dx)
    elif dx in _FLOATING and dy in _FLOATING:
        _op_table.promote(kernel, dx, dy)  # the op table's float/complex promotion, or Paddle's error for the pair
    else:
        if dy not in OK[kernel]:
            refuse(kernel, dy)
        raise dtype_mismatch(dx, dy)


def keyed(kernel, x, y, key):
    """A two-input kernel whose dtype is chosen by one input (``key``: x or y, both torch tensors) and that reads the
    other at that dtype: NotFound RuntimeError for an unregistered key dtype, ValueError for a mismatched other."""
    if key is y and x.dtype.is_complex:  # a complex input decides the kernel of a label-keyed one
        key = x
    if key.dtype not in OK[kernel]:
        refuse(kernel, key.dtype)
    if x.dtype is not y.dtype and not (_amp_low_precision(x.dtype) or _amp_low_precision(y.dtype)):
        raise dtype_mismatch(x.dtype, y.dtype)


def not_tensor(api, arg, pos, value):
    """ValueError: a Tensor argument of a C++ op got something else (Paddle's pybind argument parser)."""
    got = "None" if value is None else type(value).__name__
    return ValueError(f"(InvalidArgument) {api}(): argument '{arg}' (position {pos}) must be Tensor, but got {got}")


def tensor_of(api, arg, pos, value):
    """``value._t``, or Paddle's not-a-Tensor ValueError naming the argument."""
    try:
        return value._t
    except AttributeError:
        raise not_tensor(api, arg, pos, value) from None


def convert_to_list(value, n, name):
    """Paddle's ``convert_to_list`` of an int-list argument (kernel sizes, strides...), plus the C op's ``list of
    int`` check that follows it: an int -> ``[value] * n``; else a sequence of n ints, or ValueError naming ``name``.
    A Tensor element fails Paddle's assertion (AssertionError)."""
    if isinstance(value, int):
        return [int(value)] * n
    try:
        values = list(value)
    except TypeError:
        raise ValueError(f"The {name}'s type must be list or tuple. Received: {value}") from None
    if len(values) != n:
        raise ValueError(f"The {name}'s length must be {n}. Received: {value}")
    out = []
    for v in values:
        if isinstance(v, _Tensor):
            raise AssertionError("Required numerical type with '<class 'int'>', but received Tensor.")
        if isinstance(v, int):
            out.append(int(v))
            continue
        if isinstance(v, torch.SymInt):  # traced by torch.compile (to_static) with dynamic shapes
            out.append(v)
            continue
        import numpy as np

        if isinstance(v, np.integer):
            out.append(int(v))
            continue
        raise _errors.invalid_argument(f"The {name}'s type must be a list or tuple of {n} <class 'int'> . Received: "
                                       f"{value} including element {v} of type {type(v)}")
    return out


def explicit_padding(padding, nd, channel_last, invalid):
    """Paddle's ``_update_padding_nd`` for a numeric padding of an ``nd``-D conv/pool: an int, a list of ``nd``,
    ``2 * nd`` ints or ``nd + 2`` pairs (zero on batch and channels), or a Tensor of those ->
    ``[before_0, after_0, before_1, after_1, ...]``; ``invalid`` is the module's message for other lengths."""
    if isinstance(padding, _Tensor):
        padding = padding._t.tolist()
    if isinstance(padding, (list, tuple)):
        if len(padding) == nd + 2 and isinstance(padding[0], (list, tuple)):
            bc = (padding[0], padding[-1]) if channel_last else (padding[0], padding[1])
            if list(bc[0]) != [0, 0] or list(bc[1]) != [0, 0]:
                raise ValueError(f"Non-zero padding({padding}) in the batch or channel dimensions is not supported.")
            spatial = padding[1:-1] if channel_last else padding[2:]
            return [e for pair in spatial for e in convert_to_list(pair, 2, "padding")]
        if len(padding) == 2 * nd and isinstance(padding[0], int):
            return convert_to_list(padding, 2 * nd, "padding")
        if len(padding) != nd or not isinstance(padding[0], int):
            raise ValueError(f"{invalid}: {padding}")
    return [e for e in convert_to_list(padding, nd, "padding") for _ in (0, 1)]


def named(function, name):
    """``function`` (built by a factory of this package) under its public name."""
    function.__name__ = function.__qualname__ = name
    return function


def read_tensor(value, attr="shape"):
    """``value._t`` where Paddle's Python code reads ``value.<attr>`` first: AttributeError as Paddle's."""
    try:
        return value._t
    except AttributeError:
        raise AttributeError(f"'{type(value).__name__}' object has no attribute '{attr}'") from None


def attr_type(api, pos, expected, value):
    """ValueError: an attribute of a C++ op has the wrong Python type (Paddle's pybind parser's words)."""
    return ValueError(
        f"(InvalidArgument) {api}(): argument (position {pos}) must be {expected}, but got {type(value).__name__}")


def float_attr(api, pos, value):
    """A ``double`` attribute as Paddle's parser takes it: Python/numpy numbers (bool included), else ValueError."""
    try:
        return float(value)
    except (TypeError, ValueError):
        raise attr_type(api, pos, "double", value) from None


def int_attr(api, pos, value):
    """An ``int`` attribute as Paddle's parser takes it (bool is an int there; floats, lists... are not)."""
    if isinstance(value, int):
        return int(value)
    import numpy as np

    if isinstance(value, np.integer):
        return int(value)
    raise attr_type(api, pos, "int", value)


def axis_range(rank, axis):
    """ValueError of softmax-like kernels for an axis outside [-R, R-1]."""
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise ValueError("(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R is the rank of "
                         f"Input(X). But received axis: {axis}, R: {rank}.")


def empty_reduce():
    """ValueError: Paddle's mean/sum reduction kernels refuse a 0-size input."""
    return ValueError("(InvalidArgument) Tensor need be reduced must not empty.")
