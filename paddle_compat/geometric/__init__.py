"""``paddle.geometric``: graph message passing, segment reductions, reindexing and neighbour sampling on torch
ops (``paddle.incubate``'s graph_* functions share this code)."""

from . import math, message_passing, reindex, sampling  # noqa: F401 - Paddle's submodules
from .math import segment_max, segment_mean, segment_min, segment_sum
from .message_passing import send_u_recv, send_ue_recv, send_uv
from .reindex import reindex_graph, reindex_heter_graph
from .sampling import sample_neighbors, weighted_sample_neighbors

__all__ = ["send_u_recv", "send_ue_recv", "send_uv", "segment_sum", "segment_mean", "segment_max",
           "segment_min", "reindex_graph", "reindex_heter_graph", "sample_neighbors", "weighted_sample_neighbors"]
