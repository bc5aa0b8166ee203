"""The default audio backend: 16-bit PCM WAV through the standard library's ``wave`` module, with the
behaviour of Paddle 2.6.2's wave backend (including its quirks, noted where they apply)."""

import wave

import numpy as np
import torch

from ..._core.tensor import wrap
from .backend import AudioInfo

__all__ = []


def _error_message():
    return (
        "only PCM16 WAV supportted. \n"
        "if want support more other audio types, please manually installed (usually with `pip install "
        "paddleaudio`). \n and use paddle.audio.backends.set_backend('soundfile') to set audio backend"
    )


def _open(filepath):
    """(wave reader, underlying file); a file that is not a WAV is NotImplementedError, as in Paddle."""
    file_obj = filepath if hasattr(filepath, 'read') else open(filepath, 'rb')
    try:
        return wave.open(file_obj), file_obj
    except wave.Error:
        file_obj.seek(0)
        file_obj.close()
        raise NotImplementedError(_error_message()) from None


def info(filepath):
    """``AudioInfo`` of a WAV file (a path or a binary file object, which is closed afterwards)."""
    reader, file_obj = _open(filepath)
    result = AudioInfo(reader.getframerate(), reader.getnframes(), reader.getnchannels(),
                       reader.getsampwidth() * 8, "PCM_S")
    file_obj.close()
    return result


def load(filepath, frame_offset=0, num_frames=-1, normalize=True, channels_first=True):
    """``(waveform, sample_rate)``: float32 samples, scaled to [-1, 1) when ``normalize`` (raw int16
    values, still float32, otherwise), shape (channels, frames) when ``channels_first``. As in Paddle,
    ``frame_offset`` only applies together with ``num_frames != -1``."""
    reader, file_obj = _open(filepath)
    channels = reader.getnchannels()
    sample_rate = reader.getframerate()
    frames = reader.getnframes()
    content = reader.readframes(frames)
    file_obj.close()
    samples = np.frombuffer(content, dtype=np.int16).astype(np.float32)
    if normalize:
        samples = samples / (2**15)
    waveform = torch.from_numpy(samples.reshape(frames, channels))
    if num_frames != -1:
        waveform = waveform[frame_offset:frame_offset + num_frames, :]
    if channels_first:
        waveform = waveform.T
    return wrap(waveform.contiguous()), sample_rate


def save(filepath, src, sample_rate, channels_first=True, encoding=None, bits_per_sample=16):
    """Write ``src`` (2-D) as 16-bit PCM WAV; float32 samples in [-1, 1) are scaled by 2**15. ``encoding``
    is accepted and unused, as by Paddle's wave backend (it writes PCM16 only)."""
    assert src.ndim == 2, "Expected 2D tensor"
    audio = src.numpy()
    if channels_first:
        audio = np.transpose(audio)
    channels = audio.shape[1]
    if bits_per_sample not in (None, 16):
        raise ValueError("Invalid bits_per_sample, only support 16 bit")
    sample_width = int(bits_per_sample / 8)
    if audio.dtype == np.float32:
        audio = (audio * (2**15)).astype("<h")
    with wave.open(filepath, 'w') as f:
        f.setnchannels(channels)
        f.setsampwidth(sample_width)
        f.setframerate(sample_rate)
        f.writeframes(audio.tobytes())
