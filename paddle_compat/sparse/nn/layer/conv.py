"""Sparse convolution layers: weight [(kd,) kh, kw, in, out] ~ Normal(0, sqrt(2 / (kernel volume * in))),
bias [out] (Paddle's defaults); forward is ``paddle.sparse.nn.functional.(subm_)conv2d/3d``."""

import math

from ....nn.initializer import Normal
from ....nn.layer.layers import Layer
from .. import functional as F

__all__ = ["Conv3D", "SubmConv3D", "Conv2D", "SubmConv2D"]


def _to_list(value, dims, name):
    if isinstance(value, int):
        return [value] * dims
    value = list(value)
    if len(value) != dims:
        raise ValueError(f"The {name}'s length must be {dims}. Received: {value}")
    return [int(v) for v in value]


class _SparseConv(Layer):
    _dims = 3
    _format = "NDHWC"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 subm=False, key=None, padding_mode="zeros", weight_attr=None, bias_attr=None, data_format=None):
        super().__init__()
        if weight_attr is False:
            raise AssertionError("weight_attr should not be False in Conv.")
        if padding_mode != "zeros":
            raise AssertionError("Currently, only support padding_mode='zeros'")
        if groups != 1:
            raise AssertionError("Currently, only support groups=1")
        if data_format != self._format:
            raise ValueError(f"data_format must be one of {{'{self._format}'}}, but got "
                             f"data_format='{data_format}'")
        dims = self._dims
        self._param_attr, self._bias_attr = weight_attr, bias_attr
        self._groups, self._in_channels, self._out_channels = groups, in_channels, out_channels
        self._data_format, self._subm, self._key = data_format, subm, key
        self._stride = _to_list(stride, dims, "stride")
        self._dilation = _to_list(dilation, dims, "dilation")
        self._kernel_size = _to_list(kernel_size, dims, "kernel_size")
        self._padding, self._padding_mode = padding, padding_mode
        fan_in = math.prod(self._kernel_size) * in_channels
        self.weight = self.create_parameter(shape=self._kernel_size + [in_channels, out_channels],
                                            attr=weight_attr, default_initializer=Normal(0.0, (2.0 / fan_in) ** 0.5))
        self.bias = self.create_parameter(attr=bias_attr, shape=[out_channels], is_bias=True)

    def forward(self, x):
        conv = (F.subm_conv3d if self._subm else F.conv3d) if self._dims == 3 else \
            (F.subm_conv2d if self._subm else F.conv2d)
        kwargs = {"key": self._key} if self._subm else {}
        return conv(x, self.weight, bias=self.bias, stride=self._stride, padding=self._padding,
                    dilation=self._dilation, groups=self._groups, data_format=self._data_format, **kwargs)

    def extra_repr(self):
        text = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * self._dims:
            text += f", stride={self._stride}"
        if self._padding != 0:
            text += f", padding={self._padding}"
        if self._padding_mode != "zeros":
            text += f", padding_mode={self._padding_mode}"
        if self._dilation != [1] * self._dims:
            text += f", dilation={self._dilation}"
        if self._groups != 1:
            text += f", groups={self._groups}"
        return text + f", data_format={self._data_format}"


class Conv3D(_SparseConv):
    """Sparse 3-D convolution layer (NDHWC SparseCooTensor in and out)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", weight_attr=None, bias_attr=None, data_format="NDHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, False, None,
                         padding_mode, weight_attr, bias_attr, data_format)


class SubmConv3D(_SparseConv):
    """Submanifold sparse 3-D convolution layer (outputs at the input's positions)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", key=None, weight_attr=None, bias_attr=None, data_format="NDHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, True, key,
                         padding_mode, weight_attr, bias_attr, data_format)


class Conv2D(_SparseConv):
    """Sparse 2-D convolution layer (NHWC SparseCooTensor in and out)."""

    _dims = 2
    _format = "NHWC"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", weight_attr=None, bias_attr=None, data_format="NHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, False, None,
                         padding_mode, weight_attr, bias_attr, data_format)


class SubmConv2D(_SparseConv):
    """Submanifold sparse 2-D convolution layer."""

    _dims = 2
    _format = "NHWC"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", key=None, weight_attr=None, bias_attr=None, data_format="NHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, True, key,
                         padding_mode, weight_attr, bias_attr, data_format)
