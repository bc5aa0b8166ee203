"""``paddle.distributed.fleet.meta_parallel``: tensor-parallel layers, the RNG tracker and ``TensorParallel``.
Pipeline and sharding parallel are not implemented yet (stubs)."""

from ...._stubs import define_stubs
from ..layers.mpu.mp_layers import (
    ColumnParallelLinear,
    ParallelCrossEntropy,
    RowParallelLinear,
    VocabParallelEmbedding,
)
from ..layers.mpu.random import get_rng_state_tracker, model_parallel_random_seed
from .meta_parallel_base import MetaParallelBase
from .sharding_parallel import ShardingParallel
from .tensor_parallel import TensorParallel

__all__ = []
define_stubs(globals(), "paddle.distributed.fleet.meta_parallel", [
    "LayerDesc", "SharedLayerDesc", "PipelineLayer", "PipelineParallel", "PipelineParallelWithInterleave",
    "PipelineParallelWithInterleaveFthenB", "SegmentParallel",
], "pipeline and sharding parallel on torch are a later milestone")
