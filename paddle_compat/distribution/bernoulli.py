"""``paddle.distribution.bernoulli`` (Paddle's module path; the class lives in ``discrete.py``)."""

from .discrete import Bernoulli

__all__ = ["Bernoulli"]

Bernoulli.__module__ = __name__.replace("paddle_compat", "paddle", 1)  # pickles and reprs name Paddle's module
