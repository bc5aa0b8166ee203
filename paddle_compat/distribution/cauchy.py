"""``paddle.distribution.cauchy`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Cauchy

__all__ = ["Cauchy"]

Cauchy.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
