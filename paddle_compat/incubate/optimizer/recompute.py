"""``paddle.incubate.optimizer.recompute``: home of ``RecomputeOptimizer``
(a static-graph meta optimizer, see static_only.py)."""

from .static_only import RecomputeOptimizer

__all__ = ["RecomputeOptimizer"]
