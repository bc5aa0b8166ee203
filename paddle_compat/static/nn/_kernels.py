"""Torch kernels of the Paddle operator types that ``paddle.static.nn`` appends (``mul``, ``conv2d_transpose``,
``prelu``, ``spectral_norm``, ``data_norm``, ``row_conv``...).

Same convention as ``paddle_compat.jit.program_ops.OPS`` (which ``kernel_for`` falls back to for the common
types): a kernel takes ``(inputs, attrs, training)`` -- ``inputs`` maps a slot name (``"X"``) to a list of torch
tensors -- and returns a dict from output slot to a list of tensors. Kernels never modify their inputs: the new
running statistics of ``batch_norm`` come back in ``MeanOut``/``VarianceOut``.
"""

import math

import torch
import torch.nn.functional as F

from ...framework._shared import channels_back as _channels_back
from ...framework._shared import channels_first as _channels_first
from ...framework._shared import conv_padding_pairs, registrar
from ...framework._shared import first_input as _one

KERNELS = {}
kernel = registrar(KERNELS)


def kernel_for(op_type):
    """The kernel of ``op_type``, or None when neither table has one."""
    found = KERNELS.get(op_type)
    if found is None:
        from ...jit.program_ops import OPS

        found = OPS.get(op_type)
    return found


@kernel("mul")
def _mul(inputs, attrs, training):
    x, y = _one(inputs, "X"), _one(inputs, "Y")
    xd, yd = attrs.get("x_num_col_dims", 1), attrs.get("y_num_col_dims", 1)
    out = x.reshape(math.prod(x.shape[:xd]), -1) @ y.reshape(math.prod(y.shape[:yd]), -1)
    return {"Out": [out.reshape(list(x.shape[:xd]) + list(y.shape[yd:]))]}


@kernel("size")
def _size(inputs, attrs, training):
    return {"Out": [torch.tensor(_one(inputs, "Input").numel(), dtype=torch.int64)]}


def _conv_operands(inputs, attrs):
    """(input moved to channels-first, filter, number of spatial dims, data_format) of a conv-type op."""
    weight = _one(inputs, "Filter")
    layout = attrs.get("data_format", "NCHW")
    return _channels_first(_one(inputs, "Input"), layout), weight, weight.dim() - 2, layout


# conv2d / depthwise_conv2d / conv3d: jit.program_ops.OPS's kernel (kernel_for falls back to it)


@kernel("conv2d_transpose", "depthwise_conv2d_transpose", "conv3d_transpose")
def _conv_transpose(inputs, attrs, training):
    x, weight, spatial, layout = _conv_operands(inputs, attrs)
    strides = list(attrs.get("strides", [1] * spatial))
    dilations = list(attrs.get("dilations", [1] * spatial))
    pairs = conv_padding_pairs(x, list(weight.shape[2:]), attrs, spatial)
    conv = F.conv_transpose2d if spatial == 2 else F.conv_transpose3d
    # full transposed convolution, then crop each side by its padding (handles asymmetric paddings)
    y = conv(x, weight, None, strides, 0, 0, attrs.get("groups", 1) or 1, dilations)
    output_size = list(attrs.get("output_size") or [])
    output_padding = list(attrs.get("output_padding") or [])
    index = [slice(None), slice(None)]
    for i, (begin, end) in enumerate(pairs):
        length = y.shape[2 + i] - begin - end
        if output_size:
            extra = output_size[i] - length
            if not 0 <= extra < max(strides[i], dilations[i]):
                raise ValueError(f"output_size[{i}] = {output_size[i]} is not reachable from the input size "
                                 f"{x.shape[2 + i]} with stride {strides[i]}")
            length += extra
        elif output_padding:
            length += output_padding[i]
        if begin + length > y.shape[2 + i]:
            y = F.pad(y, [0, 0] * (spatial - 1 - i) + [0, begin + length - y.shape[2 + i]])
        index.append(slice(begin, begin + length))
    return {"Output": [_channels_back(y[tuple(index)], layout)]}


@kernel("batch_norm")
def _batch_norm(inputs, attrs, training):
    layout = attrs.get("data_layout", "NCHW")
    x = _channels_first(_one(inputs, "X"), layout)
    mean, variance = _one(inputs, "Mean"), _one(inputs, "Variance")
    scale, bias = _one(inputs, "Scale"), _one(inputs, "Bias")
    eps = attrs.get("epsilon", 1e-5)
    momentum = attrs.get("momentum", 0.9)
    shape = [1, -1] + [1] * (x.dim() - 2)
    use_batch = not attrs.get("is_test", False) and not attrs.get("use_global_stats", False) and training
    if use_batch:
        dims = [0] + list(range(2, x.dim()))
        batch_mean = x.mean(dims)
        batch_var = x.var(dims, unbiased=False)
        mean_out = mean * momentum + batch_mean * (1.0 - momentum)
        variance_out = variance * momentum + batch_var * (1.0 - momentum)
        use_mean, use_var = batch_mean, batch_var
    else:
        mean_out, variance_out, use_mean, use_var = mean, variance, mean, variance
    inv_std = torch.rsqrt(use_var + eps)
    y = (x - use_mean.reshape(shape)) * (inv_std * scale).reshape(shape) + bias.reshape(shape)
    return {"Y": [_channels_back(y, layout)], "MeanOut": [mean_out], "VarianceOut": [variance_out],
            "SavedMean": [use_mean], "SavedVariance": [inv_std]}


# layer_norm: jit.program_ops.OPS's kernel


@kernel("instance_norm")
def _instance_norm(inputs, attrs, training):
    # by hand rather than F.instance_norm: Paddle also accepts [N, C] inputs (no spatial dims: each value is its
    # own instance, so it normalises to 0), which torch refuses in training mode
    x = _one(inputs, "X")
    dims = list(range(2, x.dim()))
    if dims:  # mean of squares rather than torch.var: the .pdmodel exporter maps these ATen ops
        mean = x.mean(dims, keepdim=True)
        var = ((x - mean) * (x - mean)).mean(dims, keepdim=True)
    else:
        mean, var = x, torch.zeros_like(x)
    y = (x - mean) * torch.rsqrt(var + attrs.get("epsilon", 1e-5))
    scale, bias = _one(inputs, "Scale"), _one(inputs, "Bias")
    shape = [1, -1] + [1] * len(dims)
    if scale is not None:
        y = y * scale.reshape(shape)
    if bias is not None:
        y = y + bias.reshape(shape)
    return {"Y": [y]}


@kernel("group_norm")
def _group_norm(inputs, attrs, training):
    layout = attrs.get("data_layout", "NCHW")
    x = _channels_first(_one(inputs, "X"), layout)
    y = F.group_norm(x, attrs["groups"], _one(inputs, "Scale"), _one(inputs, "Bias"), attrs.get("epsilon", 1e-5))
    return {"Y": [_channels_back(y, layout)]}


def _lookup(ids, weight, padding_idx):
    out = F.embedding(ids, weight)
    if padding_idx is not None and padding_idx >= 0:
        out = out.masked_fill((ids == padding_idx).unsqueeze(-1), 0.0)  # Paddle's kernel writes zeros there
    return out


@kernel("lookup_table_v2")
def _lookup_table_v2(inputs, attrs, training):
    return {"Out": [_lookup(_one(inputs, "Ids"), _one(inputs, "W"), attrs.get("padding_idx", -1))]}


@kernel("lookup_table")
def _lookup_table(inputs, attrs, training):
    ids = _one(inputs, "Ids")
    if ids.dim() > 1 and ids.shape[-1] == 1:
        ids = ids.squeeze(-1)
    return {"Out": [_lookup(ids, _one(inputs, "W"), attrs.get("padding_idx", -1))]}


@kernel("prelu")
def _prelu(inputs, attrs, training):
    x, alpha = _one(inputs, "X"), _one(inputs, "Alpha")
    mode = attrs.get("mode", "all")
    if mode == "channel":
        channel_dim = x.dim() - 1 if attrs.get("data_format", "NCHW") == "NHWC" else 1
        shape = [1] * x.dim()
        shape[channel_dim] = -1
        alpha = alpha.reshape(shape)
    elif mode == "element":
        alpha = alpha.reshape([1] + list(x.shape[1:]))
    else:
        alpha = alpha.reshape([])
    return {"Out": [torch.where(x > 0, x, alpha * x)]}


@kernel("bilinear_tensor_product")
def _bilinear_tensor_product(inputs, attrs, training):
    x, y, weight = _one(inputs, "X"), _one(inputs, "Y"), _one(inputs, "Weight")
    # (x W_k) . y for every k, as matmuls (the .pdmodel exporter has no einsum)
    xw = torch.matmul(x, weight.permute(1, 0, 2).reshape(x.shape[1], -1))  # [b, k * dy]
    out = (xw.reshape(-1, weight.shape[0], weight.shape[2]) * y.unsqueeze(1)).sum(2)
    bias = _one(inputs, "Bias")
    return {"Out": [out if bias is None else out + bias]}


def _l2_normalize(v, eps):
    return v / (torch.linalg.vector_norm(v) + eps)


class _SpectralNorm(torch.autograd.Function):
    """W / sigma with Paddle's spectral_norm_grad: dW = g * (1 - u v^T * sum(W / sigma)) / sigma (u, v from the
    power iteration). This is what Paddle 2.6.2 computes (checked against its kernel numerically); it is not
    the exact derivative of W / sigma, so autograd through the forward formula would train differently."""

    @staticmethod
    def forward(ctx, matrix, u, v):
        sigma = torch.dot(u, matrix @ v)
        out = matrix / sigma
        ctx.save_for_backward(out, u, v, sigma)
        return out

    @staticmethod
    def backward(ctx, grad):
        out, u, v, sigma = ctx.saved_tensors
        return grad * (1.0 - torch.outer(u, v) * out.sum()) / sigma, None, None


@kernel("spectral_norm")
def _spectral_norm(inputs, attrs, training):
    weight, u, v = _one(inputs, "Weight"), _one(inputs, "U"), _one(inputs, "V")
    dim, eps = attrs.get("dim", 0), attrs.get("eps", 1e-12)
    moved = weight.movedim(dim, 0) if dim != 0 else weight
    matrix = moved.reshape(moved.shape[0], -1)
    with torch.no_grad():
        detached = matrix.detach()
        for _ in range(attrs.get("power_iters", 1)):
            v = _l2_normalize(detached.t() @ u, eps)
            u = _l2_normalize(detached @ v, eps)
    out = _SpectralNorm.apply(matrix, u, v).reshape(moved.shape)
    return {"Out": [out.movedim(0, dim) if dim != 0 else out]}


@kernel("data_norm")
def _data_norm(inputs, attrs, training):
    x = _one(inputs, "X")
    size, total, square = _one(inputs, "BatchSize"), _one(inputs, "BatchSum"), _one(inputs, "BatchSquareSum")
    means = total / size
    scales = torch.sqrt(size / square)
    y = (x - means) * scales
    if attrs.get("enable_scale_and_shift", False):
        y = y * _one(inputs, "scale_w") + _one(inputs, "bias")
    return {"Y": [y], "Means": [means], "Scales": [scales]}


@kernel("row_conv")
def _row_conv(inputs, attrs, training):
    x, weight = _one(inputs, "X"), _one(inputs, "Filter")  # x: [batch, time, dim] (padded, no LoD)
    if x.dim() == 2:  # a LoD input [time, dim] without its LoD: one sequence
        return {"Out": [_row_conv({"X": [x.unsqueeze(0)], "Filter": [weight]}, attrs, training)["Out"][0][0]]}
    # out[:, t] = sum_k x[:, t + k] * w[k]: shifted copies of x, zero past the end (no in-place writes, so the
    # .pdmodel exporter can translate it)
    future = weight.shape[0]
    padded = F.pad(x, [0, 0, 0, future - 1]) if future > 1 else x
    out = x * weight[0]
    for k in range(1, future):
        out = out + padded[:, k:k + x.shape[1]] * weight[k]
    return {"Out": [out]}


def _deformable(inputs, attrs, training):
    from ..._core.tensor import wrap
    from ...vision.ops import deform_conv2d

    mask = _one(inputs, "Mask")
    out = deform_conv2d(wrap(_one(inputs, "Input")), wrap(_one(inputs, "Offset")), wrap(_one(inputs, "Filter")),
                        stride=list(attrs.get("strides", [1, 1])), padding=list(attrs.get("paddings", [0, 0])),
                        dilation=list(attrs.get("dilations", [1, 1])),
                        deformable_groups=attrs.get("deformable_groups", 1), groups=attrs.get("groups", 1),
                        mask=None if mask is None else wrap(mask))
    return {"Output": [out._t]}


KERNELS["deformable_conv"] = KERNELS["deformable_conv_v1"] = _deformable


@kernel("nce")
def _nce(inputs, attrs, training):
    # Paddle's sampler draws from its own generator; the negatives (and so the cost) differ from Paddle's run
    x, label, weight = _one(inputs, "Input"), _one(inputs, "Label"), _one(inputs, "Weight")
    bias = _one(inputs, "Bias")
    total = attrs["num_total_classes"]
    num_neg = attrs.get("num_neg_samples", 10)
    sampler = attrs.get("sampler", 0)
    batch = x.shape[0]
    # sizes may be symbolic (shape inference on FakeTensors): draw through x.new_empty, which follows x's mode
    if sampler == 2:
        probs = _one(inputs, "CustomDistProbs")
        u = x.new_empty((batch, num_neg)).uniform_()
        negatives = torch.searchsorted(torch.cumsum(probs, 0), u.contiguous()).clamp_(0, total - 1)
        q_of = lambda c: probs[c]  # noqa: E731
    elif sampler == 1:  # log-uniform
        u = x.new_empty((batch, num_neg)).uniform_()
        negatives = (torch.exp(u * math.log(total + 1)) - 1).long().clamp_(0, total - 1)
        q_of = lambda c: torch.log((c + 2.0) / (c + 1.0)) / math.log(total + 1)  # noqa: E731
    else:
        negatives = x.new_empty((batch, num_neg), dtype=torch.int64).random_(0, total)
        q_of = lambda c: torch.full_like(c, 1.0 / total, dtype=x.dtype)  # noqa: E731
    classes = torch.cat([label.reshape(batch, -1).long(), negatives], 1)
    logits = torch.einsum("bd,bkd->bk", x, weight[classes])
    if bias is not None:
        logits = logits + bias.reshape(-1)[classes]
    o = torch.sigmoid(logits)
    b = q_of(classes).to(x.dtype) * num_neg
    true_count = label.reshape(batch, -1).shape[1]
    cost = torch.cat([-torch.log(o[:, :true_count] / (o[:, :true_count] + b[:, :true_count])),
                      -torch.log(b[:, true_count:] / (o[:, true_count:] + b[:, true_count:]))], 1)
    sample_weight = _one(inputs, "SampleWeight")
    cost = cost.sum(1, keepdim=True)
    if sample_weight is not None:
        cost = cost * sample_weight.reshape(batch, 1)
    return {"Cost": [cost], "SampleLogits": [o], "SampleLabels": [classes]}


@kernel("cvm")
def _cvm(inputs, attrs, training):
    x = _one(inputs, "X")
    if not attrs.get("use_cvm", True):
        return {"Y": [x[:, 2:]]}
    show = torch.log(x[:, :1] + 1)
    click = torch.log(x[:, 1:2] + 1) - show
    return {"Y": [torch.cat([show, click, x[:, 2:]], 1)]}
