"""``paddle.incubate.nn.layer.fused_ec_moe``: the expert-choice MoE layer on ``fused_ec_moe``."""

from ...._core import get_default_dtype
from ....nn.layer.layers import Layer
from .. import functional as F

__all__ = ["FusedEcMoe"]


class FusedEcMoe(Layer):
    """Experts' weights bmm_weight0 [experts, hidden, inter], bmm_bias0 [experts, 1, inter], bmm_weight1
    [experts, inter, hidden], bmm_bias1 [experts, 1, hidden]; forward(x, gate) with gate [batch, seq, experts]."""

    def __init__(self, hidden_size, inter_size, num_experts, act_type, weight_attr=None, bias_attr=None):
        super().__init__()
        dtype = get_default_dtype()
        self.bmm_weight0 = self.create_parameter(shape=[num_experts, hidden_size, inter_size], attr=weight_attr,
                                                 dtype=dtype, is_bias=False)
        self.bmm_bias0 = self.create_parameter(shape=[num_experts, 1, inter_size], attr=bias_attr, dtype=dtype,
                                               is_bias=True)
        self.bmm_weight1 = self.create_parameter(shape=[num_experts, inter_size, hidden_size], attr=weight_attr,
                                                 dtype=dtype, is_bias=False)
        self.bmm_bias1 = self.create_parameter(shape=[num_experts, 1, hidden_size], attr=bias_attr, dtype=dtype,
                                               is_bias=True)
        self.act_type = act_type
        if self.act_type not in ["gelu", "relu"]:
            raise NotImplementedError("Currently only support `gelu`, `relu`. ")

    def forward(self, x, gate):
        return F.fused_ec_moe(x, gate, self.bmm_weight0, self.bmm_bias0, self.bmm_weight1, self.bmm_bias1,
                              self.act_type)
