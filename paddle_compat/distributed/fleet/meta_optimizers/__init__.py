"""``paddle.distributed.fleet.meta_optimizers`` (the dynamic-graph ``HybridParallelOptimizer``)."""

from .dygraph_optimizer.dygraph_sharding_optimizer import DygraphShardingOptimizer
from .dygraph_optimizer.hybrid_parallel_optimizer import HybridParallelClipGrad, HybridParallelOptimizer

__all__ = []
