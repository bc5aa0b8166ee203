"""``paddle.incubate.nn.functional.fused_transformer``: the module Paddle defines the fused transformer ops in."""

from . import (
           fused_bias_dropout_residual_layer_norm,
           fused_feedforward,
           fused_multi_head_attention,
           fused_multi_transformer,
)

__all__ = ["fused_bias_dropout_residual_layer_norm", "fused_feedforward", "fused_multi_head_attention",
           "fused_multi_transformer"]
