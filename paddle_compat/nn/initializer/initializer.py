"""Paddle's ``paddle/nn/initializer/initializer.py``: the Initializer base class, fan computation, calculate_gain,
and the global initializers of ``set_global_initializer`` (Paddle defines that one in ``paddle.base.initializer``)."""

import math

import numpy as np
import torch

from ..._core import Tensor


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


def _initializer_seed(initializer):
    """The op seed an initializer draws with: its own, else the default program's ``random_seed`` (which,
    as in Paddle, it then keeps); 0 means the global generator."""
    if not initializer._seed and not getattr(initializer, "_seed_fixed", False):
        from ...framework.program import default_main_program

        initializer._seed = default_main_program().random_seed
    return initializer._seed


def _paddle_cpu_fill(t, kind, a, b, seed):
    """Fill a CPU tensor with what Paddle's kernel writes: ``kind`` is uniform (a, b = low, high), normal or
    truncated (a, b = mean, std; bounds are float32 attributes). Half types are drawn in float32 and
    converted the way Paddle's CPU cast does (truncating)."""
    from ..._core import paddle_rng
    from ...framework.random import cpu_engine

    engine = cpu_engine(seed)
    dtype = np.float64 if t.dtype is torch.float64 else np.float32
    a, b, n = np.float32(a), np.float32(b), t.numel()
    if kind != "truncated" and t.dtype in (torch.float32, torch.float64) and t.is_contiguous() \
            and t.device.type == "cpu":  # draw straight into the tensor's memory (big layers: no second copy)
        target = t.detach().view(-1).numpy()
        draw = paddle_rng.uniform_real if kind == "uniform" else paddle_rng.normal
        draw(engine, n, a, b, dtype, out=target)
        torch.autograd.graph.increment_version(t)  # an in-place write, as copy_ would record
        return
    if kind == "uniform":
        values = paddle_rng.uniform_real(engine, n, a, b, dtype)
    elif kind == "normal":
        values = paddle_rng.normal(engine, n, a, b, dtype)
    else:
        values = paddle_rng.truncated_normal(engine, n, a, b, dtype)
    if t.dtype is torch.float16:
        src = torch.from_numpy(paddle_rng.to_float16(values))
    elif t.dtype is torch.bfloat16:
        src = torch.from_numpy(paddle_rng.to_bfloat16_bits(values)).to(torch.bfloat16)
    else:
        src = torch.from_numpy(values)
    t.copy_(src.reshape(t.shape))


def _paddle_stream(t):
    from ...tensor.random import paddle_stream_applies

    return paddle_stream_applies(t)


def _uniform(t, low, high, seed=0):
    if _paddle_stream(t):
        _paddle_cpu_fill(t, "uniform", low, high, seed)
    elif t.is_floating_point():
        t.uniform_(low, high)
    else:
        t.copy_(torch.empty(t.shape, dtype=torch.float32, device=t.device).uniform_(low, high))


def _normal(t, mean, std, seed=0):
    if _paddle_stream(t) and not t.is_complex():
        _paddle_cpu_fill(t, "normal", mean, std, seed)
    elif t.is_floating_point() or t.is_complex():
        t.normal_(mean, std)
    else:
        t.copy_(torch.empty(t.shape, dtype=torch.float32, device=t.device).normal_(mean, std))


class _FanScaledInitializer(Initializer):
    """The Xavier and MSRA initializers: U(-s, s) when ``uniform``, else N(0, s), with the scale s that
    ``_scale(fan_in, fan_out)`` gives for the parameter's fans (``fan_in`` / ``_fan_out``, when set, override
    the computed ones)."""

    def __init__(self, uniform, fan_in, seed):
        super().__init__()
        self._uniform = uniform
        self._fan_in = fan_in
        self._seed = seed

    def forward(self, param, block=None):
        t = _target(param)
        fan_in, fan_out = _compute_fans(list(t.shape))
        if self._fan_in is not None:
            fan_in = self._fan_in
        if getattr(self, "_fan_out", None) is not None:
            fan_out = self._fan_out
        scale = self._scale(fan_in, fan_out)
        seed = _initializer_seed(self)
        with torch.no_grad():
            if self._uniform:
                _uniform(t, -scale, scale, seed)
            else:
                _normal(t, 0.0, scale, seed)


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
