"""``paddle.nn`` normalisation layers (norm.py in Paddle 2.6).

Batch norms keep Paddle's names: parameters ``weight``, ``bias`` and the non-trainable parameters
``_mean`` / ``_variance`` (Paddle makes the running statistics parameters with ``trainable=False``, so they
are in ``parameters()`` and ``state_dict()``); InstanceNorm's scale is ``scale``.
"""

import math
import numbers
import warnings

import numpy as np
import torch
import torch.nn.functional as TF  # noqa: N812

from ..._core import errors, get_default_dtype, wrap
from .. import functional as F
from ..functional.norm import _bn, _cf_perm, _cl_perm, _float32_eps
from ..initializer import Constant, Normal
from ..param_attr import ParamAttr
from ._codegen import forwarding_init, functional_layer, keep_arguments
from .layers import Layer

__all__ = [
    "BatchNorm",
    "BatchNorm1D",
    "BatchNorm2D",
    "BatchNorm3D",
    "GroupNorm",
    "InstanceNorm1D",
    "InstanceNorm2D",
    "InstanceNorm3D",
    "LayerNorm",
    "LocalResponseNorm",
    "SpectralNorm",
    "SyncBatchNorm",
]


class _InstanceNormBase(Layer):
    _ranks = ()

    def __init__(
        self, num_features, epsilon=1e-5, momentum=0.9, weight_attr=None, bias_attr=None, data_format="NCHW", name=None
    ):
        super().__init__()
        if (weight_attr is False or bias_attr is False) and weight_attr != bias_attr:
            raise ValueError("weight_attr and bias_attr must be set to False at the same time in InstanceNorm")
        keep_arguments(
            self, locals(), "_momentum=momentum _epsilon=epsilon _weight_attr=weight_attr _bias_attr=bias_attr "
            "_num_features=num_features _data_format=data_format",
        )
        if weight_attr is not False and bias_attr is not False:
            self.scale = self.create_parameter(
                attr=weight_attr, shape=[num_features], default_initializer=Constant(1.0), is_bias=False
            )
            self.bias = self.create_parameter(
                attr=bias_attr, shape=[num_features], default_initializer=Constant(0.0), is_bias=True
            )
        else:
            self.scale = None
            self.bias = None

    def forward(self, input):  # noqa: A002 - Paddle's name
        n = input._t.dim()
        if n not in self._ranks:
            want = " or ".join(f"{r}D" for r in self._ranks)
            raise ValueError(f"expected {want} input (got {n}D input)")
        return F.instance_norm(
            input,
            weight=self.scale,
            bias=self.bias,
            momentum=self._momentum,
            eps=self._epsilon,
            data_format=self._data_format,
        )

    def extra_repr(self):
        return f"num_features={self._num_features}, epsilon={self._epsilon}"


def _norm_class(name, base, data_format, signature, **attrs):
    """One of a family that differs in class constants and the data_format default of Paddle's signature."""
    init = forwarding_init(base.__init__, signature.format(data_format=data_format), name, drop=attrs.pop("drop", ()))
    return type(name, (base,), {"__module__": __name__, "__qualname__": name, "__init__": init, **attrs})


_INSTANCE_NORM = (
    "num_features, epsilon=1e-05, momentum=0.9, weight_attr=None, bias_attr=None, data_format={data_format!r}, "
    "name=None"
)
InstanceNorm1D = _norm_class("InstanceNorm1D", _InstanceNormBase, "NCL", _INSTANCE_NORM, _ranks=(2, 3))
InstanceNorm2D = _norm_class("InstanceNorm2D", _InstanceNormBase, "NCHW", _INSTANCE_NORM, _ranks=(4,))
InstanceNorm3D = _norm_class("InstanceNorm3D", _InstanceNormBase, "NCDHW", _INSTANCE_NORM, _ranks=(5,))


class GroupNorm(Layer):
    def __init__(
        self, num_groups, num_channels, epsilon=1e-05, weight_attr=None, bias_attr=None, data_format="NCHW", name=None
    ):
        super().__init__()
        keep_arguments(
            self, locals(), "_weight_attr=weight_attr _bias_attr=bias_attr _epsilon=epsilon _num_channels=num_channels "
            "_num_groups=num_groups",
        )
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError("unsupported data layout:" + data_format)
        # a num_groups of the wrong type is refused by the group_norm op when called, as in Paddle
        if type(num_groups) is int and (num_groups <= 0 or num_channels % num_groups != 0):
            raise errors.invalid_argument(
                f"The num_channels ({num_channels}) of GroupNorm must be divisible by num_groups ({num_groups})"
            )
        self._data_format = data_format
        shape = [num_channels]
        if weight_attr is False:
            self.weight = self.create_parameter(attr=None, shape=shape, default_initializer=Constant(1.0))
            self.weight.stop_gradient = True
        else:
            self.weight = self.create_parameter(attr=weight_attr, shape=shape, default_initializer=Constant(1.0))
            self.weight.stop_gradient = weight_attr is not None and getattr(weight_attr, "learning_rate", 1) == 0.0
        if bias_attr is False:
            self.bias = self.create_parameter(attr=None, shape=shape, default_initializer=Constant(0.0), is_bias=True)
            self.bias.stop_gradient = True
        else:
            self.bias = self.create_parameter(attr=bias_attr, shape=shape, is_bias=True)
            self.bias.stop_gradient = bias_attr is not None and getattr(bias_attr, "learning_rate", 1) == 0.0

    def forward(self, input):  # noqa: A002
        t = input._t
        nd = t.dim()
        if type(self._num_groups) is not int:
            raise errors.arg_type("group_norm", 5, "int", self._num_groups)
        if nd < 2:
            raise ValueError(f"The input of GroupNorm should be at least 2-D, but received shape {input.shape}")
        cl = self._data_format == "NHWC"
        if cl:
            t = t.permute(_cf_perm(nd))
        if t.shape[1] != self._num_channels:
            raise ValueError(
                f"The channel of the input ({t.shape[1]}) of GroupNorm must equal num_channels "
                f"({self._num_channels}); input shape {input.shape}, data_format {self._data_format}"
            )
        out = TF.group_norm(t, self._num_groups, self.weight._t, self.bias._t, _float32_eps(self._epsilon))
        if cl:
            out = out.permute(_cl_perm(nd))
        return wrap(out)

    def extra_repr(self):
        return f"num_groups={self._num_groups}, num_channels={self._num_channels}, epsilon={self._epsilon}"


class LayerNorm(Layer):
    def __init__(self, normalized_shape, epsilon=1e-05, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = [normalized_shape]
        self._normalized_shape = list(normalized_shape)
        if not (isinstance(epsilon, (int, float)) and 0.0 <= epsilon <= 0.001):  # checked once, not per call
            raise ValueError(f"(InvalidArgument) 'epsilon' in Op(LayerNorm) should be between 0.0 and 0.001, "
                             f"but received {epsilon!r}.")
        self._epsilon = epsilon
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        shape = [np.prod(self._normalized_shape)]  # numpy's, as Paddle: a str shape fails with UFuncTypeError
        if weight_attr is False:
            self.weight = None
        else:
            self.weight = self.create_parameter(attr=weight_attr, shape=shape, default_initializer=Constant(1.0))
        if bias_attr is False:
            self.bias = None
        else:
            self.bias = self.create_parameter(attr=bias_attr, shape=shape, is_bias=True)

    def forward(self, input):  # noqa: A002
        return F.layer_norm(
            input, normalized_shape=self._normalized_shape, weight=self.weight, bias=self.bias, epsilon=self._epsilon
        )

    def extra_repr(self):
        return f"normalized_shape={self._normalized_shape}, epsilon={self._epsilon}"


def _format_and_name_repr(data_format, name):
    """The tail of Paddle's norm reprs: data_format when not NCHW, name when given."""
    s = f", data_format={data_format}" if data_format != "NCHW" else ""
    return s if name is None else s + f", name={name}"


def _batch_norm_params(layer, weight_attr, bias_attr, shape, mean_name, variance_name, do_model_average=True):
    """Paddle's batch norm parameters in its creation order: ``weight`` and ``bias`` (None where the attr is
    False), then the non-trainable running statistics ``_mean`` and ``_variance``."""
    if weight_attr is not False:
        layer.weight = layer.create_parameter(
            attr=weight_attr, shape=shape, dtype=layer._dtype, default_initializer=Constant(1.0)
        )
    else:
        layer.weight = None
    if bias_attr is not False:
        layer.bias = layer.create_parameter(attr=bias_attr, shape=shape, dtype=layer._dtype, is_bias=True)
    else:
        layer.bias = None
    for attr_name, name, value in (("_mean", mean_name, 0.0), ("_variance", variance_name, 1.0)):
        attr = ParamAttr(name=name, initializer=Constant(value), trainable=False, do_model_average=do_model_average)
        stat = layer.create_parameter(dtype=layer._dtype, attr=attr, shape=shape)
        stat.stop_gradient = True
        setattr(layer, attr_name, stat)


def _batch_norm_t(layer, t, use_batch_stats, is_test):
    """torch batch norm of channel-first ``t`` with the layer's statistics and affine parameters."""
    return _bn(
        t,
        layer._mean._t,
        layer._variance._t,
        None if layer.weight is None else layer.weight._t,
        None if layer.bias is None else layer.bias._t,
        use_batch_stats,
        layer._momentum,
        layer._epsilon,
        is_test,
    )


def _check_bn_attrs(momentum, epsilon):
    """Paddle's batch_norm op parses momentum (position 7) and epsilon (8) as doubles."""
    for pos, v in ((7, momentum), (8, epsilon)):
        if v is None or isinstance(v, (str, bytes, list, tuple, dict)):
            raise errors.arg_type("batch_norm", pos, "double", v)


class _BatchNormBase(Layer):
    _ranks = ()
    _formats = {}

    def __init__(
        self,
        num_features,
        momentum=0.9,
        epsilon=1e-05,
        weight_attr=None,
        bias_attr=None,
        data_format="NCHW",
        use_global_stats=None,
        name=None,
    ):
        super().__init__()
        keep_arguments(
            self, locals(), "_num_features=num_features _weight_attr=weight_attr _bias_attr=bias_attr "
            "_use_global_stats=use_global_stats",
        )
        dt = get_default_dtype()
        self._dtype = "float32" if dt == "float16" else dt
        _batch_norm_params(
            self, weight_attr, bias_attr, [num_features], None if name is None else name + "_mean",
            None if name is None else name + "_variance",
        )
        self._data_format = data_format
        self._in_place = False
        keep_arguments(self, locals(), "_momentum=momentum _epsilon=epsilon")
        self._fuse_with_relu = False
        self._name = name

    def _check_data_format(self, fmt):
        try:
            return self._formats[fmt]
        except KeyError:
            raise ValueError(self._format_error) from None

    def forward(self, input):  # noqa: A002
        channel_last = self._check_data_format(self._data_format)
        t = input._t
        nd = t.dim()
        if nd not in self._ranks:
            want = " or ".join(f"{r}D" for r in self._ranks)
            raise ValueError(f"expected {want} input (got {nd}D input)")
        if self.training and not torch.compiler.is_compiling():  # a warning would split to_static's graph
            warnings.warn("When training, we now always track global mean and variance.")
        ugs = self._use_global_stats
        if ugs is None:
            ugs = not self.training
        channel_last = channel_last and nd > 2
        if channel_last:
            t = t.permute(_cf_perm(nd))
        if t.shape[1] != self._num_features:
            raise errors.invalid_argument(
                f"The channel of the input ({t.shape[1]}) of {type(self).__name__} must equal num_features "
                f"({self._num_features}); input shape {input.shape}, data_format {self._data_format}"
            )
        try:
            out = _batch_norm_t(self, t, not ugs, not self.training)
        except TypeError:
            _check_bn_attrs(self._momentum, self._epsilon)
            raise
        if channel_last:
            out = out.permute(_cl_perm(nd))
        return wrap(out)

    def extra_repr(self):
        s = f"num_features={self._num_features}, momentum={self._momentum}, epsilon={self._epsilon}"
        return s + _format_and_name_repr(self._data_format, self._name)


_BATCH_NORM = (
    "num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None, data_format={data_format!r}, "
    "use_global_stats=None, name=None"
)
BatchNorm1D = _norm_class(
    "BatchNorm1D", _BatchNormBase, "NCL", _BATCH_NORM, _ranks=(2, 3),
    _formats={"NCHW": False, "NC": False, "NCL": False, "NHWC": True, "NLC": True},
    _format_error="expected NC , NCL, NLC or None for data_format input",
)
BatchNorm2D = _norm_class(
    "BatchNorm2D", _BatchNormBase, "NCHW", _BATCH_NORM, _ranks=(4,), _formats={"NCHW": False, "NHWC": True},
    _format_error="expected NCHW or NHWC for data_format input",
)
BatchNorm3D = _norm_class(
    "BatchNorm3D", _BatchNormBase, "NCDHW", _BATCH_NORM, _ranks=(5,),
    _formats={"NCHW": False, "NCDHW": False, "NHWC": True, "NDHWC": True},
    _format_error="expected NCDHW, NDHWC or None for data_format input",
)


class SyncBatchNorm(_BatchNormBase):
    """On one process SyncBatchNorm is BatchNorm over the local batch (Paddle's sync op with world size 1)."""

    _ranks = (2, 3, 4, 5)
    _formats = {"NCHW": False, "NCL": False, "NC": False, "NCDHW": False, "NHWC": True, "NLC": True, "NDHWC": True}
    _format_error = "expected 'NCDHW', 'NDHWC', 'NCHW', 'NHWC', 'NCL', 'NLC', 'NC' for data_format"

    __init__ = forwarding_init(
        _BatchNormBase.__init__, _BATCH_NORM.format(data_format="NCHW").replace("use_global_stats=None, ", ""),
        "SyncBatchNorm",
    )

    def forward(self, x):
        # Paddle's sync_batch_norm uses batch statistics in training and the running ones in eval.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return super().forward(x)

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        out = layer
        if isinstance(layer, _BatchNormBase):
            for attr in (layer._weight_attr, layer._bias_attr):
                if attr is not None and not isinstance(attr, bool) and attr.name is not None:
                    attr.name = attr.name + "_sync"
            out = SyncBatchNorm(
                layer._num_features,
                layer._momentum,
                layer._epsilon,
                layer._weight_attr,
                layer._bias_attr,
                layer._data_format,
                layer._name,
            )
            if layer._weight_attr is not False and layer._bias_attr is not False:
                out.weight = layer.weight
                out.bias = layer.bias
            out._mean = layer._mean
            out._variance = layer._variance
        for name, sub in layer.named_children():
            out.add_sublayer(name, cls.convert_sync_batchnorm(sub))
        return out


class BatchNorm(Layer):
    """The fluid-style ``paddle.nn.BatchNorm`` (``act``, ``is_test``, ``data_layout``...)."""

    def __init__(
        self,
        num_channels,
        act=None,
        is_test=False,
        momentum=0.9,
        epsilon=1e-05,
        param_attr=None,
        bias_attr=None,
        dtype="float32",
        data_layout="NCHW",
        in_place=False,
        moving_mean_name=None,
        moving_variance_name=None,
        do_model_average_for_mean_and_var=True,
        use_global_stats=False,
        trainable_statistics=False,
    ):
        super().__init__()
        self._param_attr = param_attr
        self._bias_attr = bias_attr
        self._act = act
        self._dtype = "float32" if dtype == "float16" else dtype
        _batch_norm_params(
            self, param_attr, bias_attr, [num_channels], moving_mean_name, moving_variance_name,
            do_model_average_for_mean_and_var,
        )
        if data_layout not in ("NCHW", "NHWC"):
            raise ValueError(f"data_layout must be 'NCHW' or 'NHWC', but received {data_layout}")
        keep_arguments(
            self, locals(), "_in_place=in_place _data_layout=data_layout _momentum=momentum _epsilon=epsilon "
            "_is_test=is_test",
        )
        self._fuse_with_relu = False
        keep_arguments(self, locals(), "_use_global_stats=use_global_stats _trainable_statistics=trainable_statistics")

    def forward(self, input):  # noqa: A002
        t = input._t
        nd = t.dim()
        cl = self._data_layout == "NHWC" and nd > 2
        if cl:
            t = t.permute(_cf_perm(nd))
        is_test = not self.training
        # Paddle's kernel: global stats when use_global_stats, or when is_test without trainable_statistics
        use_batch = not (self._use_global_stats or (is_test and not self._trainable_statistics))
        out = _batch_norm_t(self, t, use_batch, is_test)
        if cl:
            out = out.permute(_cl_perm(nd))
        if self._act is not None:
            # Paddle applies the legacy op of that name (an unknown name is an AttributeError here, not earlier)
            from ... import _legacy_C_ops

            return getattr(_legacy_C_ops, self._act)(wrap(out))
        return wrap(out)


LocalResponseNorm = functional_layer(
    "LocalResponseNorm", __name__, F.local_response_norm, "size, alpha=0.0001, beta=0.75, k=1.0, data_format='NCHW', "
    "name=None", "size alpha beta k data_format name", inputs="input",
    call="input, self.size, self.alpha, self.beta, self.k, self.data_format, self.name",
    extra_repr="size={self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"
    "{_format_and_name_repr(self.data_format, self.name)}",
)


class SpectralNorm(Layer):
    def __init__(self, weight_shape, dim=0, power_iters=1, eps=1e-12, dtype="float32"):
        super().__init__()
        self._power_iters = power_iters
        self._eps = eps
        self._dim = dim
        self._dtype = dtype
        self._weight_shape = list(weight_shape)
        if math.prod(self._weight_shape) <= 0:
            raise ValueError("Any dimension of `weight_shape` cannot be equal to 0.")
        if dim >= len(self._weight_shape):
            raise ValueError(
                f"The input `dim` should be less than the length of `weight_shape`, but received dim={dim}"
            )
        h = self._weight_shape[dim]
        w = math.prod(self._weight_shape) // h
        self.weight_u = self.create_parameter(
            attr=ParamAttr(), shape=[h], dtype=dtype, default_initializer=Normal(0.0, 1.0)
        )
        self.weight_u.stop_gradient = True
        self.weight_v = self.create_parameter(
            attr=ParamAttr(), shape=[w], dtype=dtype, default_initializer=Normal(0.0, 1.0)
        )
        self.weight_v.stop_gradient = True

    def forward(self, x):
        wt = x._t
        dim = self._dim
        if dim != 0:
            perm = [dim] + [i for i in range(wt.dim()) if i != dim]
            mat = wt.permute(perm)
        else:
            mat = wt
        mat = mat.reshape(mat.shape[0], -1)
        u = self.weight_u._t.detach()
        v = self.weight_v._t.detach()
        with torch.no_grad():
            md = mat.detach()
            for _ in range(self._power_iters):
                v = md.t() @ u
                v = v / (v.norm() + self._eps)
                u = md @ v
                u = u / (u.norm() + self._eps)
        sigma = torch.dot(u, mat @ v)
        return wrap(wt / sigma)
