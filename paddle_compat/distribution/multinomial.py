"""``paddle.distribution.multinomial`` (Paddle's module path; the class lives in ``discrete.py``)."""

from .discrete import Multinomial

__all__ = ["Multinomial"]
