"""``paddle.nn`` activation layers (Paddle's ``nn/layer/activation.py``)."""

from ..._core.dtypes import get_default_dtype
from .. import functional as F
from ..initializer import Constant
from .layers import Layer

__all__ = [
    "CELU", "ELU", "GELU", "Tanh", "Hardshrink", "Hardswish", "Hardtanh", "PReLU", "ReLU", "ReLU6", "SELU",
    "LeakyReLU", "Sigmoid", "Hardsigmoid", "Softmax", "Softmax2D", "Softplus", "Softshrink", "Softsign",
    "Swish", "Tanhshrink", "ThresholdedReLU", "Mish", "Silu", "LogSigmoid", "LogSoftmax", "Maxout", "GLU",
    "RReLU",
]


def _ns(name, sep=", "):
    return f"{sep}name={name}" if name else ""


class CELU(Layer):
    def __init__(self, alpha=1.0, name=None):
        super().__init__()
        self._alpha = alpha
        self._name = name

    def forward(self, x):
        return F.celu(x, self._alpha, self._name)

    def extra_repr(self):
        return f"alpha={self._alpha}{_ns(self._name)}"


class ELU(Layer):
    def __init__(self, alpha=1.0, name=None):
        super().__init__()
        self._alpha = alpha
        self._name = name

    def forward(self, x):
        return F.elu(x, self._alpha, self._name)

    def extra_repr(self):
        return f"alpha={self._alpha}{_ns(self._name)}"


class GLU(Layer):
    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._name = name

    def forward(self, x):
        return F.glu(x, self._axis, self._name)

    def extra_repr(self):
        return f"axis={self._axis}{_ns(self._name)}"


class GELU(Layer):
    def __init__(self, approximate=False, name=None):
        super().__init__()
        self._approximate = approximate
        self._name = name

    def forward(self, x):
        return F.gelu(x, self._approximate, self._name)

    def extra_repr(self):
        return f"approximate={self._approximate}{_ns(self._name)}"


class Hardshrink(Layer):
    def __init__(self, threshold=0.5, name=None):
        super().__init__()
        self._threshold = threshold
        self._name = name

    def forward(self, x):
        return F.hardshrink(x, self._threshold, self._name)

    def extra_repr(self):
        return f"threshold={self._threshold}{_ns(self._name)}"


class _Simple(Layer):
    _fn = None

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def extra_repr(self):
        return _ns(self._name, "")


class Hardswish(_Simple):
    def forward(self, x):
        return F.hardswish(x, self._name)


class Tanh(_Simple):
    def forward(self, x):
        return F.tanh(x, self._name)


class ReLU(_Simple):
    def forward(self, x):
        return F.relu(x, self._name)


class ReLU6(_Simple):
    def forward(self, x):
        return F.relu6(x, self._name)


class Softsign(_Simple):
    def forward(self, x):
        return F.softsign(x, self._name)


class Swish(_Simple):
    def forward(self, x):
        return F.swish(x, self._name)


class Mish(_Simple):
    def forward(self, x):
        return F.mish(x, self._name)


class Tanhshrink(_Simple):
    def forward(self, x):
        return F.tanhshrink(x, self._name)


class Silu(_Simple):
    def forward(self, x):
        return F.silu(x, self._name)


class LogSigmoid(_Simple):
    def forward(self, x):
        return F.log_sigmoid(x, self._name)


class Sigmoid(Layer):
    def __init__(self, name=None):
        super().__init__()
        self.name = name

    def forward(self, x):
        return F.sigmoid(x, self.name)

    def extra_repr(self):
        return _ns(self.name, "")


class Hardsigmoid(Layer):
    def __init__(self, name=None):
        super().__init__()
        self.name = name

    def forward(self, x):
        return F.hardsigmoid(x, name=self.name)

    def extra_repr(self):
        return _ns(self.name, "")


class Hardtanh(Layer):
    def __init__(self, min=-1.0, max=1.0, name=None):  # noqa: A002
        super().__init__()
        self._min = min
        self._max = max
        self._name = name

    def forward(self, x):
        return F.hardtanh(x, self._min, self._max, self._name)

    def extra_repr(self):
        return f"min={self._min}, max={self._max}{_ns(self._name)}"


class PReLU(Layer):
    def __init__(self, num_parameters=1, init=0.25, weight_attr=None, data_format="NCHW", name=None):
        super().__init__()
        self._num_parameters = num_parameters
        self._init = init
        self._weight_attr = weight_attr
        self._name = name
        self._data_format = data_format
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


class SELU(Layer):
    def __init__(self, scale=1.0507009873554804934193349852946, alpha=1.6732632423543772848170429916717,
                 name=None):
        super().__init__()
        self._scale = scale
        self._alpha = alpha
        self._name = name

    def forward(self, x):
        return F.selu(x, self._scale, self._alpha, self._name)

    def extra_repr(self):
        return f"scale={self._scale:.16f}, alpha={self._alpha:.16f}{_ns(self._name)}"


class LeakyReLU(Layer):
    def __init__(self, negative_slope=0.01, name=None):
        super().__init__()
        self._negative_slope = negative_slope
        self._name = name

    def forward(self, x):
        return F.leaky_relu(x, self._negative_slope, self._name)

    def extra_repr(self):
        return f"negative_slope={self._negative_slope}{_ns(self._name)}"


class Softplus(Layer):
    def __init__(self, beta=1, threshold=20, name=None):
        super().__init__()
        self._beta = beta
        self._threshold = threshold
        self._name = name

    def forward(self, x):
        return F.softplus(x, self._beta, self._threshold, self._name)

    def extra_repr(self):
        return f"beta={self._beta}, threshold={self._threshold}{_ns(self._name)}"


class Softshrink(Layer):
    def __init__(self, threshold=0.5, name=None):
        super().__init__()
        self._threshold = threshold
        self._name = name

    def forward(self, x):
        return F.softshrink(x, self._threshold, self._name)

    def extra_repr(self):
        return f"threshold={self._threshold}{_ns(self._name)}"


class ThresholdedReLU(Layer):
    def __init__(self, threshold=1.0, name=None):
        super().__init__()
        self._threshold = threshold
        self._name = name

    def forward(self, x):
        return F.thresholded_relu(x, self._threshold, self._name)

    def extra_repr(self):
        return f"threshold={self._threshold}{_ns(self._name)}"


class Softmax(Layer):
    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._dtype = None
        self._name = name

    def forward(self, x):
        return F.softmax(x, self._axis, name=self._name)

    def extra_repr(self):
        return f"axis={self._axis}{_ns(self._name)}"


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


class LogSoftmax(Layer):
    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._name = name

    def forward(self, x):
        return F.log_softmax(x, self._axis)

    def extra_repr(self):
        return f"axis={self._axis}{_ns(self._name)}"


class Maxout(Layer):
    def __init__(self, groups, axis=1, name=None):
        super().__init__()
        self._groups = groups
        self._axis = axis
        self._name = name

    def forward(self, x):
        return F.maxout(x, self._groups, self._axis, self._name)

    def extra_repr(self):
        return f"groups={self._groups}, axis={self._axis}{_ns(self._name)}"
