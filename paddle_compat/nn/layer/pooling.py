"""``paddle.nn`` pooling layers (pooling.py in Paddle 2.6): thin wrappers over the functionals."""

from .. import functional as F
from .layers import Layer

__all__ = [
    "AdaptiveAvgPool1D",
    "AdaptiveAvgPool2D",
    "AdaptiveAvgPool3D",
    "AdaptiveMaxPool1D",
    "AdaptiveMaxPool2D",
    "AdaptiveMaxPool3D",
    "AvgPool1D",
    "AvgPool2D",
    "AvgPool3D",
    "MaxPool1D",
    "MaxPool2D",
    "MaxPool3D",
    "MaxUnPool1D",
    "MaxUnPool2D",
    "MaxUnPool3D",
]


class AvgPool1D(Layer):
    def __init__(self, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False, name=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.exclusive = exclusive
        self.name = name

    def forward(self, x):
        return F.avg_pool1d(x, self.kernel_size, self.stride, self.padding, self.exclusive, self.ceil_mode, self.name)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class _AvgPoolNd(Layer):
    _fn = None

    def __init__(
        self,
        kernel_size,
        stride=None,
        padding=0,
        ceil_mode=False,
        exclusive=True,
        divisor_override=None,
        data_format="NCHW",
        name=None,
    ):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.exclusive = exclusive
        self.divisor = divisor_override
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return type(self)._fn(
            x,
            kernel_size=self.ksize,
            stride=self.stride,
            padding=self.padding,
            ceil_mode=self.ceil_mode,
            exclusive=self.exclusive,
            divisor_override=self.divisor,
            data_format=self.data_format,
            name=self.name,
        )

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class AvgPool2D(_AvgPoolNd):
    _fn = staticmethod(F.avg_pool2d)


class AvgPool3D(_AvgPoolNd):
    _fn = staticmethod(F.avg_pool3d)

    def __init__(
        self,
        kernel_size,
        stride=None,
        padding=0,
        ceil_mode=False,
        exclusive=True,
        divisor_override=None,
        data_format="NCDHW",
        name=None,
    ):
        super().__init__(kernel_size, stride, padding, ceil_mode, exclusive, divisor_override, data_format, name)


class MaxPool1D(Layer):
    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, name=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.return_mask = return_mask
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.max_pool1d(
            input, self.kernel_size, self.stride, self.padding, self.return_mask, self.ceil_mode, self.name
        )

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class _MaxPoolNd(Layer):
    _fn = None

    def __init__(
        self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NCHW", name=None
    ):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return type(self)._fn(
            x,
            kernel_size=self.ksize,
            stride=self.stride,
            padding=self.padding,
            return_mask=self.return_mask,
            ceil_mode=self.ceil_mode,
            data_format=self.data_format,
            name=self.name,
        )

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class MaxPool2D(_MaxPoolNd):
    _fn = staticmethod(F.max_pool2d)


class MaxPool3D(_MaxPoolNd):
    _fn = staticmethod(F.max_pool3d)

    def __init__(
        self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NCDHW", name=None
    ):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode, data_format, name)


class AdaptiveAvgPool1D(Layer):
    def __init__(self, output_size, name=None):
        super().__init__()
        self.output_size = output_size
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.adaptive_avg_pool1d(input, self.output_size, self.name)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveAvgPool2D(Layer):
    def __init__(self, output_size, data_format="NCHW", name=None):
        super().__init__()
        self._output_size = output_size
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.adaptive_avg_pool2d(x, output_size=self._output_size, data_format=self._data_format, name=self._name)

    def extra_repr(self):
        return f"output_size={self._output_size}"


class AdaptiveAvgPool3D(AdaptiveAvgPool2D):
    def __init__(self, output_size, data_format="NCDHW", name=None):
        super().__init__(output_size, data_format, name)

    def forward(self, x):
        return F.adaptive_avg_pool3d(x, output_size=self._output_size, data_format=self._data_format, name=self._name)


class AdaptiveMaxPool1D(Layer):
    _fn = staticmethod(F.adaptive_max_pool1d)

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        self.output_size = output_size
        self.return_mask = return_mask
        self.name = name

    def forward(self, input):  # noqa: A002
        return type(self)._fn(input, self.output_size, self.return_mask, self.name)

    def extra_repr(self):
        return f"output_size={self.output_size}, return_mask={self.return_mask}"


class AdaptiveMaxPool2D(AdaptiveMaxPool1D):
    _fn = staticmethod(F.adaptive_max_pool2d)

    def forward(self, x):  # Paddle names the 2-D/3-D argument x (the 1-D one input)
        return type(self)._fn(x, self.output_size, self.return_mask, self.name)


class AdaptiveMaxPool3D(AdaptiveMaxPool1D):
    _fn = staticmethod(F.adaptive_max_pool3d)

    def forward(self, x):
        return type(self)._fn(x, self.output_size, self.return_mask, self.name)


class _MaxUnPoolNd(Layer):
    _fn = None

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCHW", output_size=None, name=None):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.data_format = data_format
        self.output_size = output_size
        self.name = name

    def forward(self, x, indices):
        return type(self)._fn(
            x,
            indices,
            kernel_size=self.ksize,
            stride=self.stride,
            padding=self.padding,
            data_format=self.data_format,
            output_size=self.output_size,
            name=self.name,
        )

    def extra_repr(self):
        return f"output_size={self.output_size}"


class MaxUnPool1D(_MaxUnPoolNd):
    _fn = staticmethod(F.max_unpool1d)

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCL", output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)


class MaxUnPool2D(_MaxUnPoolNd):
    _fn = staticmethod(F.max_unpool2d)


class MaxUnPool3D(_MaxUnPoolNd):
    _fn = staticmethod(F.max_unpool3d)

    def __init__(self, kernel_size, stride=None, padding=0, data_format="NCDHW", output_size=None, name=None):
        super().__init__(kernel_size, stride, padding, data_format, output_size, name)
