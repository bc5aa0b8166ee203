"""``paddle.vision``: datasets, transforms, models, ops (pure torch; no torchvision dependency)."""

from . import datasets, models, ops, transforms
from .datasets import *
from .image import *
from .models import *
from .transforms import *
