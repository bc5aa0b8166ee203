"""``paddle.distribution.dirichlet`` (Paddle's module path; the class lives in ``continuous.py``)."""

from .continuous import Dirichlet

__all__ = ["Dirichlet"]

Dirichlet.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
