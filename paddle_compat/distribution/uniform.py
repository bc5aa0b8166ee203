"""``paddle.distribution.uniform`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Uniform

__all__ = ["Uniform"]

Uniform.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
