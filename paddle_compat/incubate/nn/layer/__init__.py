"""``paddle.incubate.nn.layer``."""

from . import fused_dropout_add, fused_dropout_nd, fused_linear, fused_transformer  # noqa: F401
from .fused_dropout_add import FusedDropoutAdd
from .fused_dropout_nd import FusedDropout
from .fused_linear import FusedLinear
from .fused_transformer import FusedBiasDropoutResidualLayerNorm, FusedFeedForward, FusedMultiHeadAttention, \
    FusedTransformerEncoderLayer

__all__ = ["FusedLinear", "FusedDropout", "FusedDropoutAdd", "FusedBiasDropoutResidualLayerNorm",
           "FusedFeedForward", "FusedMultiHeadAttention", "FusedTransformerEncoderLayer"]
