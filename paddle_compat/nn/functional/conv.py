"""``paddle.nn.functional`` convolutions (conv.py in Paddle 2.6) on ``torch.nn.functional``.

Paddle layouts: conv weight ``[out, in/groups, *k]``, transposed conv weight ``[in, out/groups, *k]``
(both identical to torch). Asymmetric / 'SAME' padding is applied with an explicit ``F.pad`` (conv) or
by cropping the full transposed output (conv transpose).
"""

import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import Tensor, errors, wrap
from ._checks import convert_to_list as _convert_to_list
from ._checks import explicit_padding as _explicit_padding
from ._checks import keyed as _keyed
from ._checks import named as _named
from ._checks import read_tensor as _read_tensor

__all__ = ["conv1d", "conv1d_transpose", "conv2d", "conv2d_transpose", "conv3d", "conv3d_transpose"]

_F32 = torch.float32
_FORMATS = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}
_TORCH_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_TORCH_CONVT = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}
# channels-last <-> channels-first permutations per spatial rank
_TO_CF = {1: (0, 2, 1), 2: (0, 3, 1, 2), 3: (0, 4, 1, 2, 3)}
_TO_CL = {1: (0, 2, 1), 2: (0, 2, 3, 1), 3: (0, 2, 3, 4, 1)}


def _to_list(v, n, name):
    if type(v) is int:
        return [v] * n
    if isinstance(v, Tensor):
        v = v._t.tolist()
    elif isinstance(v, (list, tuple)):
        v = [unwrap_scalar(e) for e in v]
    return _convert_to_list(v, n, name)


def _positive(values, name):
    """Paddle's conv InferMeta: strides and dilations must be > 0 (ValueError)."""
    for v in values:
        if v <= 0:
            raise ValueError(f"(InvalidArgument) The {name} of Op(Conv) should be larget than 0, but received {name} "
                             f"is {v}.")


def unwrap_scalar(e):
    return e._t.item() if isinstance(e, Tensor) else e


def _padding(padding, channel_last, nd):
    """Paddle's padding forms -> ('SAME', None) or ('EXPLICIT', [b0, a0, b1, a1, ...])."""
    if isinstance(padding, str):
        p = padding.upper()
        if p not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{p}'. It can only be 'SAME' or 'VALID'.")
        return ("SAME", None) if p == "SAME" else ("EXPLICIT", [0] * (2 * nd))
    if isinstance(padding, Tensor):  # the message below shows the list
        padding = padding._t.tolist()
    flat = _explicit_padding(padding, nd, channel_last, "In valid padding")
    if any(p < 0 for p in flat):
        raise ValueError(f"Invalid padding, all value should be larger than or equal to 0, but received: {padding}")
    return "EXPLICIT", flat


def _empty_conv(t, w, stride, tp, dilation):
    """Paddle's conv where the kernel just exceeds the padded input: C++ truncating division gives an output
    size of 0, and Paddle returns that empty Tensor (torch refuses). None when the sizes are not that case."""
    pads = tp if isinstance(tp, (list, tuple)) else [tp] * len(stride)
    outs = []
    for i, (k, s, p, d) in enumerate(zip(w.shape[2:], stride, pads, dilation)):
        span = t.shape[2 + i] + 2 * p - (d * (k - 1) + 1)
        outs.append(int(span / s) + 1)
    if min(outs) != 0:
        return None
    return t.new_zeros([t.shape[0], w.shape[0]] + outs)


def _truncated_conv(t, w, b, stride, tp, dilation, groups, nd):
    """Paddle's conv where the kernel exceeds the padded input by less than the stride: C++ truncating division
    still gives one output position, which Paddle's im2col computes reading zeros past the end (PaddleClas'
    InceptionV3 at 64x64: a 3x3 stride-2 conv on a 2x2 map). None when the sizes are not that case."""
    pads = tp if isinstance(tp, (list, tuple)) else [tp] * nd
    extra = []
    for i, (k, s, p, d) in enumerate(zip(w.shape[2:], stride, pads, dilation)):
        size = t.shape[2 + i] + 2 * p
        span = size - (d * (k - 1) + 1)
        out = int(span / s) + 1
        if out < 1:
            return None
        extra.append(max((out - 1) * s + d * (k - 1) + 1 - size, 0))
    if not any(extra):
        return None
    tpad = []
    for i in reversed(range(nd)):
        tpad += [pads[i], pads[i] + extra[i]]
    return _TORCH_CONV[nd](F.pad(t, tpad), w, b, stride, 0, dilation, groups)


def _same_pads(in_sizes, ksizes, strides):
    pads = []
    for i, k, s in zip(in_sizes, ksizes, strides):
        out = (i + s - 1) // s
        total = max((out - 1) * s + k - i, 0)
        pads += [total // 2, total - total // 2]
    return pads


def _check_common(x, weight, nd, data_format, groups, fname):
    fmts = _FORMATS[nd]
    if data_format not in fmts:
        if "transpose" in fname:
            raise ValueError(
                f"Attr(data_format) of {fname} got wrong value: received {data_format}, "
                f"but only '{fmts[0]}' or '{fmts[1]}' are supported."
            )
        raise ValueError(
            f"Attr(data_format) should be '{fmts[0]}' or '{fmts[1]}'. Received Attr(data_format): {data_format}."  # noqa: E501
        )
    _read_tensor(x)  # Paddle reads x.shape, then weight.shape: AttributeError for a non-Tensor
    if x._t.dim() != nd + 2:
        raise errors.invalid_argument(f"Input x should be {nd + 2}D tensor, but received x with the shape of {x.shape}")
    if weight._t.dim() != nd + 2:
        raise ValueError(
            f"Input weight should be {nd + 2}D tensor, but received weight with the shape of {weight.shape}"
        )
    channel_last = data_format == fmts[1]
    num_channels = x._t.shape[-1 if channel_last else 1]
    _read_tensor(weight)
    if groups <= 0:
        raise ValueError(f"The groups of {fname} should be greater than 0. Received groups: {groups}")
    if num_channels % groups != 0:
        raise ValueError(
            "the channel of input must be divisible by groups,"
            f"received: the channel of input is {num_channels}, the shape of input is {x.shape}, the groups is {groups}"  # noqa: E501
        )
    return channel_last, num_channels


_amp = None  # paddle.amp's cast state while auto_cast is on (set by paddle_compat.amp.auto_cast)


def _conv_amp(t, w, b, stride, tp, dilation, groups, nd, num_channels, num_filters):
    """Paddle's AMP casts per op: conv1d/conv2d run the conv2d op (white list) or, when depthwise, the
    depthwise_conv2d op (promotes), conv3d its own op (promotes); the bias is a separate add (promotes)."""
    if nd == 3:
        op = "conv3d"
    elif num_channels == groups and num_channels != 1 and num_filters % num_channels == 0:
        op = "depthwise_conv2d"
    else:
        op = "conv2d"
    t, w = _amp.cast(op, t, w)
    out = _TORCH_CONV[nd](t, w, None, stride, tp, dilation, groups)
    if b is None:
        return out
    out, b = _amp.cast("elementwise_add", out, b)
    return out + b.reshape([-1] + [1] * nd)


def _conv(x, weight, bias, stride, padding, dilation, groups, data_format, nd, fname):
    channel_last, num_channels = _check_common(x, weight, nd, data_format, groups, fname)
    num_filters = weight._t.shape[0]
    if num_filters % groups != 0:
        raise ValueError(
            "the number of filters must be divisible by groups,"
            f"received: the number of filters is {num_filters}, the shape of weight is {weight.shape}"
            f", the groups is {groups}"
        )
    if num_channels != weight._t.shape[1] * groups:
        raise errors.invalid_argument(
            "The number of input's channels should be equal to filter's channels * groups for Op(Conv). "
            f"But received: the input's channels is {num_channels}, the input's shape is {x.shape}; the filter's "  # noqa: E501
            f"channels is {weight._t.shape[1]}, the filter's shape is {weight.shape}; the groups is {groups}, "  # noqa: E501
            f"the data_format is {data_format}."
        )
    algo, pads = _padding(padding, channel_last, nd)
    stride = _to_list(stride, nd, "stride")
    dilation = _to_list(dilation, nd, "dilation")
    if x._t.dtype is not _F32 or weight._t.dtype is not _F32:
        _keyed("conv3d" if nd == 3 else "conv2d", x._t, weight._t, weight._t)
    if min(stride) <= 0 or min(dilation) <= 0:
        _positive(stride, "stride")
        _positive(dilation, "dilation")
    t = x._t
    if channel_last:
        t = t.permute(_TO_CF[nd])
    if algo == "SAME":
        pads = _same_pads(t.shape[2:], weight._t.shape[2:], stride)
        dilation = [1] * nd
    sym = all(pads[2 * i] == pads[2 * i + 1] for i in range(nd))
    if sym:
        tp = pads[0::2]
    else:
        tpad = []
        for i in reversed(range(nd)):
            tpad += [pads[2 * i], pads[2 * i + 1]]
        t = F.pad(t, tpad)
        tp = 0
    w = weight._t
    b = None if bias is None else _read_tensor(bias)
    if _amp is not None:
        out = _conv_amp(t, w, b, stride, tp, dilation, groups, nd, num_channels, num_filters)
    elif b is not None and b.dtype is not t.dtype:  # Paddle adds the bias separately, promoting float dtypes
        out = _TORCH_CONV[nd](t, w, None, stride, tp, dilation, groups) + b.reshape([-1] + [1] * nd)
    else:
        try:
            out = _TORCH_CONV[nd](t, w, b, stride, tp, dilation, groups)
        except RuntimeError:
            out = _empty_conv(t, w, stride, tp, dilation)
            if out is None:
                out = _truncated_conv(t, w, b, stride, tp, dilation, groups, nd)
            if out is None:
                raise
    if channel_last:
        out = out.permute(_TO_CL[nd])
    return wrap(out)


def _conv_transpose(
    x, weight, bias, stride, padding, output_padding, dilation, groups, output_size, data_format, nd, fname
):
    channel_last, num_channels = _check_common(x, weight, nd, data_format, groups, fname)
    if weight._t.shape[0] != num_channels:
        raise errors.invalid_argument(
            "The number of input's channels should be equal to filter's channels for Op(ConvTranspose). "
            f"But received: the input's channels is {num_channels}, the input's shape is {x.shape}; "
            f"the filter's channels is {weight._t.shape[0]}, the filter's shape is {weight.shape}."
        )
    algo, pads = _padding(padding, channel_last, nd)
    stride = _to_list(stride, nd, "stride")
    dilation = _to_list(dilation, nd, "dilation")
    _keyed("conv3d_transpose" if nd == 3 else "conv2d_transpose", x._t, weight._t, weight._t)
    _positive(stride, "stride")
    if output_size is not None and not (isinstance(output_padding, int) and output_padding == 0):
        raise ValueError("output_padding option is mutually exclusive with output_size")
    opad = (
        [0] * nd
        if isinstance(output_padding, int) and output_padding == 0
        else _to_list(output_padding, nd, "output_padding")
    )
    t = x._t
    if channel_last:
        t = t.permute(_TO_CF[nd])
    ks = weight._t.shape[2:]
    if algo == "SAME":
        pads = _same_pads(t.shape[2:], ks, stride)
        dilation = [1] * nd
    for i in range(nd):
        if opad[i] >= stride[i] and opad[i] >= dilation[i]:
            raise ValueError(
                "The size of output_padding should not be greater than stride."
                f"But got output_padding={opad[i]} and stride={stride[i]}"
            )
    full = [(t.shape[2 + i] - 1) * stride[i] + dilation[i] * (ks[i] - 1) + 1 for i in range(nd)]
    infer = [full[i] - pads[2 * i] - pads[2 * i + 1] for i in range(nd)]
    if output_size is not None:
        osz = _to_list(output_size, nd, "output_size")
        for i in range(nd):
            if osz[i] < infer[i]:
                raise errors.invalid_argument(
                    "output_size of Op(ConvTransposeOp) should not be less than the infered output size. "
                    f"But received output_size = {osz}, whose dim {i} is less than the infered output size "
                    f"[{infer[i]}]"
                )
            if osz[i] >= infer[i] + stride[i]:
                raise errors.invalid_argument(
                    "output_size of Op(ConvTransposeOp) should be less than the infered output size + stride. "  # noqa: E501
                    f"But received output_size = {osz}, whose dim {i} is not less than the infered output size "  # noqa: E501
                    f"[{infer[i]}] + stride [{stride[i]}]"
                )
        opad = [osz[i] - infer[i] for i in range(nd)]
    w = weight._t
    b = None if bias is None else bias._t
    sym = all(pads[2 * i] == pads[2 * i + 1] for i in range(nd))
    convt = _TORCH_CONVT[nd]
    if sym and all(o < s or o < d for o, s, d in zip(opad, stride, dilation)):
        out = convt(t, w, b, stride, pads[0::2], opad, groups, dilation)
    else:
        out = convt(t, w, None, stride, 0, 0, groups, dilation)
        extra = [max(pads[2 * i + 1] - opad[i], 0) for i in range(nd)]
        grow = [max(opad[i] - pads[2 * i + 1], 0) for i in range(nd)]
        if any(grow):
            tpad = []
            for i in reversed(range(nd)):
                tpad += [0, grow[i]]
            out = F.pad(out, tpad)
        idx = (slice(None), slice(None)) + tuple(slice(pads[2 * i], out.shape[2 + i] - extra[i]) for i in range(nd))
        out = out[idx]
        if b is not None:
            out = out + b.reshape((1, -1) + (1,) * nd)
    if channel_last:
        out = out.permute(_TO_CL[nd])
    return wrap(out)


def _conv_api(nd, fname, default_format):
    def conv(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format=default_format, name=None):
        return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, nd, fname)

    return _named(conv, fname)


def _conv_transpose_api(nd, fname, default_format):
    # Paddle's conv1d_transpose / conv3d_transpose take groups before dilation (conv2d_transpose: the reverse)
    def conv_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1,
                       output_size=None, data_format=default_format, name=None):
        return _conv_transpose(x, weight, bias, stride, padding, output_padding, dilation, groups, output_size,
                               data_format, nd, fname)

    return _named(conv_transpose, fname)


conv1d = _conv_api(1, "conv1d", "NCL")
conv2d = _conv_api(2, "conv2d", "NCHW")
conv3d = _conv_api(3, "conv3d", "NCDHW")
conv1d_transpose = _conv_transpose_api(1, "conv1d_transpose", "NCL")
conv3d_transpose = _conv_transpose_api(3, "conv3d_transpose", "NCDHW")


def conv2d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, dilation=1, groups=1,
                     output_size=None, data_format="NCHW", name=None):
    return _conv_transpose(x, weight, bias, stride, padding, output_padding, dilation, groups, output_size,
                           data_format, 2, "conv2d_transpose")
