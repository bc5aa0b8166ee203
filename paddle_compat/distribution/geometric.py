"""``paddle.distribution.geometric`` (Paddle's module path; the class lives in ``discrete.py``)."""

from .discrete import Geometric

__all__ = ["Geometric"]

Geometric.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
