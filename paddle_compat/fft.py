"""``paddle.fft``: discrete Fourier transforms on ``torch.fft`` with Paddle's argument checks."""

from collections.abc import Sequence

import torch

from ._core import Tensor, errors, wrap
from ._core.dtypes import default_float

_NORMS = ("forward", "backward", "ortho")
_INTS = frozenset({torch.bool, torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64})
_REAL_OK = frozenset({torch.float32, torch.float64})
_CPLX_OK = frozenset({torch.complex64, torch.complex128})


def _check_norm(norm):
    if norm not in _NORMS:
        raise ValueError(f"Unexpected norm: {norm}. Norm should be forward, backward or ortho")


def _check_n(n):
    if not isinstance(n, int):
        raise ValueError(f"Invalid FFT argument n({n}), it shoule be an integer.")
    if n <= 0:
        raise ValueError(f"Invalid FFT argument n({n}), it should be positive.")


def _check_axis(t, axis):
    nd = t.dim()
    if not isinstance(axis, int):
        raise ValueError(f"Invalid FFT axis ({axis}), it shoule be an integer.")
    if axis < -nd or axis >= nd:
        raise ValueError(f"Invalid FFT axis ({axis}), it should be in range [-{nd}, {nd})")


def _check_shape(t, s):
    if not isinstance(s, Sequence):
        raise ValueError(f"Invaid FFT argument s({s}), it should be a sequence of integers.")
    if len(s) > t.dim():
        raise ValueError(
            "Length of FFT argument s should not be larger than the rank of input. "
            f"Received s: {s}, rank of x: {t.dim()}"
        )
    for size in s:
        if not isinstance(size, int) or size <= 0:
            raise ValueError(f"FFT sizes {s} contains invalid value ({size})")


def _check_axes(t, axes):
    nd = t.dim()
    if not isinstance(axes, Sequence):
        raise ValueError(f"Invalid FFT axes ({axes}), it should be a sequence of integers.")
    if len(axes) > nd:
        raise ValueError(
            "Length of fft axes should not be larger than the rank of input. "
            f"Received, len of axes: {len(axes)}, rank of x: {nd}"
        )
    for axis in axes:
        if not isinstance(axis, int) or axis < -nd or axis >= nd:
            raise ValueError(f"FFT axes {axes} contains invalid value ({axis}), it should be in range [-{nd}, {nd})")


def _bad(t, kernel):
    raise errors.kernel_not_registered(kernel, t.dtype)


def _complex_in(x):
    """Input of a c2c / c2r transform: ints -> complex of the default float, reals -> complex."""
    t = x._t
    if t.dtype in _INTS:
        t = t.to(torch.complex128 if default_float().torch is torch.float64 else torch.complex64)
    elif t.dtype in _REAL_OK:
        t = t.to(torch.complex64 if t.dtype is torch.float32 else torch.complex128)
    elif t.dtype not in _CPLX_OK:
        _bad(t, "fft_c2c")
    return t


def _real_in(x):
    t = x._t
    if t.dtype in _INTS:
        t = t.to(default_float().torch)
    elif t.dtype not in _REAL_OK:
        _bad(t, "fft_r2c")
    return t


def _in(kind, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"Expected Tensor, but received type of x: {type(x)}")
    if kind == "r2c":
        return _real_in(x)
    if kind == "c2r" and x._t.dtype in _INTS:  # Paddle 2.6.2 ends up in an unregistered float32 c2r kernel
        _bad(torch.empty((), dtype=default_float().torch), "fft_c2r")
    return _complex_in(x)


def _one(kind, fn, x, n, axis, norm):
    t = _in(kind, x)
    _check_norm(norm)
    axis = -1 if axis is None else axis
    _check_axis(t, axis)
    if n is not None:
        _check_n(n)
    return wrap(fn(t, n=n, dim=axis, norm=norm))


def _many(kind, fn, x, s, axes, norm):
    t = _in(kind, x)
    _check_norm(norm)
    if s is not None:
        _check_shape(t, s)
        s = list(s)
    if axes is None:
        axes = None if s is None else list(range(t.dim() - len(s), t.dim()))
    else:
        _check_axes(t, axes)
        axes = list(axes)
        if s is not None and len(s) != len(axes):
            raise ValueError(f"Length of s ({len(s)}) and length of axes ({len(axes)}) does not match.")
    return wrap(fn(t, s=s, dim=axes, norm=norm))


def _two(kind, fn, x, s, axes, norm):
    t = x._t
    if t.dim() < 2:
        raise ValueError(f"The rank of the input ({t.dim()}) should >= 2")
    if s is not None:
        if not isinstance(s, Sequence) or len(s) != 2:
            raise ValueError(f"Invalid FFT argument s ({s}), it should be a sequence of 2 integers.")
    if axes is not None:
        if not isinstance(axes, Sequence) or len(axes) != 2:
            raise ValueError(f"Invalid FFT argument axes ({axes}), it should be a sequence of 2 integers.")
    return _many(kind, fn, x, s, axes, norm)


def _family(api, kind):
    """``paddle.fft.<api>``, ``<api>n`` and ``<api>2`` on ``torch.fft.<api>`` / ``<api>n``; ``kind`` (c2c, r2c
    or c2r) is the input conversion and the kernel named in Paddle's errors."""
    one_dim, n_dim = getattr(torch.fft, api), getattr(torch.fft, api + "n")

    def transform(x, n=None, axis=-1, norm="backward", name=None):
        return _one(kind, one_dim, x, n, axis, norm)

    def transform_n(x, s=None, axes=None, norm="backward", name=None):
        return _many(kind, n_dim, x, s, axes, norm)

    def transform_2(x, s=None, axes=(-2, -1), norm="backward", name=None):
        return _two(kind, n_dim, x, s, axes, norm)

    for function, suffix in ((transform, ""), (transform_n, "n"), (transform_2, "2")):
        function.__name__ = function.__qualname__ = api + suffix
    return transform, transform_n, transform_2


fft, fftn, fft2 = _family("fft", "c2c")
ifft, ifftn, ifft2 = _family("ifft", "c2c")
rfft, rfftn, rfft2 = _family("rfft", "r2c")
irfft, irfftn, irfft2 = _family("irfft", "c2r")
hfft, hfftn, hfft2 = _family("hfft", "c2r")
ihfft, ihfftn, ihfft2 = _family("ihfft", "r2c")


def fftfreq(n, d=1.0, dtype=None, name=None):
    """Paddle 2.6 ignores ``dtype`` here and always uses the default float dtype."""
    if d * n == 0:
        raise ValueError("d or n should not be 0.")
    return wrap(torch.fft.fftfreq(n, d, dtype=default_float().torch))


def rfftfreq(n, d=1.0, dtype=None, name=None):
    """Paddle 2.6 ignores ``dtype`` here and always uses the default float dtype."""
    if d * n == 0:
        raise ValueError("d or n should not be 0.")
    return wrap(torch.fft.rfftfreq(n, d, dtype=default_float().torch))


def _shift_axes(t, axes):
    if axes is None:
        return tuple(range(t.dim()))
    if isinstance(axes, int):
        return (axes,)
    return tuple(axes)


def fftshift(x, axes=None, name=None):
    t = x._t
    return wrap(torch.fft.fftshift(t, _shift_axes(t, axes)))


def ifftshift(x, axes=None, name=None):
    t = x._t
    return wrap(torch.fft.ifftshift(t, _shift_axes(t, axes)))


__all__ = [
    "fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2",
    "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]
