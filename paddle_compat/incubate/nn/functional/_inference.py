"""Paddle's CUDA-only inference kernels (fused_multi_transformer, fused_ec_moe, masked_multihead_attention,
block_multihead_attention) as reference compositions of torch ops that follow the kernels' semantics: the cache
layouts they read and write in place, the time steps and sequence lengths they take, and the parts they leave out
(the fused transformer's dropouts run in inference mode; quantised paths raise NotImplementedError here)."""

import math

import torch
import torch.nn.functional as tf

from ...._core.tensor import wrap
from . import _reference as R

_FMT_ACTIVATIONS = {"gelu": lambda t: tf.gelu(t, approximate="tanh"), "relu": torch.relu}


def _int_values(t):
    return [int(v) for v in R.raw(t).reshape(-1).tolist()]


def _scalar(t):
    return int(R.raw(t).reshape(-1)[0]) if hasattr(R.raw(t), "reshape") else int(t)


def _unsupported(api, **args):
    """NotImplementedError naming every argument of ``args`` that is set (not None/False)."""
    given = [name for name, value in args.items() if value is not None and value is not False]
    if given:
        raise NotImplementedError(f"{api}: {', '.join(given)} (quantisation / beam-search layouts) "
                                  "is not supported by paddle-compat's reference implementation")


# ---------------------------------------------------------------- the dense KV cache [2, batch, heads, max_len, dim]
def _key_slots(cache):
    """The key half of a dense cache as a writable view [batch, heads, max_len, dim / x, x]: Paddle's kernels keep
    keys as [batch, heads, dim / x, max_len, x] with x = 16 bytes / element size (values stay [.., max_len, dim])."""
    _, batch, heads, max_len, dim = cache.shape
    chunk = 16 // cache.element_size()
    if dim % chunk:
        raise ValueError(f"the cache's head_dim ({dim}) must be a multiple of {chunk} for {cache.dtype}")
    return cache[0].view(batch, heads, dim // chunk, max_len, chunk).permute(0, 1, 3, 2, 4)


def _read_keys(cache, batch, length):
    return _key_slots(cache)[batch, :, :length].flatten(-2)


def _write_kv(cache, batch, start, k, v):
    """k, v [heads, n, dim] written at positions start .. start + n of one batch row."""
    n = k.shape[1]
    slots = _key_slots(cache)
    slots[batch, :, start:start + n] = k.detach().reshape(slots.shape[1], n, *slots.shape[3:]).to(cache.dtype)
    cache[1, batch, :, start:start + n] = v.detach().to(cache.dtype)


def _attend(q, k, v, bias, scale, decode=False):
    scores = torch.matmul(q * scale, k.transpose(-1, -2))
    if bias is not None:
        scores = scores + bias
    if not decode:
        return torch.matmul(torch.softmax(scores, dim=-1), v)
    # the decode kernels normalise by (sum + 1e-6)
    weights = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return torch.matmul(weights / (weights.sum(dim=-1, keepdim=True) + 1e-6), v)


# ---------------------------------------------------------------- fused_multi_transformer
def _rotate_pairs(t, cos, sin):
    """RoPE on adjacent pairs (2i, 2i + 1), each element with its own cos/sin entry (the fused transformer's and
    masked attention's default layout)."""
    return R.rotary(t, sin, cos, True)


def _rotate_halves(t, cos, sin, segments):
    """RoPE rotating element i with i + half inside each of ``segments`` equal parts of the head dim (neox style)."""
    parts = t.chunk(segments, dim=-1)
    cs, ss = cos.chunk(segments, dim=-1), sin.chunk(segments, dim=-1)
    return torch.cat([R.rotary(p, s, c, False) for p, c, s in zip(parts, cs, ss)], dim=-1)


def _qkv_projection(h, weight, bias, trans_qkvw):
    w = R.raw(weight)
    if trans_qkvw:
        _, heads, dim, embed = w.shape
        qkv = torch.matmul(h, w.reshape(3 * heads * dim, embed).t())
    else:
        embed, _, heads, dim = w.shape
        qkv = torch.matmul(h, w.reshape(embed, 3 * heads * dim))
    if bias is not None:
        qkv = qkv + R.raw(bias).reshape(-1)
    return qkv.reshape(*h.shape[:2], 3, heads, dim), heads, dim


def _linear(t, weight, bias):
    out = torch.matmul(t, R.raw(weight))
    return out if bias is None else out + R.raw(bias)


def _mask_rows(mask, batch, heads):
    """Decode masks [batch, 1 or heads, 1, steps] as [batch, 1 or heads, 1, steps]."""
    m = R.raw(mask)
    return m.reshape(batch, -1, 1, m.shape[-1])


def _decode_attention(q, k, v, cache, positions, mask, scale):
    """One new token per batch row: write its k, v at ``positions[b]`` and attend over the cache up to it."""
    batch, heads, _, _ = q.shape
    out = torch.zeros_like(q)
    mask_rows = None if mask is None else _mask_rows(mask, batch, heads)
    for b, pos in enumerate(positions):
        if pos < 0:  # Paddle's kernel skips such rows (their output is left unwritten; here it is 0)
            continue
        _write_kv(cache, b, pos, k[b], v[b])
        keys, values = _read_keys(cache, b, pos + 1), cache[1, b, :, :pos + 1]
        bias = None if mask_rows is None else mask_rows[b, :, :, :pos + 1].to(q.dtype)
        out[b] = _attend(q[b], keys.to(q.dtype), values.to(q.dtype), bias, scale, decode=True)
    return out


def fused_multi_transformer(x, ln_scales, ln_biases, qkv_weights, qkv_biases, linear_weights, linear_biases,
                            ffn_ln_scales, ffn_ln_biases, ffn1_weights, ffn1_biases, ffn2_weights, ffn2_biases,
                            pre_layer_norm=True, epsilon=1e-05, cache_kvs=None, pre_caches=None, seq_lens=None,
                            rotary_embs=None, time_step=None, attn_mask=None, dropout_rate=0.0, rotary_emb_dims=0,
                            activation="gelu", training=False, mode="upscale_in_train", trans_qkvw=True, ring_id=-1,
                            name=None):
    """Stack of transformer layers ([pre-ln] -> qkv -> attention (+ cache) -> out linear -> residual [post-ln] ->
    FFN). The CUDA kernel runs its dropouts in inference mode whatever dropout_rate/training say, and so does this
    reference; gelu is the tanh form of the kernel's cuBLASLt epilogue."""
    if mode not in ("downscale_in_infer", "upscale_in_train"):
        raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")
    if ring_id != -1:
        raise NotImplementedError("fused_multi_transformer: ring_id (tensor-parallel all-reduce) is not supported")
    if activation not in _FMT_ACTIVATIONS:
        raise NotImplementedError(f"fused_multi_transformer: activation {activation!r} is not supported "
                                  "(use 'gelu' or 'relu')")
    act = _FMT_ACTIVATIONS[activation]
    t = R.raw(x)
    batch, seq, _ = t.shape
    if time_step is not None and cache_kvs is None:
        raise ValueError("fused_multi_transformer: time_step (the decode step) needs cache_kvs")
    decode = time_step is not None
    if decode:
        step = _scalar(time_step)
        if step <= 0:
            raise RuntimeError(f"(PreconditionNotMet) The value of time_step must > 0, but now is {step}")
        if seq != 1:
            raise RuntimeError(f"(PreconditionNotMet) In decode stage, the seq_len of input must be 1, but now is "
                               f"{seq}")
        positions = _int_values(seq_lens) if seq_lens is not None else [step] * batch
    lengths = _int_values(seq_lens) if seq_lens is not None and not decode else None
    valid = None
    if lengths is not None:  # the kernel drops padding tokens before its GEMMs: their q, k, v are 0
        valid = (torch.arange(seq)[None, :] < torch.tensor(lengths)[:, None]).to(t.dtype)[:, :, None]
    cos = sin = None
    if rotary_emb_dims > 0:
        if rotary_embs is None:
            raise ValueError("fused_multi_transformer: rotary_embs must be given when rotary_emb_dims > 0")
        emb = R.raw(rotary_embs)
        cos, sin = emb[0, :, :, :seq].to(t.dtype), emb[1, :, :, :seq].to(t.dtype)  # [batch, 1, seq, dim]
        if not decode:  # the context kernel rotates pair (2i, 2i + 1) by the entries at 2i only
            cos, sin = cos[..., 0::2].repeat_interleave(2, -1), sin[..., 0::2].repeat_interleave(2, -1)
    mask = None if attn_mask is None else R.raw(attn_mask).to(t.dtype)

    def pick(items, i):
        return None if items is None else items[i]

    for i in range(len(qkv_weights)):
        residual = t
        h = R.layer_norm(t, ln_scales[i], ln_biases[i], epsilon) if pre_layer_norm else t
        qkv, heads, dim = _qkv_projection(h, qkv_weights[i], pick(qkv_biases, i), trans_qkvw)
        if valid is not None:
            qkv = qkv * valid[:, :, :, None, None]
        q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)  # each [batch, heads, seq, dim]
        if cos is not None:
            q, k = _rotate_pairs(q, cos, sin), _rotate_pairs(k, cos, sin)
        scale = 1.0 / math.sqrt(dim)
        cache = None if cache_kvs is None else R.raw(cache_kvs[i])
        if decode:
            out = _decode_attention(q, k, v, cache, positions, mask, scale)
        else:
            keys, values = k, v
            if pre_caches is not None:
                pre = R.raw(pre_caches[i]).to(t.dtype)
                keys, values = torch.cat([pre[0], k], dim=2), torch.cat([pre[1], v], dim=2)
            if cache is not None:
                for b in range(batch):
                    n = keys.shape[2] if lengths is None else keys.shape[2] - seq + lengths[b]
                    _write_kv(cache, b, 0, keys[b, :, :n], values[b, :, :n])
            out = _attend(q, keys, values, mask, scale)
        t = residual + _linear(out.permute(0, 2, 1, 3).reshape(batch, seq, heads * dim), linear_weights[i],
                               pick(linear_biases, i))
        if not pre_layer_norm:
            t = R.layer_norm(t, ln_scales[i], ln_biases[i], epsilon)
        residual = t
        h = R.layer_norm(t, ffn_ln_scales[i], ffn_ln_biases[i], epsilon) if pre_layer_norm else t
        h = act(_linear(h, ffn1_weights[i], pick(ffn1_biases, i)))
        t = residual + _linear(h, ffn2_weights[i], pick(ffn2_biases, i))
        if not pre_layer_norm:
            t = R.layer_norm(t, ffn_ln_scales[i], ffn_ln_biases[i], epsilon)
    if valid is not None:  # padding rows stay 0: the kernel zero-fills its output before rebuilding the padding
        t = t * valid
    out = wrap(t)
    return (out, cache_kvs) if cache_kvs is not None else out


# ---------------------------------------------------------------- fused_ec_moe
def _leading(t, shape, arg):
    flat = R.raw(t).reshape(-1)
    need = math.prod(shape)
    if flat.numel() < need:
        raise ValueError(f"fused_ec_moe: {arg} has {flat.numel()} elements, the kernel reads {need} "
                         f"(shape {list(shape)})")
    return flat[:need].reshape(shape)


def fused_ec_moe(x, gate, bmm0_weight, bmm0_bias, bmm1_weight, bmm1_bias, act_type):
    """Expert-choice MoE: softmax(gate) over experts per token, every expert of every batch row takes its
    seq_len // 16 tokens of highest probability, runs act(x @ W0 + b0) @ W1 + b1 on them, and the output is
    x + sum of probability * expert output over the experts that chose the token (gelu: tanh form, as the
    kernel's FasterTransformer epilogue)."""
    if act_type not in ("gelu", "relu"):
        raise NotImplementedError("Currently only support `gelu`, `relu`. ")
    tx, tg = R.raw(x), R.raw(gate)
    batch, seq, hidden = tx.shape
    experts, _, inter = R.raw(bmm0_weight).shape
    # the kernel reads the four tensors as flat memory of these shapes (whatever shapes they carry)
    w0, b0, w1, b1 = (_leading(t, shape, arg) for t, shape, arg in (
        (bmm0_weight, (experts, hidden, inter), "bmm0_weight"), (bmm0_bias, (experts, 1, inter), "bmm0_bias"),
        (bmm1_weight, (experts, inter, hidden), "bmm1_weight"), (bmm1_bias, (experts, 1, hidden), "bmm1_bias")))
    capacity = seq // 16
    probs = torch.exp(tg - tg.amax(-1, keepdim=True))
    probs = probs / (probs.sum(-1, keepdim=True) + 1e-6)  # the kernel's softmax adds 1e-6 to the denominator
    out = tx.clone()
    if capacity == 0:
        return wrap(out)
    top_probs, top_tokens = torch.topk(probs.transpose(1, 2), capacity, dim=-1)  # [batch, experts, capacity]
    chosen = torch.gather(tx[:, None].expand(batch, experts, seq, hidden), 2,
                          top_tokens[..., None].expand(batch, experts, capacity, hidden))
    chosen = chosen.transpose(0, 1).reshape(experts, batch * capacity, hidden)
    h = torch.bmm(chosen, w0) + b0
    h = tf.gelu(h, approximate="tanh") if act_type == "gelu" else torch.relu(h)
    h = torch.bmm(h, w1) + b1
    h = h.reshape(experts, batch, capacity, hidden).transpose(0, 1) * top_probs[..., None]
    out.scatter_add_(1, top_tokens.reshape(batch, -1, 1).expand(-1, -1, hidden), h.reshape(batch, -1, hidden))
    return wrap(out)


# ---------------------------------------------------------------- masked_multihead_attention
def masked_multihead_attention(x, cache_kv=None, bias=None, src_mask=None, cum_offsets=None, sequence_lengths=None,
                               rotary_tensor=None, beam_cache_offset=None, qkv_out_scale=None, out_shift=None,
                               out_smooth=None, seq_len=1, rotary_emb_dims=0, use_neox_rotary_style=False,
                               compute_dtype="default", out_scale=-1, quant_round_type=1, quant_max_bound=127.0,
                               quant_min_bound=-127.0):
    """One decoding step: x [batch, 3 * heads * dim] (+ bias) gives q, k, v; k, v are written into cache_kv
    [2, batch, heads, max_len, dim] at the step (src_mask.shape[-1] - 1, or sequence_lengths[b] per row) and q
    attends over the cache up to it (+ src_mask). Returns (out, cache_kv, beam_cache_offset)."""
    _unsupported("masked_multihead_attention", cum_offsets=cum_offsets, beam_cache_offset=beam_cache_offset,
                 qkv_out_scale=qkv_out_scale, out_shift=out_shift, out_smooth=out_smooth,
                 out_scale=out_scale if out_scale > 0 else None)
    if cache_kv is None:
        raise ValueError("masked_multihead_attention: cache_kv is required")
    cache = R.raw(cache_kv)
    tx = R.raw(x)
    if not tx.is_floating_point():
        raise NotImplementedError("masked_multihead_attention: an integer x (quantised qkv needing qkv_out_scale) "
                                  "is not supported by paddle-compat")
    _, _, heads, max_len, dim = cache.shape
    batch = tx.shape[0]
    if tx.shape[-1] != 3 * heads * dim:
        raise ValueError(f"masked_multihead_attention: x's last dim ({tx.shape[-1]}) must be 3 * num_head * dim_head "
                         f"= {3 * heads * dim} for cache_kv of shape {list(cache.shape)}")
    qkv = tx.reshape(batch, 3, heads, dim)
    if bias is not None:
        qkv = qkv + R.raw(bias).reshape(3, heads, dim)
    q, k, v = qkv.unbind(1)  # each [batch, heads, dim]
    if rotary_emb_dims > 0:
        if rotary_tensor is None:
            raise ValueError("masked_multihead_attention: rotary_tensor must be given when rotary_emb_dims > 0")
        emb = R.raw(rotary_tensor).reshape(-1)[:2 * batch * dim].to(q.dtype).reshape(2, batch, 1, dim)
        cos, sin = emb[0], emb[1]
        if use_neox_rotary_style:
            q, k = _rotate_halves(q, cos, sin, rotary_emb_dims), _rotate_halves(k, cos, sin, rotary_emb_dims)
        else:
            q, k = _rotate_pairs(q, cos, sin), _rotate_pairs(k, cos, sin)
    if sequence_lengths is not None:
        positions = _int_values(sequence_lengths)
    elif src_mask is not None:
        positions = [R.raw(src_mask).shape[-1] - 1] * batch
    else:
        raise ValueError("masked_multihead_attention: src_mask or sequence_lengths must be given (they say which "
                         "cache step the new token takes)")
    if max(positions) >= max_len:
        raise ValueError(f"masked_multihead_attention: step {max(positions)} is past cache_kv's max_seq_len "
                         f"({max_len})")
    out = _decode_attention(q[:, :, None], k[:, :, None], v[:, :, None], cache, positions, src_mask,
                            1.0 / math.sqrt(dim))
    return wrap(out.reshape(batch, heads * dim)), cache_kv, beam_cache_offset


# ---------------------------------------------------------------- block_multihead_attention
def _block_slots(cache, table, length, block_size):
    """(block ids, offsets) of the first ``length`` positions of one sequence in a paged cache."""
    pos = torch.arange(length)
    return table[pos // block_size], pos % block_size


def block_multihead_attention(qkv, key_cache, value_cache, seq_lens_encoder, seq_lens_decoder, seq_lens_this_time,
                              padding_offsets, cum_offsets, cu_seqlens_q, cu_seqlens_k, block_tables,
                              pre_key_cache=None, pre_value_cache=None, cache_k_quant_scales=None,
                              cache_v_quant_scales=None, cache_k_dequant_scales=None, cache_v_dequant_scales=None,
                              qkv_out_scale=None, qkv_bias=None, out_shift=None, out_smooth=None, rope_emb=None,
                              mask=None, tgt_mask=None, max_seq_len=-1, block_size=64, use_neox_style=False,
                              use_dynamic_cachekv_quant=False, quant_round_type=1, quant_max_bound=127.0,
                              quant_min_bound=-127.0, out_scale=-1, compute_dtype="default"):
    """Paged-KV attention over packed tokens: a row with seq_lens_encoder > 0 is a prefill of its
    seq_lens_this_time tokens (causal, or + mask), a row with seq_lens_decoder > 0 decodes one token at step
    seq_lens_decoder (+ tgt_mask); k, v go into key_cache/value_cache [blocks, kv_heads, block_size, dim] at
    block_tables[b, pos // block_size], slot pos % block_size. Token rows come from cu_seqlens_q (padding_offsets
    and cum_offsets describe the same packing). Returns (out, qkv, key_cache, value_cache); like the kernel, qkv
    gets qkv_bias added in place and its prefill rows' q, k rotated by rope_emb."""
    _unsupported("block_multihead_attention", pre_key_cache=pre_key_cache, pre_value_cache=pre_value_cache,
                 cache_k_quant_scales=cache_k_quant_scales, cache_v_quant_scales=cache_v_quant_scales,
                 cache_k_dequant_scales=cache_k_dequant_scales, cache_v_dequant_scales=cache_v_dequant_scales,
                 qkv_out_scale=qkv_out_scale, out_shift=out_shift, out_smooth=out_smooth,
                 use_dynamic_cachekv_quant=use_dynamic_cachekv_quant, out_scale=out_scale if out_scale > 0 else None)
    tq = R.raw(qkv)
    if not tq.is_floating_point():
        raise NotImplementedError("block_multihead_attention: an integer qkv (quantised, needing qkv_out_scale) is "
                                  "not supported by paddle-compat")
    kc, vc = R.raw(key_cache), R.raw(value_cache)
    _, kv_heads, cache_block, dim = kc.shape
    if cache_block != block_size:
        raise ValueError(f"block_multihead_attention: block_size ({block_size}) must equal key_cache.shape[2] "
                         f"({cache_block})")
    heads = tq.shape[-1] // dim - 2 * kv_heads
    if heads <= 0 or heads % kv_heads or tq.shape[-1] % dim:
        raise ValueError(f"block_multihead_attention: qkv's last dim ({tq.shape[-1]}) must be (num_head + 2 * "
                         f"kv_num_head) * head_size with kv_num_head={kv_heads}, head_size={dim}")
    # the kernel adds the bias to qkv in place and rotates the prefill rows' q, k in place too
    packed = (tq if qkv_bias is None else tq + R.raw(qkv_bias).reshape(-1)).clone()
    q_all, k_all, v_all = packed.split([heads * dim, kv_heads * dim, kv_heads * dim], dim=-1)
    enc, dec, this_time = (_int_values(s) for s in (seq_lens_encoder, seq_lens_decoder, seq_lens_this_time))
    starts = _int_values(cu_seqlens_q)
    tables = R.raw(block_tables).to(torch.int64)
    out = torch.zeros(tq.shape[0], heads * dim, dtype=tq.dtype)
    scale = 1.0 / math.sqrt(dim)
    group = heads // kv_heads
    table = None
    if rope_emb is not None:
        # the kernels read rope_emb as one table for every row: cos = its first steps * width floats, sin the
        # next ones (steps = rope_emb.shape[2]; width head_dim / 2, or head_dim with use_neox_style)
        width = dim if use_neox_style else dim // 2
        steps = R.raw(rope_emb).shape[2]
        table = R.raw(rope_emb).reshape(-1)[:2 * steps * width].reshape(2, steps, width).to(tq.dtype)
    for b, n in enumerate(this_time):
        if n <= 0 or (enc[b] <= 0 and dec[b] <= 0):  # rows the kernels skip (their output stays 0 here)
            continue
        rows = slice(starts[b], starts[b] + n)
        first = 0 if enc[b] > 0 else dec[b]  # prefill starts at step 0; a decode token sits at step seq_lens_decoder
        if enc[b] <= 0 and n != 1:
            raise NotImplementedError(f"block_multihead_attention: batch row {b} decodes {n} tokens at once "
                                      "(seq_lens_this_time > 1 with seq_lens_encoder == 0); a decode row takes one")
        q = q_all[rows].reshape(n, heads, dim).transpose(0, 1)
        k = k_all[rows].reshape(n, kv_heads, dim).transpose(0, 1)
        v = v_all[rows].reshape(n, kv_heads, dim).transpose(0, 1)
        if table is not None:
            cos, sin = table[:, first:first + n]
            if use_neox_style:
                if enc[b] > 0:  # the prefill kernel rotates i and i + dim / 2 by the entries at i
                    cos, sin = cos[:, :dim // 2].repeat(1, 2), sin[:, :dim // 2].repeat(1, 2)
                q, k = _rotate_halves(q, cos, sin, 1), _rotate_halves(k, cos, sin, 1)
            else:  # one entry per pair (2i, 2i + 1)
                cos, sin = cos.repeat_interleave(2, -1), sin.repeat_interleave(2, -1)
                q, k = _rotate_pairs(q, cos, sin), _rotate_pairs(k, cos, sin)
            if enc[b] > 0:
                q_all[rows] = q.transpose(0, 1).reshape(n, heads * dim)
                k_all[rows] = k.transpose(0, 1).reshape(n, kv_heads * dim)
        blocks, offsets = _block_slots(kc, tables[b], first + n, block_size)
        kc[blocks[first:], :, offsets[first:]] = k.detach().transpose(0, 1).to(kc.dtype)
        vc[blocks[first:], :, offsets[first:]] = v.detach().transpose(0, 1).to(vc.dtype)
        keys = kc[blocks, :, offsets].transpose(0, 1).to(tq.dtype).repeat_interleave(group, 0)
        values = vc[blocks, :, offsets].transpose(0, 1).to(tq.dtype).repeat_interleave(group, 0)
        if enc[b] > 0:
            if mask is not None:
                bias = R.raw(mask)[b, :, :n, :n].to(tq.dtype)
            else:
                causal = torch.ones(n, n, dtype=torch.bool).tril()
                bias = torch.zeros(n, n, dtype=tq.dtype).masked_fill(~causal, float("-inf"))
        else:
            bias = None if tgt_mask is None else R.raw(tgt_mask)[b, :, :, :first + n].to(tq.dtype)
        o = _attend(q, keys, values, bias, scale, decode=enc[b] <= 0)  # [heads, n, dim]
        out[rows] = o.transpose(0, 1).reshape(n, heads * dim)
    with torch.no_grad():
        tq.copy_(packed)
    return wrap(out), qkv, key_cache, value_cache
