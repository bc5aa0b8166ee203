"""``paddle.distribution.beta`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Beta

__all__ = ["Beta"]

Beta.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
