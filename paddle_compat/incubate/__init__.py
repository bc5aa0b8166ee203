"""``paddle.incubate``: graph operators (shared with ``paddle.geometric``), segment reductions, fused softmax
masks, LookAhead / ModelAverage, and the ``nn`` / ``autograd`` / ``optimizer`` sub-namespaces."""

from . import autograd, nn, operators, optimizer, tensor  # noqa: F401 - Paddle's submodules
from .nn.loss import identity_loss
from .operators import graph_khop_sampler, graph_reindex, graph_sample_neighbors, graph_send_recv, \
    softmax_mask_fuse, softmax_mask_fuse_upper_triangle
from .optimizer import LookAhead, ModelAverage
from .tensor import segment_max, segment_mean, segment_min, segment_sum

__all__ = [
    "LookAhead", "ModelAverage", "softmax_mask_fuse_upper_triangle", "softmax_mask_fuse", "graph_send_recv",
    "graph_khop_sampler", "graph_sample_neighbors", "graph_reindex", "segment_sum", "segment_mean",
    "segment_max", "segment_min", "identity_loss",
]


def __getattr__(name):
    # asp and autotune load on first use (import paddle.incubate.asp, or attribute access as in Paddle)
    if name in ("asp", "autotune"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
