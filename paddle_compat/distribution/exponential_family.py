"""``paddle.distribution.exponential_family`` (Paddle's module path; the class lives in ``distribution.py``)."""

from .distribution import ExponentialFamily

__all__ = ["ExponentialFamily"]
