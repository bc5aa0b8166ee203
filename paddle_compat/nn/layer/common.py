"""``paddle.nn`` common layers (Paddle's ``nn/layer/common.py``)."""

import numpy as np
import torch

from ..._core import Tensor, wrap
from ..._core.dtypes import get_default_dtype
from ...tensor._pyargs import int_list
from ...tensor.manipulation import flatten as _flatten
from .. import functional as F
from ._codegen import forwarding_init, functional_layer, keep_arguments
from .layers import Layer

__all__ = [
    "Embedding",
    "Linear",
    "Upsample",
    "UpsamplingNearest2D",
    "UpsamplingBilinear2D",
    "Pad1D",
    "Pad2D",
    "Pad3D",
    "CosineSimilarity",
    "Dropout",
    "Dropout2D",
    "Dropout3D",
    "Bilinear",
    "AlphaDropout",
    "Unfold",
    "Fold",
    "Flatten",
    "ZeroPad2D",
    "Identity",
    "Unflatten",
]


def _npairs(x, n):
    if isinstance(x, (Tensor, list, tuple)):
        return x
    return [x] * (n * 2)


def _name_str(name):
    return f", name={name}" if name else ""


class Identity(Layer):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):  # noqa: A002
        return input


class Linear(Layer):
    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        self._dtype = get_default_dtype()
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self.weight = self.create_parameter(shape=[in_features, out_features], attr=self._weight_attr,
                                            dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter(shape=[out_features], attr=self._bias_attr, dtype=self._dtype,
                                          is_bias=True)
        self.name = name

    def forward(self, input):  # noqa: A002
        w = self.weight
        b = self.bias
        xt = input._t
        try:
            if b is None:
                return wrap(torch.matmul(xt, w._t))
            if xt.dim() == 2:
                return wrap(torch.addmm(b._t, xt, w._t))
            return wrap(torch.matmul(xt, w._t) + b._t)
        except RuntimeError:
            return F.linear(input, w, b)  # raises Paddle's ValueError

    def extra_repr(self):
        return (f"in_features={self.weight.shape[0]}, out_features={self.weight.shape[1]}, dtype={self._dtype}"
                f"{_name_str(self.name)}")


def _size_repr(layer):
    return f"scale_factor={layer.scale_factor}" if layer.scale_factor is not None else f"size={layer.size}"


Upsample = functional_layer(
    "Upsample", __name__, F.interpolate, "size=None, scale_factor=None, mode='nearest', align_corners=False, "
    "align_mode=0, data_format='NCHW', name=None",
    "size scale_factor mode=mode.lower() align_corners align_mode data_format name",
    extra_repr="{_size_repr(self)}, mode={self.mode}, align_corners={self.align_corners}, "
    "align_mode={self.align_mode}, data_format={self.data_format}{_name_str(self.name)}",
)


class _Upsampling2D(Layer):
    _mode = None
    _align_corners = False

    def __init__(self, size=None, scale_factor=None, data_format="NCHW", name=None):
        super().__init__()
        if isinstance(size, int):
            size = [size, size]
        keep_arguments(self, locals(), "size scale_factor data_format name")

    def forward(self, x):
        return F.interpolate(x, size=self.size, scale_factor=self.scale_factor, mode=self._mode,
                             align_corners=self._align_corners, align_mode=0, data_format=self.data_format,
                             name=self.name)

    def extra_repr(self):
        return f"{_size_repr(self)}, data_format={self.data_format}{_name_str(self.name)}"


# Paddle's signature is the base constructor's
class UpsamplingNearest2D(_Upsampling2D):
    _mode = "nearest"


class UpsamplingBilinear2D(_Upsampling2D):
    _mode = "bilinear"
    _align_corners = True


class Bilinear(Layer):
    def __init__(self, in1_features, in2_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        keep_arguments(
            self, locals(), "_weight_attr=weight_attr _bias_attr=bias_attr _name=name _in1_features=in1_features "
            "_in2_features=in2_features _out_features=out_features",
        )
        self._dtype = get_default_dtype()
        self.weight = self.create_parameter(attr=self._weight_attr,
                                            shape=[out_features, in1_features, in2_features],
                                            dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter(attr=self._bias_attr, shape=[1, out_features], dtype=self._dtype,
                                          is_bias=True)

    def forward(self, x1, x2):
        return F.bilinear(x1, x2, self.weight, self.bias, self._name)

    def extra_repr(self):
        return (f"in1_features={self._in1_features}, in2_features={self._in2_features}, "
                f"out_features={self._out_features}, dtype={self._dtype}{_name_str(self._name)}")


_DROPOUT_ND = "p data_format name"
_DROPOUT_ND_CALL = "input, p=self.p, training=self.training, data_format=self.data_format, name=self.name"
_DROPOUT_ND_REPR = "p={self.p}, data_format={self.data_format}{_name_str(self.name)}"

Dropout = functional_layer(
    "Dropout", __name__, F.dropout, "p=0.5, axis=None, mode='upscale_in_train', name=None", "p axis mode name",
    inputs="input", call="input, p=self.p, axis=self.axis, training=self.training, mode=self.mode, name=self.name",
    extra_repr="p={self.p}, axis={self.axis}, mode={self.mode}{_name_str(self.name)}",
)
Dropout2D = functional_layer(
    "Dropout2D", __name__, F.dropout2d, "p=0.5, data_format='NCHW', name=None", _DROPOUT_ND, inputs="input",
    call=_DROPOUT_ND_CALL, extra_repr=_DROPOUT_ND_REPR,
)
Dropout3D = functional_layer(
    "Dropout3D", __name__, F.dropout3d, "p=0.5, data_format='NCDHW', name=None", _DROPOUT_ND, inputs="input",
    call=_DROPOUT_ND_CALL, extra_repr=_DROPOUT_ND_REPR,
)
AlphaDropout = functional_layer(
    "AlphaDropout", __name__, F.alpha_dropout, "p=0.5, name=None", "p name", inputs="input",
    call="input, p=self.p, training=self.training, name=self.name", extra_repr="p={self.p}{_name_str(self.name)}",
)


class _PadBase(Layer):
    _n = 2
    _default_format = "NCHW"

    def __init__(self, padding, mode="constant", value=0.0, data_format=None, name=None):
        super().__init__()
        self._pad = _npairs(padding, self._n)
        self._mode = mode
        self._value = value
        self._data_format = data_format
        self._name = name
        # Paddle's pad op refuses a non-int padding when called; found once here, raised by forward
        self._pad_error = None
        if isinstance(self._pad, (list, tuple)):
            try:
                int_list("pad3d", 2, self._pad)
            except ValueError as e:
                self._pad_error = e

    def forward(self, x):
        if self._pad_error is not None:
            raise self._pad_error
        return F.pad(x, pad=self._pad, mode=self._mode, value=self._value, data_format=self._data_format,
                     name=self._name)

    def extra_repr(self):
        return (f"padding={self._pad}, mode={self._mode}, value={self._value}, data_format={self._data_format}"
                f"{_name_str(self._name)}")


def _pad(name, n, data_format):
    signature = f"padding, mode='constant', value=0.0, data_format={data_format!r}, name=None"
    init = forwarding_init(_PadBase.__init__, signature, name)
    return type(name, (_PadBase,), {"__module__": __name__, "__qualname__": name, "_n": n, "__init__": init})


Pad1D = _pad("Pad1D", 1, "NCL")
Pad2D = _pad("Pad2D", 2, "NCHW")
Pad3D = _pad("Pad3D", 3, "NCDHW")


class ZeroPad2D(_PadBase):
    _n = 2

    def __init__(self, padding, data_format="NCHW", name=None):
        super().__init__(padding, "constant", 0.0, data_format, name)

    def extra_repr(self):
        return f"padding={self._pad}, data_format={self._data_format}{_name_str(self._name)}"


CosineSimilarity = functional_layer(
    "CosineSimilarity", __name__, F.cosine_similarity, "axis=1, eps=1e-8", "_axis=axis _eps=eps", inputs="x1, x2",
    call="x1, x2, axis=self._axis, eps=self._eps", extra_repr="axis={self._axis}, eps={self._eps}",
)


class Embedding(Layer):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, sparse=False, weight_attr=None,
                 name=None):
        super().__init__()
        keep_arguments(self, locals(), "_num_embeddings=num_embeddings _embedding_dim=embedding_dim _sparse=sparse")
        self._is_distributed = False
        self._padding_idx = padding_idx
        if self._num_embeddings <= 0:
            raise ValueError("num_embeddings must be gather than 0")
        if self._embedding_dim <= 0:
            raise ValueError("embedding_dim must be gather than 0")
        padding_idx = -1 if padding_idx is None else (
            padding_idx if padding_idx >= 0 else num_embeddings + padding_idx)
        if padding_idx >= num_embeddings or padding_idx < -num_embeddings:
            raise ValueError(f"padding_idx must be within [-{num_embeddings}, {num_embeddings})")
        self._dtype = get_default_dtype()
        self._size = [self._num_embeddings, self._embedding_dim]
        self._weight_attr = weight_attr
        self._remote_prefetch = False
        self._name = name
        self.weight = self.create_parameter(attr=self._weight_attr, shape=self._size, dtype=self._dtype,
                                            is_bias=False)
        if padding_idx != -1:
            if type(padding_idx) is not int and not isinstance(padding_idx, (bool, np.integer)):
                raise ValueError(  # Paddle zeroes the row with weight[padding_idx] = 0.0
                    "(InvalidArgument) Currently, Tensor.__indices__() only allows indexing by Boolean, Integers, "
                    "Slices, Ellipsis, None, Tuples of these types and List / Tensor of Bool and Integers, but "
                    f"received {type(padding_idx).__name__} in 1th slice item")
            with torch.no_grad():
                self.weight._t[padding_idx] = 0.0

    def forward(self, x):
        return F.embedding(x, weight=self.weight, padding_idx=self._padding_idx, sparse=self._sparse,
                           name=self._name)

    def extra_repr(self):
        s = f"{self._num_embeddings}, {self._embedding_dim}"
        if self._padding_idx is not None:
            s += f", padding_idx={self._padding_idx}"
        s += f", sparse={self._sparse}"
        if self._name is not None:
            s += f", name={self._name}"
        return s


_UNFOLD_REPR = (
    "kernel_size={self.kernel_sizes}, dilation={self.dilations}, padding={self.paddings}, "
    "stride={self.strides}{_name_str(self.name)}"
)
Unfold = functional_layer(
    "Unfold", __name__, F.unfold, "kernel_sizes, dilations=1, paddings=0, strides=1, name=None",
    "kernel_sizes dilations paddings strides name", inputs="input",
    extra_repr=_UNFOLD_REPR,
)
Fold = functional_layer(
    "Fold", __name__, F.fold, "output_sizes, kernel_sizes, dilations=1, paddings=0, strides=1, name=None",
    "output_sizes kernel_sizes dilations paddings strides name", inputs="input",
    extra_repr=_UNFOLD_REPR,
)


class Flatten(Layer):
    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis = start_axis
        self.stop_axis = stop_axis

    def forward(self, input):  # noqa: A002
        t = input._t
        if t.dim() == 0:
            return wrap(t.reshape(1))
        try:
            return wrap(torch.flatten(t, self.start_axis, self.stop_axis))
        except (TypeError, IndexError, RuntimeError):  # paddle.flatten words the error as Paddle does
            return _flatten(input, self.start_axis, self.stop_axis)


class Unflatten(Layer):
    def __init__(self, axis, shape, name=None):
        super().__init__()
        keep_arguments(self, locals(), "axis shape name")

    def forward(self, input):  # noqa: A002
        shape = self.shape
        if isinstance(shape, Tensor):
            shape = shape._t.tolist()
        shape = [int(s.item()) if isinstance(s, Tensor) else int(s) for s in shape]
        return wrap(torch.unflatten(input._t, self.axis, shape))

    def extra_repr(self):
        return f"axis={self.axis}, shape={self.shape}{_name_str(self.name)}"
