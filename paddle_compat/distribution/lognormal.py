"""``paddle.distribution.lognormal`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import LogNormal

__all__ = ["LogNormal"]

LogNormal.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
