"""``paddle.sparse.nn``: layers over sparse COO tensors (convolution, pooling, normalisation, activations)."""

from . import functional, layer  # noqa: F401 - Paddle's submodules
from .layer import BatchNorm, Conv2D, Conv3D, LeakyReLU, MaxPool3D, ReLU, ReLU6, Softmax, SubmConv2D, \
    SubmConv3D, SyncBatchNorm

__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Softmax", "BatchNorm", "SyncBatchNorm", "Conv2D", "Conv3D",
           "SubmConv2D", "SubmConv3D", "MaxPool3D"]
