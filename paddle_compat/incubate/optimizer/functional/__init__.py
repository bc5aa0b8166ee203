"""``paddle.incubate.optimizer.functional``: ``minimize_bfgs`` and ``minimize_lbfgs`` (dygraph)."""

from . import bfgs, lbfgs, line_search  # noqa: F401 - Paddle's submodules
from .bfgs import minimize_bfgs
from .lbfgs import minimize_lbfgs

__all__ = ["minimize_bfgs", "minimize_lbfgs"]
