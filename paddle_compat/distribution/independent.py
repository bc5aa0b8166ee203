"""``paddle.distribution.independent`` (Paddle's module path; the class lives in ``transformed_distribution.py``)."""

from .transformed_distribution import Independent

__all__ = ["Independent"]

Independent.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
