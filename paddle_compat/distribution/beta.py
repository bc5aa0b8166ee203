"""``paddle.distribution.beta`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Beta

__all__ = ["Beta"]
