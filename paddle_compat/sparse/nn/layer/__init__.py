"""``paddle.sparse.nn.layer``: the layers of ``paddle.sparse.nn``."""

from . import activation, conv, norm, pooling  # noqa: F401 - Paddle's submodules
from .activation import LeakyReLU, ReLU, ReLU6, Softmax
from .conv import Conv2D, Conv3D, SubmConv2D, SubmConv3D
from .norm import BatchNorm, SyncBatchNorm
from .pooling import MaxPool3D

__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Softmax", "Conv2D", "Conv3D", "SubmConv2D", "SubmConv3D", "BatchNorm",
           "SyncBatchNorm", "MaxPool3D"]
