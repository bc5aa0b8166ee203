"""``paddle.distribution.laplace`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Laplace

__all__ = ["Laplace"]
