"""``paddle.distribution.normal`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Normal

__all__ = ["Normal"]

Normal.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
