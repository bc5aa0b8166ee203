"""``paddle.distribution.multinomial`` (Paddle's module path; the class lives in ``discrete.py``)."""

from .discrete import Multinomial

__all__ = ["Multinomial"]

Multinomial.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
