"""``paddle.distributed.fleet.utils``: ``hybrid_parallel_util`` (the rest of fleet is a later milestone)."""

from . import hybrid_parallel_util

__all__ = []
