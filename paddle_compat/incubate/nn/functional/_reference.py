"""Reference implementations of Paddle's fused (CUDA-only) incubate ops as compositions of torch ops, with
Paddle's argument conventions (weights [in, out], qkv weight [3, heads, head_dim, embed], dropout modes)."""

import math

import torch
import torch.nn.functional as tf

from ...._core.tensor import Tensor, wrap

_ACTIVATIONS = {"relu": torch.relu, "gelu": tf.gelu, "none": lambda t: t, None: lambda t: t}


def raw(x):
    return x._t if isinstance(x, Tensor) else x


def dropout(t, p, training, mode):
    if mode not in ("upscale_in_train", "downscale_in_infer"):
        raise ValueError("mode argument should be 'upscale_in_train' or 'downscale_in_infer'")
    if not 0 <= p <= 1:
        raise ValueError("p argument should between 0 and 1")
    if p == 0:
        return t
    if not training:
        return t if mode == "upscale_in_train" else t * (1.0 - p)
    if p == 1:
        return t * 0.0
    keep = (torch.rand_like(t) >= p).to(t.dtype)
    return t * keep / (1.0 - p) if mode == "upscale_in_train" else t * keep


def layer_norm(t, scale, bias, epsilon, begin_axis=-1):
    axes = list(range(begin_axis % t.dim(), t.dim()))
    mean = t.mean(dim=axes, keepdim=True)
    var = ((t - mean) ** 2).mean(dim=axes, keepdim=True)
    out = (t - mean) / torch.sqrt(var + epsilon)
    shape = t.shape[axes[0]:]
    if scale is not None:
        out = out * raw(scale).reshape(shape)
    if bias is not None:
        out = out + raw(bias).reshape(shape)
    return out


def activation(name):
    try:
        return _ACTIVATIONS[name]
    except KeyError:
        raise ValueError(f"activation {name!r} is not supported; use 'relu', 'gelu' or None") from None


def multi_head_attention(x, qkv_weight, linear_weight, pre_layer_norm, pre_ln_scale, pre_ln_bias, ln_scale, ln_bias,
                         pre_ln_epsilon, qkv_bias, linear_bias, cache_kv, attn_mask, dropout_rate, attn_dropout_rate,
                         ln_epsilon, training, mode, add_residual, num_heads, transpose_qkv_wb):
    t = raw(x)
    batch, seq, embed = t.shape
    residual = t
    if pre_layer_norm:
        t = layer_norm(t, pre_ln_scale, pre_ln_bias, pre_ln_epsilon)
    w = raw(qkv_weight)
    if transpose_qkv_wb:
        if num_heads <= 0:
            raise ValueError("num_heads must be given (> 0) when transpose_qkv_wb is True")
        head_dim = w.shape[1] // (3 * num_heads)
        qkv = t @ w
        if qkv_bias is not None:
            qkv = qkv + raw(qkv_bias)
        qkv = qkv.reshape(batch, seq, 3, num_heads, head_dim)
    else:
        _, num_heads, head_dim, _ = w.shape
        qkv = t @ w.reshape(3 * num_heads * head_dim, embed).t()
        if qkv_bias is not None:
            qkv = qkv + raw(qkv_bias).reshape(-1)
        qkv = qkv.reshape(batch, seq, 3, num_heads, head_dim)
    q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)  # each [batch, heads, seq, head_dim]
    cache_out = None
    if cache_kv is not None:
        cache = raw(cache_kv)
        k = torch.cat([cache[0], k], dim=2)
        v = torch.cat([cache[1], v], dim=2)
        cache_out = torch.stack([k, v])
    scores = (q * head_dim ** -0.5) @ k.transpose(-1, -2)
    if attn_mask is not None:
        scores = scores + raw(attn_mask)
    weights = dropout(torch.softmax(scores, dim=-1), attn_dropout_rate, training, mode)
    out = (weights @ v).permute(0, 2, 1, 3).reshape(batch, seq, num_heads * head_dim)
    out = _bias_dropout_residual(out @ raw(linear_weight), linear_bias, residual, dropout_rate, training, mode,
                                 add_residual, pre_layer_norm, ln_scale, ln_bias, ln_epsilon)
    return (wrap(out), wrap(cache_out)) if cache_out is not None else wrap(out)


def _bias_dropout_residual(out, bias, residual, rate, training, mode, add_residual, pre_layer_norm, ln_scale,
                           ln_bias, ln_epsilon):
    """The blocks' tail: + bias -> dropout -> + residual -> layer norm when the block is post-norm."""
    if bias is not None:
        out = out + raw(bias)
    out = dropout(out, rate, training, mode)
    if add_residual:
        out = residual + out
    if not pre_layer_norm:
        out = layer_norm(out, ln_scale, ln_bias, ln_epsilon)
    return out


def feedforward(x, linear1_weight, linear2_weight, linear1_bias, linear2_bias, ln1_scale, ln1_bias, ln2_scale,
                ln2_bias, dropout1_rate, dropout2_rate, act, ln1_epsilon, ln2_epsilon, pre_layer_norm, training, mode,
                add_residual):
    t = raw(x)
    residual = t
    if pre_layer_norm:
        t = layer_norm(t, ln1_scale, ln1_bias, ln1_epsilon)
    hidden = t @ raw(linear1_weight)
    if linear1_bias is not None:
        hidden = hidden + raw(linear1_bias)
    hidden = dropout(activation(act)(hidden), dropout1_rate, training, mode)
    return wrap(_bias_dropout_residual(hidden @ raw(linear2_weight), linear2_bias, residual, dropout2_rate, training,
                                       mode, add_residual, pre_layer_norm, ln2_scale, ln2_bias, ln2_epsilon))


def rotary(t, sin, cos, neox_adjacent):
    if neox_adjacent:  # Paddle's use_neox_rotary_style=True: every two adjacent numbers rotate together
        even, odd = t[..., 0::2], t[..., 1::2]
        rotated = torch.stack([-odd, even], dim=-1).reshape(t.shape)
    else:
        half = t.shape[-1] // 2
        rotated = torch.cat([-t[..., half:], t[..., :half]], dim=-1)
    return t * cos + rotated * sin


def default_sin_cos(seq, dim, dtype, neox_adjacent):
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
    freqs = torch.arange(seq, dtype=torch.float64)[:, None] * inv_freq[None, :]  # [seq, dim/2]
    angles = freqs.repeat_interleave(2, dim=-1) if neox_adjacent else torch.cat([freqs, freqs], dim=-1)
    return torch.sin(angles).to(dtype), torch.cos(angles).to(dtype)


def masked_attention_scale(dim, scale):
    return 1.0 / math.sqrt(dim) if scale is None else float(scale)
