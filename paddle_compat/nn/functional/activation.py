"""``paddle.nn.functional`` activations (Paddle's ``nn/functional/activation.py``, plus ``sigmoid`` /
``tanh`` / ``tanh_`` which Paddle re-exports from ``paddle.tensor``)."""

import numpy as np
import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import wrap
from ..._core.dtypes import to_torch_dtype


def _not_tensor(op, x):
    raise ValueError(
        f"(InvalidArgument) {op}(): argument 'x' (position 0) must be Tensor, but got {type(x).__name__}"
    )

__all__ = [
    "celu",
    "elu",
    "elu_",
    "gelu",
    "hardshrink",
    "hardtanh",
    "hardtanh_",
    "hardsigmoid",
    "hardswish",
    "leaky_relu",
    "leaky_relu_",
    "log_sigmoid",
    "maxout",
    "prelu",
    "relu",
    "relu_",
    "relu6",
    "selu",
    "softmax",
    "softmax_",
    "softplus",
    "softshrink",
    "softsign",
    "sigmoid",
    "silu",
    "swish",
    "mish",
    "tanh",
    "tanh_",
    "tanhshrink",
    "thresholded_relu",
    "thresholded_relu_",
    "log_softmax",
    "glu",
    "gumbel_softmax",
    "rrelu",
]

_relu = torch.relu
_np_f32 = np.float32


def _f32(v):
    """Paddle stores activation attributes as float32: round Python floats the same way."""
    if v is None:  # np.float32(None) is NaN: Paddle refuses it
        raise ValueError("(InvalidArgument) argument must be double, but got NoneType")
    return float(_np_f32(v))
_sigmoid = torch.sigmoid
_tanh = torch.tanh


def _inplace(x, t):
    """Write ``t`` into ``x`` in place (Paddle's ``op_`` APIs return ``x`` itself)."""
    xt = x._t
    if xt.requires_grad and xt.is_leaf:
        raise ValueError(
            f"(InvalidArgument) Leaf Tensor ({x.name}) that doesn't stop gradient can't use inplace strategy."
        )
    x._t = t
    return x


def relu(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("relu", x)
    return wrap(_relu(xt))


def relu_(x, name=None):
    return _inplace(x, _relu(x._t))


def relu6(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("relu6", x)
    return wrap(F.relu6(xt))


def sigmoid(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("sigmoid", x)
    return wrap(_sigmoid(xt))


def tanh(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("tanh", x)
    return wrap(_tanh(xt))


def tanh_(x, name=None):
    return _inplace(x, _tanh(x._t))


def celu(x, alpha=1.0, name=None):
    if alpha == 0:
        raise ZeroDivisionError("alpha cannot be 0 for celu")
    return wrap(F.celu(x._t, _f32(alpha)))


def elu(x, alpha=1.0, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("elu", x)
    t = xt
    alpha = _f32(alpha)
    if alpha >= 0:
        return wrap(F.elu(t, alpha))
    return wrap(torch.where(t > 0, t, alpha * torch.expm1(t)))


def elu_(x, alpha=1.0, name=None):
    assert alpha >= 0.0, "elu_ only support alpha >= 0, please use elu instead."
    return _inplace(x, F.elu(x._t, _f32(alpha)))


def gelu(x, approximate=False, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("gelu", x)
    return wrap(F.gelu(xt, approximate="tanh" if approximate else "none"))


def hardshrink(x, threshold=0.5, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("hardshrink", x)
    t = xt
    return wrap(torch.where((t > threshold) | (t < -threshold), t, torch.zeros_like(t)))


def hardtanh(x, min=-1.0, max=1.0, name=None):  # noqa: A002
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("hardtanh", x)
    return wrap(torch.clamp(xt, _f32(min), _f32(max)))


def hardtanh_(x, min=-1.0, max=1.0, name=None):  # noqa: A002
    return _inplace(x, torch.clamp(x._t, _f32(min), _f32(max)))


def hardsigmoid(x, slope=0.1666667, offset=0.5, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("hardsigmoid", x)
    return wrap(torch.clamp(xt * _f32(slope) + _f32(offset), 0.0, 1.0))


def hardswish(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("hardswish", x)
    return wrap(F.hardswish(xt))


def leaky_relu(x, negative_slope=0.01, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("leaky_relu", x)
    return wrap(F.leaky_relu(xt, _f32(negative_slope)))


def leaky_relu_(x, negative_slope=0.01, name=None):
    return _inplace(x, F.leaky_relu(x._t, _f32(negative_slope)))


def log_sigmoid(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("log_sigmoid", x)
    return wrap(F.logsigmoid(xt))


def maxout(x, groups, axis=1, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("maxout", x)
    t = xt
    if axis not in (1, -1, 3):
        raise ValueError(
            "Attr(axis) should be 1 when data format is NCHW, -1 or 3 when data format is NHWC. Received "
            f"Attr(axis): {axis}."
        )
    if t.dim() != 4:
        raise ValueError(f"(InvalidArgument) maxout: the input x must be a 4-D Tensor, but received {t.dim()}-D.")
    ax = 3 if axis == -1 else axis
    c = t.shape[ax]
    if groups <= 0 or c % groups != 0:
        raise ValueError(
            f"(InvalidArgument) maxout: the number of input channels ({c}) must be divisible by groups ({groups})."
        )
    shape = list(t.shape)
    shape[ax:ax + 1] = [c // groups, groups]
    return wrap(t.reshape(shape).amax(dim=ax + 1))


_PRELU_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def prelu(x, weight, data_format="NCHW", name=None):
    w = weight._t
    assert w.dim() in (0, 1), "The dim count of weight shape should be 0 or 1 in prelu()."
    t = x._t
    if w.dim() == 1 and w.shape[0] > 1:
        if data_format not in _PRELU_FORMATS:
            raise ValueError(
                "data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', 'NLC', 'NHWC', 'NDHWC' but receive "
                f"{data_format}"
            )
        assert t.dim() > 1, (
            "The dim count of x should be equal or larger than 2 in prelu() when weight shape is not [1]."
        )
        if data_format[1] == "C":
            assert w.shape[0] == t.shape[1], (
                "The weight size should be equal to x input channel in prelu() when weight shape is not [1]."
            )
            shape = [1, -1] + [1] * (t.dim() - 2)
        else:
            assert w.shape[0] == t.shape[-1], (
                "The weight size should be equal to x input channel in prelu() when weight shape is not [1]."
            )
            shape = [1] * (t.dim() - 1) + [-1]
        w = w.reshape(shape)
    return wrap(torch.where(t > 0, t, t * w))


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=True, name=None):
    if not isinstance(lower, float) or not isinstance(upper, float):
        raise TypeError(
            f"The lower and upper values must be float type. Received: lower {lower}, upper {upper}."
        )
    if lower < 0 or lower > 1:
        raise ValueError(f"The lower value must be no less than zero or greater than one. Received: {lower}.")
    if upper < lower:
        raise ValueError(
            f"The upper value must be greater than lower value. Received: lower {lower}, upper {upper}."
        )
    if upper > 1:
        raise ValueError(f"The upper value must be no greater than one. Received: {upper}.")
    t = x._t
    if not training:
        return wrap(torch.where(t >= 0, t, t * ((lower + upper) / 2.0)))
    slope = torch.empty_like(t).uniform_(lower, upper)
    return wrap(torch.where(t >= 0, t, t * slope))


def selu(x, scale=1.0507009873554804934193349852946, alpha=1.6732632423543772848170429916717, name=None):
    if scale <= 1.0:
        raise ValueError(f"The scale must be greater than 1.0. Received: {scale}.")
    if alpha < 0:
        raise ValueError(f"The alpha must be no less than zero. Received: {alpha}.")
    t = x._t
    return wrap(_Selu.apply(t, _f32(scale), _f32(alpha)))


class _Selu(torch.autograd.Function):
    """Paddle's selu kernel: grad is ``dout * (out + scale*alpha)`` on the negative side, with the
    ``scale*alpha`` product rounded to float32 (both attributes are float32)."""

    @staticmethod
    def forward(ctx, t, scale, alpha):
        out = torch.where(t > 0, scale * t, scale * (alpha * torch.exp(t) - alpha))
        ctx.save_for_backward(out)
        ctx.scale = scale
        ctx.sa = _f32(scale * alpha)
        return out

    @staticmethod
    def backward(ctx, g):
        (out,) = ctx.saved_tensors
        return torch.where(out > 0, g * ctx.scale, g * (out + ctx.sa)), None, None


def _softmax_input(x, dtype):
    t = x._t
    if dtype is not None:
        t = t.to(to_torch_dtype(dtype))
    return t


def softmax(x, axis=-1, dtype=None, name=None):
    try:
        return wrap(torch.softmax(_softmax_input(x, dtype), axis))
    except TypeError:  # torch's argument parser; Paddle's raises ValueError
        raise ValueError(
            f"(InvalidArgument) softmax(): argument 'axis' must be int, but got {type(axis).__name__}"
        ) from None


def softmax_(x, axis=-1, dtype=None, name=None):
    return _inplace(x, torch.softmax(_softmax_input(x, dtype), axis))


def log_softmax(x, axis=-1, dtype=None, name=None):
    return wrap(log_softmax_clipped(_softmax_input(x, dtype), axis))


def log_softmax_clipped(t, axis):
    """torch.log_softmax with Paddle's CPU kernel floor: the shifted logits x - max(x) are clipped at -64, so
    no output lies more than 64 below the row's largest (checked on 2.6.2: log_softmax([0, -100]) is
    [0, -64], cross_entropy of it 64). The gradient stays log_softmax's, as Paddle's grad kernel computes it
    from the softmax, not through the clip."""
    out = torch.log_softmax(t, axis)
    d = out.detach()
    # under torch.compile the early exit would be a host sync (a graph break); the clip alone gives the same values
    if not torch.compiler.is_compiling() and (not d.numel() or d.min().item() >= -64.0):
        return out  # a row max is <= 0, so nothing lies below its floor: done
    floor = d.amax(axis, keepdim=True) - 64
    clipped = d < floor
    return torch.where(clipped, floor + (out - d), out)


def softplus(x, beta=1, threshold=20, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("softplus", x)
    return wrap(F.softplus(xt, _f32(beta), _f32(threshold)))


def softshrink(x, threshold=0.5, name=None):
    if threshold < 0:
        raise ValueError(f"The threshold must be no less than zero. Received: {threshold}.")
    t = x._t
    lam = _f32(threshold)
    # Paddle's functor: (x > l) * (x - l) + (x < -l) * (x + l): +0.0 inside the band (never -0.0), and
    # NaN for +-inf (0 * inf) as well as for NaN
    return wrap((t > lam).to(t.dtype) * (t - lam) + (t < -lam).to(t.dtype) * (t + lam))


def softsign(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("softsign", x)
    return wrap(F.softsign(xt))


def silu(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("silu", x)
    return wrap(F.silu(xt))


def swish(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("swish", x)
    return wrap(F.silu(xt))


def mish(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("mish", x)
    return wrap(F.mish(xt))


def tanhshrink(x, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("tanhshrink", x)
    t = xt
    return wrap(t - torch.tanh(t))


def thresholded_relu(x, threshold=1.0, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("thresholded_relu", x)
    t = xt
    return wrap(torch.where(t > threshold, t, torch.zeros_like(t)))


def thresholded_relu_(x, threshold=1.0, name=None):
    t = x._t
    return _inplace(x, torch.where(t > threshold, t, torch.zeros_like(t)))


def glu(x, axis=-1, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("glu", x)
    t = xt
    rank = t.dim()
    if not (-rank <= axis < rank):
        raise ValueError(f"Expected value range of `axis` is [{-rank}, {rank}), but received axis: {axis}")
    return wrap(F.glu(t, axis))


def gumbel_softmax(x, temperature=1.0, hard=False, axis=-1, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("gumbel_softmax", x)
    t = xt
    try:
        positive = temperature > 0
    except TypeError:
        positive = None
    if not positive:
        if positive is None or isinstance(temperature, bool):
            raise ValueError(f"(InvalidArgument) gumbel_softmax(): argument 'temperature' must be float, but got "
                             f"{type(temperature).__name__}")
        raise ValueError(f"(InvalidArgument) The temperature must be greater than 0. But received {temperature}.")
    u = torch.rand_like(t).clamp_min(1e-20)
    g = -torch.log((-torch.log(u)).clamp_min(1e-20))
    try:
        y = torch.softmax((t + g) / temperature, axis)
    except TypeError:
        raise ValueError(f"(InvalidArgument) gumbel_softmax(): argument 'axis' must be int, but got "
                         f"{type(axis).__name__}") from None
    if hard:
        idx = y.argmax(dim=axis, keepdim=True)
        y_hard = torch.zeros_like(y).scatter_(axis, idx, 1.0)
        y = y_hard - y.detach() + y
    return wrap(y)
