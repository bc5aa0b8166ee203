"""OpenCV implementations of the numpy-image ops that Paddle runs through cv2 (used only when ``cv2`` is
importable; Paddle's own arithmetic is followed step by step, including its quirks noted below).
NOTE: OpenCV is not installed in paddle-compat's test environment, so these paths are not verified
against Paddle there."""

import math

import numpy as np

__all__ = []


def _interp(cv2, name):
    table = {"nearest": cv2.INTER_NEAREST, "bilinear": cv2.INTER_LINEAR, "area": cv2.INTER_AREA,
             "bicubic": cv2.INTER_CUBIC, "lanczos": cv2.INTER_LANCZOS4}
    if name not in table:
        raise KeyError(name)
    return table[name]


def _keep_channel(img, out):
    return out[:, :, np.newaxis] if img.ndim == 3 and img.shape[2] == 1 else out


def resize_target(w, h, size):
    """``(out_h, out_w)`` of Paddle's resize for every backend: an int is the shorter side (aspect kept),
    a pair is (h, w); None when an int already matches the shorter side (the image comes back as is)."""
    if not isinstance(size, int):
        return tuple(size)
    if (w <= h and w == size) or (h <= w and h == size):
        return None
    return (int(size * h / w), size) if w < h else (size, int(size * w / h))


def resize(cv2, img, size, interpolation):
    h, w = img.shape[:2]
    target = resize_target(w, h, size)
    if target is None:
        return img
    oh, ow = target
    return _keep_channel(img, cv2.resize(img, dsize=(ow, oh), interpolation=_interp(cv2, interpolation)))


def affine(cv2, img, angle, translate, scale, shear, interpolation, fill, center):
    h, w = img.shape[0:2]
    if isinstance(fill, int):
        fill = (fill,) * 3
    if center is None:
        center = (w / 2.0, h / 2.0)
    r = cv2.getRotationMatrix2D(angle=angle, center=tuple(center), scale=scale)
    sx = math.tan(shear[0] * math.pi / 180)
    sy = math.tan(shear[1] * math.pi / 180)
    m = np.ones([2, 3])
    m[0] = r[0] + sy * r[1]
    m[1] = r[1] + sx * r[0]
    m[0, 2], m[1, 2] = translate  # (sic) Paddle 2.6.2 replaces the rotation's translation column
    out = cv2.warpAffine(img, m, dsize=(w, h), flags=_interp(cv2, interpolation), borderValue=fill)
    return _keep_channel(img, out)


def rotate(cv2, img, angle, interpolation, expand, center, fill):
    h, w = img.shape[0:2]
    if center is None:
        center = (w / 2.0, h / 2.0)
    m = cv2.getRotationMatrix2D(center, angle, 1)
    if expand:
        a = -math.radians(angle)
        em = [round(math.cos(a), 15), round(math.sin(a), 15), 0.0, round(-math.sin(a), 15), round(math.cos(a), 15),
              0.0]

        def tr(x, y):
            return em[0] * x + em[1] * y + em[2], em[3] * x + em[4] * y + em[5]

        em[2], em[5] = tr(-center[0], -center[1])
        em[2] += center[0]
        em[5] += center[1]
        pts = [tr(x, y) for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
        nw = math.ceil(max(p[0] for p in pts)) - math.floor(min(p[0] for p in pts))
        nh = math.ceil(max(p[1] for p in pts)) - math.floor(min(p[1] for p in pts))
        m[0, 2] += (nw - w) * 0.5
        m[1, 2] += (nh - h) * 0.5
        w, h = int(nw), int(nh)
    return _keep_channel(img, cv2.warpAffine(img, m, (w, h), flags=_interp(cv2, interpolation), borderValue=fill))


def perspective(cv2, img, startpoints, endpoints, interpolation, fill):
    h, w = img.shape[0:2]
    matrix = cv2.getPerspectiveTransform(np.array(startpoints, dtype="float32"), np.array(endpoints, dtype="float32"))
    out = cv2.warpPerspective(img, matrix, dsize=(w, h), flags=_interp(cv2, interpolation), borderValue=fill)
    return _keep_channel(img, out)


def adjust_saturation(cv2, img, saturation_factor):
    dtype = img.dtype
    img = img.astype(np.float32)
    # (sic) Paddle's cv2 path draws a random blend factor around saturation_factor
    alpha = np.random.uniform(max(0, 1 - saturation_factor), 1 + saturation_factor)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)[..., np.newaxis]
    return (img * alpha + gray * (1 - alpha)).clip(0, 255).astype(dtype)


def adjust_hue(cv2, img, hue_factor):
    dtype = img.dtype
    hsv = cv2.cvtColor(img.astype(np.uint8), cv2.COLOR_BGR2HSV_FULL)
    h, s, v = cv2.split(hsv)
    h = ((h.astype(np.int32) + int(hue_factor * 255)) % 256).astype(np.uint8)
    return cv2.cvtColor(cv2.merge([h, s, v]), cv2.COLOR_HSV2BGR_FULL).astype(dtype)
