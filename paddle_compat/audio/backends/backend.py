"""The backend-neutral entry points of ``paddle.audio``: ``AudioInfo`` and the ``info``/``load``/``save``
slots, which ``init_backend`` fills with the current backend's functions (the wave backend at import)."""

__all__ = []


class AudioInfo:
    """What ``info`` returns: sample rate, frame count, channels, bits per sample, encoding name."""

    def __init__(self, sample_rate, num_samples, num_channels, bits_per_sample, encoding):
        vars(self).update(sample_rate=sample_rate, num_samples=num_samples, num_channels=num_channels,
                          bits_per_sample=bits_per_sample, encoding=encoding)


def info(filepath):
    raise NotImplementedError("please set audio backend")


def load(filepath, frame_offset=0, num_frames=-1, normalize=True, channels_first=True):
    raise NotImplementedError("please set audio backend")


def save(filepath, src, sample_rate, channels_first=True, encoding=None, bits_per_sample=16):
    raise NotImplementedError("please set audio backend")
