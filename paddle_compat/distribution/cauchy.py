"""``paddle.distribution.cauchy`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Cauchy

__all__ = ["Cauchy"]
