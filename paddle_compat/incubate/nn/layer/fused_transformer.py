"""Fused transformer layers of ``paddle.incubate.nn`` (Paddle's parameter names, shapes and initialisers) on
the reference compositions of ``paddle.incubate.nn.functional``."""

from ...._core import get_default_dtype
from ....nn.initializer import Constant
from ....nn.layer.layers import Layer
from ....nn.layer.transformer import _convert_attention_mask
from .. import functional as F

__all__ = ["FusedBiasDropoutResidualLayerNorm", "FusedMultiHeadAttention", "FusedFeedForward",
           "FusedTransformerEncoderLayer", "FusedMultiTransformer"]


def _require_positive(*checks):
    """Paddle's constructor asserts, in order: (label, value) pairs that must be > 0."""
    for label, value in checks:
        if value <= 0:
            raise AssertionError(f"Expected {label} to be greater than 0, but received {value}")


def _name_suffix(name):
    return f", name={name}" if name else ""


def _attr_pair(attr):
    if isinstance(attr, (list, tuple)):
        if len(attr) != 2:
            raise AssertionError("length of attr should be equal to n")
        return list(attr)
    return [attr, attr]


class FusedBiasDropoutResidualLayerNorm(Layer):
    """layer_norm(residual + dropout(x + bias))."""

    def __init__(self, embed_dim, dropout_rate=0.5, weight_attr=None, bias_attr=None, epsilon=1e-5, name=None):
        super().__init__()
        _require_positive(("embed_dim", embed_dim))
        self._bias_attr, self._weight_attr = bias_attr, weight_attr
        self.embed_dim = embed_dim
        self.linear_bias = self.create_parameter(shape=[embed_dim], attr=bias_attr, is_bias=True)
        self.ln_scale = self.create_parameter(attr=weight_attr, shape=[embed_dim],
                                              default_initializer=Constant(value=1.0))
        self.ln_bias = self.create_parameter(attr=bias_attr, shape=[embed_dim], is_bias=True)
        self.dropout_rate = dropout_rate
        self._epsilon = epsilon
        self.name = name

    def forward(self, x, residual):
        return F.fused_bias_dropout_residual_layer_norm(x, residual, bias=self.linear_bias, ln_scale=self.ln_scale,
                                                        ln_bias=self.ln_bias, dropout_rate=self.dropout_rate,
                                                        ln_epsilon=self._epsilon, training=self.training,
                                                        mode="upscale_in_train", name=self.name)

    def extra_repr(self):
        # Paddle 2.6.2's extra_repr reads an attribute it never sets (seq_len): repr raises AttributeError there
        raise AttributeError("'FusedBiasDropoutResidualLayerNorm' object has no attribute 'seq_len'")


class FusedMultiHeadAttention(Layer):
    """Self-attention block: qkv weight [3, heads, head_dim, embed] (or [embed, 3 * embed] with
    transpose_qkv_wb), out projection [embed, embed], pre- or post-layer norm."""

    def __init__(self, embed_dim, num_heads, dropout_rate=0.5, attn_dropout_rate=0.5, kdim=None, vdim=None,
                 normalize_before=False, need_weights=False, qkv_weight_attr=None, qkv_bias_attr=None,
                 linear_weight_attr=None, linear_bias_attr=None, pre_ln_scale_attr=None, pre_ln_bias_attr=None,
                 ln_scale_attr=None, ln_bias_attr=None, epsilon=1e-5, nranks=1, ring_id=-1, transpose_qkv_wb=False,
                 name=None):
        super().__init__()
        _require_positive(("embed_dim", embed_dim), ("nhead", num_heads))
        if nranks != 1 or ring_id != -1:
            raise NotImplementedError("FusedMultiHeadAttention: nranks / ring_id (tensor parallel) are not supported")
        self.normalize_before = normalize_before
        self._dtype = "float32"
        self._epsilon = epsilon
        self._ring_id = ring_id
        self.embed_dim, self.num_heads = embed_dim, num_heads
        self.head_dim = embed_dim // num_heads
        self.kdim, self.vdim, self.need_weights = kdim, vdim, need_weights
        if self.head_dim * num_heads != embed_dim:
            raise AssertionError("embed_dim must be divisible by num_heads")
        if need_weights:
            raise AssertionError("Only support need_weight is False now.")
        self.transpose_qkv_wb = transpose_qkv_wb
        if transpose_qkv_wb:
            qkv_shape, qkv_bias_shape = [embed_dim, 3 * embed_dim], [3 * embed_dim]
        else:
            qkv_shape, qkv_bias_shape = [3, num_heads, self.head_dim, embed_dim], [3, num_heads, self.head_dim]
        self.qkv_weight = self.create_parameter(shape=qkv_shape, attr=qkv_weight_attr, is_bias=False)
        self.qkv_bias = self.create_parameter(shape=qkv_bias_shape, attr=qkv_bias_attr, is_bias=True)
        self.linear_weight = self.create_parameter(shape=[embed_dim, embed_dim], attr=linear_weight_attr,
                                                   is_bias=False)
        self.linear_bias = self.create_parameter(shape=[embed_dim], attr=linear_bias_attr, is_bias=True)
        if normalize_before:
            self.pre_ln_scale = self.create_parameter(attr=pre_ln_scale_attr, shape=[embed_dim],
                                                      default_initializer=Constant(value=1.0))
            self.pre_ln_bias = self.create_parameter(attr=pre_ln_bias_attr, shape=[embed_dim], is_bias=True)
            self.ln_scale = self.ln_bias = None
        else:
            self.pre_ln_scale = self.pre_ln_bias = None
            self.ln_scale = self.create_parameter(attr=ln_scale_attr, shape=[embed_dim],
                                                  default_initializer=Constant(value=1.0))
            self.ln_bias = self.create_parameter(attr=ln_bias_attr, shape=[embed_dim], is_bias=True)
        self.dropout_rate = dropout_rate
        self.attn_dropout_rate = attn_dropout_rate
        self.name = name

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        if attn_mask is not None:
            attn_mask = _convert_attention_mask(attn_mask, query.dtype)
        return F.fused_multi_head_attention(
            x=query, qkv_weight=self.qkv_weight, linear_weight=self.linear_weight,
            pre_layer_norm=self.normalize_before, pre_ln_scale=self.pre_ln_scale, pre_ln_bias=self.pre_ln_bias,
            ln_scale=self.ln_scale, ln_bias=self.ln_bias, pre_ln_epsilon=self._epsilon, qkv_bias=self.qkv_bias,
            linear_bias=self.linear_bias, cache_kv=cache, attn_mask=attn_mask, dropout_rate=self.dropout_rate,
            attn_dropout_rate=self.attn_dropout_rate, ln_epsilon=self._epsilon, training=self.training,
            num_heads=self.num_heads, transpose_qkv_wb=self.transpose_qkv_wb, name=self.name)

    def extra_repr(self):
        return (f"embed_dim={self.embed_dim}, num_heads={self.num_heads}, dropout_rate={self.dropout_rate}, "
                f"attn_dropout_rate={self.attn_dropout_rate}, epsilon={self._epsilon}, kdim={self.kdim}, "
                f"vdim={self.vdim}, normalize_before={self.normalize_before}, need_weights={self.need_weights}, "
                f"dtype={self._dtype}{_name_suffix(self.name)}")


class FusedFeedForward(Layer):
    """Feed-forward block: linear1 [d_model, dim_feedforward], linear2 [dim_feedforward, d_model], ln1 (pre-norm)
    or ln2 (post-norm)."""

    def __init__(self, d_model, dim_feedforward, dropout_rate=0.1, epsilon=1e-05, activation="relu",
                 act_dropout_rate=None, normalize_before=False, linear1_weight_attr=None, linear1_bias_attr=None,
                 linear2_weight_attr=None, linear2_bias_attr=None, ln1_scale_attr=None, ln1_bias_attr=None,
                 ln2_scale_attr=None, ln2_bias_attr=None, nranks=1, ring_id=-1, name=None):
        super().__init__()
        _require_positive(("d_model", d_model), ("dim_feedforward", dim_feedforward))
        if nranks != 1 or ring_id != -1:
            raise NotImplementedError("FusedFeedForward: nranks / ring_id (tensor parallel) are not supported")
        self._dtype = "float32"
        self._d_model, self._dim_feedforward = d_model, dim_feedforward
        self._dropout_rate = dropout_rate
        self._act_dropout_rate = dropout_rate if act_dropout_rate is None else act_dropout_rate
        self._act_method = activation
        self._normalize_before = normalize_before
        self._epsilon = epsilon
        self._ring_id = ring_id
        self._linear1_weight = self.create_parameter(shape=[d_model, dim_feedforward], attr=linear1_weight_attr,
                                                     is_bias=False)
        self._linear1_bias = self.create_parameter(shape=[dim_feedforward], attr=linear1_bias_attr, is_bias=True)
        self._linear2_weight = self.create_parameter(shape=[dim_feedforward, d_model], attr=linear2_weight_attr,
                                                     is_bias=False)
        self._linear2_bias = self.create_parameter(shape=[d_model], attr=linear2_bias_attr, is_bias=True)
        if normalize_before:
            self._ln1_scale = self.create_parameter(shape=[d_model], attr=ln1_scale_attr, is_bias=False,
                                                    default_initializer=Constant(1.0))
            self._ln1_bias = self.create_parameter(shape=[d_model], attr=ln1_bias_attr, is_bias=True)
            self._ln2_scale = self._ln2_bias = None
        else:
            self._ln1_scale = self._ln1_bias = None
            self._ln2_scale = self.create_parameter(shape=[d_model], attr=ln2_scale_attr, is_bias=False,
                                                    default_initializer=Constant(1.0))
            self._ln2_bias = self.create_parameter(shape=[d_model], attr=ln2_bias_attr, is_bias=True)
        self.name = name

    def forward(self, src, cache=None):
        return F.fused_feedforward(src, self._linear1_weight, self._linear2_weight, self._linear1_bias,
                                   self._linear2_bias, self._ln1_scale, self._ln1_bias, self._ln2_scale,
                                   self._ln2_bias, dropout1_rate=self._act_dropout_rate,
                                   dropout2_rate=self._dropout_rate, activation=self._act_method,
                                   ln1_epsilon=self._epsilon, ln2_epsilon=self._epsilon,
                                   pre_layer_norm=self._normalize_before, training=self.training, name=self.name)

    def extra_repr(self):
        return (f"d_model={self._d_model}, dim_feedforward={self._dim_feedforward}, "
                f"dropout_rate={self._dropout_rate}, epsilon={self._epsilon}, activation={self._act_method}, "
                f"act_dropout_rate={self._act_dropout_rate}, normalize_before={self._normalize_before}, "
                f"dtype={self._dtype}{_name_suffix(self.name)}")


class FusedTransformerEncoderLayer(Layer):
    """FusedMultiHeadAttention followed by FusedFeedForward."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout_rate=0.1, activation="relu", attn_dropout_rate=None,
                 act_dropout_rate=None, normalize_before=False, weight_attr=None, bias_attr=None):
        super().__init__()
        _require_positive(("d_model", d_model), ("nhead", nhead), ("dim_feedforward", dim_feedforward))
        attn_dropout_rate = dropout_rate if attn_dropout_rate is None else attn_dropout_rate
        act_dropout_rate = dropout_rate if act_dropout_rate is None else act_dropout_rate
        self.normalize_before = normalize_before
        weights, biases = _attr_pair(weight_attr), _attr_pair(bias_attr)
        self.fused_attn = FusedMultiHeadAttention(
            d_model, nhead, dropout_rate=dropout_rate, attn_dropout_rate=attn_dropout_rate,
            normalize_before=normalize_before, qkv_weight_attr=weights[0], qkv_bias_attr=biases[0],
            linear_weight_attr=weights[0], linear_bias_attr=biases[0], pre_ln_scale_attr=weights[0],
            pre_ln_bias_attr=biases[0], ln_scale_attr=weights[0], ln_bias_attr=biases[0])
        self.ffn = FusedFeedForward(
            d_model, dim_feedforward, dropout_rate=dropout_rate, activation=activation,
            act_dropout_rate=act_dropout_rate, normalize_before=normalize_before, linear1_weight_attr=weights[1],
            linear1_bias_attr=biases[1], linear2_weight_attr=weights[1], linear2_bias_attr=biases[1])

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        if cache is None:
            return self.ffn(self.fused_attn(src, attn_mask=src_mask))
        attn_out, incremental_cache = self.fused_attn(src, attn_mask=src_mask, cache=cache)
        return self.ffn(attn_out), incremental_cache


class FusedMultiTransformer(Layer):
    """``num_layers`` transformer layers on ``fused_multi_transformer``; like Paddle, the per-layer parameters live
    in plain lists (ln_scales, qkv_weights, ...), so ``parameters()`` and ``state_dict()`` do not list them."""

    def __init__(self, embed_dim, num_heads, dim_feedforward, dropout_rate=0.0, activation="gelu",
                 normalize_before=True, ln_scale_attrs=None, ln_bias_attrs=None, qkv_weight_attrs=None,
                 qkv_bias_attrs=None, linear_weight_attrs=None, linear_bias_attrs=None, ffn_ln_scale_attrs=None,
                 ffn_ln_bias_attrs=None, ffn1_weight_attrs=None, ffn1_bias_attrs=None, ffn2_weight_attrs=None,
                 ffn2_bias_attrs=None, epsilon=1e-5, num_layers=-1, nranks=1, trans_qkvw=True, ring_id=-1,
                 name=None):
        super().__init__()
        _require_positive(("embed_dim", embed_dim), ("nhead", num_heads), ("dim_feedforward", dim_feedforward))
        self.normalize_before = normalize_before
        self._dtype = get_default_dtype()
        self._epsilon = epsilon
        self._trans_qkvw = trans_qkvw
        self._ring_id = ring_id
        self.embed_dim, self.num_heads = embed_dim, num_heads
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise AssertionError("embed_dim must be divisible by num_heads")
        if nranks > 1 and ring_id == -1:
            raise AssertionError()
        if num_heads % nranks != 0 or dim_feedforward % nranks != 0:
            raise AssertionError()
        if nranks > 1:
            raise NotImplementedError("FusedMultiTransformer: nranks > 1 (tensor model parallel) is not supported")
        self._dim_feedforward = dim_feedforward
        if isinstance(qkv_weight_attrs, (list, tuple)):
            num_layers = len(qkv_weight_attrs)
        if num_layers <= 0:
            raise AssertionError()

        def attr_of(attrs, index):
            if isinstance(attrs, (list, tuple)):
                if len(attrs) != num_layers:
                    raise AssertionError()
                return attrs[index]
            return attrs

        names = ("ln_scales", "ln_biases", "qkv_weights", "qkv_biases", "linear_weights", "linear_biases",
                 "ffn_ln_scales", "ffn_ln_biases", "ffn1_weights", "ffn1_biases", "ffn2_weights", "ffn2_biases")
        for list_name in names:
            setattr(self, list_name, [])
        qkv_shape = [3, num_heads, self.head_dim, embed_dim] if trans_qkvw else [embed_dim, 3, num_heads,
                                                                                 self.head_dim]
        one = Constant(value=1.0)
        # (attrs, shape, is_bias, initializer, dtype) per list, in Paddle's creation order
        specs = ((ln_scale_attrs, [embed_dim], False, one, None), (ln_bias_attrs, [embed_dim], True, None, None),
                 (qkv_weight_attrs, qkv_shape, False, None, self._dtype),
                 (qkv_bias_attrs, [3, num_heads, self.head_dim], True, None, self._dtype),
                 (linear_weight_attrs, [num_heads * self.head_dim, embed_dim], False, None, self._dtype),
                 (linear_bias_attrs, [embed_dim], True, None, self._dtype),
                 (ffn_ln_scale_attrs, [embed_dim], False, one, None),
                 (ffn_ln_bias_attrs, [embed_dim], True, None, None),
                 (ffn1_weight_attrs, [embed_dim, dim_feedforward], False, None, self._dtype),
                 (ffn1_bias_attrs, [dim_feedforward], True, None, self._dtype),
                 (ffn2_weight_attrs, [dim_feedforward, embed_dim], False, None, self._dtype),
                 (ffn2_bias_attrs, [embed_dim], True, None, self._dtype))
        for i in range(num_layers):
            layer_attrs = [attr_of(spec[0], i) for spec in specs]
            for list_name, attr, (_, shape, is_bias, init, dtype) in zip(names, layer_attrs, specs):
                getattr(self, list_name).append(self.create_parameter(
                    shape=shape, attr=attr, dtype=dtype, is_bias=is_bias, default_initializer=init))
        self.dropout_rate = dropout_rate
        self.activation = activation
        self.name = name

    def forward(self, src, attn_mask=None, caches=None, pre_caches=None, rotary_embs=None, rotary_emb_dims=0,
                seq_lens=None, time_step=None):
        if caches is not None and len(caches) != len(self.qkv_weights):
            raise AssertionError()
        return F.fused_multi_transformer(
            src, self.ln_scales, self.ln_biases, self.qkv_weights, self.qkv_biases, self.linear_weights,
            self.linear_biases, self.ffn_ln_scales, self.ffn_ln_biases, self.ffn1_weights, self.ffn1_biases,
            self.ffn2_weights, self.ffn2_biases, pre_layer_norm=self.normalize_before, epsilon=self._epsilon,
            cache_kvs=caches, pre_caches=pre_caches, rotary_embs=rotary_embs, time_step=time_step, seq_lens=seq_lens,
            attn_mask=attn_mask, dropout_rate=self.dropout_rate, rotary_emb_dims=rotary_emb_dims,
            activation=self.activation, training=self.training, mode="upscale_in_train", trans_qkvw=self._trans_qkvw,
            ring_id=self._ring_id, name=self.name)
