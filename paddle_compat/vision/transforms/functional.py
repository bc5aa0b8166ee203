"""``paddle.vision.transforms.functional``: one entry point per op, dispatching on the image type like
Paddle: PIL.Image (PIL's own operations, so results match Paddle bit for bit), numpy HWC arrays (Paddle's
cv2 backend: flips, pad, brightness, contrast and grayscale are done in numpy with cv2's semantics;
resize / rotate / affine / perspective / hue / saturation call OpenCV when installed, as in Paddle)
and ``paddle.Tensor`` CHW images (torch kernels with Paddle's grids and blending)."""

import math
import numbers
from collections.abc import Iterable, Sequence

import numpy as np
import torch

from ..._core import Tensor, wrap
from . import _cv2_ops

__all__ = []

_TYPE_MSG = "img should be PIL Image or Tensor Image or ndarray with dim=[2 or 3]. Got {}"


def _is_pil_image(img):
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover
        return False
    return isinstance(img, Image.Image)


def _is_tensor_image(img):
    return isinstance(img, Tensor)


def _is_numpy_image(img):
    return isinstance(img, np.ndarray) and img.ndim in (2, 3)


def _kind(img, name="img"):
    if _is_pil_image(img):
        return "pil"
    if _is_tensor_image(img):
        return "tensor"
    if _is_numpy_image(img):
        return "np"
    raise TypeError(_TYPE_MSG.format(type(img)) if name == "img" else
                    f"{name} should be PIL Image or Tensor Image or ndarray with dim=[2 or 3]. Got {type(img)}")


def _cv2(op):
    """The cv2 module for a numpy-image op (Paddle's cv2 backend); ImportError naming the op if absent."""
    try:
        import cv2
    except ImportError:
        raise ImportError(f"paddle.vision.transforms.{op} on a numpy image uses OpenCV (Paddle's cv2 backend); "
                          "install opencv-python, or pass a PIL.Image or a paddle.Tensor instead") from None
    return cv2


def _pil_interp(name):
    from PIL import Image

    table = {"nearest": Image.Resampling.NEAREST, "bilinear": Image.Resampling.BILINEAR,
             "bicubic": Image.Resampling.BICUBIC, "box": Image.Resampling.BOX,
             "lanczos": Image.Resampling.LANCZOS, "hamming": Image.Resampling.HAMMING}
    if name not in table:
        raise KeyError(name)
    return table[name]


def _pad_amounts(padding):
    if isinstance(padding, int):
        return padding, padding, padding, padding
    if len(padding) == 2:
        return padding[0], padding[1], padding[0], padding[1]
    return tuple(padding)  # left, top, right, bottom


def _check_pad_args(padding, fill, padding_mode):
    if not isinstance(padding, (numbers.Number, list, tuple)):
        raise TypeError("Got inappropriate padding arg")
    if not isinstance(fill, (numbers.Number, str, list, tuple)):
        raise TypeError("Got inappropriate fill arg")
    if not isinstance(padding_mode, str):
        raise TypeError("Got inappropriate padding_mode arg")
    if isinstance(padding, Sequence) and len(padding) not in (2, 4):
        raise ValueError("Padding must be an int or a 2, or 4 element tuple, not a "
                         f"{len(padding)} element tuple")
    if padding_mode not in ("constant", "edge", "reflect", "symmetric"):
        raise AssertionError("Padding mode should be either constant, edge, reflect or symmetric")


# ----------------------------------------------------------------------------------- tensor helpers
def _assert_image_tensor(img, data_format):
    if not isinstance(img, Tensor) or img.ndim < 3 or img.ndim > 4 or data_format.lower() not in ("chw", "hwc"):
        raise RuntimeError(f"not support [type={type(img)}, ndim={getattr(img, 'ndim', None)}, "
                           f"data_format={data_format}] paddle image")


def _hw_axes(data_format):
    return (-2, -1) if data_format.lower() == "chw" else (-3, -2)


def _c_axis(data_format):
    return -3 if data_format.lower() == "chw" else -1


def _t_size(t, data_format="CHW"):
    h, w = _hw_axes(data_format)
    return t.shape[w], t.shape[h]


def _gray_t(t, num_output_channels=1, c_axis=-3):
    w = torch.tensor([0.2989, 0.5870, 0.1140], dtype=t.dtype)
    shape = [1] * t.ndim
    shape[c_axis] = 3
    g = (t * w.reshape(shape)).sum(dim=c_axis, keepdim=True)
    out_shape = list(g.shape)
    out_shape[c_axis] = num_output_channels
    return g.expand(out_shape)


def _blend_t(img1, img2, ratio):
    maxv = 1.0 if img1.is_floating_point() else 255.0
    a, b = img1, img2
    if not a.is_floating_point():
        a = a.float()
    if not b.is_floating_point():
        b = b.float()
    return torch.lerp(b.to(a.dtype), a, float(ratio)).clamp(0, maxv).to(img1.dtype)


def _affine_grid_t(theta, w, h, ow, oh):
    d = 0.5
    base = torch.ones((1, oh, ow, 3), dtype=theta.dtype)
    base[..., 0] = torch.linspace(-ow * 0.5 + d, ow * 0.5 + d - 1, ow, dtype=theta.dtype)
    base[..., 1] = torch.linspace(-oh * 0.5 + d, oh * 0.5 + d - 1, oh, dtype=theta.dtype).unsqueeze(-1)
    scaled = theta.transpose(1, 2) / torch.tensor([0.5 * w, 0.5 * h], dtype=theta.dtype)
    return base.reshape(1, oh * ow, 3).bmm(scaled).reshape(1, oh, ow, 2)


def _grid_transform_t(img, grid, mode, fill):
    if img.shape[0] > 1:
        grid = grid.expand(img.shape[0], *grid.shape[1:])
    if fill is not None:
        img = torch.cat((img, torch.ones((img.shape[0], 1, img.shape[2], img.shape[3]), dtype=img.dtype)), dim=1)
    grid = grid.to(img.dtype)
    if mode == "nearest":
        # Paddle's nearest rounds half away from zero (torch: half to even): snap to pixel centres first
        size = torch.tensor([img.shape[3], img.shape[2]], dtype=grid.dtype)
        pix = ((grid + 1) * size - 1) * 0.5
        pix = torch.sign(pix) * torch.floor(pix.abs() + 0.5)
        grid = (2 * pix + 1) / size - 1
    out = torch.nn.functional.grid_sample(img, grid, mode=mode, padding_mode="zeros", align_corners=False)
    if fill is not None:
        mask = out[:, -1:].expand(-1, out.shape[1] - 1, -1, -1)
        out = out[:, :-1]
        n = len(fill) if isinstance(fill, (tuple, list)) else 1
        fill_img = torch.tensor(fill).reshape(1, n, 1, 1).to(out.dtype).expand_as(out)
        if mode == "nearest":
            mask = (mask < 0.5).to(out.dtype)
            out = out * (1.0 - mask) + mask * fill_img
        else:
            out = out * mask + (1.0 - mask) * fill_img
    return out


def _get_affine_matrix(center, angle, translate, scale, shear):
    # inverse affine matrix (output -> input), as PIL's Image.transform expects
    rot = math.radians(angle)
    sx, sy = math.radians(shear[0]), math.radians(shear[1])
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    cx, cy = center
    tx, ty = translate
    m = [v / scale for v in (d, -b, 0.0, -c, a, 0.0)]
    m[2] += m[0] * (-cx - tx) + m[1] * (-cy - ty) + cx
    m[5] += m[3] * (-cx - tx) + m[4] * (-cy - ty) + cy
    return m


def _get_perspective_coeffs(startpoints, endpoints):
    a = np.zeros((2 * len(startpoints), 8))
    for i, (p1, p2) in enumerate(zip(endpoints, startpoints)):
        a[2 * i] = [p1[0], p1[1], 1, 0, 0, 0, -p2[0] * p1[0], -p2[0] * p1[1]]
        a[2 * i + 1] = [0, 0, 0, p1[0], p1[1], 1, -p2[1] * p1[0], -p2[1] * p1[1]]
    b = np.array(startpoints).reshape([8])
    return list(np.linalg.lstsq(a, b, rcond=None)[0])


def _float_tensor(x, dtype=torch.float32):
    return torch.tensor(x, dtype=dtype) if not isinstance(x, torch.Tensor) else x


# ------------------------------------------------------------------------------------- public API
def to_tensor(pic, data_format="CHW"):
    """PIL / HWC ndarray -> Tensor (CHW by default); uint8 data is scaled to float32 [0, 1]."""
    kind = _kind(pic, "pic")
    if kind == "tensor":
        return pic if data_format.lower() == "chw" else pic.transpose((1, 2, 0))
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    if kind == "pil":
        mode = pic.mode
        if mode in ("I", "I;16"):
            arr = np.asarray(pic, np.int32)
        elif mode == "F":
            arr = np.asarray(pic, np.float32)
        elif mode == "1":
            arr = 255 * np.asarray(pic, np.uint8)
        else:
            arr = np.asarray(pic)
        nch = 3 if mode == "YCbCr" else 1 if mode == "I;16" else len(mode)
        t = torch.from_numpy(np.array(arr)).reshape(pic.size[1], pic.size[0], nch)
    else:
        arr = pic[:, :, None] if pic.ndim == 2 else pic
        t = torch.from_numpy(np.array(arr))
    if t.dtype == torch.uint8:
        t = t.to(torch.float32) / 255.0
    if data_format == "CHW":
        t = t.permute(2, 0, 1)
    return wrap(t.contiguous())


def resize(img, size, interpolation="bilinear"):
    kind = _kind(img)
    if kind == "np":
        cv2 = _cv2("resize")  # Paddle's cv2 backend imports OpenCV before it checks the arguments
        if not (isinstance(size, int) or (isinstance(size, Iterable) and len(size) == 2)):
            raise TypeError(f"Got inappropriate size arg: {size}")
        return _cv2_ops.resize(cv2, img, size, interpolation)
    if kind == "pil":
        if not (isinstance(size, int) or (isinstance(size, Iterable) and len(size) == 2)):
            raise TypeError(f"Got inappropriate size arg: {size}")
        w, h = img.size
    else:
        _assert_image_tensor(img, "CHW")
        if not (isinstance(size, int) or (isinstance(size, (tuple, list)) and len(size) == 2)):
            raise TypeError(f"Got inappropriate size arg: {size}")
        w, h = _t_size(img)
        if isinstance(size, int) and (w <= 0 or h <= 0):
            raise NotImplementedError(f"Not support while w<=0 or h<=0, but received w={w}, h={h}")
    target = _cv2_ops.resize_target(w, h, size)
    if target is None:
        return img
    oh, ow = target
    if kind == "pil":
        return img.resize((ow, oh), _pil_interp(interpolation))
    mode = interpolation.lower()
    if mode not in ("nearest", "bilinear", "bicubic", "area"):
        # Paddle hands the mode to paddle.nn.functional.interpolate, whose check raises this
        raise ValueError(
            "The 'resample' of image_resize can only be 'area', 'linear', 'bilinear', 'trilinear',  'bicubic' or "
            "'nearest' currently."
        )
    if mode == "bilinear" and not img._t.is_floating_point():
        return wrap(_bilinear_int(img._t, oh, ow))
    t = img._t.unsqueeze(0)
    src_dtype = t.dtype
    if not t.is_floating_point():
        t = t.float()
    kw = {} if mode in ("nearest", "area") else {"align_corners": False}
    out = torch.nn.functional.interpolate(t, size=(oh, ow), mode=mode, **kw)
    return wrap(out.to(src_dtype).squeeze(0))


def _bilinear_int(x, oh, ow):
    """Paddle's CPU bilinear kernel (align_corners=False, align_mode=0) for integer images: float32
    weights, the same summation order, truncation back to the integer dtype."""
    ih, iw = x.shape[-2], x.shape[-1]
    f = torch.float32
    ys = ((torch.arange(oh, dtype=f) + 0.5) * float(np.float32(ih / oh)) - 0.5).clamp(min=0)
    xs = ((torch.arange(ow, dtype=f) + 0.5) * float(np.float32(iw / ow)) - 0.5).clamp(min=0)
    y0, x0 = ys.floor().long(), xs.floor().long()
    y1 = y0 + (y0 < ih - 1).long()
    x1 = x0 + (x0 < iw - 1).long()
    h1 = (ys - y0.to(f)).unsqueeze(1)
    w1 = xs - x0.to(f)
    h2, w2 = 1 - h1, 1 - w1
    xf = x.to(f)
    top, bot = xf[..., y0, :], xf[..., y1, :]
    out = h2 * (w2 * top[..., x0] + w1 * top[..., x1]) + h1 * (w2 * bot[..., x0] + w1 * bot[..., x1])
    return out.to(x.dtype)


def pad(img, padding, fill=0, padding_mode="constant"):
    kind = _kind(img)
    _check_pad_args(padding, fill, padding_mode)
    if isinstance(padding, list):
        padding = tuple(padding)
    left, top, right, bottom = _pad_amounts(padding)
    if kind == "pil":
        from PIL import Image, ImageOps

        if padding_mode == "constant":
            out = ImageOps.expand(img, border=padding, fill=fill)
            if img.mode == "P":
                out.putpalette(img.getpalette())
            return out
        arr = np.asarray(img)
        widths = ((top, bottom), (left, right)) + (((0, 0),) if arr.ndim == 3 else ())
        out = Image.fromarray(np.pad(arr, widths, padding_mode))
        if img.mode == "P":
            out.putpalette(img.getpalette())
        return out
    if kind == "np":
        widths = ((top, bottom), (left, right)) + (((0, 0),) if img.ndim == 3 else ())
        if padding_mode == "constant":
            return np.pad(img, widths, "constant", constant_values=fill)
        return np.pad(img, widths, padding_mode)
    _assert_image_tensor(img, "CHW")
    if padding_mode == "symmetric":
        raise ValueError("Do not support symmetric mode")
    mode = {"edge": "replicate"}.get(padding_mode, padding_mode)
    t = img._t.unsqueeze(0)
    kw = {"value": float(fill)} if mode == "constant" else {}
    src_dtype = t.dtype
    if mode != "constant" and not t.is_floating_point():
        t = t.float()
    out = torch.nn.functional.pad(t, (left, right, top, bottom), mode=mode, **kw)
    return wrap(out.to(src_dtype).squeeze(0))


def crop(img, top, left, height, width):
    kind = _kind(img)
    if kind == "pil":
        return img.crop((left, top, left + width, top + height))
    if kind == "np":
        return img[top: top + height, left: left + width, :]
    _assert_image_tensor(img, "CHW")
    return wrap(img._t[:, top: top + height, left: left + width])


def center_crop(img, output_size):
    kind = _kind(img)
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    if kind == "pil":
        w, h = img.size
    elif kind == "np":
        h, w = img.shape[:2]
    else:
        _assert_image_tensor(img, "CHW")
        w, h = _t_size(img)
    th, tw = output_size
    return crop(img, int(round((h - th) / 2.0)), int(round((w - tw) / 2.0)), th, tw)


def hflip(img):
    kind = _kind(img)
    if kind == "pil":
        from PIL import Image

        return img.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    if kind == "np":
        return np.ascontiguousarray(img[:, ::-1])
    _assert_image_tensor(img, "CHW")
    return wrap(img._t.flip(-1))


def vflip(img):
    kind = _kind(img)
    if kind == "pil":
        from PIL import Image

        return img.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    if kind == "np":
        return np.ascontiguousarray(img[::-1])
    _assert_image_tensor(img, "CHW")
    return wrap(img._t.flip(-2))


def _lut(img, table):
    return table[img]


def adjust_brightness(img, brightness_factor):
    kind = _kind(img)
    if kind == "pil":
        from PIL import ImageEnhance

        return ImageEnhance.Brightness(img).enhance(brightness_factor)
    if kind == "np":
        table = np.array([i * brightness_factor for i in range(256)]).clip(0, 255).astype("uint8")
        return _lut(img.astype(np.uint8), table)
    _assert_image_tensor(img, "CHW")
    if brightness_factor < 0:
        raise AssertionError("brightness_factor should be non-negative.")
    if img.shape[-3] not in (1, 3):
        raise AssertionError("channels of input should be either 1 or 3.")
    return wrap(_blend_t(img._t, torch.zeros_like(img._t), brightness_factor))


def adjust_contrast(img, contrast_factor):
    kind = _kind(img)
    if kind == "pil":
        from PIL import ImageEnhance

        return ImageEnhance.Contrast(img).enhance(contrast_factor)
    if kind == "np":
        table = np.array([(i - 74) * contrast_factor + 74 for i in range(256)]).clip(0, 255).astype("uint8")
        return _lut(img, table)
    _assert_image_tensor(img, "chw")
    if contrast_factor < 0:
        raise AssertionError("contrast_factor should be non-negative.")
    t = img._t
    dtype = t.dtype if t.is_floating_point() else torch.float32
    c = t.shape[-3]
    if c == 1:
        target = t.to(dtype).mean(dim=(-3, -2, -1), keepdim=True)
    elif c == 3:
        target = _gray_t(t).to(dtype).mean(dim=(-3, -2, -1), keepdim=True)
    else:
        raise ValueError("channels of input should be either 1 or 3.")
    return wrap(_blend_t(t, target, contrast_factor))


def _is_gray(img):
    """One channel (CHW): True; three: False; else Paddle's ValueError."""
    c = img.shape[-3]
    if c != 1 and c != 3:
        raise ValueError("channels of input should be either 1 or 3.")
    return c == 1


def adjust_saturation(img, saturation_factor):
    kind = _kind(img)
    if kind == "pil":
        from PIL import ImageEnhance

        return ImageEnhance.Color(img).enhance(saturation_factor)
    if kind == "np":
        return _cv2_ops.adjust_saturation(_cv2("adjust_saturation"), img, saturation_factor)
    _assert_image_tensor(img, "CHW")
    if saturation_factor < 0:
        raise AssertionError("saturation_factor should be non-negative.")
    if _is_gray(img):
        return img
    return wrap(_blend_t(img._t, _gray_t(img._t), saturation_factor))


def _rgb_to_hsv_t(img):
    maxc = img.amax(dim=-3)
    minc = img.amin(dim=-3)
    eq = maxc == minc
    one = torch.ones_like(maxc)
    delta = maxc - minc
    s = delta / torch.where(eq, one, maxc)
    r, g, b = img.unbind(dim=-3)
    dd = torch.where(eq, one, delta)
    rc, gc, bc = (maxc - r) / dd, (maxc - g) / dd, (maxc - b) / dd
    hr = (maxc == r).to(maxc.dtype) * (bc - gc)
    hg = ((maxc == g) & (maxc != r)).to(maxc.dtype) * (rc - bc + 2.0)
    hb = ((maxc != r) & (maxc != g)).to(maxc.dtype) * (gc - rc + 4.0)
    h = (hr + hg + hb) * (1.0 / 6.0) + 1.0
    h = h - h.trunc()
    return torch.stack([h, s, maxc], dim=-3)


def _hsv_to_rgb_t(img):
    h, s, v = img.unbind(dim=-3)
    f = h * 6.0
    i = torch.floor(f)
    f = f - i
    i = i.to(torch.int32) % 6
    p = (v * (1.0 - s)).clamp(0.0, 1.0)
    q = (v * (1.0 - s * f)).clamp(0.0, 1.0)
    t = (v * (1.0 - s * (1.0 - f))).clamp(0.0, 1.0)
    mask = (i.unsqueeze(-3) == torch.arange(6, dtype=i.dtype).reshape(-1, 1, 1)).to(img.dtype)
    matrix = torch.stack([torch.stack([v, q, p, p, t, v], dim=-3), torch.stack([t, v, v, q, p, p], dim=-3),
                          torch.stack([p, p, t, v, v, q], dim=-3)], dim=-4)
    return torch.einsum("...ijk,...xijk->...xjk", mask, matrix)


def adjust_hue(img, hue_factor):
    kind = _kind(img)
    if kind == "pil":
        if not (-0.5 <= hue_factor <= 0.5):
            raise ValueError(f"hue_factor:{hue_factor} is not in [-0.5, 0.5].")
        from PIL import Image

        mode = img.mode
        if mode in {"L", "1", "I", "F"}:
            return img
        h, s, v = img.convert("HSV").split()
        nh = ((np.array(h, dtype=np.uint8).astype(np.int16) + int(hue_factor * 255)) % 256).astype(np.uint8)
        return Image.merge("HSV", (Image.fromarray(nh, "L"), s, v)).convert(mode)
    if kind == "np":
        cv2 = _cv2("adjust_hue")  # imported before the argument checks, as in Paddle's cv2 backend
        if not (-0.5 <= hue_factor <= 0.5):
            raise ValueError(f"hue_factor:{hue_factor} is not in [-0.5, 0.5].")
        return _cv2_ops.adjust_hue(cv2, img, hue_factor)
    _assert_image_tensor(img, "CHW")
    if not (-0.5 <= hue_factor <= 0.5):
        raise AssertionError("hue_factor should be in range [-0.5, 0.5]")
    if _is_gray(img):
        return img
    t = img._t
    dtype = t.dtype
    if dtype == torch.uint8:
        t = t.to(torch.float32) * (1.0 / 255.0)  # Paddle's Tensor / scalar is a scale by the reciprocal
    h, s, v = _rgb_to_hsv_t(t).unbind(dim=-3)
    h = h + hue_factor
    h = h - h.floor()
    out = _hsv_to_rgb_t(torch.stack([h, s, v], dim=-3))
    if dtype == torch.uint8:
        out = (out * 255.0).to(dtype)
    return wrap(out)


def affine(img, angle, translate, scale, shear, interpolation="nearest", fill=0, center=None):
    kind = _kind(img)
    if not isinstance(angle, (int, float)):
        raise TypeError("Argument angle should be int or float")
    if not isinstance(translate, (list, tuple)):
        raise TypeError("Argument translate should be a sequence")
    if len(translate) != 2:
        raise ValueError("Argument translate should be a sequence of length 2")
    if scale <= 0.0:
        raise ValueError("Argument scale should be positive")
    if not isinstance(shear, (numbers.Number, list, tuple)):
        raise TypeError("Shear should be either a single value or a sequence of two values")
    if not isinstance(interpolation, str):
        raise TypeError("Argument interpolation should be a string")
    angle = float(angle)
    translate = list(translate)
    shear = [shear, 0.0] if isinstance(shear, numbers.Number) else list(shear)
    if len(shear) == 1:
        shear = [shear[0], shear[0]]
    if len(shear) != 2:
        raise ValueError(f"Shear should be a sequence containing two values. Got {shear}")
    if center is not None and not isinstance(center, (list, tuple)):
        raise TypeError("Argument center should be a sequence")
    if kind == "pil":
        from PIL import Image

        w, h = img.size
        if center is None:
            center = [w * 0.5, h * 0.5]
        m = _get_affine_matrix(center, angle, translate, scale, shear)
        if isinstance(fill, int):
            fill = (fill,) * 3
        return img.transform(img.size, Image.Transform.AFFINE, m, _pil_interp(interpolation), fill)
    if kind == "np":
        height, width = img.shape[0:2]
        if center is None:
            center = (height * 0.5, width * 0.5)  # (sic) Paddle 2.6.2 passes (h/2, w/2) as (x, y)
        return _cv2_ops.affine(_cv2("affine"), img, angle, translate, scale, shear, interpolation, fill, center)
    center_f = [0.0, 0.0]
    if center is not None:
        height, width = img.shape[-1], img.shape[-2]  # (sic) Paddle 2.6 swaps these
        center_f = [1.0 * (c - s * 0.5) for c, s in zip(center, [width, height])]
    m = _get_affine_matrix(center_f, angle, [1.0 * t for t in translate], scale, shear)
    return _affine_t(img, m, interpolation, fill)


def _affine_t(img, matrix, interpolation, fill):
    t = img._t
    ndim = t.ndim
    if ndim == 3:
        t = t.unsqueeze(0)
    theta = torch.tensor(matrix, dtype=torch.float32).reshape(1, 2, 3)
    grid = _affine_grid_t(theta, t.shape[-1], t.shape[-2], t.shape[-1], t.shape[-2])
    if isinstance(fill, int):
        fill = (fill,) * 3
    out = _grid_transform_t(t, grid, interpolation, fill)
    return wrap(out.squeeze(0) if ndim == 3 else out)


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    kind = _kind(img)
    if isinstance(center, list):
        center = tuple(center)
    if isinstance(fill, list):
        fill = tuple(fill)
    if kind == "pil":
        if isinstance(fill, int):
            fill = (fill,) * 3
        return img.rotate(angle, _pil_interp(interpolation), expand, center, fillcolor=fill)
    if kind == "np":
        return _cv2_ops.rotate(_cv2("rotate"), img, angle, interpolation, expand, center, fill)
    t = img._t.unsqueeze(0)
    w, h = t.shape[-1], t.shape[-2]
    a = math.radians(-angle % 360)
    rc = [0.0, 0.0] if center is None else [p - s * 0.5 for p, s in zip(center, [w, h])]
    m = torch.tensor([math.cos(a), math.sin(a), 0.0, -math.sin(a), math.cos(a), 0.0], dtype=torch.float32)
    m[2] += m[0] * (-rc[0]) + m[1] * (-rc[1]) + rc[0]
    m[5] += m[3] * (-rc[0]) + m[4] * (-rc[1]) + rc[1]
    m = m.reshape(1, 2, 3)
    if expand:
        corners = torch.tensor([[-0.5 * w, -0.5 * h, 1.0], [-0.5 * w, 0.5 * h, 1.0], [0.5 * w, 0.5 * h, 1.0],
                                [0.5 * w, -0.5 * h, 1.0]], dtype=m.dtype)
        pos = corners.reshape(1, -1, 3).bmm(m.transpose(1, 2)).reshape(1, -1, 2)
        npos = pos.amax(dim=-2).ceil() - pos.amin(dim=-2).floor()
        ow, oh = int(npos[0][0]), int(npos[0][1])
    else:
        ow, oh = w, h
    grid = _affine_grid_t(m, w, h, ow, oh)
    return wrap(_grid_transform_t(t, grid, interpolation, fill).squeeze(0))


def perspective(img, startpoints, endpoints, interpolation="nearest", fill=0):
    kind = _kind(img)
    if kind == "np":
        return _cv2_ops.perspective(_cv2("perspective"), img, startpoints, endpoints, interpolation, fill)
    coeffs = _get_perspective_coeffs(startpoints, endpoints)
    if kind == "pil":
        from PIL import Image

        if isinstance(fill, int):
            fill = (fill,) * 3
        return img.transform(img.size, Image.Transform.PERSPECTIVE, coeffs, _pil_interp(interpolation), fill)
    t = img._t
    ndim = t.ndim
    if ndim == 3:
        t = t.unsqueeze(0)
    ow, oh = t.shape[-1], t.shape[-2]
    dtype = t.dtype if t.is_floating_point() else torch.float32
    c = torch.tensor([float(v) for v in coeffs], dtype=torch.float32).to(dtype)
    theta1 = c[:6].reshape(1, 2, 3)
    theta2 = torch.cat((c[6:].reshape(1, 2).tile(2, 1), torch.ones((2, 1), dtype=c.dtype)), dim=1).unsqueeze(0)
    base = torch.ones((1, oh, ow, 3), dtype=dtype)
    base[..., 0] = torch.linspace(0.5, ow * 1.0 + 0.5 - 1.0, ow, dtype=dtype)
    base[..., 1] = torch.linspace(0.5, oh * 1.0 + 0.5 - 1.0, oh, dtype=dtype).unsqueeze(-1)
    g1 = base.reshape(1, oh * ow, 3).bmm(theta1.transpose(1, 2) / torch.tensor([0.5 * ow, 0.5 * oh], dtype=c.dtype))
    g2 = base.reshape(1, oh * ow, 3).bmm(theta2.transpose(1, 2))
    grid = (g1 / g2 - 1.0).reshape(1, oh, ow, 2)
    out = _grid_transform_t(t, grid, interpolation, fill)
    return wrap(out.squeeze(0) if ndim == 3 else out)


def _gray_np(img):
    if img.dtype == np.uint8:
        r, g, b = (img[..., i].astype(np.int32) for i in range(3))
        return ((r * 4899 + g * 9617 + b * 1868 + (1 << 13)) >> 14).astype(np.uint8)
    return (img[..., 0] * 0.299 + img[..., 1] * 0.587 + img[..., 2] * 0.114).astype(img.dtype)


def to_grayscale(img, num_output_channels=1):
    kind = _kind(img)
    if kind == "pil":
        from PIL import Image

        if num_output_channels == 1:
            return img.convert("L")
        if num_output_channels == 3:
            g = np.array(img.convert("L"), dtype=np.uint8)
            return Image.fromarray(np.dstack([g, g, g]), "RGB")
        raise ValueError("num_output_channels should be either 1 or 3")
    if kind == "np":
        if num_output_channels not in (1, 3):
            raise ValueError("num_output_channels should be either 1 or 3")
        g = _gray_np(img)[:, :, None]
        return g if num_output_channels == 1 else np.broadcast_to(g, img.shape)
    _assert_image_tensor(img, "CHW")
    if num_output_channels not in (1, 3):
        raise ValueError("num_output_channels should be either 1 or 3")
    return wrap(_gray_t(img._t, num_output_channels))


def normalize(img, mean, std, data_format="CHW", to_rgb=False):
    if _is_tensor_image(img):
        _assert_image_tensor(img, data_format)
        t = img._t
        m = torch.as_tensor(np.asarray(mean)).to(t.dtype if t.is_floating_point() else torch.float32)
        s = torch.as_tensor(np.asarray(std)).to(m.dtype)
        if data_format.lower() == "chw":
            m, s = m.reshape(-1, 1, 1), s.reshape(-1, 1, 1)
        return wrap((t - m) / s)
    if _is_pil_image(img):
        img = np.array(img).astype(np.float32)
    if not isinstance(img, np.ndarray):
        raise TypeError(_TYPE_MSG.format(type(img)))
    shape = (-1, 1, 1) if data_format == "CHW" else (1, 1, -1)
    m = np.float32(np.array(mean).reshape(shape))
    s = np.float32(np.array(std).reshape(shape))
    if to_rgb:
        img = img[..., ::-1]
    return (img - m) / s


def erase(img, i, j, h, w, v, inplace=False):
    if _is_tensor_image(img):
        _assert_image_tensor(img, "CHW")
        t = img._t if inplace else img._t.clone()
        t[..., i: i + h, j: j + w] = v._t if isinstance(v, Tensor) else torch.as_tensor(v, dtype=t.dtype)
        return img if inplace else wrap(t)
    if _is_pil_image(img):
        from PIL import Image

        arr = np.array(img, dtype=np.uint8)
        arr[i: i + h, j: j + w, ...] = v
        return Image.fromarray(arr, "RGB")
    if not isinstance(img, np.ndarray):
        raise TypeError(_TYPE_MSG.format(type(img)))
    if not inplace:
        img = img.copy()
    img[i: i + h, j: j + w, ...] = v
    return img
