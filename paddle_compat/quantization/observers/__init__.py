"""``paddle.quantization.observers``."""

from .abs_max import AbsmaxObserver
from .groupwise import GroupWiseWeightObserver

__all__ = ["AbsmaxObserver", "GroupWiseWeightObserver"]
