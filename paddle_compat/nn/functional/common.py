"""``paddle.nn.functional`` common ops (Paddle's ``nn/functional/common.py``) on torch."""

import math

import numpy as np
import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import Tensor, wrap
from ...tensor.random import dropout_keep_mask, paddle_stream_applies
from ._checks import _FLOATING
from ._checks import OK as _OK
from ._checks import broadcast_mismatch as _broadcast_mismatch
from ._checks import check_kernel as _check_kernel
from ._checks import keyed as _keyed
from ._checks import named as _named
from ._checks import not_tensor as _not_tensor
from ._checks import read_tensor as _read_tensor
from ._checks import refuse as _refuse
from ._checks import tensor_of as _tensor_of

_amp = None  # paddle.amp's cast state while auto_cast is on (set by paddle_compat.amp.auto_cast)

_DROPOUT_OK = _OK["dropout"]

__all__ = [
    "dropout",
    "dropout2d",
    "dropout3d",
    "alpha_dropout",
    "label_smooth",
    "linear",
    "pad",
    "zeropad2d",
    "unfold",
    "interpolate",
    "upsample",
    "bilinear",
    "cosine_similarity",
    "class_center_sample",
    "fold",
]


# --- linear / bilinear ---------------------------------------------------------------------------
def linear(x, weight, bias=None, name=None):
    """``x @ weight + bias`` with Paddle's ``[in, out]`` weight."""
    try:
        xt = x._t
        wt = weight._t
    except AttributeError:
        raise (_not_tensor("linear", "X", 0, x) if not hasattr(x, "_t") else
               _not_tensor("linear", "weight", 1, weight)) from None
    if _amp is not None:  # Paddle's linear is matmul (white list) then add (promotes)
        xt, wt = _amp.cast("matmul_v2", xt, wt)
        if bias is not None:
            mm, bt = _amp.cast("elementwise_add", torch.matmul(xt, wt), bias._t)
            return wrap(mm + bt)
    if not xt.numel():
        raise ValueError(f"(InvalidArgument) The Input(X) dims size must not be equal 0, but reviced dims size is "
                         f"{xt.numel()}. ")
    try:
        if bias is None:
            return wrap(torch.matmul(xt, wt))
        bt = bias._t
        if xt.dim() == 2 and bt.dim() == 1 and wt.dim() == 2:
            return wrap(torch.addmm(bt, xt, wt))
        return wrap(torch.matmul(xt, wt) + bt)
    except (RuntimeError, NotImplementedError) as e:
        if xt.dtype is not wt.dtype:
            if xt.dtype in _FLOATING and wt.dtype in _FLOATING:  # Paddle promotes a float/complex pair
                d = torch.promote_types(xt.dtype, wt.dtype)
                return linear(wrap(xt.to(d)), wrap(wt.to(d)), bias, name)
            _keyed("matmul", xt, wt, wt)
        _check_kernel("matmul", xt)
        from ...tensor.linalg import matmul_shape_error

        message = matmul_shape_error(xt.shape, wt.shape)
        if message:
            raise ValueError("(InvalidArgument) " + message) from None
        raise ValueError(
            f"(InvalidArgument) linear: x of shape {list(xt.shape)} and weight of shape {list(wt.shape)} (and bias) "
            f"cannot be multiplied: {e}"
        ) from None


def bilinear(x1, x2, weight, bias=None, name=None):
    w = weight._t
    out = torch.einsum("bi,oij,bj->bo", x1._t, w, x2._t)
    if bias is not None:
        out = out + bias._t
    return wrap(out)


# --- dropout ----------------------------------------------------------------------------------------
def dropout(x, p=0.5, axis=None, training=True, mode="upscale_in_train", name=None):
    if not isinstance(p, (float, int, Tensor)):
        raise TypeError("p argument should be a number or Variable")
    if isinstance(p, (int, float)):
        if p == 0:
            return x
        if p < 0 or p > 1:
            raise ValueError("p argument should between 0 and 1")
    else:
        p = float(p.item())
    if mode not in ("downscale_in_infer", "upscale_in_train"):
        raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")
    if axis and not isinstance(axis, (int, list, tuple)):
        raise TypeError("datatype of axis argument should be int or list")
    t = _tensor_of("dropout", "x", 0, x)
    if axis is None:
        if t.dtype not in _DROPOUT_OK:
            _refuse("dropout", t.dtype)
        if p != p:  # a NaN probability: Paddle's kernel keeps nothing and scales by NaN
            return wrap(t * float("nan")) if training else wrap(t * (1.0 - p) if mode == "downscale_in_infer" else t)
        if mode == "upscale_in_train":
            if not training:
                return wrap(t)
            if p == 1:
                return wrap(t * 0.0)
            if not paddle_stream_applies(t):
                return wrap(F.dropout(t, p, True))
            # Paddle's CPU kernel: its own random stream, kept values divided by (1 - p) computed in float32
            keep = dropout_keep_mask(t.shape, p, t.device, program_seed=True)
            keep_prob = torch.tensor(float(np.float32(1.0) - np.float32(p)), dtype=t.dtype)
            return wrap(torch.where(keep, t / keep_prob, torch.zeros((), dtype=t.dtype)))
        # downscale_in_infer: no scaling at training time, (1 - p) at inference
        if not training:
            return wrap(t * (1.0 - p))
        keep = dropout_keep_mask(t.shape, p, t.device, program_seed=True)
        return wrap(torch.where(keep, t, torch.zeros((), dtype=t.dtype)))  # Paddle writes +0 where it drops
    if training:
        _check_kernel("multiply", t)  # Paddle drops along axes by multiplying with a mask
        if p == 1.0:
            return wrap(t * 0.0)
        drop_axes = [axis] if isinstance(axis, int) else list(axis)
        if min(drop_axes) < 0 or max(drop_axes) > t.dim() - 1:
            raise ValueError(
                f"axis value should be greater than or equal to 0 and less than dimensions of x:{t.dim()}, but get "
                f"axis value:{max(drop_axes)} "
            )
        if len(drop_axes) > t.dim():
            raise ValueError(
                f"length of axis should not be greater than dimensions of x:{t.dim()}, but get length of axis: "
                f"{len(drop_axes)}"
            )
        mask_shape = [1] * t.dim()
        for i in drop_axes:
            mask_shape[i] = t.shape[i]
        keep = dropout_keep_mask(mask_shape, p, t.device).to(t.dtype)
        scaled = t * (1.0 / (1.0 - p)) if mode == "upscale_in_train" else t
        return wrap((scaled * keep).to(t.dtype))  # Paddle's scale and multiply keep an integer/bool dtype
    return wrap(t * (1.0 - p)) if mode == "downscale_in_infer" else wrap(t)


def _channel_dropout_api(nd, formats):
    """dropout2d / dropout3d: whole channels zeroed, for ``nd + 2``-D input in ``formats`` (first: channels first)."""
    rank = nd + 2

    def channel_dropout(x, p=0.5, training=True, data_format=formats[0], name=None):
        if x._t.dim() != rank:
            raise ValueError(f"dimensions of x should be {rank}, but received {x._t.dim()} != {rank}")
        if data_format not in formats:
            raise ValueError(
                f"Attr(data_format) should be '{formats[0]}' or '{formats[1]}'. Received Attr(data_format): "
                f"{data_format}."
            )
        return dropout(x, p=p, axis=[0, 1] if data_format == formats[0] else [0, rank - 1], training=training,
                       mode="upscale_in_train", name=name)

    return _named(channel_dropout, f"dropout{nd}d")


dropout2d = _channel_dropout_api(2, ("NCHW", "NHWC"))
dropout3d = _channel_dropout_api(3, ("NCDHW", "NDHWC"))


def alpha_dropout(x, p=0.5, training=True, name=None):
    if not isinstance(p, (float, int)):
        raise TypeError("p argument should be a float or int")
    if p < 0 or p > 1:
        raise ValueError("p argument should between 0 and 1")
    t = x._t
    if not training:
        return x
    for kernel in ("subtract", "multiply", "add"):  # Paddle composes alpha dropout of these kernels
        _check_kernel(kernel, t)
    if p == 1:
        return wrap(t * 0.0)
    alpha = 1.6732632423543772848170429916717
    scale = 1.0507009873554804934193349852946
    alpha_p = -alpha * scale
    a = ((1 - p) * (1 + p * alpha_p**2)) ** -0.5
    b = -a * alpha_p * p
    keep = dropout_keep_mask(t.shape, p, t.device).to(t.dtype)
    y = t * keep + (1.0 - keep) * alpha_p
    # Paddle's Tensor operators keep the left operand's dtype: an integer input stays integer
    return wrap((y * a + b).to(t.dtype))


# --- label smoothing -------------------------------------------------------------------------------
def label_smooth(label, prior_dist=None, epsilon=0.1, name=None):
    if epsilon > 1.0 or epsilon < 0.0:
        raise ValueError("The value of epsilon must be between 0 and 1.")
    t = label._t
    if prior_dist is not None:
        return wrap((1 - epsilon) * t + epsilon * prior_dist._t.detach())
    return wrap((1 - epsilon) * t + epsilon / t.shape[-1])


# --- padding --------------------------------------------------------------------------------------
_PAD_FORMATS = {3: ("NCL", "NLC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}
_TORCH_PAD_MODE = {"constant": "constant", "reflect": "reflect", "replicate": "replicate",
                   "circular": "circular"}


def pad(x, pad, mode="constant", value=0.0, data_format="NCHW", name=None):
    if mode not in _TORCH_PAD_MODE:
        raise AssertionError(f"mode should be one of constant, reflect, replicate, circular, but got {mode}.")
    data_format = data_format.upper()
    if data_format not in ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
        raise AssertionError(
            f"data_format should be in one of [NCL, NCHW, NCDHW, NLC, NHWC, NDHWC], but got {data_format}"
        )
    t = x._t
    nd = t.dim()
    if mode == "constant" and isinstance(pad, (list, tuple)) and len(pad) == nd * 2:
        pads = [int(v) for v in pad]
        tp = []
        for i in range(nd - 1, -1, -1):
            tp += [pads[2 * i], pads[2 * i + 1]]
        return wrap(F.pad(t, tp, mode="constant", value=float(value)))
    if nd not in (3, 4, 5):
        raise AssertionError(f"input tesor dimension must be in [3, 4, 5] but got {nd}")
    if data_format not in _PAD_FORMATS[nd]:
        raise AssertionError(
            f"input tensor dimension is {nd}, it's data format should be in {list(_PAD_FORMATS[nd])} but got "
            f"{data_format}"
        )
    if isinstance(pad, Tensor):
        pad = pad._t.tolist()
    pads = [int(v.item()) if isinstance(v, Tensor) else int(v) for v in pad]
    if len(pads) != 2 * (nd - 2):
        raise ValueError(
            f"(InvalidArgument) The size of paddings should be {2 * (nd - 2)} for a {nd}-D input with data_format "
            f"{data_format}, but received {len(pads)}."
        )
    channel_last = data_format in ("NLC", "NHWC", "NDHWC")
    _check_kernel("pad3d", t)
    if channel_last:
        t = t.movedim(-1, 1)
    try:
        if mode == "constant":
            out = F.pad(t, pads, mode="constant", value=float(value))
        else:
            if any(v < 0 for v in pads):
                raise ValueError(f"(InvalidArgument) The paddings of pad3d in {mode} mode should be non-negative.")
            out = F.pad(t, pads, mode=mode)
    except RuntimeError as e:
        raise ValueError(f"(InvalidArgument) pad: {e}") from None
    if channel_last:
        out = out.movedim(1, -1)
    return wrap(out)


def zeropad2d(x, padding, data_format="NCHW", name=None):
    if isinstance(padding, int):
        padding = [padding] * 4
    return pad(x, pad=padding, mode="constant", value=0.0, data_format=data_format, name=name)


# --- unfold / fold --------------------------------------------------------------------------------
def _pair_list(v, n, arg):
    if isinstance(v, int):
        return [v] * n
    if isinstance(v, (list, tuple)):
        return [int(i) for i in v]
    raise TypeError(f"{arg} must be an int or a list of ints, but received {type(v).__name__}")


def _unfold_pair(v, arg):
    if isinstance(v, int):
        return [v, v]
    assert isinstance(v, (list, tuple)) and len(v) == 2, (
        f"{arg} should either be an integer or a list/tuple of two integers")
    return list(v)


def unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    t = _read_tensor(x)
    assert t.dim() == 4, "input should be the format of [N, C, H, W]"
    ks = _unfold_pair(kernel_sizes, "kernel_sizes")
    st = _unfold_pair(strides, "strides")
    dl = _unfold_pair(dilations, "dilations")
    if isinstance(paddings, int):
        pd = [paddings] * 4
    elif isinstance(paddings, (list, tuple)):
        pd = list(paddings)
        if len(pd) == 2:
            pd = pd * 2
        elif len(pd) != 4:
            raise ValueError("paddings should either be an integer or a list/tuple of 2 or 4 integers")
    else:
        raise ValueError("Unexpected type of paddings, it should be either an integer or a list/tuple of 2 or 4 "
                         "integers")
    for pos, values in ((1, ks), (2, st), (3, pd), (4, dl)):  # the C op's list-of-int attributes
        for i, v in enumerate(values):
            if not isinstance(v, (int, np.integer)):
                raise ValueError(f"(InvalidArgument) unfold(): argument (position {pos}) must be list of int, but got "
                                 f"{type(v).__name__} at pos {i}")
    _check_kernel("unfold", t)
    for what, (a, b) in (("kernel_sizes", ks), ("strides", st), ("dilations", dl)):
        if a <= 0 or b <= 0:
            h, w = {"kernel_sizes": ("kernel_height", "kernel_width"), "strides": ("strides_height", "strides_width"),
                    "dilations": ("dilations_height", "dilations_width")}[what]
            raise ValueError(f"(InvalidArgument) The `{what}` should be greater than zero, but received {h}: {a} "
                             f"{w}: {b}.")
    # Paddle's paddings: [top, left, bottom, right]
    if pd[0] == pd[2] and pd[1] == pd[3]:
        return wrap(F.unfold(t, ks, dilation=dl, padding=(pd[0], pd[1]), stride=st))
    tp = F.pad(t, [pd[1], pd[3], pd[0], pd[2]])
    return wrap(F.unfold(tp, ks, dilation=dl, padding=0, stride=st))


def fold(x, output_sizes, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """col2im. Paddle's fold pads symmetrically with ``paddings[0]`` (H) and ``paddings[1]`` (W)."""
    t = x._t
    if t.dim() != 3:
        raise ValueError(f"Input x of fold should be a 3-D Tensor, but received {t.dim()}-D.")
    os_ = _pair_list(output_sizes, 2, "output_sizes")
    ks = _pair_list(kernel_sizes, 2, "kernel_sizes")
    st = _pair_list(strides, 2, "strides")
    dl = _pair_list(dilations, 2, "dilations")
    if isinstance(paddings, int):
        pd = [paddings, paddings]
    else:
        pd = [int(i) for i in paddings]
        if len(pd) not in (2, 4):
            raise ValueError("paddings should either be an integer or a list of 2 or 4 integers")
    try:
        return wrap(F.fold(t, os_, ks, dilation=dl, padding=(pd[0], pd[1]), stride=st))
    except RuntimeError as e:
        raise ValueError(f"(InvalidArgument) fold: {e}") from None


# --- cosine similarity ------------------------------------------------------------------------------
def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    a, b = x1._t, x2._t
    try:
        ab = a * b
    except RuntimeError:
        raise _broadcast_mismatch(a.shape, b.shape) from None
    if not -ab.dim() <= axis < max(ab.dim(), 1):
        raise ValueError(f"(InvalidArgument) The reduce dim index 0 should be in the range [ -dimension(X), "
                         f"dimension(X) ) which dimesion = {ab.dim()}. But received dim index = {axis}.")
    w12 = ab.sum(dim=axis)
    w1 = (a * a).sum(dim=axis)
    w2 = (b * b).sum(dim=axis)
    if w1.dtype not in _OK["sqrt"]:  # Paddle takes sqrt of the summed squares in their dtype
        _refuse("sqrt", w1.dtype)
    n12 = torch.sqrt(torch.clamp(w1 * w2, min=eps * eps))
    return wrap(w12 / n12)


def class_center_sample(label, num_classes, num_samples, group=None):
    """Single-process class-center sampling: all positive classes (sorted), then random negatives up to
    ``num_samples``; returns (label remapped into the sampled list, sampled class centers)."""
    if group is not None and group is not False:
        raise NotImplementedError("class_center_sample: model-parallel 'group' is not supported by paddle-compat")
    t = label._t
    if t.dim() != 1:
        raise ValueError(f"Expected label to be a 1-D Tensor, but received {t.dim()}-D.")
    if num_samples > num_classes:
        raise ValueError(
            f"Expected num_samples less than or equal to {num_classes}, got num_samples {num_samples}"
        )
    pos = torch.unique(t)
    if pos.numel() and (int(pos[0]) < 0 or int(pos[-1]) >= num_classes):
        raise ValueError(f"label values should be in [0, {num_classes}), but received {pos.tolist()}")
    sampled = pos
    if pos.numel() < num_samples:
        mask = torch.ones(num_classes, dtype=torch.bool, device=t.device)
        mask[pos] = False
        neg = torch.nonzero(mask).reshape(-1)
        neg = neg[torch.randperm(neg.numel(), device=t.device)[: num_samples - pos.numel()]]
        sampled = torch.cat([pos, neg])
    remap = torch.searchsorted(pos, t)
    return wrap(remap.to(t.dtype)), wrap(sampled.to(t.dtype))


# --- interpolate ------------------------------------------------------------------------------------
_INTERP_FORMATS = {3: ("NCW", "NWC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}


def _linear_manual(t, out_sizes, ratios, half_pixel):
    """Separable linear interpolation as Paddle's CPU kernels do it: per-dim float32 ``ratio``, source
    coordinate ``ratio*(dst+0.5)-0.5`` clamped at 0 (half_pixel) or ``ratio*dst``, float32 lambdas."""
    for k in range(len(out_sizes)):
        dim = 2 + k
        n_in = t.shape[dim]
        n_out = out_sizes[k]
        r = torch.tensor(ratios[k], dtype=torch.float32)
        dst = torch.arange(n_out, dtype=torch.float32)
        src = (r * (dst + 0.5) - 0.5).clamp(min=0) if half_pixel else r * dst
        i0 = torch.clamp(src.long(), max=n_in - 1)
        i1 = torch.where(i0 < n_in - 1, i0 + 1, i0)
        lam = torch.where(i0 < n_in - 1, src - i0.to(torch.float32), torch.zeros_like(src))
        shape = [1] * t.dim()
        shape[dim] = n_out
        lam = lam.to(t.dtype).to(t.device).reshape(shape)
        a = t.index_select(dim, i0.to(t.device))
        b = t.index_select(dim, i1.to(t.device))
        t = a * (1 - lam) + b * lam
    return t


def _f32_ratio(n_in, n_out, scale, align_corners):
    if n_out <= 1:
        return 0.0
    if align_corners:
        return float(torch.tensor(float(n_in - 1), dtype=torch.float32) / (n_out - 1))
    if scale is not None and scale > 0:  # the scale attribute itself is float32 in Paddle
        return float(torch.tensor(1.0 / float(torch.tensor(scale, dtype=torch.float32)), dtype=torch.float32))
    return float(torch.tensor(float(n_in), dtype=torch.float32) / n_out)


_INTERP_KERNELS = {"NEAREST": "nearest_interp", "BILINEAR": "bilinear_interp", "BICUBIC": "bicubic_interp"}


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
                data_format="NCHW", name=None):
    data_format = data_format.upper()
    resample = mode.upper()
    t = x._t
    nd = t.dim()
    if resample not in ("LINEAR", "BILINEAR", "TRILINEAR", "NEAREST", "BICUBIC", "AREA"):
        raise ValueError(
            "The 'resample' of image_resize can only be 'area', 'linear', 'bilinear', 'trilinear',  'bicubic' or "
            "'nearest' currently."
        )
    if resample == "LINEAR" and nd != 3:
        raise ValueError("'linear' only support 3-D tensor.")
    if resample == "NEAREST" and nd not in (4, 5):
        raise ValueError("'NEAREST' only support 4-D  or 5-D tensor.")
    if resample in ("BILINEAR", "BICUBIC") and nd != 4:
        raise ValueError("'bilinear' and 'bicubic' only support 4-D tensor.")
    if resample == "TRILINEAR" and nd != 5:
        raise ValueError("'trilinear'only support 5-D tensor.")
    if size is None and scale_factor is None:
        raise ValueError("One of size and scale_factor must not be None.")
    if isinstance(size, (tuple, list)) and len(size) != nd - 2:
        raise ValueError("The x and size should satisfy rank(x) - 2 == len(size).")
    if isinstance(size, Tensor):
        if size._t.dim() != 1:
            raise ValueError(f"If size is a tensor, it's rank must be 1, but received {size._t.dim()}.")
        if size._t.shape[0] != nd - 2:
            raise ValueError("The x and size should satisfy rank(x) - 2 == size.shape[0].")
    if not isinstance(align_corners, bool):
        raise TypeError("Attr align_corners should be a bool value")
    if align_mode not in (0, 1):
        raise ValueError("align_mode can only be 0 or 1")
    if align_corners and resample == "NEAREST":
        raise ValueError(
            "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | "
            "trilinear"
        )
    if resample == "AREA":
        if isinstance(size, (list, tuple)) and len(size) == 0:
            raise ValueError("output size can not be empty")
        if size is None:
            raise ValueError("output size can not be None in AREA mode")
    if data_format not in _INTERP_FORMATS.get(nd, ()):
        fmts = _INTERP_FORMATS.get(nd, ("NCHW", "NHWC"))
        raise ValueError(
            f"Got wrong value for param `data_format`: {data_format} received but only `{fmts[0]}` or `{fmts[1]}` "
            f"supported for {nd}-D input."
        )
    if size is not None and scale_factor is not None:
        raise ValueError("Only one of size or scale_factor should be defined.")
    channel_last = data_format in ("NWC", "NHWC", "NDHWC")
    if channel_last:
        t = t.movedim(-1, 1)
    in_sizes = list(t.shape[2:])
    scales = None
    if size is not None:
        if isinstance(size, Tensor):
            out_sizes = [int(v) for v in size._t.tolist()]
        elif isinstance(size, (list, tuple)):
            out_sizes = [int(v.item()) if isinstance(v, Tensor) else v for v in size]
        elif resample == "AREA" and isinstance(size, int):
            out_sizes = [size] * (nd - 2)
        else:
            raise TypeError("size should be a list or tuple or Variable.")
        for v in out_sizes:  # a str fails this comparison (TypeError) as in Paddle; floats are truncated
            assert v > 0, "Each dimension size given in out_shape must be greater than 0."
        out_sizes = [int(v) for v in out_sizes]
    else:
        sf = scale_factor
        if isinstance(sf, Tensor):
            sf = float(sf.item()) if sf._t.dim() == 0 else [float(v) for v in sf._t.tolist()]
        if isinstance(sf, (float, int, np.ndarray, np.generic)) and not isinstance(sf, bool):
            if sf <= 0:
                raise ValueError("Attr(scale) should be greater than zero.")
            scales = [float(sf)] * (nd - 2)
        elif isinstance(sf, (list, tuple)):
            if len(sf) != nd - 2:
                raise ValueError(f"scale_shape length should be {nd - 2} for input {nd}-D tensor.")
            for v in sf:
                if v <= 0:
                    raise ValueError("Attr(scale) should be greater than zero.")
            scales = [float(v) for v in sf]
        else:
            raise TypeError("Attr(scale)'s type should be float, int, list, tuple, or Tensor.")
        out_sizes = [int(i * s) for i, s in zip(in_sizes, scales)]
    kernel = _INTERP_KERNELS.get(resample)
    if kernel is not None:
        _check_kernel(kernel, t)
    if resample == "NEAREST" and not t.is_floating_point() and t.dtype is not torch.uint8:
        # torch has no integer nearest upsampling: copy through float64 (exact below 2**53)
        return wrap(interpolate(wrap(t.movedim(1, -1) if channel_last else t).astype("float64"), out_sizes, None,
                                mode, align_corners, align_mode, data_format)._t.to(t.dtype))
    if resample == "AREA":
        out = F.adaptive_avg_pool1d(t, out_sizes) if nd == 3 else (
            F.adaptive_avg_pool2d(t, out_sizes) if nd == 4 else F.adaptive_avg_pool3d(t, out_sizes))
    elif resample == "NEAREST":
        sc = scales if scales is not None else [None] * (nd - 2)
        op = torch._C._nn.upsample_nearest2d if nd == 4 else torch._C._nn.upsample_nearest3d
        out = op(t, out_sizes, *sc)
    else:
        manual = resample != "BICUBIC" and ((not align_corners and align_mode == 1) or t.dtype is torch.float64)
        if not manual:
            # Paddle's ratio per dim: 0 when the output size is 1, else 1/scale (scale given) or in/out;
            # aten's upsample ops take output size and scales separately (scale inf -> ratio 0).
            if align_corners:
                sc = [None] * (nd - 2)
            elif t.dtype is torch.float64:  # Paddle's float32 ratio, passed to aten as 1/ratio
                sc = scales if scales is not None else [None] * (nd - 2)
                sc = [math.inf if o == 1 else 1.0 / _f32_ratio(i, o, v, False)
                      for i, o, v in zip(in_sizes, out_sizes, sc)]
            else:
                sc = list(scales) if scales is not None else [None] * (nd - 2)
                sc = [math.inf if o == 1 else v for o, v in zip(out_sizes, sc)]
            op = {"LINEAR": torch._C._nn.upsample_linear1d, "BILINEAR": torch._C._nn.upsample_bilinear2d,
                  "TRILINEAR": torch._C._nn.upsample_trilinear3d, "BICUBIC": torch._C._nn.upsample_bicubic2d}[resample]
            out = op(t, out_sizes, align_corners, *sc)
        else:
            sc = scales if scales is not None else [None] * (nd - 2)
            ratios = [_f32_ratio(i, o, v, align_corners) for i, o, v in zip(in_sizes, out_sizes, sc)]
            out = _linear_manual(t, out_sizes, ratios, half_pixel=not align_corners and align_mode == 0)
    if channel_last:
        out = out.movedim(1, -1).contiguous()
    return wrap(out)


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
             data_format="NCHW", name=None):
    return interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format, name)

