"""``paddle.distribution.categorical`` (Paddle's module path; the class lives in ``discrete.py``)."""

from .discrete import Categorical

__all__ = ["Categorical"]
