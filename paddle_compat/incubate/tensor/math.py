"""``paddle.incubate.segment_*``: Paddle's older names of ``paddle.geometric.segment_*`` (thin wrappers)."""

from ...geometric import math as _geometric_math

__all__ = ["segment_sum", "segment_mean", "segment_max", "segment_min"]


def segment_sum(data, segment_ids, name=None):
    """Sum of the rows of ``data`` sharing each segment id."""
    return _geometric_math.segment_sum(data, segment_ids)


def segment_mean(data, segment_ids, name=None):
    """Mean of the rows of ``data`` sharing each segment id."""
    return _geometric_math.segment_mean(data, segment_ids)


def segment_max(data, segment_ids, name=None):
    """Element-wise max of the rows of ``data`` sharing each segment id."""
    return _geometric_math.segment_max(data, segment_ids)


def segment_min(data, segment_ids, name=None):
    """Element-wise min of the rows of ``data`` sharing each segment id."""
    return _geometric_math.segment_min(data, segment_ids)
