"""``paddle.distributed.auto_parallel``: ProcessMesh, placements and the dynamic-graph dist tensor API on torch
DTensor (the static-graph Engine and ``to_static`` are not implemented)."""

from .process_mesh import ProcessMesh  # noqa: F401

__all__ = []
