"""``paddle.distribution.lognormal`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import LogNormal

__all__ = ["LogNormal"]
