"""``paddle.fft``: discrete Fourier transforms with Paddle's argument checks.

On CPU (no gradient asked) the transforms run on numpy's pocketfft, the library of Paddle's CPU kernels, and
are composed as Paddle's kernels call it, so values and the signs of zero parts agree with Paddle (torch's
CPU FFT rounds differently, e.g. 2e-15 where Paddle gives exact zeros): a real input goes through r2c (for
``fft``/``ifft`` too, the other half filled by conjugate symmetry), the inverse direction of r2c is the
conjugate of the forward one except at DC and Nyquist, the normalisation factor (computed in the real
dtype) multiplies the first transformed axis only, and the axes are sorted as Paddle sorts them. Otherwise
(GPU, autograd) ``torch.fft`` runs.
"""

from collections.abc import Sequence

import numpy as np
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
    if _pocket_applies(t):
        return wrap(_pocket(_api_of(fn), x._t, t, None if n is None else [n], [axis], norm))
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
    if _pocket_applies(t):
        ax = list(range(t.dim())) if axes is None else axes
        return wrap(_pocket(_api_of(fn)[:-1], x._t, t, s, ax, norm))
    return wrap(fn(t, s=s, dim=axes, norm=norm))


# --- CPU: Paddle's pocketfft composition ---------------------------------------------------------------------
# api -> (kind, forward, onesided)
_PLANS = {"fft": ("c2c", True, False), "ifft": ("c2c", False, False), "rfft": ("r2c", True, True),
          "ihfft": ("r2c", False, True), "irfft": ("c2r", False, False), "hfft": ("c2r", True, False)}


def _api_of(fn):
    name = fn.__name__
    return name[4:] if name.startswith("fft_") else name


def _pocket_applies(t):
    return t.device.type == "cpu" and not t.requires_grad and t.numel() > 0 and not torch.compiler.is_compiling()


def _resized(a, sizes, axes):
    """Paddle's _resize_fft_input: crop, or pad with zeros at the end, along each axis."""
    for size, axis in zip(sizes, axes):
        have = a.shape[axis]
        if have > size:
            a = np.take(a, np.arange(size), axis=axis)
        elif have < size:
            pad = [(0, 0)] * a.ndim
            pad[axis] = (0, size - have)
            a = np.pad(a, pad)
    return a


def _scale(a, fct):
    """pocketfft's ``c[i] *= fct``: each real component times a real factor (a complex product would turn
    zeros' signs)."""
    if fct != 1:
        a = np.ascontiguousarray(a)
        parts = a.view(a.real.dtype)
        parts *= fct
    return a


def _c2c_axis(a, axis, forward):
    # numpy's norm chosen so that pocketfft runs with fct = 1 in both directions
    return np.fft.fft(a, axis=axis, norm="backward") if forward else np.fft.ifft(a, axis=axis, norm="forward")


def _pocket(api, raw, converted, s, axes, norm):
    kind, forward, onesided = _PLANS[api]
    data = converted
    if kind == "c2c" and not raw.is_complex():
        kind = "r2c"  # Paddle: fft/ifft of a real input is r2c with both halves
        data = converted.real
    nd = data.dim()
    axes = [a % nd for a in axes]
    if kind == "c2c":
        order = sorted(range(len(axes)), key=axes.__getitem__)
    else:
        order = sorted(range(len(axes) - 1), key=axes.__getitem__) + [len(axes) - 1]
    axes = [axes[i] for i in order]
    s = None if s is None else [s[i] for i in order]
    a = data.numpy()
    real = np.float32 if a.dtype in (np.float32, np.complex64) else np.float64
    if kind == "c2r":
        last = s[-1] if s is not None else 2 * (a.shape[axes[-1]] - 1)
        sizes = (list(s[:-1]) if s is not None else [a.shape[i] for i in axes[:-1]]) + [last // 2 + 1]
        a = _resized(a, sizes, axes)
        numel = int(np.prod([a.shape[i] for i in axes[:-1]] + [last]))
    else:
        if s is not None:
            a = _resized(a, s, axes)
        numel = int(np.prod([a.shape[i] for i in axes]))
    fct = _factor(norm, forward, numel, real)
    if kind == "c2c":
        a = _scale(_c2c_axis(a, axes[0], forward), fct)
        for axis in axes[1:]:
            a = _c2c_axis(a, axis, forward)
    elif kind == "r2c":
        length = a.shape[axes[-1]]
        a = _scale(np.fft.rfft(a, axis=axes[-1], norm="backward"), fct)
        a = np.moveaxis(a, axes[-1], -1).copy()
        a.imag[..., 0] = 0
        if length % 2 == 0:
            a.imag[..., length // 2] = 0
        if not forward:
            a.imag[..., 1:(length + 1) // 2] *= -1
        a = np.moveaxis(a, -1, axes[-1])
        for axis in axes[:-1]:
            a = _c2c_axis(a, axis, forward)
        if not onesided:
            a = _conjugate_fill(a, axes, length)
    else:
        for axis in axes[:-1]:
            a = _c2c_axis(a, axis, forward)
        if forward:
            a = np.conj(a)
        a = _scale(np.fft.irfft(a, n=last, axis=axes[-1], norm="forward"), fct)
    return torch.from_numpy(np.ascontiguousarray(a))


def _factor(norm, forward, numel, real):
    """Paddle's normalisation factor, computed in the transform's real dtype."""
    if (norm == "backward" and forward) or (norm == "forward" and not forward):
        return real(1)
    if norm == "ortho":
        return real(1) / np.sqrt(real(numel))
    return real(1) / real(numel)


def _conjugate_fill(half, axes, length):
    """The full spectrum of a real signal from its one-sided half: X[-k] = conj(X[k]) over all axes."""
    last = axes[-1]
    keep = half.shape[last]
    missing = length - keep
    if missing <= 0:
        return half
    source = np.take(half, np.arange(1, missing + 1), axis=last)
    source = np.flip(source, last)
    for axis in axes[:-1]:
        source = np.roll(np.flip(source, axis), 1, axis)
    return np.concatenate([half, np.conj(source)], axis=last)


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
