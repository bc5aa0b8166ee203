"""``paddle.incubate.tensor``."""

from . import math  # noqa: F401 - Paddle's submodule
from .math import segment_max, segment_mean, segment_min, segment_sum

__all__ = ["segment_sum", "segment_mean", "segment_max", "segment_min"]
