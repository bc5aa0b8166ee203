"""``paddle.distribution.uniform`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Uniform

__all__ = ["Uniform"]
