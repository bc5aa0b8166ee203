"""``paddle.nn`` activation layers (Paddle's ``nn/layer/activation.py``)."""

from ..._core.dtypes import get_default_dtype
from .. import functional as F
from ..initializer import Constant
from ._codegen import functional_layer, keep_arguments
from .layers import Layer

__all__ = [
    "CELU", "ELU", "GELU", "Tanh", "Hardshrink", "Hardswish", "Hardtanh", "PReLU", "ReLU", "ReLU6", "SELU",
    "LeakyReLU", "Sigmoid", "Hardsigmoid", "Softmax", "Softmax2D", "Softplus", "Softshrink", "Softsign",
    "Swish", "Tanhshrink", "ThresholdedReLU", "Mish", "Silu", "LogSigmoid", "LogSoftmax", "Maxout", "GLU",
    "RReLU",
]


def _ns(name, sep=", "):
    return f"{sep}name={name}" if name else ""


def _act(name, fn, params="", extra_repr=None, call=None):
    """A layer over ``fn`` keeping each of Paddle's parameters ``p`` (then ``name``) as ``self._p``; by default
    forward passes them positionally and extra_repr prints them as ``p=value``."""
    names = [p.split("=")[0].strip() for p in params.split(",") if p.strip()]
    stores = " ".join(f"_{n}={n}" for n in names + ["name"])
    if call is None:
        call = ", ".join(["x"] + [f"self._{n}" for n in names] + ["self._name"])
    if extra_repr is None:
        extra_repr = ", ".join(f"{n}={{self._{n}}}" for n in names) + "{_ns(self._name)}"
    signature = f"{params}, name=None" if params else "name=None"
    return functional_layer(name, __name__, fn, signature, stores, call=call, extra_repr=extra_repr)


_NO_ARGS_REPR = "{_ns(self._name, '')}"

CELU = _act("CELU", F.celu, "alpha=1.0")
ELU = _act("ELU", F.elu, "alpha=1.0")
GLU = _act("GLU", F.glu, "axis=-1")
GELU = _act("GELU", F.gelu, "approximate=False")
Hardshrink = _act("Hardshrink", F.hardshrink, "threshold=0.5")
Hardswish = _act("Hardswish", F.hardswish, extra_repr=_NO_ARGS_REPR)
Tanh = _act("Tanh", F.tanh, extra_repr=_NO_ARGS_REPR)
ReLU = _act("ReLU", F.relu, extra_repr=_NO_ARGS_REPR)
ReLU6 = _act("ReLU6", F.relu6, extra_repr=_NO_ARGS_REPR)
Softsign = _act("Softsign", F.softsign, extra_repr=_NO_ARGS_REPR)
Swish = _act("Swish", F.swish, extra_repr=_NO_ARGS_REPR)
Mish = _act("Mish", F.mish, extra_repr=_NO_ARGS_REPR)
Tanhshrink = _act("Tanhshrink", F.tanhshrink, extra_repr=_NO_ARGS_REPR)
Silu = _act("Silu", F.silu, extra_repr=_NO_ARGS_REPR)
LogSigmoid = _act("LogSigmoid", F.log_sigmoid, extra_repr=_NO_ARGS_REPR)
# Paddle keeps these two names in self.name, not self._name
Sigmoid = functional_layer(
    "Sigmoid", __name__, F.sigmoid, "name=None", "name", call="x, self.name",
    extra_repr="{_ns(self.name, '')}",
)
Hardsigmoid = functional_layer(
    "Hardsigmoid", __name__, F.hardsigmoid, "name=None", "name", call="x, name=self.name",
    extra_repr="{_ns(self.name, '')}",
)
Hardtanh = _act("Hardtanh", F.hardtanh, "min=-1.0, max=1.0")


class PReLU(Layer):
    def __init__(self, num_parameters=1, init=0.25, weight_attr=None, data_format="NCHW", name=None):
        super().__init__()
        keep_arguments(
            self, locals(), "_num_parameters=num_parameters _init=init _weight_attr=weight_attr _name=name "
            "_data_format=data_format",
        )
        self._weight = self.create_parameter(attr=self._weight_attr, shape=[self._num_parameters],
                                             dtype=get_default_dtype(), is_bias=False,
                                             default_initializer=Constant(self._init))

    def forward(self, x):
        return F.prelu(x, self._weight, data_format=self._data_format)

    def extra_repr(self):
        return (f"num_parameters={self._num_parameters}, data_format={self._data_format}, init={self._init}, "
                f"dtype={self._dtype}{_ns(self._name)}")


class RReLU(Layer):
    def __init__(self, lower=1.0 / 8.0, upper=1.0 / 3.0, name=None):
        super().__init__()
        self._lower = lower
        self._upper = upper
        self._name = name

    def forward(self, x):
        return F.rrelu(x, lower=self._lower, upper=self._upper, training=self.training)

    def extra_repr(self):
        return (f"lower={self._lower}, upper={self._upper}, training={self.training}, dtype={self._dtype}"
                f"{_ns(self._name)}")


SELU = _act(
    "SELU", F.selu, "scale=1.0507009873554804934193349852946, alpha=1.6732632423543772848170429916717",
    extra_repr="scale={self._scale:.16f}, alpha={self._alpha:.16f}{_ns(self._name)}",
)
LeakyReLU = _act("LeakyReLU", F.leaky_relu, "negative_slope=0.01")
Softplus = _act("Softplus", F.softplus, "beta=1, threshold=20")
Softshrink = _act("Softshrink", F.softshrink, "threshold=0.5")
ThresholdedReLU = _act("ThresholdedReLU", F.thresholded_relu, "threshold=1.0")
Softmax = functional_layer(
    "Softmax", __name__, F.softmax, "axis=-1, name=None", "_axis=axis _dtype=None _name=name",
    call="x, self._axis, name=self._name", extra_repr="axis={self._axis}{_ns(self._name)}",
)


class Softmax2D(Layer):
    def __init__(self, name=None):
        super().__init__()
        self._dtype = None
        self._name = name

    def forward(self, x):
        assert x.ndim == 3 or x.ndim == 4, f"Softmax2D requires a 3D or 4D tensor as input. Received: {x.ndim}D."
        return F.softmax(x, axis=-3, dtype=self._dtype, name=self._name)

    def extra_repr(self):
        return _ns(self._name, "")


LogSoftmax = _act("LogSoftmax", F.log_softmax, "axis=-1", call="x, self._axis")
Maxout = _act("Maxout", F.maxout, "groups, axis=1")
