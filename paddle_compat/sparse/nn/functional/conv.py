"""Sparse convolution (``paddle.sparse.nn.functional.conv2d/conv3d/subm_conv2d/subm_conv3d``) as a rulebook in
torch ops: the (input, kernel offset, output) triples are found from the coalesced indices, the input values
are gathered, multiplied by the offset's [in, out] weight slice and scatter-added into the output rows.

Layouts as Paddle's: x is a SparseCooTensor [N, (D,) H, W, C] with [N, (D,) H, W] sparse and C dense, the
weight is [(kd,) kh, kw, in, out]. A regular convolution outputs every position some input reaches, sorted
(coalesced); a submanifold one outputs exactly the (coalesced) input positions and, as Paddle's kernel, uses
stride 1 and padding kernel_size // 2 whatever is passed.
"""

import torch

from ...._core.tensor import wrap
from ..._base import COO, coo, linear_keys, torch_of, unravel

__all__ = ["conv2d", "conv3d", "subm_conv2d", "subm_conv3d"]


def _as_list(value, dims, name):
    if isinstance(value, int):
        return [value] * dims
    value = [int(v) for v in value]
    if len(value) != dims:
        raise ValueError(f"The {name}'s length must be {dims}. Received: {value}")
    return value


def _paddings(padding, dims):
    if isinstance(padding, str):
        if padding.upper() == "VALID":
            return [0] * dims
        raise NotImplementedError(f"paddle-compat sparse conv: padding='{padding}' is not supported "
                                  "(give explicit paddings)")
    if isinstance(padding, int):
        return [padding] * dims
    padding = list(padding)
    if len(padding) == dims and all(isinstance(p, int) for p in padding):
        return [int(p) for p in padding]
    if len(padding) == 2 * dims and all(isinstance(p, int) for p in padding):
        if any(padding[2 * i] != padding[2 * i + 1] for i in range(dims)):
            raise NotImplementedError("paddle-compat sparse conv: asymmetric paddings are not supported")
        return [int(padding[2 * i]) for i in range(dims)]
    raise NotImplementedError(f"paddle-compat sparse conv: padding={padding} is not supported")


def _kernel_offsets(kernel):
    grids = torch.meshgrid(*[torch.arange(k) for k in kernel], indexing="ij")
    return torch.stack([g.reshape(-1) for g in grids])  # [dims, K], row-major like the weight's kernel dims


def rulebook(indices, spatial, kernel, stride, padding, dilation, subm):
    """(in_ids, offset_ids, out_ids, out_indices, out_spatial) for coalesced ``indices`` [1 + dims, n]."""
    dims = len(spatial)
    offsets = _kernel_offsets(kernel)  # [dims, K]
    batch, coords = indices[0], indices[1:]
    n, num_offsets = indices.shape[1], offsets.shape[1]
    if subm:
        out_spatial = list(spatial)
        keys = linear_keys(indices, [0] + list(spatial)) if n else indices.new_zeros(0)
        # neighbour of output o for offset k: o - padding + k * dilation (stride 1)
        pad = torch.tensor([k // 2 for k in kernel]).unsqueeze(1)
        dil = torch.tensor(dilation).unsqueeze(1)
        shift = (offsets * dil - pad)  # [dims, K]
        neighbour = coords.unsqueeze(1) + shift.unsqueeze(2)  # [dims, K, n]
        size = torch.tensor(spatial).reshape(dims, 1, 1)
        inside = ((neighbour >= 0) & (neighbour < size)).all(0)  # [K, n]
        nkeys = batch.unsqueeze(0).expand(num_offsets, n).clone()
        for d in range(dims):
            nkeys = nkeys * spatial[d] + neighbour[d]
        pos = torch.searchsorted(keys, nkeys.reshape(-1)).reshape(num_offsets, n).clamp_(max=max(n - 1, 0))
        found = inside & (keys[pos] == nkeys) if n else inside
        offset_ids, out_ids = found.nonzero(as_tuple=True)
        in_ids = pos[offset_ids, out_ids]
        return in_ids, offset_ids, out_ids, indices, out_spatial
    out_spatial = [(spatial[d] + 2 * padding[d] - dilation[d] * (kernel[d] - 1) - 1) // stride[d] + 1
                   for d in range(dims)]
    if any(s <= 0 for s in out_spatial):
        raise ValueError(f"(InvalidArgument) the output size of sparse conv must be positive, got {out_spatial}")
    pad = torch.tensor(padding).reshape(dims, 1, 1)
    dil = torch.tensor(dilation).reshape(dims, 1, 1)
    std = torch.tensor(stride).reshape(dims, 1, 1)
    # input p reaches output o through offset k when o * stride = p + padding - k * dilation
    numer = coords.unsqueeze(1) + pad - offsets.unsqueeze(2) * dil  # [dims, K, n]
    out_coord = torch.div(numer, std, rounding_mode="floor")
    valid = ((numer % std) == 0) & (out_coord >= 0) & (out_coord < torch.tensor(out_spatial).reshape(dims, 1, 1))
    valid = valid.all(0)  # [K, n]
    offset_ids, in_ids = valid.nonzero(as_tuple=True)
    keys = batch[in_ids]
    for d in range(dims):
        keys = keys * out_spatial[d] + out_coord[d, offset_ids, in_ids]
    out_keys, out_ids = torch.unique(keys, sorted=True, return_inverse=True)
    rest = 1
    for size in out_spatial:
        rest *= size
    out_batch = torch.div(out_keys, rest, rounding_mode="floor").unsqueeze(0)
    out_indices = torch.cat([out_batch, unravel(out_keys % rest, out_spatial)])
    return in_ids, offset_ids, out_ids, out_indices, out_spatial


def gather_matmul_scatter(values, weight, in_ids, offset_ids, out_ids, num_out):
    """sum over rulebook pairs of values[in] @ weight[offset] into out rows; loops over the kernel offsets."""
    num_offsets = weight.shape[0]
    out = values.new_zeros((num_out, weight.shape[-1]))
    if in_ids.numel() == 0:
        return out + 0 * weight.sum()  # keeps the graph to the weight
    order = torch.argsort(offset_ids, stable=True)
    in_ids, offset_ids, out_ids = in_ids[order], offset_ids[order], out_ids[order]
    counts = torch.bincount(offset_ids, minlength=num_offsets).tolist()
    start = 0
    for k, count in enumerate(counts):
        if count:
            stop = start + count
            rows = values.index_select(0, in_ids[start:stop]) @ weight[k]
            out = out.index_add(0, out_ids[start:stop], rows)
            start = stop
    return out


def _sparse_conv(x, weight, bias, stride, padding, dilation, groups, subm, data_format, dims, expected_format):
    if groups != 1:
        raise AssertionError("Currently, only support groups=1")
    if data_format != expected_format:
        raise ValueError(f"Attr(data_format) should be '{expected_format}'. Received Attr(data_format): "
                         f"{data_format}.")
    t = torch_of(x)
    if len(t.shape) != dims + 2:
        raise ValueError(f"Input x should be {dims + 2}D tensor, but received x with the shape of {list(t.shape)}")
    if t.layout is not COO:
        raise NotImplementedError("paddle.sparse conv needs a SparseCooTensor input")
    w = torch_of(weight, "weight")
    kernel = list(w.shape[:dims])
    in_channels, out_channels = w.shape[dims], w.shape[dims + 1]
    if t.shape[-1] != in_channels:
        raise ValueError(f"(InvalidArgument) The input channels {t.shape[-1]} and the kernel's in channels "
                         f"{in_channels} must be equal.")
    stride = _as_list(stride, dims, "stride")
    dilation = _as_list(dilation, dims, "dilation")
    padding = _paddings(padding, dims)
    c = t.coalesce()
    indices, values = c.indices(), c.values()
    spatial = list(t.shape[1:1 + dims])
    in_ids, offset_ids, out_ids, out_indices, out_spatial = rulebook(indices, spatial, kernel, stride, padding,
                                                                     dilation, subm)
    flat_weight = w.reshape(-1, in_channels, out_channels)
    out_values = gather_matmul_scatter(values, flat_weight, in_ids, offset_ids, out_ids, out_indices.shape[1])
    if bias is not None:
        out_values = out_values + torch_of(bias, "bias")
    shape = [t.shape[0]] + out_spatial + [out_channels]
    return wrap(coo(out_indices, out_values, shape, coalesced=True))


def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NDHWC", name=None):
    """Sparse 3-D convolution of an NDHWC SparseCooTensor by a [kd, kh, kw, in, out] weight."""
    return _sparse_conv(x, weight, bias, stride, padding, dilation, groups, False, data_format, 3, "NDHWC")


def subm_conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NDHWC", key=None,
                name=None):
    """Submanifold sparse 3-D convolution: outputs only at the input's positions. ``key`` names a rulebook
    cache in Paddle; the rulebook is recomputed here, with the same result."""
    return _sparse_conv(x, weight, bias, stride, padding, dilation, groups, True, data_format, 3, "NDHWC")


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NHWC", name=None):
    """Sparse 2-D convolution of an NHWC SparseCooTensor by a [kh, kw, in, out] weight."""
    return _sparse_conv(x, weight, bias, stride, padding, dilation, groups, False, data_format, 2, "NHWC")


def subm_conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NHWC", key=None,
                name=None):
    """Submanifold sparse 2-D convolution (outputs at the input's positions); ``key`` as in subm_conv3d."""
    return _sparse_conv(x, weight, bias, stride, padding, dilation, groups, True, data_format, 2, "NHWC")
