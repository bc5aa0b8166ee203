"""``paddle.distributed.fleet.meta_parallel``: tensor-parallel layers, the RNG tracker, ``TensorParallel``,
``ShardingParallel``, ``SegmentParallel`` and pipeline parallelism (``LayerDesc``, ``SharedLayerDesc``,
``PipelineLayer``, ``PipelineParallel`` with the 1F1B schedule, and the interleaved schedules over virtual
pipeline stages)."""

from ..layers.mpu.mp_layers import (
    ColumnParallelLinear,
    ParallelCrossEntropy,
    RowParallelLinear,
    VocabParallelEmbedding,
)
from ..layers.mpu.random import get_rng_state_tracker, model_parallel_random_seed
from .meta_parallel_base import MetaParallelBase
from .parallel_layers.pp_layers import LayerDesc, PipelineLayer, SharedLayerDesc
from .pipeline_parallel import (
    PipelineParallel,
    PipelineParallelWithInterleave,
    PipelineParallelWithInterleaveFthenB,
)
from .segment_parallel import SegmentParallel
from .sharding_parallel import ShardingParallel
from .tensor_parallel import TensorParallel

__all__ = []
