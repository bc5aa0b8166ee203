"""``paddle.distribution.gumbel`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Gumbel

__all__ = ["Gumbel"]

Gumbel.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
