"""``ShardingParallel``: make the parameters equal across the sharding (and data-parallel) group at wrap time;
the optimizer-state sharding itself is ``DygraphShardingOptimizer``."""

from .meta_parallel_base import _SyncedAtWrap

__all__ = []


class ShardingParallel(_SyncedAtWrap):
    _synced_groups = ("sharding", "dp")
    _ready_message = "sharding's parameters is ready"
