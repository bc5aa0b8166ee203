"""``paddle.incubate.optimizer.gradient_merge``: home of ``GradientMergeOptimizer``
(a static-graph meta optimizer, see static_only.py)."""

from .static_only import GradientMergeOptimizer

__all__ = ["GradientMergeOptimizer"]
