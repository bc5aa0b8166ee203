"""``paddle.nn`` vision layers (vision.py in Paddle 2.6)."""

from .. import functional as F
from ._codegen import functional_layer
from .norm import _format_and_name_repr

__all__ = ["ChannelShuffle", "PixelShuffle", "PixelUnshuffle"]


def _check_format(data_format):
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"Data format should be 'NCHW' or 'NHWC'.But recevie data format: {data_format}")


def _check_int(value, type_message, positive_message=None):
    if not isinstance(value, int):
        raise TypeError(type_message)
    if positive_message is not None and value <= 0:
        raise ValueError(positive_message)


def _shuffle_layer(name, fn, factor, check):
    """A layer over ``fn(x, <factor>, data_format, name)``; ``check`` validates the factor after Layer.__init__."""
    return functional_layer(
        name, __name__, fn, f"{factor}, data_format='NCHW', name=None",
        f"_{factor}={factor} _data_format=data_format _name=name",
        call=f"x, self._{factor}, self._data_format, self._name",
        after=f"{check}\n_check_format(data_format)",
        extra_repr=f"{factor}={{self._{factor}}}{{_format_and_name_repr(self._data_format, self._name)}}",
        env={"_format_and_name_repr": _format_and_name_repr},
    )


PixelShuffle = _shuffle_layer(
    "PixelShuffle", F.pixel_shuffle, "upscale_factor",
    "_check_int(upscale_factor, 'upscale factor must be int type')",
)
PixelUnshuffle = _shuffle_layer(
    "PixelUnshuffle", F.pixel_unshuffle, "downscale_factor",
    "_check_int(downscale_factor, 'Downscale factor must be int type', 'Downscale factor must be positive')",
)
ChannelShuffle = _shuffle_layer(
    "ChannelShuffle", F.channel_shuffle, "groups",
    "_check_int(groups, 'groups must be int type', 'groups must be positive')",
)
