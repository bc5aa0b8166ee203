"""``paddle.incubate.operators``."""

from .graph_khop_sampler import graph_khop_sampler
from .graph_reindex import graph_reindex
from .graph_sample_neighbors import graph_sample_neighbors
from .graph_send_recv import graph_send_recv
from .softmax_mask_fuse import softmax_mask_fuse
from .softmax_mask_fuse_upper_triangle import softmax_mask_fuse_upper_triangle

__all__ = ["graph_khop_sampler", "graph_reindex", "graph_sample_neighbors", "graph_send_recv",
           "softmax_mask_fuse", "softmax_mask_fuse_upper_triangle"]
