"""``paddle.incubate.optimizer.LBFGS``: Paddle keeps an incubate copy of ``paddle.optimizer.LBFGS``."""

from ...optimizer.lbfgs import LBFGS as _LBFGS

__all__ = ["LBFGS"]


class LBFGS(_LBFGS):
    """L-BFGS (the same algorithm and arguments as ``paddle.optimizer.LBFGS``)."""
