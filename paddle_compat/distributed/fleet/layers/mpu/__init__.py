"""``paddle.distributed.fleet.layers.mpu``: model-parallel (tensor-parallel) layers and their RNG tracker."""

from .mp_layers import ColumnParallelLinear, ParallelCrossEntropy, RowParallelLinear, VocabParallelEmbedding
from .random import RNGStatesTracker, get_rng_state_tracker, model_parallel_random_seed

__all__ = []
