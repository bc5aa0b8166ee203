"""``paddle.distributed.sharding``: ``group_sharded_parallel`` and ``save_group_sharded_model``."""

from .group_sharded import group_sharded_parallel, save_group_sharded_model

__all__ = ["group_sharded_parallel", "save_group_sharded_model"]
