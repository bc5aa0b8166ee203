"""``paddle.nn.functional`` extension ops (extension.py in Paddle 2.6)."""

import contextlib

import torch

from ..._core import Tensor, errors, wrap
from ..._core.dtypes import to_torch_dtype

__all__ = ["diag_embed", "gather_tree", "scaled_dot_product_attention", "sdp_kernel", "sequence_mask", "temporal_shift"]


def diag_embed(input, offset=0, dim1=-2, dim2=-1):  # noqa: A002 - Paddle's name
    return wrap(torch.diag_embed(input._t, offset, dim1, dim2))


def sequence_mask(x, maxlen=None, dtype="int64", name=None):
    t = x._t
    if isinstance(maxlen, Tensor):
        maxlen = int(maxlen._t.item())
    elif maxlen is not None and not isinstance(maxlen, int):  # Paddle's int attribute (bool passes)
        raise ValueError(f"(InvalidArgument) sequence_mask(): argument (position 5) must be int, but got "
                         f"{type(maxlen).__name__}")
    if maxlen == 0:
        raise ValueError("(InvalidArgument) Attr(maxlen) must be less than 0 or larger than 1")
    if maxlen is None or maxlen < 0:  # Paddle: a negative maxlen means the largest length in x
        m = int(t.max().item()) if t.numel() else 0
    else:
        m = int(maxlen)
    r = torch.arange(m, device=t.device, dtype=t.dtype if not t.is_floating_point() else torch.int64)
    out = r < t.unsqueeze(-1)
    return wrap(out.to(to_torch_dtype(dtype)))


def gather_tree(ids, parents):
    it, pt = ids._t, parents._t
    if it.dim() != 3:
        raise ValueError(
            f"The input ids must be a 3D tensor with shape [length, batch_size, beam_size], but received {ids.shape}"
        )
    if tuple(it.shape) != tuple(pt.shape):
        raise ValueError(f"The shape of ids {ids.shape} and parents {parents.shape} must be the same.")
    steps = it.shape[0]
    if steps == 0:
        return wrap(it.clone())
    out = [None] * steps
    out[-1] = it[-1]
    parent = pt[-1]
    for s in range(steps - 2, -1, -1):
        out[s] = torch.gather(it[s], 1, parent.long())
        parent = torch.gather(pt[s], 1, parent.long())
    return wrap(torch.stack(out, 0))


def temporal_shift(x, seg_num, shift_ratio=0.25, name=None, data_format="NCHW"):
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"Attr(data_format) should be 'NCHW' or 'NHWC'. Received Attr(data_format): {data_format}.")
    t = x._t
    if t.dim() != 4:
        raise ValueError(f"Input(X) rank should be 4, but received x with the shape of {x.shape}")
    if t.shape[0] % seg_num:
        raise ValueError(f"Input(X) dimension[0] ({t.shape[0]}) should be divisible by seg_num ({seg_num}).")
    if shift_ratio >= 0.5:
        raise errors.invalid_argument(f"Attr(shift_ratio) should be less than 0.5, but received {shift_ratio}")
    cl = data_format == "NHWC"
    if cl:
        t = t.permute(0, 3, 1, 2)
    nt, c, h, w = t.shape
    v = t.reshape(nt // seg_num, seg_num, c, h, w)
    c1 = int(c * shift_ratio)
    c2 = int(c * 2 * shift_ratio)
    zero = torch.zeros_like(v[:, :1])
    a = torch.cat([zero[:, :, :c1], v[:, :-1, :c1]], 1)
    b = torch.cat([v[:, 1:, c1:c2], zero[:, :, c1:c2]], 1)
    out = torch.cat([a, b, v[:, :, c2:]], 2).reshape(nt, c, h, w)
    if cl:
        out = out.permute(0, 2, 3, 1)
    return wrap(out)


def scaled_dot_product_attention(
    query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, training=True, name=None
):
    """Paddle's ``nn.functional.scaled_dot_product_attention`` (flash_attention.py): tensors are
    ``[batch, seq_len, num_heads, head_dim]``; a float ``attn_mask`` is added to the scores."""
    q, k, v = (t._t.transpose(1, 2) for t in (query, key, value))
    m = None
    if attn_mask is not None:
        m = attn_mask._t
        if m.dtype != torch.bool and m.dtype != q.dtype:
            m = m.to(q.dtype)
    out = torch.nn.functional.scaled_dot_product_attention(
        q, k, v, attn_mask=m, dropout_p=dropout_p if training else 0.0, is_causal=is_causal
    )
    return wrap(out.transpose(1, 2))


@contextlib.contextmanager
def sdp_kernel(enable_math=False, enable_flash=True, enable_mem_efficient=True):
    """Paddle's backend selector for scaled_dot_product_attention; torch picks the CPU kernel itself."""
    yield
