from ...layers.mpu.mp_layers import (
    ColumnParallelLinear,
    ParallelCrossEntropy,
    RowParallelLinear,
    VocabParallelEmbedding,
)
from ...layers.mpu.random import RNGStatesTracker, get_rng_state_tracker, model_parallel_random_seed

__all__ = []
