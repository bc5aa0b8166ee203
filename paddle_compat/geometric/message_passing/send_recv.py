"""Graph message passing: gather node features along edges (``src_index`` -> ``dst_index``), optionally combine
them with edge features, and reduce the messages at the destination nodes."""

import torch

from ..._core.tensor import Tensor, wrap
from ...sparse._base import torch_of
from ..math import scatter_rows

__all__ = ["send_u_recv", "send_ue_recv", "send_uv"]

_REDUCE_OPS = ("sum", "mean", "max", "min")
_MESSAGE_OPS = {"add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div}


def _indices(src_index, dst_index):
    src, dst = torch_of(src_index, "src_index"), torch_of(dst_index, "dst_index")
    for t, name in ((src, "src_index"), (dst, "dst_index")):
        if t.dtype not in (torch.int32, torch.int64):
            raise TypeError(f"The data type of '{name}' must be int32 or int64, but received "
                            f"{str(t.dtype).replace('torch.', '')}.")
    if src.shape != dst.shape:
        raise ValueError("(InvalidArgument) The shape of src_index and dst_index should be the same.")
    return src.reshape(-1).to(torch.int64), dst.reshape(-1).to(torch.int64)


def _out_rows(out_size, default):
    if isinstance(out_size, Tensor):
        out_size = int(out_size._t.reshape(-1)[0])
    if out_size is None or out_size <= 0:
        return default
    return int(out_size)


def _reduce(messages, dst, rows, reduce_op):
    if rows and dst.numel() and int(dst.max()) >= rows:
        raise IndexError(f"(OutOfRange) The end row index is out of bound. dst_index holds {int(dst.max())} "
                         f"but the output has {rows} rows.")
    return wrap(scatter_rows(messages, dst, rows, reduce_op))


def send_u_recv(x, src_index, dst_index, reduce_op="sum", out_size=None, name=None):
    """out[dst] = reduce over edges of x[src]; ``out_size`` rows (default: as many as x)."""
    if reduce_op not in _REDUCE_OPS:
        raise ValueError(f"reduce_op should be `sum`, `mean`, `max` or `min`, but received {reduce_op}")
    t = torch_of(x)
    src, dst = _indices(src_index, dst_index)
    return _reduce(t.index_select(0, src), dst, _out_rows(out_size, t.shape[0]), reduce_op)


def send_ue_recv(x, y, src_index, dst_index, message_op="add", reduce_op="sum", out_size=None, name=None):
    """out[dst] = reduce over edges of (x[src] message_op y[edge])."""
    if message_op not in _MESSAGE_OPS:
        raise ValueError(f"message_op should be `add`, `sub`, `mul` or `div`, but received {message_op}")
    if reduce_op not in _REDUCE_OPS:
        raise ValueError(f"reduce_op should be `sum`, `mean`, `max` or `min`, but received {reduce_op}")
    t, e = torch_of(x), torch_of(y, "y")
    src, dst = _indices(src_index, dst_index)
    gathered = t.index_select(0, src)
    if e.dim() == 1 and gathered.dim() > 1:
        e = e.reshape((-1,) + (1,) * (gathered.dim() - 1))
    messages = _MESSAGE_OPS[message_op](gathered, e)
    return _reduce(messages, dst, _out_rows(out_size, t.shape[0]), reduce_op)


def send_uv(x, y, src_index, dst_index, message_op="add", name=None):
    """Per-edge message x[src] message_op y[dst]."""
    if message_op not in _MESSAGE_OPS:
        raise ValueError(f"message_op should be `add`, `sub`, `mul` or `div`, but received {message_op}")
    t, u = torch_of(x), torch_of(y, "y")
    src, dst = _indices(src_index, dst_index)
    return wrap(_MESSAGE_OPS[message_op](t.index_select(0, src), u.index_select(0, dst)))
