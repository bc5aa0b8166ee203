from ...layers.mpu.mp_layers import (
    ColumnParallelLinear,
    ParallelCrossEntropy,
    RowParallelLinear,
    VocabParallelEmbedding,
)
from ...layers.mpu.random import RNGStatesTracker, get_rng_state_tracker, model_parallel_random_seed
from .pp_layers import LayerDesc, PipelineLayer, SharedLayerDesc

__all__ = []
