"""``paddle.distribution.categorical`` (Paddle's module path; the class lives in ``discrete.py``)."""

from .discrete import Categorical

__all__ = ["Categorical"]

Categorical.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
