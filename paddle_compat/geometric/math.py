"""``paddle.geometric.segment_sum/mean/max/min``: reductions over rows sharing a (sorted) segment id; the output
has ``segment_ids[-1] + 1`` rows and an empty segment gives zeros, as in Paddle."""

import torch

from .._core.tensor import wrap
from ..sparse._base import torch_of

__all__ = ["segment_sum", "segment_mean", "segment_max", "segment_min"]

_DATA_DTYPES = (torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int32, torch.int64)


def _check(data, segment_ids, op):
    t, ids = torch_of(data, "data"), torch_of(segment_ids, "segment_ids")
    if t.dtype not in _DATA_DTYPES:
        raise TypeError(f"The data type of 'data' in {op} must be float16, float32, float64, int32 or int64, but "
                        f"received {str(t.dtype).replace('torch.', '')}.")
    if ids.dtype not in (torch.int32, torch.int64):
        raise ValueError("(InvalidArgument) Unsupported index type, Expected int, int64, but got "
                         f"{str(ids.dtype).replace('torch.', '')}.")
    if ids.dim() != 1 or ids.shape[0] != t.shape[0]:
        raise ValueError(f"(InvalidArgument) Segment_ids should be a 1-D tensor whose length equals the first "
                         f"dimension of data ({t.shape[0]}), but received shape {list(ids.shape)}.")
    return t, ids.to(torch.int64)


def scatter_rows(values, index, num_rows, reduce):
    """Rows of ``values`` reduced into ``num_rows`` rows at ``index`` (sum/mean/max/min); untouched rows are 0."""
    shape = (num_rows,) + tuple(values.shape[1:])
    out = values.new_zeros(shape)
    if reduce == "sum":
        return out.index_add(0, index, values)
    expanded = index.reshape((-1,) + (1,) * (values.dim() - 1)).expand_as(values)
    if reduce == "mean":
        total = out.index_add(0, index, values)
        count = torch.bincount(index, minlength=num_rows).clamp_(min=1)
        count = count.reshape((-1,) + (1,) * (values.dim() - 1)).to(total.dtype)
        return total / count if total.is_floating_point() else torch.div(total, count, rounding_mode="trunc")
    return out.scatter_reduce(0, expanded, values, "amax" if reduce == "max" else "amin", include_self=False)


def _segment(data, segment_ids, reduce, op):
    t, ids = _check(data, segment_ids, op)
    num = int(ids[-1]) + 1 if ids.numel() else 0
    return wrap(scatter_rows(t, ids, num, reduce))


def segment_sum(data, segment_ids, name=None):
    """Sum of the rows of ``data`` sharing each segment id."""
    return _segment(data, segment_ids, "sum", "segment_pool")


def segment_mean(data, segment_ids, name=None):
    """Mean of the rows of ``data`` sharing each segment id."""
    return _segment(data, segment_ids, "mean", "segment_pool")


def segment_max(data, segment_ids, name=None):
    """Element-wise max of the rows of ``data`` sharing each segment id."""
    return _segment(data, segment_ids, "max", "segment_pool")


def segment_min(data, segment_ids, name=None):
    """Element-wise min of the rows of ``data`` sharing each segment id."""
    return _segment(data, segment_ids, "min", "segment_pool")
