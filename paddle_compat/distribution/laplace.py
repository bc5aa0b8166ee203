"""``paddle.distribution.laplace`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Laplace

__all__ = ["Laplace"]

Laplace.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
