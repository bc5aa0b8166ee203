from .hybrid_parallel_optimizer import HybridParallelOptimizer

__all__ = []
