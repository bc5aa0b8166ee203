"""``paddle.nn.functional`` vision ops (vision.py in Paddle 2.6) on ``torch.nn.functional``.

Note Paddle's ``align_corners`` defaults to True for affine_grid / grid_sample.
"""

import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import Tensor, errors, wrap
from ._checks import check_kernel as _check_kernel

__all__ = ["affine_grid", "grid_sample", "pixel_shuffle", "pixel_unshuffle", "channel_shuffle"]


def _check_fmt(data_format):
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"Attr(data_format) should be 'NCHW' or 'NHWC'.But recevie Attr(data_format): {data_format} ")
    return data_format == "NHWC"


def _shuffle_input(x, factor, what, data_format):
    """x's 4-D tensor and whether it is channels-last, after the checks pixel_unshuffle and channel_shuffle share
    on x and on their positive int ``factor`` (``what`` names it in the messages)."""
    if len(x._t.shape) != 4:
        raise ValueError(f"Input x should be 4D tensor, but received x with the shape of {x.shape}")
    if not isinstance(factor, int):
        raise TypeError(f"{what} must be int type")
    if factor <= 0:
        raise ValueError(f"{what} must be positive")
    return x._t, _check_fmt(data_format)


def _on_channels_first(torch_fn, t, channel_last, factor):
    if channel_last:
        return wrap(torch_fn(t.permute(0, 3, 1, 2), factor).permute(0, 2, 3, 1))
    return wrap(torch_fn(t, factor))


def affine_grid(theta, out_shape, align_corners=True, name=None):
    if not isinstance(theta, Tensor):
        raise ValueError("The theta should be a Tensor.")
    if isinstance(out_shape, Tensor):
        out_shape = out_shape._t.tolist()
    out_shape = [int(s._t.item()) if isinstance(s, Tensor) else int(s) for s in out_shape]
    t = theta._t
    if t.dim() == 3 and len(out_shape) == 4 and tuple(t.shape[1:]) != (2, 3) and t.shape[2] >= 3:
        # Paddle's kernel views each theta[i] as a 2 x 3 matrix: its first six values
        t = t.reshape(t.shape[0], -1)[:, :6].reshape(-1, 2, 3)
    if t.dim() == 3 and len(out_shape) == 5 and t.shape[0] and t[0].numel() < 12:
        raise RuntimeError("(PreconditionNotMet) Tensor's dimension is out of bound.Tensor's dimension must be equal "
                           "or less than the size of its memory.")
    if t.dim() != 3 or tuple(t.shape[1:]) not in ((2, 3), (3, 4)):
        raise ValueError(f"The theta should be a Tensor of shape [N, 2, 3] or [N, 3, 4], but received {theta.shape}")
    if (t.shape[1] == 2 and len(out_shape) != 4) or (t.shape[1] == 3 and len(out_shape) != 5):
        raise errors.invalid_argument(f"out_shape {out_shape} does not match theta of shape {theta.shape}")
    return wrap(F.affine_grid(t, out_shape, align_corners=align_corners))


def grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True, name=None):
    modes = ["bilinear", "nearest"]
    pmodes = ["zeros", "reflection", "border"]
    if mode not in modes:
        raise ValueError(f"The mode of grid sample function should be in {modes}, but got: {mode}")
    if padding_mode not in pmodes:
        raise ValueError(f"The padding mode of grid sample function should be in {pmodes}, but got: {padding_mode}")
    if not isinstance(align_corners, bool):
        raise ValueError(f"The align corners should be bool, but got: {align_corners}")
    xt, gt = x._t, grid._t
    if xt.dim() not in (4, 5) or gt.dim() != xt.dim() or gt.shape[-1] != xt.dim() - 2:
        raise errors.invalid_argument(
            f"grid_sample expects x of rank 4/5 and grid [N, ..., {xt.dim() - 2}], but received x "
            f"{x.shape} and grid {grid.shape}"
        )
    out = F.grid_sample(xt, gt, mode=mode, padding_mode=padding_mode, align_corners=align_corners)
    if xt.dim() == 5 and mode == "nearest" and padding_mode == "zeros":
        # Paddle's 3-D nearest kernel drops points whose unrounded coordinate is outside [0, size - 1]
        with torch.no_grad():
            ok = None
            for i, size in enumerate((xt.shape[4], xt.shape[3], xt.shape[2])):
                c = gt[..., i]
                u = (c + 1) / 2 * (size - 1) if align_corners else ((c + 1) * size - 1) / 2
                m = (u >= 0) & (u <= size - 1)
                ok = m if ok is None else ok & m
        out = out * ok.unsqueeze(1).to(out.dtype)
    return wrap(out)


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None):
    if not isinstance(upscale_factor, int):
        raise TypeError("upscale factor must be int type")
    if upscale_factor == 0:
        raise ValueError("(InvalidArgument) upscale_factor should not be 0.")
    cl = _check_fmt(data_format)
    t = x._t
    if t.dim() != 4:
        raise errors.invalid_argument(f"Input x should be 4D tensor, but received x with the shape of {x.shape}")
    c = t.shape[3 if cl else 1]
    if c % (upscale_factor * upscale_factor) != 0:
        raise errors.invalid_argument(
            f"The square of upscale_factor[{upscale_factor}] should divide the number of channel[{c}]")
    _check_kernel("pixel_shuffle", t)
    return _on_channels_first(F.pixel_shuffle, t, cl, upscale_factor)


def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None):
    t, cl = _shuffle_input(x, downscale_factor, "Downscale factor", data_format)
    h, w = (t.shape[1], t.shape[2]) if cl else (t.shape[2], t.shape[3])
    if h % downscale_factor or w % downscale_factor:
        raise ValueError(f"Downscale factor[{downscale_factor}] should divide both height[{h}] and width[{w}]")
    if t.dtype is not torch.float32 and t.dtype is not torch.float64:
        raise RuntimeError("(NotFound) There are no kernels which are registered in the pixel_unshuffle operator.")
    return _on_channels_first(F.pixel_unshuffle, t, cl, downscale_factor)


def channel_shuffle(x, groups, data_format="NCHW", name=None):
    t, cl = _shuffle_input(x, groups, "groups", data_format)
    c = t.shape[3 if cl else 1]
    _check_kernel("channel_shuffle", t)  # Paddle's kernel is selected before its shape check
    if c % groups:
        raise errors.invalid_argument(f"The number of groups[{groups}] should divide the number of channel[{c}]")
    if cl:
        n, h, w, _ = t.shape
        return wrap(t.reshape(n, h, w, groups, c // groups).transpose(3, 4).reshape(n, h, w, c))
    n, _, h, w = t.shape
    return wrap(t.reshape(n, groups, c // groups, h, w).transpose(1, 2).reshape(n, c, h, w))
