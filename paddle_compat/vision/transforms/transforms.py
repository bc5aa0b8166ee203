"""``paddle.vision.transforms`` classes. Randomness comes from Python's ``random`` and numpy's global
RNG in the same order as Paddle 2.6.2, so seeded runs pick the same parameters."""

import math
import numbers
import random
import traceback
from collections.abc import Iterable, Sequence

import numpy as np

from . import functional as F

__all__ = []


def _get_image_size(img):
    if F._is_pil_image(img):
        return img.size
    if F._is_numpy_image(img):
        return img.shape[:2][::-1]
    if F._is_tensor_image(img):
        if img.ndim == 3:
            return tuple(img.shape[1:][::-1])
        if img.ndim == 4:
            return tuple(img.shape[2:][::-1])
        raise ValueError(f"The dim for input Tensor should be 3-D or 4-D, but received {img.ndim}")
    raise TypeError(f"Unexpected type {type(img)}")


def _check_input(value, name, center=1, bound=(0, float("inf")), clip_first_on_zero=True):
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"If {name} is a single number, it must be non negative.")
        value = [center - value, center + value]
        if clip_first_on_zero:
            value[0] = max(value[0], 0)
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        if not bound[0] <= value[0] <= value[1] <= bound[1]:
            raise ValueError(f"{name} values should be between {bound}")
    else:
        raise TypeError(f"{name} should be a single number or a list/tuple with lenght 2.")
    if value[0] == value[1] == center:
        value = None
    return value


class Compose:
    """Apply ``transforms`` in order; a failing transform prints which one failed and re-raises."""

    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, data):
        for f in self.transforms:
            try:
                data = f(data)
            except Exception as e:
                print(f"fail to perform transform [{f}] with error: {e} and stack:\n{traceback.format_exc()}")
                raise
        return data

    def __repr__(self):
        s = self.__class__.__name__ + "("
        for t in self.transforms:
            s += f"\n    {t}"
        return s + "\n)"


class BaseTransform:
    """Base class: ``keys`` names what each element of a tuple input is ("image", "boxes", "mask", ...);
    ``_apply_<key>`` handles each; ``_get_params`` draws shared random parameters once per call."""

    def __init__(self, keys=None):
        if keys is None:
            keys = ("image",)
        elif not isinstance(keys, Sequence):
            raise ValueError(f"keys should be a sequence, but got keys={keys}")
        for k in keys:
            if self._get_apply(k) is None:
                raise NotImplementedError(f"{k} is unsupported data structure")
        self.keys = keys
        self.params = None

    def _get_params(self, inputs):
        pass

    def __call__(self, inputs):
        if not isinstance(inputs, tuple):
            inputs = (inputs,)
        self.params = self._get_params(inputs)
        outputs = []
        for i in range(min(len(inputs), len(self.keys))):
            fn = self._get_apply(self.keys[i])
            outputs.append(inputs[i] if fn is None else fn(inputs[i]))
        if len(inputs) > len(self.keys):
            outputs.extend(inputs[len(self.keys):])
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def _get_apply(self, key):
        return getattr(self, f"_apply_{key}", None)

    def _apply_image(self, image):
        raise NotImplementedError

    def _apply_boxes(self, boxes):
        raise NotImplementedError

    def _apply_mask(self, mask):
        raise NotImplementedError


class ToTensor(BaseTransform):
    def __init__(self, data_format="CHW", keys=None):
        super().__init__(keys)
        self.data_format = data_format

    def _apply_image(self, img):
        return F.to_tensor(img, self.data_format)


class Resize(BaseTransform):
    def __init__(self, size, interpolation="bilinear", keys=None):
        super().__init__(keys)
        if not (isinstance(size, int) or (isinstance(size, Iterable) and len(size) == 2)):
            raise AssertionError(f"size should be an int or a sequence of 2 ints, got {size}")
        self.size = size
        self.interpolation = interpolation

    def _apply_image(self, img):
        return F.resize(img, self.size, self.interpolation)


class RandomResizedCrop(BaseTransform):
    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4, 4.0 / 3), interpolation="bilinear", keys=None):
        super().__init__(keys)
        self.size = (size, size) if isinstance(size, int) else size
        if not scale[0] <= scale[1]:
            raise AssertionError("scale should be of kind (min, max)")
        if not ratio[0] <= ratio[1]:
            raise AssertionError("ratio should be of kind (min, max)")
        self.scale = scale
        self.ratio = ratio
        self.interpolation = interpolation

    def _dynamic_get_param(self, image, attempts=10):
        width, height = _get_image_size(image)
        area = height * width
        for _ in range(attempts):
            target_area = np.random.uniform(*self.scale) * area
            log_ratio = tuple(math.log(x) for x in self.ratio)
            aspect = math.exp(np.random.uniform(*log_ratio))
            w = int(round(math.sqrt(target_area * aspect)))
            h = int(round(math.sqrt(target_area / aspect)))
            if 0 < w <= width and 0 < h <= height:
                return random.randint(0, height - h), random.randint(0, width - w), h, w
        in_ratio = float(width) / float(height)
        if in_ratio < min(self.ratio):
            w, h = width, int(round(width / min(self.ratio)))
        elif in_ratio > max(self.ratio):
            h, w = height, int(round(height * max(self.ratio)))
        else:
            w, h = width, height
        return (height - h) // 2, (width - w) // 2, h, w

    def _apply_image(self, img):
        i, j, h, w = self._dynamic_get_param(img)
        return F.resize(F.crop(img, i, j, h, w), self.size, self.interpolation)


class CenterCrop(BaseTransform):
    def __init__(self, size, keys=None):
        super().__init__(keys)
        self.size = (int(size), int(size)) if isinstance(size, numbers.Number) else size

    def _apply_image(self, img):
        return F.center_crop(img, self.size)


class _RandomFlip(BaseTransform):
    """RandomHorizontalFlip/RandomVerticalFlip: ``_flip`` (``F.hflip``/``F.vflip``) with probability ``prob``."""

    def __init__(self, prob=0.5, keys=None):
        super().__init__(keys)
        if not 0 <= prob <= 1:
            raise AssertionError("probability must be between 0 and 1")
        self.prob = prob

    def _apply_image(self, img):
        return self._flip(img) if random.random() < self.prob else img


class RandomHorizontalFlip(_RandomFlip):
    _flip = staticmethod(F.hflip)


class RandomVerticalFlip(_RandomFlip):
    _flip = staticmethod(F.vflip)


class Normalize(BaseTransform):
    def __init__(self, mean=0.0, std=1.0, data_format="CHW", to_rgb=False, keys=None):
        super().__init__(keys)
        self.mean = [mean] * 3 if isinstance(mean, numbers.Number) else mean
        self.std = [std] * 3 if isinstance(std, numbers.Number) else std
        self.data_format = data_format
        self.to_rgb = to_rgb

    def _apply_image(self, img):
        return F.normalize(img, self.mean, self.std, self.data_format, self.to_rgb)


class Transpose(BaseTransform):
    def __init__(self, order=(2, 0, 1), keys=None):
        super().__init__(keys)
        self.order = order

    def _apply_image(self, img):
        if F._is_tensor_image(img):
            return img.transpose(self.order)
        if F._is_pil_image(img):
            img = np.asarray(img)
        if len(img.shape) == 2:
            img = img[..., np.newaxis]
        return img.transpose(self.order)


class _RandomColorAdjust(BaseTransform):
    """Brightness/Contrast/Saturation/HueTransform: ``_adjust`` (a ``F.adjust_*``) with a factor drawn
    uniformly from the range ``_check_input(value, *_value_check)`` gives."""

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self._check_value(value)
        self.value = _check_input(value, *self._value_check)

    def _check_value(self, value):
        pass

    def _apply_image(self, img):
        if self.value is None:
            return img
        return self._adjust(img, random.uniform(self.value[0], self.value[1]))


class BrightnessTransform(_RandomColorAdjust):
    _value_check = ("brightness",)
    _adjust = staticmethod(F.adjust_brightness)


class ContrastTransform(_RandomColorAdjust):
    _value_check = ("contrast",)
    _adjust = staticmethod(F.adjust_contrast)

    def _check_value(self, value):
        if value < 0:
            raise ValueError("contrast value should be non-negative")


class SaturationTransform(_RandomColorAdjust):
    _value_check = ("saturation",)
    _adjust = staticmethod(F.adjust_saturation)


class HueTransform(_RandomColorAdjust):
    _value_check = ("hue", 0, (-0.5, 0.5), False)  # center, bound, clip_first_on_zero
    _adjust = staticmethod(F.adjust_hue)


class ColorJitter(BaseTransform):
    def __init__(self, brightness=0, contrast=0, saturation=0, hue=0, keys=None):
        super().__init__(keys)
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.hue = hue

    def _get_param(self, brightness, contrast, saturation, hue):
        ts = []
        if brightness is not None:
            ts.append(BrightnessTransform(brightness, self.keys))
        if contrast is not None:
            ts.append(ContrastTransform(contrast, self.keys))
        if saturation is not None:
            ts.append(SaturationTransform(saturation, self.keys))
        if hue is not None:
            ts.append(HueTransform(hue, self.keys))
        random.shuffle(ts)
        return Compose(ts)

    def _apply_image(self, img):
        return self._get_param(self.brightness, self.contrast, self.saturation, self.hue)(img)


class RandomCrop(BaseTransform):
    def __init__(self, size, padding=None, pad_if_needed=False, fill=0, padding_mode="constant", keys=None):
        super().__init__(keys)
        self.size = (int(size), int(size)) if isinstance(size, numbers.Number) else size
        self.padding = padding
        self.pad_if_needed = pad_if_needed
        self.fill = fill
        self.padding_mode = padding_mode

    def _get_param(self, img, output_size):
        w, h = _get_image_size(img)
        th, tw = output_size
        if w == tw and h == th:
            return 0, 0, h, w
        return random.randint(0, h - th), random.randint(0, w - tw), th, tw

    def _apply_image(self, img):
        if self.padding is not None:
            img = F.pad(img, self.padding, self.fill, self.padding_mode)
        w, h = _get_image_size(img)
        if self.pad_if_needed and w < self.size[1]:
            img = F.pad(img, (self.size[1] - w, 0), self.fill, self.padding_mode)
        if self.pad_if_needed and h < self.size[0]:
            img = F.pad(img, (0, self.size[0] - h), self.fill, self.padding_mode)
        i, j, h, w = self._get_param(img, self.size)
        return F.crop(img, i, j, h, w)


class Pad(BaseTransform):
    def __init__(self, padding, fill=0, padding_mode="constant", keys=None):
        if not isinstance(padding, (numbers.Number, list, tuple)):
            raise AssertionError(f"padding should be a number or a sequence, got {type(padding)}")
        if not isinstance(fill, (numbers.Number, str, list, tuple)):
            raise AssertionError(f"fill should be a number, str or sequence, got {type(fill)}")
        if padding_mode not in ("constant", "edge", "reflect", "symmetric"):
            raise AssertionError("padding_mode should be one of constant, edge, reflect, symmetric")
        if isinstance(padding, list):
            padding = tuple(padding)
        if isinstance(fill, list):
            fill = tuple(fill)
        if isinstance(padding, Sequence) and len(padding) not in (2, 4):
            raise ValueError(f"Padding must be an int or a 2, or 4 element tuple, not a {len(padding)} element tuple")
        super().__init__(keys)
        self.padding = padding
        self.fill = fill
        self.padding_mode = padding_mode

    def _apply_image(self, img):
        return F.pad(img, self.padding, self.fill, self.padding_mode)


def _check_sequence_input(x, name, req_sizes):
    msg = req_sizes[0] if len(req_sizes) < 2 else " or ".join(str(s) for s in req_sizes)
    if not isinstance(x, Sequence):
        raise TypeError(f"{name} should be a sequence of length {msg}.")
    if len(x) not in req_sizes:
        raise ValueError(f"{name} should be sequence of length {msg}.")


def _setup_angle(x, name, req_sizes=(2,)):
    if isinstance(x, numbers.Number):
        if x < 0:
            raise ValueError(f"If {name} is a single number, it must be positive.")
        x = [-x, x]
    else:
        _check_sequence_input(x, name, req_sizes)
    return [float(d) for d in x]


class RandomAffine(BaseTransform):
    def __init__(self, degrees, translate=None, scale=None, shear=None, interpolation="nearest", fill=0,
                 center=None, keys=None):
        self.degrees = _setup_angle(degrees, name="degrees", req_sizes=(2,))
        super().__init__(keys)
        if interpolation not in ("nearest", "bilinear", "bicubic"):
            raise AssertionError("interpolation should be nearest, bilinear or bicubic")
        self.interpolation = interpolation
        if translate is not None:
            _check_sequence_input(translate, "translate", req_sizes=(2,))
            for t in translate:
                if not 0.0 <= t <= 1.0:
                    raise ValueError("translation values should be between 0 and 1")
        self.translate = translate
        if scale is not None:
            _check_sequence_input(scale, "scale", req_sizes=(2,))
            for s in scale:
                if s <= 0:
                    raise ValueError("scale values should be positive")
        self.scale = scale
        self.shear = _setup_angle(shear, name="shear", req_sizes=(2, 4)) if shear is not None else None
        if fill is None:
            fill = 0
        elif not isinstance(fill, (Sequence, numbers.Number)):
            raise TypeError("Fill should be either a sequence or a number.")
        self.fill = fill
        if center is not None:
            _check_sequence_input(center, "center", req_sizes=(2,))
        self.center = center

    def _get_param(self, img_size, degrees, translate=None, scale_ranges=None, shears=None):
        angle = random.uniform(degrees[0], degrees[1])
        if translate is not None:
            max_dx = float(translate[0] * img_size[0])
            max_dy = float(translate[1] * img_size[1])
            translations = (int(random.uniform(-max_dx, max_dx)), int(random.uniform(-max_dy, max_dy)))
        else:
            translations = (0, 0)
        scale = random.uniform(scale_ranges[0], scale_ranges[1]) if scale_ranges is not None else 1.0
        shear_x = shear_y = 0.0
        if shears is not None:
            shear_x = random.uniform(shears[0], shears[1])
            if len(shears) == 4:
                shear_y = random.uniform(shears[2], shears[3])
        return angle, translations, scale, (shear_x, shear_y)

    def _apply_image(self, img):
        w, h = _get_image_size(img)
        ret = self._get_param([w, h], self.degrees, self.translate, self.scale, self.shear)
        return F.affine(img, *ret, interpolation=self.interpolation, fill=self.fill, center=self.center)


class RandomRotation(BaseTransform):
    def __init__(self, degrees, interpolation="nearest", expand=False, center=None, fill=0, keys=None):
        if isinstance(degrees, numbers.Number):
            if degrees < 0:
                raise ValueError("If degrees is a single number, it must be positive.")
            self.degrees = (-degrees, degrees)
        else:
            if len(degrees) != 2:
                raise ValueError("If degrees is a sequence, it must be of len 2.")
            self.degrees = degrees
        super().__init__(keys)
        self.interpolation = interpolation
        self.expand = expand
        self.center = center
        self.fill = fill

    def _get_param(self, degrees):
        return random.uniform(degrees[0], degrees[1])

    def _apply_image(self, img):
        angle = self._get_param(self.degrees)
        return F.rotate(img, angle, self.interpolation, self.expand, self.center, self.fill)


class RandomPerspective(BaseTransform):
    def __init__(self, prob=0.5, distortion_scale=0.5, interpolation="nearest", fill=0, keys=None):
        super().__init__(keys)
        if not 0 <= prob <= 1:
            raise AssertionError("probability must be between 0 and 1")
        if not 0 <= distortion_scale <= 1:
            raise AssertionError("distortion_scale must be between 0 and 1")
        if interpolation not in ("nearest", "bilinear", "bicubic"):
            raise AssertionError("interpolation should be nearest, bilinear or bicubic")
        if not isinstance(fill, (numbers.Number, str, list, tuple)):
            raise AssertionError("fill should be a number, str or sequence")
        self.prob = prob
        self.distortion_scale = distortion_scale
        self.interpolation = interpolation
        self.fill = fill

    def get_params(self, width, height, distortion_scale):
        hh, hw = height // 2, width // 2
        dw, dh = int(distortion_scale * hw), int(distortion_scale * hh)
        topleft = [int(random.uniform(0, dw + 1)), int(random.uniform(0, dh + 1))]
        topright = [int(random.uniform(width - dw - 1, width)), int(random.uniform(0, dh + 1))]
        botright = [int(random.uniform(width - dw - 1, width)), int(random.uniform(height - dh - 1, height))]
        botleft = [int(random.uniform(0, dw + 1)), int(random.uniform(height - dh - 1, height))]
        startpoints = [[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]]
        return startpoints, [topleft, topright, botright, botleft]

    def _apply_image(self, img):
        width, height = _get_image_size(img)
        if random.random() < self.prob:
            start, end = self.get_params(width, height, self.distortion_scale)
            return F.perspective(img, start, end, self.interpolation, self.fill)
        return img


class Grayscale(BaseTransform):
    def __init__(self, num_output_channels=1, keys=None):
        super().__init__(keys)
        self.num_output_channels = num_output_channels

    def _apply_image(self, img):
        return F.to_grayscale(img, self.num_output_channels)


class RandomErasing(BaseTransform):
    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False, keys=None):
        super().__init__(keys)
        if not isinstance(scale, (tuple, list)):
            raise AssertionError("scale should be a tuple or list")
        if not (scale[0] >= 0 and scale[1] <= 1 and scale[0] <= scale[1]):
            raise AssertionError("scale should be of kind (min, max) and in range [0, 1]")
        if not isinstance(ratio, (tuple, list)):
            raise AssertionError("ratio should be a tuple or list")
        if not (ratio[0] >= 0 and ratio[0] <= ratio[1]):
            raise AssertionError("ratio should be of kind (min, max)")
        if not 0 <= prob <= 1:
            raise AssertionError("The probability should be in range [0, 1]")
        if not isinstance(value, (numbers.Number, str, tuple, list)):
            raise AssertionError("value should be a number, tuple, list or str")
        if isinstance(value, str) and value != "random":
            raise ValueError("value must be 'random' when type is str")
        vars(self).update(prob=prob, scale=scale, ratio=ratio, value=value, inplace=inplace)

    def _dynamic_get_param(self, img, scale, ratio, value):
        if F._is_pil_image(img):
            h, w, c = np.asarray(img).astype(np.uint8).shape[-3:]
        elif F._is_numpy_image(img):
            h, w, c = img.shape[-3], img.shape[-2], img.shape[-1]
        else:
            c, h, w = img.shape[-3], img.shape[-2], img.shape[-1]
        area = h * w
        log_ratio = np.log(ratio)
        for _ in range(10):
            erase_area = np.random.uniform(*scale) * area
            aspect = np.exp(np.random.uniform(*log_ratio))
            eh = int(round(np.sqrt(erase_area * aspect)))
            ew = int(round(np.sqrt(erase_area / aspect)))
            if eh >= h or ew >= w:
                continue
            if F._is_tensor_image(img):
                from ..._core import to_tensor
                from ...tensor.random import normal

                if value is None:
                    v = normal(shape=[c, eh, ew]).astype(img.dtype)
                else:
                    v = to_tensor(value, dtype=img.dtype)[:, None, None]
            else:
                v = np.random.normal(size=[eh, ew, c]) * 255 if value is None else np.array(value)[None, None, :]
            top = np.random.randint(0, h - eh + 1)
            left = np.random.randint(0, w - ew + 1)
            return top, left, eh, ew, v
        return 0, 0, h, w, img

    def _apply_image(self, img):
        if random.random() < self.prob:
            if isinstance(self.value, numbers.Number):
                value = [self.value]
            elif isinstance(self.value, str):
                value = None
            else:
                value = self.value
            if value is not None and len(value) not in (1, 3):
                raise ValueError("Value should be a single number or a sequence with length equals to image's channel.")
            top, left, eh, ew, v = self._dynamic_get_param(img, self.scale, self.ratio, value)
            return F.erase(img, top, left, eh, ew, v, self.inplace)
        return img
