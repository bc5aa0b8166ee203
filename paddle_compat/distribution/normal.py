"""``paddle.distribution.normal`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Normal

__all__ = ["Normal"]
