"""``SegmentParallel``: make the parameters equal across the sequence-segment (and sharding / data-parallel)
groups at wrap time."""

from .meta_parallel_base import _SyncedAtWrap

__all__ = []


class SegmentParallel(_SyncedAtWrap):
    _synced_groups = ("sep", "sharding", "dp")
