"""Spectrogram, MelSpectrogram, LogMelSpectrogram and MFCC Layers (``paddle.audio.features``): STFT
magnitude (``paddle.signal.stft`` semantics), mel filter bank, dB and DCT on torch. Windows, filter banks
and DCT matrices are persistable buffers, with Paddle's state_dict keys."""

import torch

from ..._core.tensor import wrap
from ...nn.layer.layers import Layer
from ...signal import stft as _stft
from ..functional import _kernels as K
from ..functional import compute_fbank_matrix, create_dct, power_to_db
from ..functional.window import get_window

__all__ = []


class Spectrogram(Layer):
    """``|STFT(x)| ** power`` of waveforms ``(N, T)`` -> ``(N, n_fft // 2 + 1, num_frames)``."""

    def __init__(self, n_fft=512, hop_length=512, win_length=None, window='hann', power=1.0, center=True,
                 pad_mode='reflect', dtype='float32'):
        super().__init__()
        assert power > 0, 'Power of spectrogram must be > 0.'
        self.power = power
        if win_length is None:
            win_length = n_fft
        self._stft_config = (n_fft, hop_length, win_length, center, pad_mode)
        self.register_buffer('fft_window', get_window(window, win_length, fftbins=True, dtype=dtype))

    def forward(self, x):
        if not (x._t.is_floating_point() or x._t.is_complex()):
            raise K.type_mismatch(self.fft_window._t.dtype, x._t.dtype)  # Paddle's stft reads x as the window's dtype
        n_fft, hop_length, win_length, center, pad_mode = self._stft_config
        spectrum = _stft(x, n_fft, hop_length=hop_length, win_length=win_length, window=self.fft_window,
                         center=center, pad_mode=pad_mode)._t
        return wrap(torch.pow(torch.abs(spectrum), self.power))


class MelSpectrogram(Layer):
    """Mel filter bank applied to a power spectrogram: ``(N, T)`` -> ``(N, n_mels, num_frames)``."""

    def __init__(self, sr=22050, n_fft=2048, hop_length=512, win_length=None, window='hann', power=2.0,
                 center=True, pad_mode='reflect', n_mels=64, f_min=50.0, f_max=None, htk=False, norm='slaney',
                 dtype='float32'):
        super().__init__()
        self._spectrogram = Spectrogram(n_fft=n_fft, hop_length=hop_length, win_length=win_length,
                                        window=window, power=power, center=center, pad_mode=pad_mode,
                                        dtype=dtype)
        self.n_mels = n_mels
        self.f_min = f_min
        self.f_max = f_max
        self.htk = htk
        self.norm = norm
        if f_max is None:
            f_max = sr // 2
        self.register_buffer('fbank_matrix', compute_fbank_matrix(
            sr=sr, n_fft=n_fft, n_mels=n_mels, f_min=f_min, f_max=f_max, htk=htk, norm=norm, dtype=dtype))

    def forward(self, x):
        return wrap(torch.matmul(self.fbank_matrix._t, self._spectrogram(x)._t))


class LogMelSpectrogram(Layer):
    """Mel spectrogram in dB (``power_to_db`` with ``ref_value``, ``amin``, ``top_db``)."""

    def __init__(self, sr=22050, n_fft=512, hop_length=None, win_length=None, window='hann', power=2.0,
                 center=True, pad_mode='reflect', n_mels=64, f_min=50.0, f_max=None, htk=False, norm='slaney',
                 ref_value=1.0, amin=1e-10, top_db=None, dtype='float32'):
        super().__init__()
        self._melspectrogram = MelSpectrogram(sr=sr, n_fft=n_fft, hop_length=hop_length, win_length=win_length,
                                              window=window, power=power, center=center, pad_mode=pad_mode,
                                              n_mels=n_mels, f_min=f_min, f_max=f_max, htk=htk, norm=norm,
                                              dtype=dtype)
        self.ref_value = ref_value
        self.amin = amin
        self.top_db = top_db

    def forward(self, x):
        return power_to_db(self._melspectrogram(x), ref_value=self.ref_value, amin=self.amin, top_db=self.top_db)


class MFCC(Layer):
    """Mel-frequency cepstral coefficients: DCT of the log-mel spectrogram, ``(N, T)`` ->
    ``(N, n_mfcc, num_frames)``."""

    def __init__(self, sr=22050, n_mfcc=40, n_fft=512, hop_length=None, win_length=None, window='hann',
                 power=2.0, center=True, pad_mode='reflect', n_mels=64, f_min=50.0, f_max=None, htk=False,
                 norm='slaney', ref_value=1.0, amin=1e-10, top_db=None, dtype='float32'):
        super().__init__()
        assert n_mfcc <= n_mels, 'n_mfcc cannot be larger than n_mels: %d vs %d' % (n_mfcc, n_mels)
        self._log_melspectrogram = LogMelSpectrogram(
            sr=sr, n_fft=n_fft, hop_length=hop_length, win_length=win_length, window=window, power=power,
            center=center, pad_mode=pad_mode, n_mels=n_mels, f_min=f_min, f_max=f_max, htk=htk, norm=norm,
            ref_value=ref_value, amin=amin, top_db=top_db, dtype=dtype)
        self.register_buffer('dct_matrix', create_dct(n_mfcc=n_mfcc, n_mels=n_mels, dtype=dtype))

    def forward(self, x):
        log_mel = self._log_melspectrogram(x)._t
        if log_mel.dim() != 3:
            raise ValueError(
                "(InvalidArgument) The input tensor's dimension should be equal to or greater than the axis's "
                f"size. But received dimension is {log_mel.dim()}, axis's size is 3"
            )
        return wrap(torch.matmul(log_mel.permute(0, 2, 1), self.dct_matrix._t).permute(0, 2, 1))
