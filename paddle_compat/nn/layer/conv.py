"""``paddle.nn`` convolution layers (conv.py in Paddle 2.6).

Parameters ``weight`` ([out, in/groups, *k], transposed: [in, out/groups, *k]) and ``bias`` ([out]);
default weight init Normal(0, sqrt(2 / (prod(k) * in_channels))) for convs, the global default
(Xavier) for transposed convs, bias zeros — as Paddle.
"""

import numpy as np
import torch.nn.functional as TF  # noqa: N812

from ..._core import Tensor, wrap
from .. import functional as F
from ..functional.conv import _padding
from ..initializer import Normal
from ._codegen import forwarding_init, keep_arguments
from .layers import Layer

__all__ = ["Conv1D", "Conv1DTranspose", "Conv2D", "Conv2DTranspose", "Conv3D", "Conv3DTranspose"]

_VALID_FORMATS = {"NHWC", "NCHW", "NDHWC", "NCDHW", "NLC", "NCL"}
_TO_CF = {1: (0, 2, 1), 2: (0, 3, 1, 2), 3: (0, 4, 1, 2, 3)}
_TO_CL = {1: (0, 2, 1), 2: (0, 2, 3, 1), 3: (0, 2, 3, 4, 1)}


def _convert_to_list(value, n, name):
    """Paddle's ``convert_to_list``: an int is repeated n times; otherwise ``value`` must iterate over exactly n
    int-convertible items, which are kept as given (a float kernel size then fails in ``create_parameter``)."""
    if isinstance(value, int):
        return [value] * n
    try:
        items = list(value)
    except TypeError:
        raise ValueError(f"The {name}'s type must be list or tuple. Received: {value}") from None
    if len(items) != n:
        raise ValueError(f"The {name}'s length must be {n}. Received: {value}")
    for item in items:
        assert not isinstance(item, Tensor), "Required numerical type with '<class 'int'>', but received Tensor."
        try:
            int(item)
        except (ValueError, TypeError):
            raise ValueError(
                f"The {name}'s type must be a list or tuple of {n} <class 'int'> . Received: {value} including "
                f"element {item} of type {type(item)}"
            ) from None
    return items


def _check_padding(padding, channel_last, dims):
    """Paddle validates a 2-D/3-D conv layer's padding when the layer is built (Conv1D only when called)."""
    if not isinstance(padding, (str, list, tuple, Tensor)):
        _convert_to_list(padding, dims, "padding")
    _padding(padding, channel_last, dims)


class _ConvNd(Layer):
    # called by the generated constructors of the table below (_init), which pass every argument by name
    def __init__(self, in_channels, out_channels, kernel_size, transposed, dims, stride, padding, padding_mode,
                 output_padding, dilation, groups, weight_attr, bias_attr, data_format):
        super().__init__()
        if weight_attr is False:
            raise ValueError("weight_attr should not be False in Conv.")
        keep_arguments(
            self, locals(), "_param_attr=weight_attr _bias_attr=bias_attr _groups=groups _in_channels=in_channels "
            "_out_channels=out_channels _data_format=data_format",
        )
        modes = {"zeros", "reflect", "replicate", "circular"}
        if padding_mode not in modes:
            raise ValueError(f"padding_mode must be one of {modes}, but got padding_mode='{padding_mode}'")
        if padding_mode != "zeros" and not isinstance(padding, int):
            raise TypeError("when padding_mode in ['reflect', 'replicate', 'circular'], type of padding must be int")
        if data_format not in _VALID_FORMATS:
            raise ValueError(f"data_format must be one of {_VALID_FORMATS}, but got data_format='{data_format}'")
        channel_last = data_format in ("NHWC", "NDHWC", "NLC")
        self._channel_last = channel_last
        self._channel_dim = len(data_format) - 1 if channel_last else 1
        self._dims = dims
        self._stride = _convert_to_list(stride, dims, "stride")
        self._dilation = _convert_to_list(dilation, dims, "dilation")
        self._kernel_size = _convert_to_list(kernel_size, dims, "kernel_size")
        self._padding = padding
        self._padding_mode = padding_mode
        self.output_padding = output_padding
        if dims != 1:
            _check_padding(padding, channel_last, dims)
        # no check of groups itself: as in Paddle, groups=0 fails on the division and a negative one on the
        # parameter shape
        if transposed:
            filter_shape = [in_channels, out_channels // groups] + self._kernel_size
            init = None
        else:
            if in_channels % groups != 0:
                raise ValueError("in_channels must be divisible by groups.")
            filter_shape = [out_channels, in_channels // groups] + self._kernel_size
            # numpy's product, as Paddle: a str kernel size fails here with numpy's UFuncTypeError, a zero one
            # gives inf and then the parameter shape check
            std = (2.0 / (np.prod(self._kernel_size) * in_channels)) ** 0.5
            init = Normal(0.0, std)
        if padding_mode != "zeros":
            # torch F.pad order: last spatial dim first, (before, after) each
            self._reversed_padding_repeated_twice = [padding] * (2 * dims)
            self._conv_padding = 0
        else:
            self._conv_padding = padding
        self.weight = self.create_parameter(shape=filter_shape, attr=self._param_attr, default_initializer=init)
        self.bias = self.create_parameter(attr=self._bias_attr, shape=[out_channels], is_bias=True)

    def _pad_input(self, x):
        t = x._t
        if self._channel_last:
            t = t.permute(_TO_CF[self._dims])
        t = TF.pad(t, self._reversed_padding_repeated_twice, mode=self._padding_mode)
        if self._channel_last:
            t = t.permute(_TO_CL[self._dims])
        return wrap(t)

    def extra_repr(self):
        s = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * len(self._stride):
            s += f", stride={self._stride}"
        if self._padding != 0:
            s += f", padding={self._padding}"
        if self._padding_mode != "zeros":
            s += f", padding_mode={self._padding_mode}"
        if self.output_padding != 0:
            s += f", output_padding={self.output_padding}"
        if self._dilation != [1] * len(self._dilation):
            s += f", dilation={self._dilation}"
        if self._groups != 1:
            s += f", groups={self._groups}"
        s += f", data_format={self._data_format}"
        return s


class _Conv(_ConvNd):
    _fn = None

    def forward(self, x):
        if self._padding_mode != "zeros":
            x = self._pad_input(x)
        return type(self)._fn(
            x, self.weight, self.bias, self._stride, self._conv_padding, self._dilation, self._groups, self._data_format
        )


# Paddle's parameter lists: the convs differ in data_format only, Conv1DTranspose orders groups before dilation
_CONV = (
    "in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, padding_mode='zeros', "
    "weight_attr=None, bias_attr=None, data_format={data_format!r}"
)
_CONV_T = (
    "in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, {groups_dilation}, "
    "weight_attr=None, bias_attr=None, data_format={data_format!r}"
)


def _init(cls_name, dims, data_format):
    transposed = "Transpose" in cls_name
    if transposed:
        order = "groups=1, dilation=1" if dims == 1 else "dilation=1, groups=1"
        signature = _CONV_T.format(groups_dilation=order, data_format=data_format)
        unused = {"padding_mode": "zeros"}
    else:
        signature = _CONV.format(data_format=data_format)
        unused = {"output_padding": 0}
    return forwarding_init(_ConvNd.__init__, signature, cls_name, transposed=transposed, dims=dims, **unused)


class _ConvT(_ConvNd):
    _fn = None

    def forward(self, x, output_size=None):
        return type(self)._fn(
            x,
            self.weight,
            bias=self.bias,
            stride=self._stride,
            padding=self._padding,
            output_padding=self.output_padding,
            dilation=self._dilation,
            groups=self._groups,
            output_size=output_size,
            data_format=self._data_format,
        )


def _conv(name, base, fn, dims, data_format):
    return type(name, (base,), {"__module__": __name__, "__qualname__": name, "_fn": staticmethod(fn),
                                "__init__": _init(name, dims, data_format)})


Conv1D = _conv("Conv1D", _Conv, F.conv1d, 1, "NCL")
Conv2D = _conv("Conv2D", _Conv, F.conv2d, 2, "NCHW")
Conv3D = _conv("Conv3D", _Conv, F.conv3d, 3, "NCDHW")
Conv1DTranspose = _conv("Conv1DTranspose", _ConvT, F.conv1d_transpose, 1, "NCL")
Conv2DTranspose = _conv("Conv2DTranspose", _ConvT, F.conv2d_transpose, 2, "NCHW")
Conv3DTranspose = _conv("Conv3DTranspose", _ConvT, F.conv3d_transpose, 3, "NCDHW")
