"""``paddle.distribution.bernoulli`` (Paddle's module path; the class lives in ``discrete.py``)."""

from .discrete import Bernoulli

__all__ = ["Bernoulli"]
