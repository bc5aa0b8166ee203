"""Sparse 3-D max pooling layer."""

from ....nn.layer.layers import Layer
from .. import functional as F

__all__ = ["MaxPool3D"]


class MaxPool3D(Layer):
    """Max pooling of an NDHWC SparseCooTensor over its stored entries."""

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NDHWC", name=None):
        super().__init__()
        if return_mask:
            raise NotImplementedError("paddle.sparse.nn.MaxPool3D: return_mask=True is not supported")
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.max_pool3d(x, kernel_size=self.ksize, stride=self.stride, padding=self.padding,
                            ceil_mode=self.ceil_mode, data_format=self.data_format, name=self.name)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"
