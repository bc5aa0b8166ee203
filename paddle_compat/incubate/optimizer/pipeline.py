"""``paddle.incubate.optimizer.pipeline``: home of ``PipelineOptimizer``
(a static-graph meta optimizer, see static_only.py)."""

from .static_only import PipelineOptimizer

__all__ = ["PipelineOptimizer"]
