"""``paddle.incubate.nn``: fused layers on reference compositions of torch ops (Paddle runs them on CUDA only);
FusedMultiTransformer and FusedEcMoe (inference kernels) stay placeholders."""

from ..._stubs import define_stubs
from . import functional, layer, loss  # noqa: F401 - Paddle's submodules
from .layer import FusedBiasDropoutResidualLayerNorm, FusedDropout, FusedDropoutAdd, FusedFeedForward, \
    FusedLinear, FusedMultiHeadAttention, FusedTransformerEncoderLayer

__all__ = define_stubs(globals(), "paddle.incubate.nn", [
    "FusedMultiHeadAttention", "FusedFeedForward", "FusedTransformerEncoderLayer", "FusedMultiTransformer",
    "FusedLinear", "FusedBiasDropoutResidualLayerNorm", "FusedEcMoe", "FusedDropout", "FusedDropoutAdd",
], "inference-only fused layers (FusedMultiTransformer, FusedEcMoe) are a later milestone")
