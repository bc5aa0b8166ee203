"""``paddle.base.trainer_desc``: trainer descriptions of the parameter-server stack; not supported."""

from .._stubs import define_stubs

__all__ = []
_PS = "the parameter-server datasets, trainers and device workers of paddle.base are not supported"
define_stubs(globals(), "paddle.base.trainer_desc", [
    "TrainerDesc", "MultiTrainer", "DistMultiTrainer", "HeterXpuTrainer", "HeterPipelineTrainer", "PSGPUTrainer",
    "PipelineTrainer",
], _PS)
