"""Mel scale, filter banks, dB conversion and the DCT matrix of ``paddle.audio.functional`` (librosa's
definitions), on torch."""

import math

import torch

from ..._core.dtypes import to_torch_dtype
from ..._core.tensor import Tensor, wrap
from . import _kernels as K

__all__ = []

# Slaney's mel scale: linear below 1 kHz (200/3 Hz per mel), logarithmic above (27 mels per factor 6.4)
_F_SP = 200.0 / 3
_MIN_LOG_HZ = 1000.0
_MIN_LOG_MEL = (_MIN_LOG_HZ - 0.0) / _F_SP
_LOGSTEP = math.log(6.4) / 27.0


# The first kernel of each formula that Paddle lacks for a dtype (measured on the oracle): that op raises
_MISSING_KERNEL = {
    ("hz_to_mel", torch.float16): "multiply", ("hz_to_mel", torch.bfloat16): "add",
    ("hz_to_mel", "complex"): "log", ("hz_to_mel_htk", "complex"): "log10",
    ("mel_to_hz", torch.float16): "multiply", ("mel_to_hz", torch.bfloat16): "exp",
    ("mel_to_hz", "complex"): "greater_than", ("mel_to_hz_htk", torch.float16): "elementwise_pow",
    ("mel_to_hz_htk", "complex"): "elementwise_pow",
    ("power_to_db", torch.float16): "maximum", ("power_to_db", torch.bfloat16): "max",
    ("power_to_db", "complex"): "maximum",
}


def _check_kernel(formula, d):
    kernel = _MISSING_KERNEL.get((formula, "complex" if d.is_complex else d))
    if kernel is not None:
        raise K.not_registered(d, kernel)


def hz_to_mel(freq, htk=False):
    """Hz -> mels, on a Tensor or a Python number (HTK's formula when ``htk``, else Slaney's)."""
    if isinstance(freq, Tensor):
        t = freq._t
        _check_kernel("hz_to_mel_htk" if htk else "hz_to_mel", t.dtype)
        if htk:
            return wrap(torch.mul(K.log10(K.add_scalar(K.div_scalar(t, 700.0), 1.0)), 2595.0))
        linear = K.div_scalar(K.sub_scalar(t, 0.0), _F_SP)
        log_part = K.add_scalar(
            K.div_scalar(K.log(K.add_scalar(K.div_scalar(t, _MIN_LOG_HZ), 1e-10)), _LOGSTEP), _MIN_LOG_MEL)
        # a blend, not a select: a NaN in the unused branch (negative Hz) still reaches the output, as in Paddle
        mask = torch.gt(t, _MIN_LOG_HZ).to(t.dtype)
        return wrap(log_part * mask + linear * K.rsub_scalar(1, mask))
    if htk:
        return 2595.0 * math.log10(1.0 + freq / 700.0)
    mels = (freq - 0.0) / _F_SP
    if freq >= _MIN_LOG_HZ:
        mels = _MIN_LOG_MEL + math.log(freq / _MIN_LOG_HZ + 1e-10) / _LOGSTEP
    return mels


def mel_to_hz(mel, htk=False):
    """Mels -> Hz, on a Tensor or a Python number (inverse of ``hz_to_mel``)."""
    if isinstance(mel, Tensor):
        t = mel._t
        _check_kernel("mel_to_hz_htk" if htk else "mel_to_hz", t.dtype)
        if htk:
            return wrap(torch.mul(K.sub_scalar(torch.pow(10.0, K.div_scalar(t, 2595.0)), 1.0), 700.0))
        linear = K.add_scalar(torch.mul(t, _F_SP), 0.0)
        log_part = torch.mul(K.exp(torch.mul(K.sub_scalar(t, _MIN_LOG_MEL), _LOGSTEP)), _MIN_LOG_HZ)
        mask = torch.gt(t, _MIN_LOG_MEL).to(t.dtype)
        return wrap(log_part * mask + linear * K.rsub_scalar(1, mask))
    if htk:
        return 700.0 * (10.0 ** (mel / 2595.0) - 1.0)
    freqs = 0.0 + _F_SP * mel
    if mel >= _MIN_LOG_MEL:
        freqs = _MIN_LOG_HZ * math.exp(_LOGSTEP * (mel - _MIN_LOG_MEL))
    return freqs


def mel_frequencies(n_mels=64, f_min=0.0, f_max=11025.0, htk=False, dtype='float32'):
    """``n_mels`` frequencies (Hz) evenly spaced on the mel scale from ``f_min`` to ``f_max``."""
    d = to_torch_dtype(dtype)
    mels = K.linspace(hz_to_mel(f_min, htk=htk), hz_to_mel(f_max, htk=htk), int(n_mels), d)
    return mel_to_hz(wrap(mels), htk=htk)


def fft_frequencies(sr, n_fft, dtype='float32'):
    """Centre frequencies (Hz) of the ``1 + n_fft // 2`` bins of a real FFT at sample rate ``sr``."""
    return wrap(K.linspace(0, float(sr) / 2, int(1 + n_fft // 2), to_torch_dtype(dtype)))


def compute_fbank_matrix(sr, n_fft, n_mels=64, f_min=0.0, f_max=None, htk=False, norm='slaney',
                         dtype='float32'):
    """Triangular mel filter bank, shape ``(n_mels, 1 + n_fft // 2)``; ``norm='slaney'`` scales each
    filter to unit area, a number ``p`` normalises each row to unit p-norm, anything else leaves it."""
    if f_max is None:
        f_max = float(sr) / 2
    fft_freqs = fft_frequencies(sr=sr, n_fft=n_fft, dtype=dtype)._t
    mel_f = mel_frequencies(n_mels + 2, f_min=f_min, f_max=f_max, htk=htk, dtype=dtype)._t
    widths = mel_f[1:] - mel_f[:-1]
    ramps = mel_f.unsqueeze(1) - fft_freqs.unsqueeze(0)
    rising = torch.neg(ramps[:n_mels]) / widths[:n_mels].unsqueeze(1)
    falling = ramps[2:n_mels + 2] / widths[1:n_mels + 1].unsqueeze(1)
    # Paddle writes the rows into a zeros((n_mels, bins), dtype) tensor: integer dtypes truncate
    weights = torch.maximum(torch.zeros((), dtype=ramps.dtype), torch.minimum(rising, falling)).to(fft_freqs.dtype)
    if norm == 'slaney':
        scale = K.rdiv_scalar(2.0, mel_f[2:n_mels + 2] - mel_f[:n_mels]).unsqueeze(1)
        return wrap(weights * scale.to(weights.dtype))
    if isinstance(norm, (int, float)):
        from ...nn.functional import normalize

        return normalize(wrap(weights), p=norm, axis=-1)
    return wrap(weights)


def power_to_db(spect, ref_value=1.0, amin=1e-10, top_db=80.0):
    """``10 * log10(max(spect, amin) / ref_value)``, floored at ``top_db`` below the maximum of the whole
    tensor when ``top_db`` is not None."""
    if amin <= 0:
        raise Exception("amin must be strictly positive")
    if ref_value <= 0:
        raise Exception("ref_value must be strictly positive")
    t = spect._t
    _check_kernel("power_to_db", t.dtype)
    if not (t.is_floating_point() or t.is_complex()):
        raise K.type_mismatch(t.dtype, torch.float32)  # Paddle's ones_like(x) * amin is float32
    log_spec = torch.mul(K.log10(torch.maximum(torch.full_like(t, amin), t)), 10.0)
    log_spec = K.sub_scalar(log_spec, 10.0 * math.log10(max(ref_value, amin)))
    if top_db is not None:
        if top_db < 0:
            raise Exception("top_db must be non-negative")
        log_spec = torch.maximum(log_spec, K.sub_scalar(log_spec.max(), top_db))
    return wrap(log_spec)


def create_dct(n_mfcc, n_mels, norm='ortho', dtype='float32'):
    """DCT-II matrix, shape ``(n_mels, n_mfcc)`` (``norm='ortho'``: orthonormal; None: unnormalised x2)."""
    d = to_torch_dtype(dtype)
    n = K.arange(0, n_mels, d)
    k = K.arange(0, n_mfcc, d).unsqueeze(1)
    dct = torch.cos(torch.mul(K.add_scalar(n, 0.5), math.pi / float(n_mels)) * k)
    if norm is None:
        dct = torch.mul(dct, 2.0)
    else:
        assert norm == "ortho"
        dct[0] = torch.mul(dct[0], 1.0 / math.sqrt(2.0))
        dct = torch.mul(dct, math.sqrt(2.0 / float(n_mels)))
    return wrap(dct.T.contiguous())
