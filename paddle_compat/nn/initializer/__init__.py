"""``paddle.nn.initializer``: in-place parameter initializers on torch's RNG.

Each initializer is a callable ``init(param, block=None)`` that fills ``param`` in place (no autograd)
following Paddle's formulas (fan computation: Paddle's ``_compute_fans``, where a 2-D weight is
``[in, out]``). Random values come from torch's generator (``paddle.seed`` seeds it): distributions
match Paddle's, the individual draws do not.
"""

import math

import numpy as np
import torch

from ..._core import Tensor

__all__ = [
    "Bilinear",
    "Constant",
    "KaimingUniform",
    "KaimingNormal",
    "XavierNormal",
    "XavierUniform",
    "Assign",
    "Normal",
    "TruncatedNormal",
    "Uniform",
    "Orthogonal",
    "Dirac",
    "set_global_initializer",
    "calculate_gain",
]


def _target(param):
    if isinstance(param, Tensor):
        return param._t
    if isinstance(param, torch.Tensor):
        return param
    raise TypeError(f"initializer expects a paddle Tensor/Parameter, but received {type(param).__name__}")


def _compute_fans(shape):
    if not shape:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = int(np.prod(shape[2:]))
    return shape[1] * receptive, shape[0] * receptive


class Initializer:
    """Base class: ``__call__(param, block=None)`` fills ``param`` in place."""

    def __init__(self):
        pass

    def __call__(self, param, block=None):
        return self.forward(param, block)

    def forward(self, param, block=None):
        raise NotImplementedError()

    def _compute_fans(self, var):
        return _compute_fans(list(_target(var).shape))


class Constant(Initializer):
    def __init__(self, value=0.0):
        if value is None:
            raise ValueError("value must not be none.")
        super().__init__()
        self._value = value

    def forward(self, param, block=None):
        t = _target(param)
        value = float(self._value)  # as Paddle: a str/None value fails here with Python's float() errors
        with torch.no_grad():
            t.fill_(value)


class Uniform(Initializer):
    def __init__(self, low=-1.0, high=1.0, name=None):
        assert low is not None, "low should not be None"
        assert high is not None, "high should not be None"
        assert high >= low, "high should greater or equal than low"
        super().__init__()
        self._low = low
        self._high = high

    def forward(self, param, block=None):
        t = _target(param)
        with torch.no_grad():
            _uniform(t, self._low, self._high)


class Normal(Initializer):
    def __init__(self, mean=0.0, std=1.0, name=None):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        super().__init__()
        self._mean = mean
        self._std_dev = std

    def forward(self, param, block=None):
        t = _target(param)
        with torch.no_grad():
            _normal(t, self._mean, self._std_dev)


class TruncatedNormal(Initializer):
    """Normal(mean, std) truncated to [mean - 2 std, mean + 2 std] (Paddle 2.6's fixed bounds)."""

    def __init__(self, mean=0.0, std=1.0, name=None):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        super().__init__()
        self._mean = mean
        self._std_dev = std

    def forward(self, param, block=None):
        t = _target(param)
        with torch.no_grad():
            if t.is_floating_point() and t.dtype in (torch.float32, torch.float64):
                torch.nn.init.trunc_normal_(t, self._mean, self._std_dev, self._mean - 2 * self._std_dev,
                                            self._mean + 2 * self._std_dev)
            else:
                tmp = torch.empty(t.shape, dtype=torch.float32, device=t.device)
                torch.nn.init.trunc_normal_(tmp, self._mean, self._std_dev, self._mean - 2 * self._std_dev,
                                            self._mean + 2 * self._std_dev)
                t.copy_(tmp)


def _uniform(t, low, high):
    if t.is_floating_point():
        t.uniform_(low, high)
    else:
        t.copy_(torch.empty(t.shape, dtype=torch.float32, device=t.device).uniform_(low, high))


def _normal(t, mean, std):
    if t.is_floating_point() or t.is_complex():
        t.normal_(mean, std)
    else:
        t.copy_(torch.empty(t.shape, dtype=torch.float32, device=t.device).normal_(mean, std))


class XavierInitializer(Initializer):
    def __init__(self, uniform=True, fan_in=None, fan_out=None, seed=0):
        super().__init__()
        self._uniform = uniform
        self._fan_in = fan_in
        self._fan_out = fan_out
        self._seed = seed

    def forward(self, param, block=None):
        t = _target(param)
        f_in, f_out = _compute_fans(list(t.shape))
        fan_in = f_in if self._fan_in is None else self._fan_in
        fan_out = f_out if self._fan_out is None else self._fan_out
        with torch.no_grad():
            if self._uniform:
                limit = math.sqrt(6.0 / float(fan_in + fan_out))
                _uniform(t, -limit, limit)
            else:
                std = math.sqrt(2.0 / float(fan_in + fan_out))
                _normal(t, 0.0, std)


class XavierNormal(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, name=None):
        super().__init__(uniform=False, fan_in=fan_in, fan_out=fan_out, seed=0)


class XavierUniform(XavierInitializer):
    def __init__(self, fan_in=None, fan_out=None, name=None):
        super().__init__(uniform=True, fan_in=fan_in, fan_out=fan_out, seed=0)


class MSRAInitializer(Initializer):
    def __init__(self, uniform=True, fan_in=None, seed=0, negative_slope=0, nonlinearity="relu"):
        super().__init__()
        self._uniform = uniform
        self._fan_in = fan_in
        self._seed = seed
        self._negative_slope = negative_slope
        self._nonlinearity = nonlinearity

    def forward(self, param, block=None):
        t = _target(param)
        f_in, _ = _compute_fans(list(t.shape))
        fan_in = f_in if self._fan_in is None else self._fan_in
        gain = calculate_gain(self._nonlinearity, self._negative_slope)
        with torch.no_grad():
            if self._uniform:
                limit = gain * math.sqrt(3.0 / float(fan_in))
                _uniform(t, -limit, limit)
            else:
                _normal(t, 0.0, gain / math.sqrt(float(fan_in)))


class KaimingNormal(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        super().__init__(uniform=False, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity)


class KaimingUniform(MSRAInitializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        super().__init__(uniform=True, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity)


class Assign(Initializer):
    """Initialize from a numpy array, list, tuple or Tensor (same number of elements)."""

    def __init__(self, value, name=None):
        if not isinstance(value, (np.ndarray, list, tuple, Tensor)):
            raise TypeError(
                "The type of 'value' in Assign must be (numpy.ndarray, list, tuple, paddle.Tensor), but "
                f"received {type(value).__name__}."
            )
        super().__init__()
        if isinstance(value, (list, tuple)):
            value = np.array(value)
        self._value = value

    def forward(self, param, block=None):
        t = _target(param)
        v = self._value
        src = v._t.detach() if isinstance(v, Tensor) else torch.from_numpy(np.ascontiguousarray(v))
        if src.numel() > 1024 * 1024 * 1024:
            raise ValueError("The size of input is too big. Please consider saving it to file and 'load_op' to load it")
        with torch.no_grad():
            if src.shape == t.shape:
                t.copy_(src.to(t.dtype))
            else:
                # Paddle's assign_value_ writes the value with *its own* shape: the parameter takes that
                # shape (Linear(2, 2) with Assign([2, 2]) gets a [2] weight), keeping its dtype
                t.data = src.to(device=t.device, dtype=t.dtype).clone()


class Orthogonal(Initializer):
    def __init__(self, gain=1.0, name=None):
        assert gain is not None, "gain should not be None"
        super().__init__()
        self._gain = gain

    def forward(self, param, block=None):
        t = _target(param)
        shape = list(t.shape)
        assert len(shape) >= 2, "Only Tensor with 2 or more dimensions can be initialized by Orthogonal"
        row, col = shape[0], int(np.prod(shape[1:]))
        flat = torch.randn(max(row, col), min(row, col), dtype=torch.float64)
        q, r = torch.linalg.qr(flat, mode="reduced")
        q = q * torch.sign(torch.diagonal(r))
        if row < col:
            q = q.T
        with torch.no_grad():
            t.copy_((q.reshape(shape) * self._gain).to(t.dtype))


class Dirac(Initializer):
    def __init__(self, groups=1, name=None):
        assert groups > 0 and isinstance(groups, int), " 'groups' must be a positive integer. "
        super().__init__()
        self._groups = groups

    def forward(self, param, block=None):
        t = _target(param)
        shape = list(t.shape)
        assert len(shape) in (3, 4, 5), "Only Tensor with 3/4/5 dimensions can be initialized by Dirac"
        assert shape[0] % self._groups == 0, "Tensor 0-dimension must be divisible by groups"
        per = shape[0] // self._groups
        m = min(per, shape[1])
        centre = tuple(s // 2 for s in shape[2:])
        with torch.no_grad():
            t.zero_()
            for g in range(self._groups):
                for i in range(m):
                    t[(g * per + i, i) + centre] = 1


class Bilinear(Initializer):
    """Bilinear-upsampling kernel for a 4-D ``[C_out, C_in, K, K]`` transposed-conv weight."""

    def __init__(self):
        super().__init__()

    def forward(self, param, block=None):
        t = _target(param)
        shape = list(t.shape)
        if len(shape) != 4:
            raise ValueError("the length of shape must be 4.")
        if shape[2] != shape[3]:
            raise ValueError("shape[2] must be equal to shape[3].")
        size = shape[3]
        f = np.ceil(size / 2.0)
        c = (2 * f - 1 - f % 2) / (2.0 * f)
        i = np.arange(int(np.prod(shape)))
        x = i % size
        y = (i / size) % size
        w = ((1 - np.abs(x / f - c)) * (1 - np.abs(y / f - c))).astype("float32").reshape(shape)
        with torch.no_grad():
            t.copy_(torch.from_numpy(w).to(t.dtype))


def calculate_gain(nonlinearity, param=None):
    if param is None:
        param = 0.01
    else:
        assert isinstance(param, (bool, int, float))
        param = float(param)
    gains = {
        "sigmoid": 1, "linear": 1, "conv1d": 1, "conv2d": 1, "conv3d": 1, "conv1d_transpose": 1,
        "conv2d_transpose": 1, "conv3d_transpose": 1, "tanh": 5.0 / 3, "relu": math.sqrt(2.0),
        "leaky_relu": math.sqrt(2.0 / (1 + param**2)), "selu": 3.0 / 4,
    }
    if nonlinearity in gains:
        return gains[nonlinearity]
    raise ValueError(f"nonlinearity function {nonlinearity} is not suppported now.")


_global_weight_initializer_ = None
_global_bias_initializer_ = None


def set_global_initializer(weight_init, bias_init=None):
    """Initializers used for every parameter created afterwards (``None`` resets)."""
    global _global_weight_initializer_, _global_bias_initializer_
    if not (weight_init is None or isinstance(weight_init, Initializer)):
        raise TypeError(f"weight_init should be an Initializer or None, but received {type(weight_init).__name__}")
    if not (bias_init is None or isinstance(bias_init, Initializer)):
        raise TypeError(f"bias_init should be an Initializer or None, but received {type(bias_init).__name__}")
    _global_weight_initializer_ = weight_init
    _global_bias_initializer_ = bias_init


def _global_weight_initializer():
    return _global_weight_initializer_


def _global_bias_initializer():
    return _global_bias_initializer_


# --- Paddle's older class names (importable, not in __all__) -------------------------------------------
class ConstantInitializer(Constant):
    def __init__(self, value=0.0, force_cpu=False):
        super().__init__(value)


class UniformInitializer(Uniform):
    def __init__(self, low=-1.0, high=1.0, seed=0, diag_num=0, diag_step=0, diag_val=1.0):
        if diag_num:
            raise NotImplementedError("UniformInitializer: 'diag_num' is not supported by paddle-compat")
        super().__init__(low, high)


class NormalInitializer(Normal):
    def __init__(self, loc=0.0, scale=1.0, seed=0):
        super().__init__(loc, scale)


class TruncatedNormalInitializer(TruncatedNormal):
    def __init__(self, loc=0.0, scale=1.0, seed=0):
        super().__init__(loc, scale)


class NumpyArrayInitializer(Assign):
    def __init__(self, value):
        assert isinstance(value, np.ndarray)
        super().__init__(value)
