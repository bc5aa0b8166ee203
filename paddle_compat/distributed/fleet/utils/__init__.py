"""``paddle.distributed.fleet.utils``: ``recompute``, ``hybrid_parallel_util`` and ``log_util``; the file
systems and the parameter-server inference helper are stubs."""

from ...._stubs import define_stubs
from ..recompute.recompute import recompute
from . import hybrid_parallel_util, log_util

__all__ = ["LocalFS", "recompute", "DistributedInfer", "HDFSClient"]
define_stubs(globals(), "paddle.distributed.fleet.utils", ["LocalFS", "DistributedInfer", "HDFSClient"],
             "fleet file systems and parameter-server inference are a later milestone")
