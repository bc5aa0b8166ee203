"""``paddle.base.trainer_factory``: the trainer factory of the parameter-server stack; not supported."""

from .._stubs import define_stubs
from .trainer_desc import (  # noqa: F401 - Paddle re-exports them here
    DistMultiTrainer,
    HeterPipelineTrainer,
    HeterXpuTrainer,
    MultiTrainer,
    PipelineTrainer,
    PSGPUTrainer,
)

__all__ = []
_PS = "the parameter-server datasets, trainers and device workers of paddle.base are not supported"
define_stubs(globals(), "paddle.base.trainer_factory", ["TrainerFactory", "FetchHandlerMonitor"], _PS)
