"""``paddle.distributed.fleet`` (later milestone: fleet on torch DDP/FSDP)."""

from ..._stubs import define_stubs
from .base.distributed_strategy import DistributedStrategy

__all__ = define_stubs(globals(), "paddle.distributed.fleet", [
    "CommunicateTopology", "UtilBase", "HybridCommunicateGroup", "MultiSlotStringDataGenerator",
    "UserDefinedRoleMaker", "DistributedStrategy", "Role", "MultiSlotDataGenerator", "PaddleCloudRoleMaker", "Fleet",
], "fleet on torch DDP/FSDP is a later milestone")

from . import utils  # noqa: E402  (hybrid_parallel_util is imported directly by model code)
