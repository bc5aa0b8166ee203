"""``paddle.distribution.exponential_family`` (Paddle's module path; the class lives in ``distribution.py``)."""

from .distribution import ExponentialFamily

__all__ = ["ExponentialFamily"]

ExponentialFamily.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
