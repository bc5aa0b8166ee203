"""``paddle.distributed.fleet.meta_optimizers`` (the dynamic-graph ``HybridParallelOptimizer``)."""

from .dygraph_optimizer.hybrid_parallel_optimizer import HybridParallelOptimizer

__all__ = []
