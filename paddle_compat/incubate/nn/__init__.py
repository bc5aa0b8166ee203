"""``paddle.incubate.nn``: fused layers on reference compositions of torch ops (Paddle runs them on CUDA only)."""

from . import functional, layer, loss  # noqa: F401 - Paddle's submodules
from .layer import FusedBiasDropoutResidualLayerNorm, FusedDropout, FusedDropoutAdd, FusedEcMoe, FusedFeedForward, \
    FusedLinear, FusedMultiHeadAttention, FusedMultiTransformer, FusedTransformerEncoderLayer

__all__ = [
    "FusedMultiHeadAttention", "FusedFeedForward", "FusedTransformerEncoderLayer", "FusedMultiTransformer",
    "FusedLinear", "FusedBiasDropoutResidualLayerNorm", "FusedEcMoe", "FusedDropout", "FusedDropoutAdd",
]
