"""Tensor-with-Python-scalar arithmetic and linspace as Paddle 2.6.2's kernels compute them, on torch.

The audio helpers mix tensors with Python floats everywhere; Paddle's results differ from torch's default
ones in three places (all measured on the oracle), and float64 goldens see each of them:
* ``t + s``, ``s + t``, ``t - s``, ``s - t``, ``t ** s`` on a float64 ``t``: the scalar reaches the kernel
  as a float32 attribute;
* ``tensor / s``: the scale kernel multiplies by the reciprocal ``1 / s``;
* ``exp`` of float32: Eigen's vectorised ``pexp`` (Cephes polynomial, multiply and add rounded separately),
  which differs from torch's exp by one ulp in ~10% of points; filter-bank feet amplify that ulp;
* ``log`` / ``log10`` of float32: the C library's ``logf`` and ``log10f`` (exponent and mantissa split, see
  ``log10``). Measured on 20000 random inputs: torch's log10 misses Paddle's by one ulp in 845, these
  helpers in 9 (log: 14, where logf itself is not correctly rounded); exp: 0 (torch's: 5604);
* ``linspace``: start/stop are cast to the dtype, their difference is taken in that dtype, the step and
  every point in double, and the second half counts back from ``stop``.
"""

import torch

from ..._core import errors
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
    return errors.kernel_not_registered(kernel, d)


def type_mismatch(wanted, got):
    """Paddle's error when a kernel reads a tensor of one dtype as another."""
    return ValueError(
        f"(InvalidArgument) The type of data we are trying to retrieve ({dtype_name(wanted)}) does not match "
        f"the type of data ({dtype_name(got)})"
    )


_EXP_COEFFICIENTS = (1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1,
                     5.0000001201e-1)


def _with_torch_grad(value, t, reference):
    """``value`` (computed without autograd) carrying the gradient of ``reference(t)``: value + (r - r)
    is exactly value, and its derivative is reference's."""
    if t.requires_grad and torch.is_grad_enabled():
        r = reference(t)
        return value.detach() + (r - r.detach())
    return value


def _float32_as_paddle(t, paddle_kernel, reference):
    """float32: Paddle's own evaluation ``paddle_kernel`` (with ``reference``'s gradient); other dtypes:
    ``reference`` (torch's)."""
    if t.dtype is not torch.float32:
        return reference(t)
    with torch.no_grad():
        value = paddle_kernel(t)
    return _with_torch_grad(value, t, reference)


def exp(t):
    """Paddle's exp: for float32 the Cephes/Eigen evaluation (bitwise equal to the oracle on the measured
    inputs), for other dtypes torch's."""
    return _float32_as_paddle(t, _pexp, torch.exp)


def _pexp(t):
    p0, p1, p2, p3, p4, p5 = _EXP_COEFFICIENTS
    x = torch.clamp(t, -88.3762626647950, 88.3762626647949)
    m = torch.floor(x * 1.44269504088896341 + 0.5)  # x = m ln2 + r, ln2 split in two for exactness
    r = m * -0.693359375 + x
    r = m * 2.12194440e-4 + r
    r2 = r * r
    r3 = r2 * r
    y = r * p0 + p1
    y1 = r * p3 + p4
    y2 = r + 1.0
    y = y * r + p2
    y1 = y1 * r + p5
    y = y * r3 + y1
    y = y * r2 + y2
    return torch.maximum(torch.ldexp(y, m), t)


def log(t):
    """Paddle's log: float32 as the C library's logf (here: rounded from double), other dtypes torch's."""
    if t.dtype is not torch.float32:
        return torch.log(t)
    return torch.log(t.double()).float()


_LOG10_2HI = 3.0102920532e-01
_LOG10_2LO = 7.9034151668e-07
_INV_LN10 = 4.3429449201e-01


def log10(t):
    """Paddle's log10: for float32 glibc's log10f, which splits x = 2**k * m and sums
    ``k*log10(2)_lo + logf(m)/ln(10) + k*log10(2)_hi`` in float32; other dtypes torch's."""
    return _float32_as_paddle(t, _log10f, torch.log10)


def _log10f(t):
    bits = t.view(torch.int32)
    k = (bits >> 23) - 127
    negative_k = (k < 0).to(torch.int32)  # then m is taken in [0.5, 1) instead of [1, 2)
    mantissa = ((bits & 0x007FFFFF) | ((127 - negative_k) << 23)).view(torch.float32)
    y = (k + negative_k).to(torch.float32)
    z = y * _LOG10_2LO + log(mantissa) * _INV_LN10
    out = z + y * _LOG10_2HI
    normal = (t >= 1.1754943508222875e-38) & torch.isfinite(t)  # zeros, negatives, subnormals, inf, nan: torch
    return torch.where(normal, out, torch.log10(t))


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
