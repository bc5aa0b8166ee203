"""``paddle.distribution.independent`` (Paddle's module path; the class lives in ``transformed_distribution.py``)."""

from .transformed_distribution import Independent

__all__ = ["Independent"]
