"""``paddle.incubate.nn.layer``."""

from . import fused_dropout_add, fused_dropout_nd, fused_ec_moe, fused_linear, fused_transformer  # noqa: F401
from .fused_dropout_add import FusedDropoutAdd
from .fused_dropout_nd import FusedDropout
from .fused_ec_moe import FusedEcMoe
from .fused_linear import FusedLinear
from .fused_transformer import FusedBiasDropoutResidualLayerNorm, FusedFeedForward, FusedMultiHeadAttention, \
    FusedMultiTransformer, FusedTransformerEncoderLayer

__all__ = ["FusedLinear", "FusedDropout", "FusedDropoutAdd", "FusedBiasDropoutResidualLayerNorm",
           "FusedFeedForward", "FusedMultiHeadAttention", "FusedTransformerEncoderLayer", "FusedMultiTransformer",
           "FusedEcMoe"]
