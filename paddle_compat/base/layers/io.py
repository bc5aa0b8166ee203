"""``paddle.base.layers.io``: nothing public remains in 2.6.2."""

__all__ = []
