"""``paddle.incubate.nn``: fused layers (reference implementations in plain torch ops)."""

from ..._stubs import define_stubs
from . import functional, loss  # noqa: F401 - Paddle's submodules

__all__ = define_stubs(globals(), "paddle.incubate.nn", [
    "FusedMultiHeadAttention", "FusedFeedForward", "FusedTransformerEncoderLayer", "FusedMultiTransformer",
    "FusedLinear", "FusedBiasDropoutResidualLayerNorm", "FusedEcMoe", "FusedDropout", "FusedDropoutAdd",
], "fused incubate layers are a later milestone")
