"""``paddle.vision.transforms``."""

from . import functional
from .functional import (
    adjust_brightness,
    adjust_contrast,
    adjust_hue,
    affine,
    center_crop,
    crop,
    erase,
    hflip,
    normalize,
    pad,
    perspective,
    resize,
    rotate,
    to_grayscale,
    to_tensor,
    vflip,
)
from .transforms import (
    BaseTransform,
    BrightnessTransform,
    CenterCrop,
    ColorJitter,
    Compose,
    ContrastTransform,
    Grayscale,
    HueTransform,
    Normalize,
    Pad,
    RandomAffine,
    RandomCrop,
    RandomErasing,
    RandomHorizontalFlip,
    RandomPerspective,
    RandomResizedCrop,
    RandomRotation,
    RandomVerticalFlip,
    Resize,
    SaturationTransform,
    ToTensor,
    Transpose,
)

__all__ = ['BaseTransform', 'Compose', 'Resize', 'RandomResizedCrop', 'CenterCrop', 'RandomHorizontalFlip',
           'RandomVerticalFlip', 'Transpose', 'Normalize', 'BrightnessTransform', 'SaturationTransform',
           'ContrastTransform', 'HueTransform', 'ColorJitter', 'RandomCrop', 'Pad', 'RandomAffine',
           'RandomRotation', 'RandomPerspective', 'Grayscale', 'ToTensor', 'RandomErasing', 'to_tensor', 'hflip',
           'vflip', 'resize', 'pad', 'affine', 'rotate', 'perspective', 'to_grayscale', 'crop', 'center_crop',
           'adjust_brightness', 'adjust_contrast', 'adjust_hue', 'normalize', 'erase']
_ = functional
