"""``paddle.distribution.geometric`` (Paddle's module path; the class lives in ``discrete.py``)."""

from .discrete import Geometric

__all__ = ["Geometric"]
