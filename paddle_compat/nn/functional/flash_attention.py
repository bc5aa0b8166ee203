"""``paddle.nn.functional.flash_attention``: attention over ``[batch, seq_len, num_heads, head_dim]``
tensors on ``torch.nn.functional.scaled_dot_product_attention``.

Paddle picks a backend per call ("math", "flash_attn", "mem_efficient"; ``sdp_kernel`` steers the choice) and
only "math" runs on CPU there. Here every backend computes softmax(Q K^T * scale + mask) V on torch, and the
choice keeps only its visible effect: "mem_efficient" never returns the softmax."""

import contextlib

import torch

from ..._core.place import get_device
from ..._core.tensor import Tensor, wrap
from ...framework.misc import in_dynamic_mode  # noqa: F401 - Paddle's module exposes it

__all__ = []

g_enable_math = None
g_enable_flash = None
g_enable_mem_efficient = None


@contextlib.contextmanager
def sdp_kernel(enable_math=False, enable_flash=True, enable_mem_efficient=True):
    """Select the attention backends allowed inside the ``with`` block."""
    global g_enable_math, g_enable_flash, g_enable_mem_efficient
    saved = (g_enable_math, g_enable_flash, g_enable_mem_efficient)
    g_enable_math, g_enable_flash, g_enable_mem_efficient = enable_math, enable_flash, enable_mem_efficient
    try:
        yield
    finally:
        g_enable_math, g_enable_flash, g_enable_mem_efficient = saved


def get_triangle_upper_mask(x):
    """-1e4 above the diagonal of the last two axes of ``x``, 0 elsewhere (an additive causal mask)."""
    mask = torch.triu(torch.full_like(x._t, -1e4), diagonal=1)
    return wrap(mask)


def _select_sdp_cuda(head_dim):
    return "flash_attn" if head_dim <= 256 else "mem_efficient"


def _select_sdp(head_dim):
    on_gpu = "gpu" in get_device()
    if g_enable_flash is None:
        return _select_sdp_cuda(head_dim) if on_gpu else "math"
    if g_enable_math is False and g_enable_flash is False and g_enable_mem_efficient is False:
        raise AssertionError("No available backend for scaled_dot_product_attention was found.")
    if g_enable_math is True:
        if g_enable_flash is False and g_enable_mem_efficient is False:
            return "math"
        if not on_gpu:
            return "math"
    if g_enable_flash is True and g_enable_mem_efficient is True:
        return _select_sdp_cuda(head_dim)
    if g_enable_flash is True:
        return "flash_attn"
    return "mem_efficient"


def _check_rng(dropout, fixed_seed_offset, rng_name):
    if dropout > 0.0 and fixed_seed_offset is not None:
        raise NotImplementedError(
            "flash_attention: 'fixed_seed_offset' (Paddle's seed/offset pair for the dropout mask) cannot be "
            "honoured; the dropout mask comes from paddle.seed's generator"
        )
    if dropout > 0.0 and rng_name:
        raise NotImplementedError(
            "flash_attention: 'rng_name' (a named Paddle generator) cannot be honoured; the dropout mask comes "
            "from paddle.seed's generator"
        )


def _causal_bool_mask(seq_q, seq_k, device):
    # Top-left aligned, as Paddle's upper-triangle softmax mask: query i sees keys 0..i.
    return torch.ones(seq_q, seq_k, dtype=torch.bool, device=device).tril()


def _attention(q, k, v, scale, mask, dropout, causal, return_softmax):
    """q/k/v: torch ``[batch, heads, seq, dim]``. Returns (out, weights or None); the weights are those
    multiplied with V (after dropout), as Paddle returns them."""
    if not return_softmax:
        if causal and mask is not None:
            mask = _merge_causal(mask, q)
            causal = False
        out = torch.nn.functional.scaled_dot_product_attention(
            q, k, v, attn_mask=mask, dropout_p=dropout, is_causal=causal, scale=scale
        )
        return out, None
    scores = torch.matmul(q * scale, k.transpose(-1, -2))
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf")) if mask.dtype is torch.bool else scores + mask
    if causal:
        scores = scores.masked_fill(~_causal_bool_mask(q.shape[-2], k.shape[-2], q.device), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    if dropout > 0.0:
        weights = torch.nn.functional.dropout(weights, dropout, training=True)
    return torch.matmul(weights, v), weights


def _merge_causal(mask, q):
    causal = _causal_bool_mask(q.shape[-2], mask.shape[-1], q.device)
    if mask.dtype is torch.bool:
        return mask & causal
    return mask.masked_fill(~causal, float("-inf"))


def _heads_first(*tensors):
    return [t._t.transpose(1, 2) for t in tensors]


def _check_4d(query, key, value):
    for arg_name, t in (("query", query), ("key", key), ("value", value)):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"The type of '{arg_name}' in flash_attention must be paddle.Tensor, but received {type(t)}."
            )
        if t._t.dim() != 4:
            # Paddle reads shape[3] first: fewer axes fail as an IndexError there.
            raise (IndexError if t._t.dim() < 4 else ValueError)(
                f"'{arg_name}' of flash_attention must be a 4-D Tensor [batch_size, seq_len, num_heads, head_dim], "
                f"but received shape {list(t._t.shape)}."
            )


def flash_attention(
    query,
    key,
    value,
    dropout=0.0,
    causal=False,
    return_softmax=False,
    *,
    fixed_seed_offset=None,
    rng_name="",
    training=True,
    name=None,
):
    """softmax(Q K^T / sqrt(head_dim)) V over ``[batch, seq_len, num_heads, head_dim]`` tensors.

    Returns ``(out, softmax)``: ``out`` is ``[batch, seq_len, num_heads, head_dim]``; ``softmax`` is the
    ``[batch, num_heads, seq_q, seq_k]`` attention weights (after dropout) when ``return_softmax``, else
    None."""
    _check_4d(query, key, value)
    _check_rng(dropout, fixed_seed_offset, rng_name)
    head_dim = query._t.shape[3]
    backend = _select_sdp(head_dim)
    drop = dropout if training else 0.0
    q, k, v = _heads_first(query, key, value)
    want_softmax = return_softmax and backend != "mem_efficient"
    out, weights = _attention(q, k, v, head_dim ** -0.5, None, drop, causal, want_softmax)
    return wrap(out.transpose(1, 2)), (wrap(weights) if want_softmax else None)


def flash_attn_unpadded(
    query,
    key,
    value,
    cu_seqlens_q,
    cu_seqlens_k,
    max_seqlen_q,
    max_seqlen_k,
    scale,
    dropout=0.0,
    causal=False,
    return_softmax=False,
    fixed_seed_offset=None,
    rng_name="",
    training=True,
    name=None,
):
    """Attention over variable-length sequences packed along the first axis: ``query`` is
    ``[total_q, num_heads, head_dim]`` and sequence ``i`` is rows ``cu_seqlens_q[i]:cu_seqlens_q[i+1]``
    (keys/values likewise with ``cu_seqlens_k``); each sequence attends only to its own keys.

    Returns ``(out, softmax)``: ``out`` is ``[total_q, num_heads, head_dim]``; ``softmax`` (when
    ``return_softmax``) is ``[batch, num_heads, max_seqlen_q, max_seqlen_k]``, zero past each sequence's
    length."""
    for arg_name, t in (("query", query), ("key", key), ("value", value)):
        if t._t.dim() != 3:
            raise ValueError(
                f"'{arg_name}' of flash_attn_unpadded must be a 3-D Tensor [total_seq_len, num_heads, head_dim], "
                f"but received shape {list(t._t.shape)}."
            )
    _check_rng(dropout, fixed_seed_offset, rng_name)
    drop = dropout if training else 0.0
    starts_q = cu_seqlens_q._t.tolist()
    starts_k = cu_seqlens_k._t.tolist()
    if len(starts_q) != len(starts_k):
        raise ValueError(
            f"cu_seqlens_q and cu_seqlens_k must describe the same number of sequences, but received "
            f"{len(starts_q) - 1} and {len(starts_k) - 1}."
        )
    q_all, k_all, v_all = (t._t.transpose(0, 1) for t in (query, key, value))  # [heads, total, dim]
    out = q_all.new_zeros(q_all.shape[:2] + v_all.shape[2:])
    softmax = None
    if return_softmax:
        softmax = q_all.new_zeros((len(starts_q) - 1, q_all.shape[0], max_seqlen_q, max_seqlen_k))
    for i in range(len(starts_q) - 1):
        q0, q1, k0, k1 = starts_q[i], starts_q[i + 1], starts_k[i], starts_k[i + 1]
        seq_out, weights = _attention(
            q_all[:, q0:q1], k_all[:, k0:k1], v_all[:, k0:k1], scale, None, drop, causal, return_softmax
        )
        out[:, q0:q1] = seq_out
        if return_softmax:
            softmax[i, :, : q1 - q0, : k1 - k0] = weights
    return wrap(out.transpose(0, 1)), (wrap(softmax) if return_softmax else None)


def scaled_dot_product_attention(
    query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, training=True, name=None
):
    """softmax(Q K^T / sqrt(head_dim) + attn_mask) V over ``[batch, seq_len, num_heads, head_dim]``
    tensors; ``attn_mask`` (``[batch, num_heads, seq_q, seq_k]``, broadcastable) is added to the scores
    (a bool mask keeps the True positions)."""
    if attn_mask is None:
        # As in Paddle, this path goes through flash_attention with its default training=True: dropout_p
        # applies whatever ``training`` says.
        return flash_attention(query, key, value, dropout_p, is_causal)[0]
    _check_4d(query, key, value)
    q, k, v = _heads_first(query, key, value)
    mask = attn_mask._t
    if mask.dtype is not torch.bool and mask.dtype != q.dtype:
        mask = mask.to(q.dtype)
    out, _ = _attention(
        q, k, v, q.shape[-1] ** -0.5, mask, dropout_p if training else 0.0, is_causal, False
    )
    return wrap(out.transpose(1, 2))


def __getattr__(name):
    # Paddle's module imports LayerHelper from paddle.base; paddle.base loads only on first use here.
    if name == "LayerHelper":
        from ...base.layer_helper import LayerHelper

        return LayerHelper
    raise AttributeError(f"module 'paddle.nn.functional.flash_attention' has no attribute '{name}'")
