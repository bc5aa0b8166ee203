"""``paddle.sparse.nn.functional``: sparse convolution, pooling, activations and attention."""

from . import activation, conv, pooling, transformer  # noqa: F401 - Paddle's submodules
from .activation import leaky_relu, relu, relu6, softmax
from .conv import conv2d, conv3d, subm_conv2d, subm_conv3d
from .pooling import max_pool3d
from .transformer import attention

__all__ = ["conv2d", "conv3d", "subm_conv2d", "subm_conv3d", "max_pool3d", "relu", "relu6", "leaky_relu",
           "softmax", "attention"]
