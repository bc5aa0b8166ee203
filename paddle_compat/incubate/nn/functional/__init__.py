"""``paddle.incubate.nn.functional``: Paddle's fused (CUDA-only) ops as reference compositions of torch ops
(the inference kernels with KV caches in ``_inference``)."""

import torch
import torch.nn.functional as tf

from ...._core.tensor import wrap
from . import _reference as R
from ._inference import block_multihead_attention, fused_ec_moe, fused_multi_transformer, masked_multihead_attention

__all__ = [
    "fused_multi_head_attention", "fused_feedforward", "fused_multi_transformer", "fused_matmul_bias",
    "fused_linear", "fused_linear_activation", "fused_bias_dropout_residual_layer_norm", "fused_ec_moe",
    "fused_dropout_add", "fused_rotary_position_embedding", "variable_length_memory_efficient_attention",
    "fused_rms_norm", "fused_layer_norm", "masked_multihead_attention", "fused_gate_attention",
    "block_multihead_attention",
]


def fused_matmul_bias(x, y, bias=None, transpose_x=False, transpose_y=False, name=None):
    """matmul(x, y) (optionally transposed) + bias."""
    a, b = R.raw(x), R.raw(y)
    out = (a.transpose(-1, -2) if transpose_x else a) @ (b.transpose(-1, -2) if transpose_y else b)
    return wrap(out if bias is None else out + R.raw(bias))


def fused_linear(x, weight, bias=None, transpose_weight=False, name=None):
    """x @ weight (weight [in, out], or [out, in] with transpose_weight) + bias."""
    return fused_matmul_bias(x, weight, bias, False, transpose_weight)


def fused_linear_activation(x, y, bias, trans_x=False, trans_y=False, activation=None):
    """activation(matmul(x, y) + bias), activation in None / 'none' / 'relu' / 'gelu'."""
    out = fused_matmul_bias(x, y, bias, trans_x, trans_y)
    return wrap(R.activation(activation)(out._t))


def fused_dropout_add(x, y, p=0.5, training=True, mode="upscale_in_train", name=None):
    """dropout(x) + y."""
    return wrap(R.dropout(R.raw(x), p, training, mode) + R.raw(y))


def fused_bias_dropout_residual_layer_norm(x, residual, bias=None, ln_scale=None, ln_bias=None, dropout_rate=0.5,
                                           ln_epsilon=1e-05, training=True, mode="upscale_in_train", name=None):
    """layer_norm(residual + dropout(x + bias)) over the last axis."""
    t = R.raw(x)
    if bias is not None:
        t = t + R.raw(bias)
    t = R.raw(residual) + R.dropout(t, dropout_rate, training, mode)
    return wrap(R.layer_norm(t, ln_scale, ln_bias, ln_epsilon))


def fused_feedforward(x, linear1_weight, linear2_weight, linear1_bias=None, linear2_bias=None, ln1_scale=None,
                      ln1_bias=None, ln2_scale=None, ln2_bias=None, dropout1_rate=0.5, dropout2_rate=0.5,
                      activation="relu", ln1_epsilon=1e-05, ln2_epsilon=1e-05, pre_layer_norm=False, training=True,
                      mode="upscale_in_train", ring_id=-1, add_residual=True, name=None):
    """Transformer feed-forward block: [ln1] -> linear1 -> act -> dropout1 -> linear2 -> dropout2 -> +x -> [ln2]."""
    if ring_id != -1:
        raise NotImplementedError("fused_feedforward: ring_id (tensor-parallel all-reduce) is not supported")
    return R.feedforward(x, linear1_weight, linear2_weight, linear1_bias, linear2_bias, ln1_scale, ln1_bias,
                         ln2_scale, ln2_bias, dropout1_rate, dropout2_rate, activation, ln1_epsilon, ln2_epsilon,
                         pre_layer_norm, training, mode, add_residual)


def fused_multi_head_attention(x, qkv_weight, linear_weight, pre_layer_norm=False, pre_ln_scale=None,
                               pre_ln_bias=None, ln_scale=None, ln_bias=None, pre_ln_epsilon=1e-05, qkv_bias=None,
                               linear_bias=None, cache_kv=None, attn_mask=None, dropout_rate=0.5,
                               attn_dropout_rate=0.5, ln_epsilon=1e-05, training=True, mode="upscale_in_train",
                               ring_id=-1, add_residual=True, num_heads=-1, transpose_qkv_wb=False, name=None):
    """Self-attention block: [pre-ln] -> qkv projection -> softmax(q k^T / sqrt(d) + mask) v -> out projection ->
    dropout -> +x -> [ln]; returns (out, cache_kv_out) when cache_kv [2, b, heads, cached, d] is given."""
    if ring_id != -1:
        raise NotImplementedError("fused_multi_head_attention: ring_id (tensor-parallel) is not supported")
    return R.multi_head_attention(x, qkv_weight, linear_weight, pre_layer_norm, pre_ln_scale, pre_ln_bias, ln_scale,
                                  ln_bias, pre_ln_epsilon, qkv_bias, linear_bias, cache_kv, attn_mask, dropout_rate,
                                  attn_dropout_rate, ln_epsilon, training, mode, add_residual, num_heads,
                                  transpose_qkv_wb)


def _no_quant(quant_scale, api):
    if quant_scale > 0:
        raise NotImplementedError(f"{api}: quantised output (quant_scale > 0) is not supported by paddle-compat")


def _residual_sum(x, bias, residual, alpha):
    t = R.raw(x)
    if bias is not None:
        t = t + R.raw(bias)
    if residual is not None:
        t = t + alpha * R.raw(residual)
    return t


def fused_rms_norm(x, norm_weight, norm_bias, epsilon, begin_norm_axis, bias=None, residual=None, quant_scale=-1,
                   quant_round_type=0, quant_max_bound=0, quant_min_bound=0):
    """RMS norm of (x + bias + residual) over the axes from begin_norm_axis, times norm_weight (+ norm_bias);
    returns (out, residual_out) when residual is given."""
    _no_quant(quant_scale, "fused_rms_norm")
    t = _residual_sum(x, bias, residual, 1.0)
    axes = list(range(begin_norm_axis % t.dim(), t.dim()))
    out = t * torch.rsqrt((t * t).mean(dim=axes, keepdim=True) + epsilon)
    shape = t.shape[axes[0]:]
    out = out * R.raw(norm_weight).reshape(shape)
    if norm_bias is not None:
        out = out + R.raw(norm_bias).reshape(shape)
    return (wrap(out), wrap(t)) if residual is not None else wrap(out)


def fused_layer_norm(x, norm_weight, norm_bias, epsilon, residual_alpha=1.0, begin_norm_axis=1, bias=None,
                     residual=None, quant_scale=-1, quant_round_type=0, quant_max_bound=0, quant_min_bound=0):
    """layer_norm(x + bias + residual_alpha * residual) over the axes from begin_norm_axis (only the sum when
    norm_weight and norm_bias are None); returns (out, residual_out) when residual is given."""
    _no_quant(quant_scale, "fused_layer_norm")
    t = _residual_sum(x, bias, residual, residual_alpha)
    if norm_weight is None and norm_bias is None:
        out = t
    else:
        out = R.layer_norm(t, norm_weight, norm_bias, epsilon, begin_norm_axis)
    return (wrap(out), wrap(t)) if residual is not None else wrap(out)


def fused_rotary_position_embedding(q, k=None, v=None, sin=None, cos=None, position_ids=None,
                                    use_neox_rotary_style=True):
    """Rotary position embedding of q (and k, v) [batch, seq, heads, head_dim]; sin/cos [seq, head_dim] or
    [1, seq, 1, head_dim] (default: base 10000); position_ids [batch, seq] picks their rows."""
    tq = R.raw(q)
    batch, seq, _, dim = tq.shape
    if sin is None or cos is None:
        s, c = R.default_sin_cos(seq, dim, tq.dtype, use_neox_rotary_style)
    else:
        s, c = R.raw(sin).reshape(-1, dim), R.raw(cos).reshape(-1, dim)
    if position_ids is not None:
        pos = R.raw(position_ids).to(torch.int64)
        s, c = s[pos].unsqueeze(2), c[pos].unsqueeze(2)  # [batch, seq, 1, dim]
    else:
        s, c = s[:seq].reshape(1, seq, 1, dim), c[:seq].reshape(1, seq, 1, dim)
    outs = [None if t is None else wrap(R.rotary(R.raw(t), s.to(R.raw(t).dtype), c.to(R.raw(t).dtype),
                                                 use_neox_rotary_style)) for t in (q, k, v)]
    return tuple(outs)


def variable_length_memory_efficient_attention(query, key, value, seq_lens, kv_seq_lens, mask=None, scale=None,
                                               causal=False, pre_cache_length=0):
    """Attention per batch over its first seq_lens[b] queries and kv_seq_lens[b] keys ([batch, heads, seq, dim]
    layout), on torch's scaled_dot_product_attention; rows past seq_lens[b] are 0."""
    tq, tk, tv = R.raw(query), R.raw(key), R.raw(value)
    q_len, kv_len = tq.shape[2], tk.shape[2]
    lens = R.raw(seq_lens).reshape(-1).to(torch.int64)
    kv_lens = R.raw(kv_seq_lens).reshape(-1).to(torch.int64)
    keep = torch.arange(kv_len)[None, :] < kv_lens[:, None]  # [batch, kv]
    allowed = keep[:, None, None, :].expand(-1, 1, q_len, kv_len)
    if causal:
        rows = torch.arange(q_len)[:, None] + pre_cache_length
        allowed = allowed & (torch.arange(kv_len)[None, :] <= rows)
    bias = torch.zeros(allowed.shape, dtype=tq.dtype).masked_fill(~allowed, float("-inf"))
    if mask is not None:
        bias = bias + R.raw(mask).to(tq.dtype)
    out = tf.scaled_dot_product_attention(tq, tk, tv, attn_mask=bias,
                                          scale=R.masked_attention_scale(tq.shape[-1], scale))
    valid_rows = (torch.arange(q_len)[None, :] < lens[:, None])[:, None, :, None]
    return wrap(torch.where(valid_rows, out.nan_to_num(0.0), torch.zeros((), dtype=out.dtype)))


def fused_gate_attention(query, key=None, query_weight=None, key_weight=None, value_weight=None, qkv_weight=None,
                         gate_linear_weight=None, gate_linear_bias=None, out_linear_weight=None, out_linear_bias=None,
                         nonbatched_bias=None, attn_mask=None, has_gating=True, merge_qkv=True,
                         use_flash_attn=False):
    """AlphaFold's gated self-attention over [batch, msa, res, dim] inputs (Paddle's layouts: qkv_weight
    [3, heads, head_dim, q_dim], query/key/value_weight and gate_linear_weight [in_dim, heads, head_dim],
    out_linear_weight [heads, head_dim, q_dim]); use_flash_attn selects a kernel in Paddle, same values."""
    tq = R.raw(query)
    n, b, q_len, q_dim = tq.shape
    if merge_qkv:
        if qkv_weight is None:
            raise ValueError("fused_gate_attention: qkv_weight must be set when merge_qkv is True")
        w = R.raw(qkv_weight)  # [3, heads, head_dim, q_dim]
        heads, head_dim = w.shape[1], w.shape[2]
        qkv = torch.matmul(tq, w.reshape(3 * heads * head_dim, q_dim).t())
        qkv = qkv.reshape(n, b, q_len, 3, heads, head_dim)
        q, k, v = qkv.unbind(3)
    else:
        if key is None or query_weight is None or key_weight is None or value_weight is None:
            raise ValueError("fused_gate_attention: key, query_weight, key_weight and value_weight must be set "
                             "when merge_qkv is False")
        tk = R.raw(key)
        wq, wk, wv = R.raw(query_weight), R.raw(key_weight), R.raw(value_weight)
        heads, head_dim = wq.shape[1], wq.shape[2]

        def project(t, weight):
            return torch.matmul(t, weight.reshape(weight.shape[0], -1)).reshape(*t.shape[:3], heads, head_dim)

        q, k, v = project(tq, wq), project(tk, wk), project(tk, wv)
    q = q * head_dim ** -0.5
    logits = torch.matmul(q.permute(0, 1, 3, 2, 4), k.permute(0, 1, 3, 4, 2))  # [n, b, heads, q, k]
    if attn_mask is not None:
        logits = logits + R.raw(attn_mask)
    if nonbatched_bias is not None:
        logits = logits + R.raw(nonbatched_bias)
    weights = torch.softmax(logits, -1)
    out = torch.matmul(weights, v.permute(0, 1, 3, 2, 4)).permute(0, 1, 3, 2, 4)  # [n, b, q, heads, head_dim]
    if has_gating:
        if gate_linear_weight is None or gate_linear_bias is None:
            raise ValueError("fused_gate_attention: gate_linear_weight and gate_linear_bias must be set when "
                             "has_gating is True")
        gw = R.raw(gate_linear_weight)
        gate = torch.matmul(tq, gw.reshape(gw.shape[0], -1)).reshape(n, b, q_len, heads, head_dim)
        out = out * torch.sigmoid(gate + R.raw(gate_linear_bias))
    ow = R.raw(out_linear_weight)
    result = torch.matmul(out.reshape(n, b, q_len, heads * head_dim), ow.reshape(heads * head_dim, -1))
    if out_linear_bias is not None:
        result = result + R.raw(out_linear_bias)
    return wrap(result)


fused_gate_attention.__module__ = "paddle.incubate.nn.functional.fused_gate_attention"  # Paddle's module


for _fn, _module in ((fused_multi_transformer, "fused_transformer"), (fused_ec_moe, "fused_ec_moe"),
                     (masked_multihead_attention, "masked_multihead_attention"),
                     (block_multihead_attention, "block_multihead_attention")):
    _fn.__module__ = f"paddle.incubate.nn.functional.{_module}"  # Paddle's modules
del _fn, _module

from . import fused_transformer  # noqa: E402,F401 - Paddle's submodule (after the names it re-exports)
