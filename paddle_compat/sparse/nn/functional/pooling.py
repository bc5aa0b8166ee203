"""Sparse 3-D max pooling: the convolution rulebook with a max over each output's stored inputs."""


from ...._core.tensor import wrap
from ..._base import COO, coo, torch_of
from .conv import _as_list, _paddings, rulebook

__all__ = ["max_pool3d"]


def max_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NDHWC", name=None):
    """Max over the stored inputs of each window of an NDHWC SparseCooTensor (outputs where some input is)."""
    if data_format != "NDHWC":
        raise ValueError(f"Attr(data_format) should be 'NDHWC'. Received Attr(data_format): {data_format}.")
    if ceil_mode:
        raise NotImplementedError("paddle.sparse.nn.functional.max_pool3d: ceil_mode=True is not supported")
    t = torch_of(x)
    if t.layout is not COO or t.dim() != 5:
        raise ValueError("paddle.sparse max_pool3d needs a 5-D SparseCooTensor (NDHWC)")
    kernel = _as_list(kernel_size, 3, "kernel_size")
    stride = kernel if stride is None else _as_list(stride, 3, "stride")
    padding = _paddings(padding, 3)
    c = t.coalesce()
    values = c.values()
    in_ids, _, out_ids, out_indices, out_spatial = rulebook(c.indices(), list(t.shape[1:4]), kernel, stride,
                                                            padding, [1, 1, 1], False)
    channels = values.shape[-1]
    out = values.new_zeros((out_indices.shape[1], channels)).scatter_reduce(
        0, out_ids.unsqueeze(1).expand(-1, channels), values.index_select(0, in_ids), "amax", include_self=False)
    return wrap(coo(out_indices, out, [t.shape[0]] + out_spatial + [channels], coalesced=True))
