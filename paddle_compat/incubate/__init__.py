"""``paddle.incubate``: experimental APIs (later milestone)."""

from .._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.incubate", [
    "LookAhead", "ModelAverage", "softmax_mask_fuse_upper_triangle", "softmax_mask_fuse", "graph_send_recv",
    "graph_khop_sampler", "graph_sample_neighbors", "graph_reindex", "segment_sum", "segment_mean",
    "segment_max", "segment_min", "identity_loss",
], "paddle.incubate is a later milestone")
