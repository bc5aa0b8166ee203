"""``paddle.audio.functional.get_window``: scipy.signal's window formulas on torch, with the arithmetic
order of Paddle 2.6.2's kernels (see ``_kernels``) so that float32 and float64 windows match it."""

import math

import torch

from ..._core.dtypes import dtype_name, to_torch_dtype
from ..._core.tensor import Tensor, wrap
from . import _kernels as K

__all__ = []


class WindowFunctionRegister:
    """Name -> window function table that ``get_window`` looks names up in (``'_' + name``)."""

    def __init__(self):
        self._functions_dict = {}

    def register(self, func=None):
        def add_subfunction(f):
            self._functions_dict[f.__name__] = f
            return f

        return add_subfunction

    def get(self, name):
        return self._functions_dict[name]


window_function_register = WindowFunctionRegister()
_register = window_function_register.register()


# Helpers. Paddle's table holds them too, so get_window('extend', n) finds them and fails calling them
# (TypeError), not with "Unknown window type."; registering ours keeps that behaviour.
@_register
def _cat(x, data_type):
    d = to_torch_dtype(data_type)
    parts = []
    for item in x:
        t = item._t if isinstance(item, Tensor) else torch.as_tensor(item)
        parts.append(t.to(d).reshape(-1))
    return wrap(torch.cat(parts))


@_register
def _acosh(x):
    if isinstance(x, float):
        return math.log(x + math.sqrt(x**2 - 1))
    t = x._t
    return wrap(torch.log(t + torch.sqrt(torch.square(t) - 1)))


@_register
def _extend(M, sym):
    """A periodic window is the symmetric window of M + 1 points without its last point."""
    return (M, False) if sym else (M + 1, True)


@_register
def _len_guards(M):
    if int(M) != M or M < 0:
        raise ValueError('Window length M must be a non-negative integer')
    return M <= 1


@_register
def _truncate(w, needed):
    return w[:-1] if needed else w


def _shape_error(M):
    # Paddle builds these windows with paddle.ones/zeros((M,)), whose shape must hold ints
    return ValueError(
        "(InvalidArgument) full(): argument (position 1) must be list of int, but got "
        f"{type(M).__name__} at pos 0"
    )


def _ones(M, d):
    if isinstance(M, float):
        raise _shape_error(M)
    return wrap(torch.ones(int(M), dtype=d))


def _framed(M, sym, dtype, values):
    """The frame of most windows: ones for the degenerate lengths, else ``values(M, d)`` computed at the
    length a periodic (``sym=False``) window is extended to, truncated back."""
    d = to_torch_dtype(dtype)
    if _len_guards(M):
        return _ones(M, d)
    M, trunc = _extend(M, sym)
    return wrap(_truncate(values(M, d), trunc))


@_register
def _general_gaussian(M, p, sig, sym=True, dtype='float64'):
    def values(M, d):
        n = K.sub_scalar(K.arange(0, M, d), (M - 1.0) / 2.0)
        return K.exp(torch.mul(K.pow_scalar(torch.abs(K.div_scalar(n, sig)), 2 * p), -0.5))

    return _framed(M, sym, dtype, values)


def _cosine_sum(M, coefficients, sym, d):
    if isinstance(M, float):
        raise _shape_error(M)
    M, trunc = _extend(M, sym)
    fac = K.linspace(-math.pi, math.pi, M, d)
    if not d.is_floating_point:
        raise K.not_registered(d, "cos")
    w = torch.zeros(M, dtype=d)
    for k, a in enumerate(coefficients):
        w = w + torch.mul(torch.cos(torch.mul(fac, k)), a)
    return _truncate(w, trunc)


@_register
def _general_cosine(M, a, sym=True, dtype='float64'):
    d = to_torch_dtype(dtype)
    if _len_guards(M):
        return _ones(M, d)
    return wrap(_cosine_sum(M, a, sym, d))


@_register
def _general_hamming(M, alpha, sym=True, dtype='float64'):
    return _general_cosine(M, [alpha, 1.0 - alpha], sym, dtype=dtype)


@_register
def _taylor(M, nbar=4, sll=30, norm=True, sym=True, dtype='float64'):
    d = to_torch_dtype(dtype)
    if _len_guards(M):
        return _ones(M, d)
    if nbar <= 0:
        raise ValueError("(InvalidArgument) The step should be less than 0 while start > end.")
    if nbar <= 2:
        # Paddle fills the alternating signs through slices; an empty slice assignment fails there
        raise RuntimeError("(PreconditionNotMet) The meta data must be valid when call the mutable data function.")
    M, trunc = _extend(M, sym)
    if not d.is_floating_point and not d.is_complex and d not in K.HALF:
        raise K.type_mismatch(torch.float32, d)  # Paddle's Taylor coefficients are float32 Python scalars
    # sll is the (positive) sidelobe level in dB below the main lobe
    B = 10 ** (sll / 20)
    A = _acosh(B) / math.pi
    s2 = nbar**2 / (A**2 + (nbar - 0.5) ** 2)
    ma = K.arange(1, nbar, d)
    m2 = ma * ma
    count = ma.shape[0]
    sign = torch.ones(count, dtype=d)
    sign[1::2] = -1
    shifted = K.add_scalar(torch.pow(K.sub_scalar(ma, 0.5), 2), A**2)
    coefficients = torch.empty(count, dtype=d)
    for mi in range(count):
        numer = sign[mi] * torch.prod(K.rsub_scalar(1, K.div_scalar(m2[mi], s2) / shifted))
        before = torch.prod(K.rsub_scalar(1, m2[mi] / m2[:mi]))
        after = torch.prod(K.rsub_scalar(1, m2[mi] / m2[mi + 1:]))
        if mi == 0:
            denom = torch.mul(after, 2)
        elif mi == count - 1:
            denom = torch.mul(before, 2)
        else:
            denom = torch.mul(before, 2) * after
        coefficients[mi] = numer / denom

    angular = torch.mul(ma.unsqueeze(1), 2 * math.pi)

    def taper(n):
        if isinstance(n, torch.Tensor):
            phase = K.add_scalar(K.sub_scalar(n, M / 2.0), 0.5)
        else:
            phase = n - M / 2.0 + 0.5
        arg = K.div_scalar(torch.mul(angular, phase), M)
        return K.add_scalar(torch.mul(torch.matmul(coefficients.unsqueeze(0), torch.cos(arg)), 2), 1)

    w = taper(K.arange(0, M, d))
    if norm:
        w = w * K.rdiv_scalar(1.0, taper((M - 1) / 2))
    return wrap(_truncate(w.squeeze(), trunc))


@_register
def _hamming(M, sym=True, dtype='float64'):
    return _general_hamming(M, 0.54, sym, dtype=dtype)


@_register
def _hann(M, sym=True, dtype='float64'):
    return _general_hamming(M, 0.5, sym, dtype=dtype)


def _raised_cosine(x):
    return torch.mul(K.add_scalar(torch.cos(torch.mul(x, math.pi)), 1), 0.5)


@_register
def _tukey(M, alpha=0.5, sym=True, dtype='float64'):
    d = to_torch_dtype(dtype)
    if _len_guards(M):
        return _ones(M, d)
    if alpha <= 0:
        return _ones(M, d)
    if alpha >= 1.0:
        return _hann(M, sym=sym)  # Paddle's default dtype here, whatever ``dtype`` says (as 2.6.2 does)
    if isinstance(M, float):
        raise ValueError(
            "(InvalidArgument) Currently, slice indices only allows None, integers, tensor(int) and "
            "numpy(int) in slice item, but received float."
        )
    M, trunc = _extend(M, sym)
    n = K.arange(0, M, d)
    if not d.is_floating_point:
        raise ValueError(
            "(InvalidArgument) The data_type of input tensor in list isn't consistent, the first tensor is "
            f"float32, but 1th tensor is {dtype_name(d)}."
        )
    width = int(alpha * (M - 1) / 2.0)
    head = n[0:width + 1]
    middle = n[width + 1:M - width - 1]
    tail = n[M - width - 1:]

    def ramp(x):
        return K.div_scalar(K.div_scalar(torch.mul(x, 2.0), alpha), M - 1)

    w = torch.cat([
        _raised_cosine(K.add_scalar(ramp(head), -1)),
        torch.ones(middle.shape, dtype=d),
        _raised_cosine(K.add_scalar(ramp(tail), -2.0 / alpha + 1)),
    ])
    return wrap(_truncate(w, trunc))


@_register
def _gaussian(M, std, sym=True, dtype='float64'):
    def values(M, d):
        n = K.sub_scalar(K.arange(0, M, d), (M - 1.0) / 2.0)
        return K.exp(K.div_scalar(torch.neg(torch.pow(n, 2)), 2 * std * std))

    return _framed(M, sym, dtype, values)


@_register
def _exponential(M, center=None, tau=1.0, sym=True, dtype='float64'):
    if sym and center is not None:
        raise ValueError("If sym==True, center must be None.")

    def values(M, d):
        middle = (M - 1) / 2 if center is None else center  # of the extended window
        return K.exp(K.div_scalar(torch.neg(torch.abs(K.sub_scalar(K.arange(0, M, d), middle))), tau))

    return _framed(M, sym, dtype, values)


@_register
def _triang(M, sym=True, dtype='float64'):
    def values(M, d):
        n = K.arange(1, (M + 1) // 2 + 1, d)
        if M % 2 == 0:
            w = K.div_scalar(K.sub_scalar(torch.mul(n, 2), 1.0), M)
            return torch.cat([w, w.flip(0)])
        w = K.div_scalar(torch.mul(n, 2), M + 1.0)
        return torch.cat([w, w[:-1].flip(0)])

    return _framed(M, sym, dtype, values)


@_register
def _bohman(M, sym=True, dtype='float64'):
    def values(M, d):
        fac = torch.abs(K.linspace(-1, 1, M, d)[1:-1])
        angle = torch.mul(fac, math.pi)
        # with an integer dtype Paddle casts each float32 term to the left operand's (integer) dtype
        taper = K.rsub_scalar(1, fac)
        taper = taper * torch.cos(angle).to(taper.dtype)
        w = taper + torch.mul(torch.sin(angle), 1.0 / math.pi).to(taper.dtype)
        zero = torch.zeros(1, dtype=d)
        return torch.cat([zero, w, zero])

    return _framed(M, sym, dtype, values)


@_register
def _blackman(M, sym=True, dtype='float64'):
    return _general_cosine(M, [0.42, 0.50, 0.08], sym, dtype=dtype)


@_register
def _cosine(M, sym=True, dtype='float64'):
    def values(M, d):
        return torch.sin(torch.mul(K.add_scalar(K.arange(0, M, d), 0.5), math.pi / M))

    return _framed(M, sym, dtype, values)


def get_window(window, win_length, fftbins=True, dtype='float64'):
    """Window ``window`` (a name, or a tuple ``(name, *parameters)``) of ``win_length`` points; periodic
    (for spectral analysis) when ``fftbins`` is True, symmetric otherwise."""
    if isinstance(window, tuple):
        name, params = window[0], window[1:]
    elif isinstance(window, str):
        if window in ('gaussian', 'exponential'):
            raise ValueError(f"The '{window}' window needs one or more parameters -- pass a tuple.")
        name, params = window, ()
    else:
        raise ValueError(f"{type(window)} as window type is not supported.")
    try:
        function = window_function_register.get('_' + name)
    except KeyError as e:
        raise ValueError("Unknown window type.") from e
    return function(win_length, *params, sym=not fftbins, dtype=dtype)
