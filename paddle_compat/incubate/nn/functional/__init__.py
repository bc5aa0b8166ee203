"""``paddle.incubate.nn.functional``: fused ops as reference compositions of torch ops."""

from ...._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.incubate.nn.functional", [
    "fused_multi_head_attention", "fused_feedforward", "fused_multi_transformer", "fused_matmul_bias",
    "fused_linear", "fused_linear_activation", "fused_bias_dropout_residual_layer_norm", "fused_ec_moe",
    "fused_dropout_add", "fused_rotary_position_embedding", "variable_length_memory_efficient_attention",
    "fused_rms_norm", "fused_layer_norm", "masked_multihead_attention", "fused_gate_attention",
    "block_multihead_attention",
], "fused incubate ops are a later milestone")
