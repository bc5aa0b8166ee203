"""Paddle operator types on torch, for running a ``ProgramDesc`` (``.pdmodel``).

Each entry takes ``(inputs, attrs, training)`` -- ``inputs`` maps an input slot (``"X"``) to a list of torch
tensors -- and returns a dict from output slot to a list of tensors. Semantics follow Paddle 2.6's operator
definitions (attrs as saved by Paddle; float attrs are float32 values).
"""

import math

import torch
import torch.nn.functional as F

from .._proto.framework import VarTypeType
from ..framework._shared import channels_back, channels_first, conv_padding_pairs, registrar
from ..framework._shared import first_input as _one

__all__ = ["OPS", "TORCH_DTYPE_OF", "UnsupportedOpError"]

TORCH_DTYPE_OF = {
    VarTypeType.BOOL: torch.bool, VarTypeType.INT16: torch.int16, VarTypeType.INT32: torch.int32,
    VarTypeType.INT64: torch.int64, VarTypeType.FP16: torch.float16, VarTypeType.FP32: torch.float32,
    VarTypeType.FP64: torch.float64, VarTypeType.UINT8: torch.uint8, VarTypeType.INT8: torch.int8,
    VarTypeType.BF16: torch.bfloat16, VarTypeType.COMPLEX64: torch.complex64,
    VarTypeType.COMPLEX128: torch.complex128,
}
# the dtype attrs of cast/fill_constant/... are VarType codes
_DTYPE_CODE = {int(k): v for k, v in TORCH_DTYPE_OF.items()}


class UnsupportedOpError(NotImplementedError):
    pass


OPS = {}
op = registrar(OPS)


def _out(tensor, slot="Out"):
    return {slot: [tensor]}


def _broadcast_y(x, y, axis):
    """Paddle's elementwise ``axis``: y's dims line up with x's starting at ``axis`` (-1: from the right)."""
    if axis == -1 or y.dim() == x.dim():
        return y
    if y.dim() > x.dim():
        return y
    shape = list(y.shape)
    while shape and shape[-1] == 1 and len(shape) > 1:  # Paddle trims trailing 1s of y before aligning
        shape.pop()
    return y.reshape([1] * axis + shape + [1] * (x.dim() - axis - len(shape)))


def _elementwise(fn):
    def run(inputs, attrs, training):
        x, y = _one(inputs, "X"), _one(inputs, "Y")
        axis = attrs.get("axis", -1)
        if axis != -1 and y.dim() < x.dim():
            y = _broadcast_y(x, y, axis)
        elif axis != -1 and x.dim() < y.dim():
            x = _broadcast_y(y, x, axis)
        return _out(fn(x, y))
    return run


for _name, _fn in {
    "elementwise_add": torch.add, "elementwise_sub": torch.sub, "elementwise_mul": torch.mul,
    "elementwise_div": torch.div, "elementwise_pow": torch.pow, "elementwise_max": torch.maximum,
    "elementwise_min": torch.minimum, "elementwise_floordiv": torch.floor_divide,
    "elementwise_mod": torch.remainder, "less_than": torch.lt,
    "less_equal": torch.le, "greater_than": torch.gt, "greater_equal": torch.ge,
    "logical_and": torch.logical_and, "logical_or": torch.logical_or, "logical_xor": torch.logical_xor,
    "bitwise_and": torch.bitwise_and, "bitwise_or": torch.bitwise_or, "bitwise_xor": torch.bitwise_xor,
}.items():
    OPS[_name] = _elementwise(_fn)


def _unary(fn):
    def run(inputs, attrs, training):
        return _out(fn(_one(inputs, "X")))
    return run


for _name, _fn in {
    "relu": torch.relu, "sigmoid": torch.sigmoid, "tanh": torch.tanh, "exp": torch.exp, "sqrt": torch.sqrt,
    "rsqrt": torch.rsqrt, "abs": torch.abs, "log": torch.log, "square": torch.square, "floor": torch.floor,
    "ceil": torch.ceil, "sin": torch.sin, "cos": torch.cos, "erf": torch.erf, "silu": F.silu,
    "logical_not": torch.logical_not, "softsign": F.softsign, "reciprocal": torch.reciprocal,
    "sign": torch.sign, "round": torch.round, "mish": F.mish, "bitwise_not": torch.bitwise_not,
}.items():
    OPS[_name] = _unary(_fn)


@op("relu6")
def _relu6(inputs, attrs, training):
    return _out(torch.clamp(_one(inputs, "X"), 0.0, attrs.get("threshold", 6.0)))


@op("leaky_relu")
def _leaky_relu(inputs, attrs, training):
    return _out(F.leaky_relu(_one(inputs, "X"), attrs.get("alpha", 0.02)))


@op("gelu")
def _gelu(inputs, attrs, training):
    return _out(F.gelu(_one(inputs, "X"), approximate="tanh" if attrs.get("approximate") else "none"))


@op("hard_swish")
def _hard_swish(inputs, attrs, training):
    x = _one(inputs, "X")
    threshold, scale, offset = attrs.get("threshold", 6.0), attrs.get("scale", 6.0), attrs.get("offset", 3.0)
    return _out(x * torch.clamp(x + offset, 0.0, threshold) / scale)


@op("hard_sigmoid")
def _hard_sigmoid(inputs, attrs, training):
    x = _one(inputs, "X")
    return _out(torch.clamp(x * attrs.get("slope", 0.2) + attrs.get("offset", 0.5), 0.0, 1.0))


@op("swish")
def _swish(inputs, attrs, training):
    x = _one(inputs, "X")
    return _out(x * torch.sigmoid(attrs.get("beta", 1.0) * x))


@op("softmax")
def _softmax(inputs, attrs, training):
    return _out(torch.softmax(_one(inputs, "X"), attrs.get("axis", -1)))


@op("log_softmax")
def _log_softmax(inputs, attrs, training):
    return _out(torch.log_softmax(_one(inputs, "X"), attrs.get("axis", -1)))


@op("scale")
def _scale(inputs, attrs, training):
    x = _one(inputs, "X")
    scale = _one(inputs, "ScaleTensor")
    scale = attrs.get("scale", 1.0) if scale is None else scale
    bias = attrs.get("bias", 0.0)
    if not x.is_floating_point() and not x.is_complex():
        if scale == 1.0 and not bias:  # the scale-1 op Paddle appends to every fetched output
            return _out(x)
        y = x * scale + bias if attrs.get("bias_after_scale", True) else (x + bias) * scale
        return _out(y.to(x.dtype))  # Paddle's scale kernel keeps the input dtype
    if attrs.get("bias_after_scale", True):
        return _out(x * scale + bias if bias else x * scale)
    return _out((x + bias) * scale)


def _conv_padding(x, kernel, attrs, spatial):
    """(padding for torch, explicit F.pad list or None); ``kernel`` is the spatial kernel size list."""
    pairs = conv_padding_pairs(x, kernel, attrs, spatial)
    if all(a == b for a, b in pairs):
        return [a for a, _ in pairs], None
    explicit = []
    for a, b in reversed(pairs):  # F.pad wants the last dim first
        explicit += [a, b]
    return [0] * spatial, explicit


@op("conv2d", "depthwise_conv2d", "conv3d")
def _conv(inputs, attrs, training):
    x, weight = _one(inputs, "Input"), _one(inputs, "Filter")
    spatial = weight.dim() - 2
    layout = attrs.get("data_format", "NCHW")
    x = channels_first(x, layout)
    padding, explicit = _conv_padding(x, list(weight.shape[2:]), attrs, spatial)
    if explicit is not None:
        x = F.pad(x, explicit)
    conv = F.conv2d if spatial == 2 else F.conv3d
    y = conv(x, weight, _one(inputs, "Bias"), attrs.get("strides", 1), padding, attrs.get("dilations", 1),
             attrs.get("groups", 1) or 1)
    return _out(channels_back(y, layout), "Output")


@op("conv2d_transpose", "depthwise_conv2d_transpose")
def _conv_transpose(inputs, attrs, training):
    x, weight = _one(inputs, "Input"), _one(inputs, "Filter")
    padding, explicit = _conv_padding(x, list(weight.shape[2:]), attrs, 2)
    if explicit is not None:
        raise UnsupportedOpError("conv2d_transpose with asymmetric paddings is not supported yet")
    output_padding = attrs.get("output_padding") or 0
    y = F.conv_transpose2d(x, weight, _one(inputs, "Bias"), attrs.get("strides", 1), padding, output_padding,
                           attrs.get("groups", 1) or 1, attrs.get("dilations", 1))
    return _out(y, "Output")


@op("pool2d")
def _pool2d(inputs, attrs, training):
    layout = attrs.get("data_format", "NCHW")
    x = channels_first(_one(inputs, "X"), layout)
    kind = attrs.get("pooling_type", "max")
    ksize = list(attrs.get("ksize", [1, 1]))
    if attrs.get("global_pooling", False):
        y = x.amax((2, 3), keepdim=True) if kind == "max" else x.mean((2, 3), keepdim=True)
    elif attrs.get("adaptive", False):
        y = F.adaptive_max_pool2d(x, ksize) if kind == "max" else F.adaptive_avg_pool2d(x, ksize)
    else:
        strides = attrs.get("strides", [1, 1])
        padding, explicit = _conv_padding(x, ksize, {**attrs, "dilations": [1, 1]}, 2)
        if explicit is not None:
            x = F.pad(x, explicit, value=-math.inf if kind == "max" else 0.0)
        ceil = attrs.get("ceil_mode", False)
        if kind == "max":
            y = F.max_pool2d(x, ksize, strides, padding, ceil_mode=ceil)
        else:
            y = F.avg_pool2d(x, ksize, strides, padding, ceil_mode=ceil,
                             count_include_pad=not attrs.get("exclusive", True))
    return _out(channels_back(y, layout))


@op("batch_norm")
def _batch_norm(inputs, attrs, training):
    x = _one(inputs, "X")
    mean, variance = _one(inputs, "Mean"), _one(inputs, "Variance")
    use_batch = training and not attrs.get("use_global_stats", False)
    layout = attrs.get("data_layout", "NCHW")
    x = channels_first(x, layout)
    y = F.batch_norm(x, mean, variance, _one(inputs, "Scale"), _one(inputs, "Bias"), use_batch,
                     1.0 - attrs.get("momentum", 0.9), attrs.get("epsilon", 1e-5))
    return {"Y": [channels_back(y, layout)], "MeanOut": [mean], "VarianceOut": [variance]}


@op("layer_norm")
def _layer_norm(inputs, attrs, training):
    x = _one(inputs, "X")
    begin = attrs.get("begin_norm_axis", 1)
    shape = list(x.shape[begin:])
    scale, bias = _one(inputs, "Scale"), _one(inputs, "Bias")
    scale = scale.reshape(shape) if scale is not None else None
    bias = bias.reshape(shape) if bias is not None else None
    return {"Y": [F.layer_norm(x, shape, scale, bias, attrs.get("epsilon", 1e-5))]}


@op("instance_norm")
def _instance_norm(inputs, attrs, training):
    x = _one(inputs, "X")
    return {"Y": [F.instance_norm(x, None, None, _one(inputs, "Scale"), _one(inputs, "Bias"),
                                  eps=attrs.get("epsilon", 1e-5))]}


@op("group_norm")
def _group_norm(inputs, attrs, training):
    return {"Y": [F.group_norm(_one(inputs, "X"), attrs["groups"], _one(inputs, "Scale"), _one(inputs, "Bias"),
                               attrs.get("epsilon", 1e-5))]}


@op("dropout")
def _dropout(inputs, attrs, training):
    x = _one(inputs, "X")
    p = attrs.get("dropout_prob", 0.5)
    upscale = attrs.get("dropout_implementation", "downgrade_in_infer") == "upscale_in_train"
    if not training:
        return _out(x if upscale else x * (1.0 - p))
    if upscale:
        return _out(F.dropout(x, p, True))
    mask = (torch.rand_like(x) >= p).to(x.dtype)
    return _out(x * mask)


def _matmul(x, y, trans_x, trans_y):
    if trans_x and x.dim() > 1:
        x = x.transpose(-1, -2)
    if trans_y and y.dim() > 1:
        y = y.transpose(-1, -2)
    return torch.matmul(x, y)


@op("matmul_v2")
def _matmul_v2(inputs, attrs, training):
    return _out(_matmul(_one(inputs, "X"), _one(inputs, "Y"), attrs.get("trans_x", False),
                        attrs.get("trans_y", False)))


@op("matmul")
def _matmul_v1(inputs, attrs, training):
    out = _matmul(_one(inputs, "X"), _one(inputs, "Y"), attrs.get("transpose_X", False),
                  attrs.get("transpose_Y", False))
    alpha = attrs.get("alpha", 1.0)
    return _out(out * alpha if alpha != 1.0 else out)


@op("mul")
def _mul(inputs, attrs, training):
    x, y = _one(inputs, "X"), _one(inputs, "Y")
    xd, yd = attrs.get("x_num_col_dims", 1), attrs.get("y_num_col_dims", 1)
    x2 = x.reshape(math.prod(x.shape[:xd]), -1)
    y2 = y.reshape(math.prod(y.shape[:yd]), -1)
    return _out((x2 @ y2).reshape(list(x.shape[:xd]) + list(y.shape[yd:])))


def _target_shape(x, shape):
    return [x.shape[i] if d == 0 else d for i, d in enumerate(shape)]


@op("reshape2", "reshape")
def _reshape(inputs, attrs, training):
    x = _one(inputs, "X")
    shape_tensor = _one(inputs, "Shape")
    if shape_tensor is not None:
        shape = [int(v) for v in shape_tensor.tolist()]
    elif inputs.get("ShapeTensor"):
        shape = [int(t.reshape(-1)[0]) for t in inputs["ShapeTensor"]]
    else:
        shape = list(attrs.get("shape", []))
    return {"Out": [x.reshape(_target_shape(x, shape))], "XShape": [None]}


@op("transpose2", "transpose")
def _transpose(inputs, attrs, training):
    return {"Out": [_one(inputs, "X").permute(list(attrs["axis"]))], "XShape": [None]}


@op("flatten_contiguous_range")
def _flatten_range(inputs, attrs, training):
    x = _one(inputs, "X")
    if x.dim() == 0:
        return {"Out": [x.reshape(1)], "XShape": [None]}
    return {"Out": [torch.flatten(x, attrs.get("start_axis", 1), attrs.get("stop_axis", 1))], "XShape": [None]}


@op("flatten2", "flatten")
def _flatten2(inputs, attrs, training):
    x = _one(inputs, "X")
    axis = attrs.get("axis", 1)
    return {"Out": [x.reshape(math.prod(x.shape[:axis]), -1)], "XShape": [None]}


@op("unsqueeze2", "unsqueeze")
def _unsqueeze(inputs, attrs, training):
    x = _one(inputs, "X")
    for axis in attrs.get("axes", []):
        x = x.unsqueeze(axis if axis >= 0 else axis + x.dim() + 1)
    return {"Out": [x], "XShape": [None]}


@op("squeeze2", "squeeze")
def _squeeze(inputs, attrs, training):
    x = _one(inputs, "X")
    axes = attrs.get("axes", [])
    if not axes:
        return {"Out": [x.squeeze()], "XShape": [None]}
    dims = [a % x.dim() for a in axes if x.shape[a] == 1]
    return {"Out": [x.squeeze(dims) if dims else x], "XShape": [None]}


@op("concat")
def _concat(inputs, attrs, training):
    axis = _one(inputs, "AxisTensor")
    axis = int(axis) if axis is not None else attrs.get("axis", 0)
    return _out(torch.cat(inputs["X"], axis))


@op("stack")
def _stack(inputs, attrs, training):
    return {"Y": [torch.stack(inputs["X"], attrs.get("axis", 0))]}


@op("split")
def _split(inputs, attrs, training):
    x = _one(inputs, "X")
    axis = attrs.get("axis", 0)
    sections = list(attrs.get("sections", []))
    if sections:
        if -1 in sections:
            known = sum(s for s in sections if s != -1)
            sections[sections.index(-1)] = x.shape[axis] - known
        return {"Out": list(torch.split(x, sections, axis))}
    return {"Out": list(torch.chunk(x, attrs.get("num", 1), axis))}


@op("slice")
def _slice(inputs, attrs, training):
    x = _one(inputs, "Input")
    index = [slice(None)] * x.dim()
    for axis, start, end in zip(attrs["axes"], attrs["starts"], attrs["ends"]):
        index[axis] = slice(start, min(end, x.shape[axis]) if end > 0 else end)
    y = x[tuple(index)]
    decrease = attrs.get("decrease_axis", [])
    if decrease:
        y = y.squeeze(list(decrease))
    return _out(y)


def _strided_positions(start, end, stride, size):
    """The indices Paddle's strided_slice kernel takes (measured on 2.6.2): negative bounds count from the end and
    are clamped into the axis, except that with a negative stride an end of exactly -1 runs through index 0
    (what Paddle writes for x[::-1])."""
    start = start + size if start < 0 else start
    if stride > 0:
        end = end + size if end < 0 else end
        return range(min(max(start, 0), size), min(max(end, 0), size), stride)
    if end != -1:
        end = min(max(end + size if end < 0 else end, 0), size - 1)
    return range(min(max(start, -1), size - 1), end, stride)


@op("strided_slice")
def _strided_slice(inputs, attrs, training):
    x = _one(inputs, "Input")
    for axis, start, end, stride in zip(attrs["axes"], attrs["starts"], attrs["ends"], attrs["strides"]):
        positions = _strided_positions(start, end, stride, x.shape[axis])
        x = x.index_select(axis, torch.tensor(list(positions), dtype=torch.long, device=x.device))
    decrease = attrs.get("decrease_axis") or []
    return _out(x.squeeze(list(decrease)) if decrease else x)


@op("cast")
def _cast(inputs, attrs, training):
    return _out(_one(inputs, "X").to(_DTYPE_CODE[attrs["out_dtype"]]))


@op("assign", "share_data")
def _assign(inputs, attrs, training):
    return _out(_one(inputs, "X"))


@op("fill_constant")
def _fill_constant(inputs, attrs, training):
    dtype = _DTYPE_CODE[attrs.get("dtype", int(VarTypeType.FP32))]
    value = attrs.get("str_value") or attrs.get("value", 0.0)
    return _out(torch.full(list(attrs.get("shape", [])), float(value), dtype=dtype))


@op("fill_any_like")
def _fill_any_like(inputs, attrs, training):
    x = _one(inputs, "X")
    code = int(attrs.get("dtype", -1))
    return _out(torch.full_like(x, float(attrs.get("value", 0.0)), dtype=x.dtype if code < 0 else _DTYPE_CODE[code]))


@op("shape")
def _shape(inputs, attrs, training):
    return _out(torch.tensor(list(_one(inputs, "Input").shape), dtype=torch.int32))


def _reduce(fn):
    def run(inputs, attrs, training):
        x = _one(inputs, "X")
        if attrs.get("reduce_all", False) or not attrs.get("dim"):
            out = fn(x, tuple(range(x.dim())), attrs.get("keep_dim", False))
        else:
            out = fn(x, tuple(attrs["dim"]), attrs.get("keep_dim", False))
        return _out(out)
    return run


OPS["reduce_mean"] = _reduce(lambda x, d, k: torch.mean(x, d, keepdim=k))
OPS["reduce_sum"] = _reduce(lambda x, d, k: torch.sum(x, d, keepdim=k))
OPS["reduce_max"] = _reduce(lambda x, d, k: torch.amax(x, d, keepdim=k))
OPS["reduce_min"] = _reduce(lambda x, d, k: torch.amin(x, d, keepdim=k))
OPS["reduce_amax"] = OPS["reduce_max"]
OPS["reduce_amin"] = OPS["reduce_min"]
OPS["reduce_prod"] = _reduce(lambda x, d, k: torch.prod(x.flatten(), 0) if len(d) == x.dim() and not k
                             else _prod_dims(x, d, k))


def _prod_dims(x, dims, keep):
    for d in sorted(dims, reverse=True):
        x = torch.prod(x, d, keepdim=keep)
    return x


@op("mean")
def _mean(inputs, attrs, training):
    return _out(torch.mean(_one(inputs, "X")))


@op("pow")
def _pow(inputs, attrs, training):
    factor = _one(inputs, "FactorTensor")
    return _out(torch.pow(_one(inputs, "X"), factor if factor is not None else attrs.get("factor", 1.0)))


@op("pixel_shuffle")
def _pixel_shuffle(inputs, attrs, training):
    layout = attrs.get("data_format", "NCHW")
    x = channels_first(_one(inputs, "X"), layout)
    return _out(channels_back(F.pixel_shuffle(x, attrs["upscale_factor"]), layout))


@op("clip")
def _clip(inputs, attrs, training):
    return _out(torch.clamp(_one(inputs, "X"), attrs.get("min"), attrs.get("max")))


@op("lookup_table_v2")
def _embedding(inputs, attrs, training):
    padding_idx = attrs.get("padding_idx", -1)
    return _out(F.embedding(_one(inputs, "Ids"), _one(inputs, "W"), None if padding_idx == -1 else padding_idx))


def _arg_extreme(fn):
    def run(inputs, attrs, training):
        x = _one(inputs, "X")
        if attrs.get("flatten", False):
            out = fn(x.flatten())
        else:
            out = fn(x, attrs.get("axis", -1), keepdim=attrs.get("keepdims", False))
        return _out(out.to(_DTYPE_CODE.get(attrs.get("dtype", 3), torch.int64)))
    return run


OPS["arg_max"] = _arg_extreme(torch.argmax)
OPS["arg_min"] = _arg_extreme(torch.argmin)


def _close_equal(x, y):
    """Paddle's equal kernel: floating operands are equal within 1e-8."""
    same = torch.eq(x, y)
    if x.is_floating_point() or y.is_floating_point():
        same = same | (torch.abs(x - y) < 1e-8)
    return same


OPS["equal"] = _elementwise(_close_equal)
OPS["not_equal"] = _elementwise(lambda x, y: ~_close_equal(x, y))


@op("gather")
def _gather(inputs, attrs, training):
    return _out(torch.index_select(_one(inputs, "X"), attrs.get("axis", 0), _one(inputs, "Index").reshape(-1)))


@op("expand_v2")
def _expand(inputs, attrs, training):
    x = _one(inputs, "X")
    shape = list(attrs.get("shape", []))
    offset = len(shape) - x.dim()
    return _out(x.expand([x.shape[i - offset] if s == -1 else s for i, s in enumerate(shape)]))


@op("tile")
def _tile(inputs, attrs, training):
    return _out(_one(inputs, "X").tile(list(attrs.get("repeat_times", []))))


@op("flip")
def _flip(inputs, attrs, training):
    return _out(torch.flip(_one(inputs, "X"), list(attrs.get("axis", []))))


@op("where")
def _where(inputs, attrs, training):
    return _out(torch.where(_one(inputs, "Condition"), _one(inputs, "X"), _one(inputs, "Y")))


@op("p_norm")
def _p_norm(inputs, attrs, training):
    x = _one(inputs, "X")
    return _out(torch.linalg.vector_norm(x, attrs.get("porder", 2.0), attrs.get("axis", -1),
                                         attrs.get("keepdim", False)))


@op("sum")
def _sum(inputs, attrs, training):
    out = inputs["X"][0]
    for t in inputs["X"][1:]:
        out = out + t
    return _out(out)


@op("pad3d")
def _pad3d(inputs, attrs, training):
    x = _one(inputs, "X")
    paddings = _one(inputs, "Paddings")
    paddings = [int(v) for v in paddings.tolist()] if paddings is not None else list(attrs.get("paddings", [0] * 6))
    mode = attrs.get("mode", "constant")
    layout = attrs.get("data_format", "NCDHW")
    x = channels_first(x, layout)
    if mode == "constant":
        y = F.pad(x, paddings, value=attrs.get("value", 0.0))
    else:
        y = F.pad(x, paddings, mode=mode)
    return _out(channels_back(y, layout))


@op("pad")
def _pad(inputs, attrs, training):
    x = _one(inputs, "X")
    paddings = list(attrs.get("paddings", []))  # [before_0, after_0, before_1, after_1, ...]
    torch_order = []
    for dim in reversed(range(len(paddings) // 2)):
        torch_order += [paddings[2 * dim], paddings[2 * dim + 1]]
    return _out(F.pad(x, torch_order, value=attrs.get("pad_value", 0.0)))


_INTERP_SPATIAL = {"linear_interp_v2": 1, "bilinear_interp_v2": 2, "trilinear_interp_v2": 3,
                   "nearest_interp_v2": None, "bicubic_interp_v2": 2}
_INTERP_TORCH_MODE = {1: "linear", 2: "bilinear", 3: "trilinear"}


def _interp_geometry(x, inputs, attrs, spatial):
    """Output sizes and per-dim scale (or None) as Paddle's interpolate kernels derive them."""
    in_sizes = list(x.shape[2:])
    scales = None
    scale_tensor = _one(inputs, "Scale")
    if scale_tensor is not None:
        values = [float(v) for v in scale_tensor.reshape(-1).tolist()]
        scales = values * spatial if len(values) == 1 else values
    elif attrs.get("scale"):
        values = [float(v) for v in attrs["scale"]]
        scales = values * spatial if len(values) == 1 else values
    if scales is not None and not all(s > 0 for s in scales):
        scales = None
    if scales is not None:
        out_sizes = [int(size * s) for size, s in zip(in_sizes, scales)]
    else:
        names = {1: ["out_w"], 2: ["out_h", "out_w"], 3: ["out_d", "out_h", "out_w"]}[spatial]
        out_sizes = [int(attrs.get(n, -1)) for n in names]
    out_size = _one(inputs, "OutSize")
    if out_size is not None:
        out_sizes = [int(v) for v in out_size.reshape(-1).tolist()]
    if inputs.get("SizeTensor"):
        out_sizes = [int(t.reshape(-1)[0]) for t in inputs["SizeTensor"]]
    return in_sizes, out_sizes, scales


def _source_positions(in_size, out_size, scale, align_corners, align_mode, device):
    """Paddle's source coordinate of each output position along one dim (linear modes)."""
    dst = torch.arange(out_size, dtype=torch.float32, device=device)
    if align_corners:
        ratio = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
        return dst * ratio
    ratio = (1.0 / scale if scale else in_size / out_size) if out_size > 1 else 0.0
    if align_mode == 0:
        return torch.clamp(dst.add(0.5).mul(ratio).sub(0.5), min=0.0)
    return dst * ratio


def _linear_along(x, dim, positions, in_size):
    low = positions.floor().to(torch.int64).clamp(max=in_size - 1)
    high = (low + 1).clamp(max=in_size - 1)
    weight = (positions - low.to(positions.dtype)).to(x.dtype)
    shape = [1] * x.dim()
    shape[dim] = -1
    a, b = x.index_select(dim, low), x.index_select(dim, high)
    return a + (b - a) * weight.reshape(shape)


def _interp(op_type):
    def run(inputs, attrs, training):
        layout = attrs.get("data_layout", "NCHW")
        x = channels_first(_one(inputs, "X"), layout)
        spatial = _INTERP_SPATIAL[op_type] or x.dim() - 2
        in_sizes, out_sizes, scales = _interp_geometry(x, inputs, attrs, spatial)
        align_corners = bool(attrs.get("align_corners", True))
        align_mode = int(attrs.get("align_mode", 1))
        if op_type == "nearest_interp_v2":
            if align_corners:
                index = x
                for k in range(spatial):
                    ratio = (in_sizes[k] - 1) / (out_sizes[k] - 1) if out_sizes[k] > 1 else 0.0
                    source = (torch.arange(out_sizes[k], dtype=torch.float32) * ratio + 0.5).to(torch.int64)
                    index = index.index_select(2 + k, source.clamp(max=in_sizes[k] - 1))
                y = index
            elif scales is not None and out_sizes == [int(n * s) for n, s in zip(in_sizes, scales)]:
                # Paddle's ratio is 1/scale here, as torch's when it is given the scale factors
                y = F.interpolate(x, scale_factor=scales, mode="nearest", recompute_scale_factor=False)
            else:
                y = F.interpolate(x, size=out_sizes, mode="nearest")
        elif op_type == "bicubic_interp_v2":
            if scales is not None and not align_corners and \
                    out_sizes == [int(n * s) for n, s in zip(in_sizes, scales)]:
                y = F.interpolate(x, scale_factor=scales, mode="bicubic", align_corners=False,
                                  recompute_scale_factor=False)
            else:
                y = F.interpolate(x, size=out_sizes, mode="bicubic", align_corners=align_corners)
        else:
            y = x
            for k in range(spatial):
                positions = _source_positions(in_sizes[k], out_sizes[k], scales[k] if scales else None,
                                              align_corners, align_mode, x.device)
                y = _linear_along(y, 2 + k, positions, in_sizes[k])
        return _out(channels_back(y, layout))
    return run


for _name in _INTERP_SPATIAL:
    OPS[_name] = _interp(_name)
