"""``paddle.nn`` pooling layers (pooling.py in Paddle 2.6): thin wrappers over the functionals."""

from .. import functional as F
from ._codegen import functional_layer

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


_KERNEL_REPR = "kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"
_KERNEL_REPR_1D = "kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"
_AVG = "ksize=kernel_size stride padding ceil_mode exclusive divisor=divisor_override data_format name"
_AVG_ARGS = "kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None, "
_MAX = "ksize=kernel_size stride padding return_mask ceil_mode data_format name"
_MAX_ARGS = "kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, "
_ADAPTIVE_AVG = "_output_size=output_size _data_format=data_format _name=name"
_ADAPTIVE_MAX = "output_size return_mask name"
_ADAPTIVE_MAX_REPR = "output_size={self.output_size}, return_mask={self.return_mask}"
_UNPOOL = "ksize=kernel_size stride padding data_format output_size name"


def _pool(name, fn, signature, stores, inputs, extra_repr):
    """One pooling layer: Paddle's parameters, the attributes it keeps them in (attr=param), forward's inputs."""
    return functional_layer(name, __name__, fn, signature, stores, inputs=inputs, extra_repr=extra_repr)


def _unpool(name, fn, data_format):
    signature = f"kernel_size, stride=None, padding=0, data_format={data_format!r}, output_size=None, name=None"
    return _pool(name, fn, signature, _UNPOOL, "x, indices", "output_size={self.output_size}")


AvgPool1D = _pool(
    "AvgPool1D", F.avg_pool1d, "kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False, name=None",
    "kernel_size stride padding ceil_mode exclusive name", "x", _KERNEL_REPR_1D,
)
AvgPool2D = _pool("AvgPool2D", F.avg_pool2d, _AVG_ARGS + "data_format='NCHW', name=None", _AVG, "x", _KERNEL_REPR)
AvgPool3D = _pool("AvgPool3D", F.avg_pool3d, _AVG_ARGS + "data_format='NCDHW', name=None", _AVG, "x", _KERNEL_REPR)
MaxPool1D = _pool(
    "MaxPool1D", F.max_pool1d, _MAX_ARGS + "name=None", "kernel_size stride padding ceil_mode return_mask name",
    "input", _KERNEL_REPR_1D,
)
MaxPool2D = _pool("MaxPool2D", F.max_pool2d, _MAX_ARGS + "data_format='NCHW', name=None", _MAX, "x", _KERNEL_REPR)
MaxPool3D = _pool("MaxPool3D", F.max_pool3d, _MAX_ARGS + "data_format='NCDHW', name=None", _MAX, "x", _KERNEL_REPR)
AdaptiveAvgPool1D = _pool(
    "AdaptiveAvgPool1D", F.adaptive_avg_pool1d, "output_size, name=None", "output_size name", "input",
    "output_size={self.output_size}",
)
AdaptiveAvgPool2D = _pool(
    "AdaptiveAvgPool2D", F.adaptive_avg_pool2d, "output_size, data_format='NCHW', name=None", _ADAPTIVE_AVG, "x",
    "output_size={self._output_size}",
)
AdaptiveAvgPool3D = _pool(
    "AdaptiveAvgPool3D", F.adaptive_avg_pool3d, "output_size, data_format='NCDHW', name=None", _ADAPTIVE_AVG, "x",
    "output_size={self._output_size}",
)
# Paddle names the 1-D forward's argument input, the 2-D/3-D one x
AdaptiveMaxPool1D = _pool(
    "AdaptiveMaxPool1D", F.adaptive_max_pool1d, "output_size, return_mask=False, name=None", _ADAPTIVE_MAX, "input",
    _ADAPTIVE_MAX_REPR,
)
AdaptiveMaxPool2D = _pool(
    "AdaptiveMaxPool2D", F.adaptive_max_pool2d, "output_size, return_mask=False, name=None", _ADAPTIVE_MAX, "x",
    _ADAPTIVE_MAX_REPR,
)
AdaptiveMaxPool3D = _pool(
    "AdaptiveMaxPool3D", F.adaptive_max_pool3d, "output_size, return_mask=False, name=None", _ADAPTIVE_MAX, "x",
    _ADAPTIVE_MAX_REPR,
)
MaxUnPool1D = _unpool("MaxUnPool1D", F.max_unpool1d, "NCL")
MaxUnPool2D = _unpool("MaxUnPool2D", F.max_unpool2d, "NCHW")
MaxUnPool3D = _unpool("MaxUnPool3D", F.max_unpool3d, "NCDHW")
