"""``paddle.nn`` vision layers (vision.py in Paddle 2.6)."""

from .. import functional as F
from .layers import Layer

__all__ = ["ChannelShuffle", "PixelShuffle", "PixelUnshuffle"]


def _check_format(data_format):
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"Data format should be 'NCHW' or 'NHWC'.But recevie data format: {data_format}")


class PixelShuffle(Layer):
    def __init__(self, upscale_factor, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(upscale_factor, int):
            raise TypeError("upscale factor must be int type")
        _check_format(data_format)
        self._upscale_factor = upscale_factor
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.pixel_shuffle(x, self._upscale_factor, self._data_format, self._name)

    def extra_repr(self):
        s = f"upscale_factor={self._upscale_factor}"
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        if self._name is not None:
            s += f", name={self._name}"
        return s


class PixelUnshuffle(Layer):
    def __init__(self, downscale_factor, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(downscale_factor, int):
            raise TypeError("Downscale factor must be int type")
        if downscale_factor <= 0:
            raise ValueError("Downscale factor must be positive")
        _check_format(data_format)
        self._downscale_factor = downscale_factor
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.pixel_unshuffle(x, self._downscale_factor, self._data_format, self._name)

    def extra_repr(self):
        s = f"downscale_factor={self._downscale_factor}"
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        if self._name is not None:
            s += f", name={self._name}"
        return s


class ChannelShuffle(Layer):
    def __init__(self, groups, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(groups, int):
            raise TypeError("groups must be int type")
        if groups <= 0:
            raise ValueError("groups must be positive")
        _check_format(data_format)
        self._groups = groups
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.channel_shuffle(x, self._groups, self._data_format, self._name)

    def extra_repr(self):
        s = f"groups={self._groups}"
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        if self._name is not None:
            s += f", name={self._name}"
        return s
