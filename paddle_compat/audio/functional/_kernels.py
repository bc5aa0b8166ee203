"""Tensor-with-Python-scalar arithmetic and linspace as Paddle 2.6.2's kernels compute them, on torch.

The audio helpers mix tensors with Python floats everywhere; Paddle's results differ from torch's default
ones in three places (all measured on the oracle), and float64 goldens see each of them:
* ``t + s``, ``s + t``, ``t - s``, ``s - t``, ``t ** s`` on a float64 ``t``: the scalar reaches the kernel
  as a float32 attribute;
* ``tensor / s``: the scale kernel multiplies by the reciprocal ``1 / s``;
* ``linspace``: start/stop are cast to the dtype, their difference is taken in that dtype, the step and
  every point in double, and the second half counts back from ``stop``.
"""

import torch

from ..._core.dtypes import dtype_name
from ..._core.tensor import _f32

_ROUNDS_SCALAR = (torch.float64, torch.complex128)


def attr_scalar(t, value):
    """``value`` as Paddle hands it to the add/subtract/pow kernels of ``t``."""
    if t.dtype in _ROUNDS_SCALAR and type(value) is float:
        return _f32(value)
    return value


def add_scalar(t, value):
    return torch.add(t, attr_scalar(t, value))


def sub_scalar(t, value):
    return torch.sub(t, attr_scalar(t, value))


def rsub_scalar(value, t):
    return torch.rsub(t, attr_scalar(t, value))


def pow_scalar(t, value):
    return torch.pow(t, attr_scalar(t, value))


def div_scalar(t, value):
    return torch.mul(t, 1.0 / value)


def rdiv_scalar(value, t):
    """``value / t``: Paddle fills a tensor with the scalar and divides (torch's ``s / t`` multiplies the
    reciprocal, which rounds differently)."""
    return torch.div(torch.full((), value, dtype=t.dtype), t)


FLOATS = (torch.float32, torch.float64)
HALF = (torch.float16, torch.bfloat16)


def not_registered(d, kernel):
    """Paddle's error for a kernel without a CPU implementation for dtype ``d``."""
    return RuntimeError(
        f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {dtype_name(d)}) of kernel `{kernel}` is "
        "not registered."
    )


def type_mismatch(wanted, got):
    """Paddle's error when a kernel reads a tensor of one dtype as another."""
    return ValueError(
        f"(InvalidArgument) The type of data we are trying to retrieve ({dtype_name(wanted)}) does not match "
        f"the type of data ({dtype_name(got)})"
    )


def arange(start, stop, d):
    if d in HALF or d.is_complex:
        raise not_registered(d, "arange_tensor")
    return torch.arange(start, stop, dtype=d)


def linspace(start, stop, num, dtype):
    if dtype in HALF or dtype.is_complex:
        raise not_registered(dtype, "linspace")
    start = float(start)
    stop = float(stop)
    if num == 1:
        return torch.full((1,), start, dtype=dtype)
    ends = torch.tensor([start, stop], dtype=dtype)
    first, last = float(ends[0]), float(ends[1])
    step = float(ends[1] - ends[0]) / (num - 1)
    index = torch.arange(num, dtype=torch.float64)
    half = num // 2
    values = torch.empty(num, dtype=torch.float64)
    values[:half] = first + step * index[:half]
    values[half:] = last - step * (num - 1 - index[half:])
    return values.to(dtype)
