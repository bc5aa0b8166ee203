"""``paddle.quantization.quanters``."""

from .abs_max import FakeQuanterWithAbsMaxObserver

__all__ = ["FakeQuanterWithAbsMaxObserver"]
