"""``paddle.distribution.gumbel`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Gumbel

__all__ = ["Gumbel"]
