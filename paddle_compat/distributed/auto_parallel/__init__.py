"""``paddle.distributed.auto_parallel``: ProcessMesh, placements and the dynamic-graph dist tensor API on torch
DTensor. The static-graph auto-parallel interface (Engine, the static shard_tensor/shard_op, ...) is stubbed."""

from ..._stubs import define_stubs
from .process_mesh import ProcessMesh  # noqa: F401

__all__ = []
define_stubs(globals(), "paddle.distributed.auto_parallel", [
    "Engine", "Strategy", "create_mesh", "exclude_ops_in_recompute", "fetch", "get_mesh", "recompute", "shard_op",
    "shard_tensor", "parallel_manual_seed",
], "the static-graph auto-parallel engine is not implemented (dynamic mode: paddle.distributed.shard_tensor)")
