"""``paddle.incubate.optimizer.distributed_fused_lamb``: home of ``DistributedFusedLamb``
(a static-graph meta optimizer, see static_only.py)."""

from .static_only import DistributedFusedLamb

__all__ = ["DistributedFusedLamb"]
