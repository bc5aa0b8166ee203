"""``paddle.distribution.dirichlet`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Dirichlet

__all__ = ["Dirichlet"]
