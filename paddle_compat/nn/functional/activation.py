"""``paddle.nn.functional`` activations (Paddle's ``nn/functional/activation.py``, plus ``sigmoid`` /
``tanh`` / ``tanh_`` which Paddle re-exports from ``paddle.tensor``)."""

import math

import numpy as np
import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import errors, wrap
from ..._core.dtypes import to_torch_dtype
from ...framework.program import _Mode
from ._checks import OK as _OK
from ._checks import attr_type as _attr_type
from ._checks import axis_range as _axis_range
from ._checks import check_kernel as _check_kernel
from ._checks import float_attr as _float_attr
from ._checks import int_attr as _int_attr
from ._checks import keyed as _keyed
from ._checks import not_tensor as _not_tensor_error
from ._checks import refuse as _refuse
from ._checks import tensor_of as _tensor_of

_F32 = torch.float32


def _not_tensor(op, x):
    raise _not_tensor_error(op, "x", 0, x)


def _x(op, kernel, x):
    """x's torch tensor, after Paddle's Tensor check and its CPU kernel's dtype check (float32 passes first)."""
    t = _tensor_of(op, "x", 0, x)
    if t.dtype is not _F32 and t.dtype not in _OK[kernel]:
        _refuse(kernel, t.dtype)
    return t

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
_SOFTMAX_OK = _OK["softmax"]
_LEAKY_OK = _OK["leaky_relu"]
_np_f32 = np.float32


def _f32(v):
    """Paddle stores activation attributes as float32: round Python floats the same way."""
    if v is None:  # np.float32(None) is NaN: Paddle refuses it
        raise ValueError("(InvalidArgument) argument must be double, but got NoneType")
    try:
        return float(_np_f32(v))
    except ValueError:  # a str: Paddle's argument parser refuses it before numpy would parse it
        raise errors.invalid_argument(f"argument must be double, but got {type(v).__name__}") from None
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


def _plain_unary(api, torch_fn):
    """``api(x, name=None)`` whose kernel takes x as it is: the hot activations, with Paddle's Tensor and dtype
    checks inlined (no helper call on the common path)."""
    accepted = _OK[api]

    def activation(x, name=None):
        try:
            xt = x._t
        except AttributeError:
            _not_tensor(api, x)
        if xt.dtype not in accepted:
            _refuse(api, xt.dtype)
        return wrap(torch_fn(xt))

    activation.__name__ = activation.__qualname__ = api
    return activation


def _checked_unary(api, kernel, torch_fn):
    """``api(x, name=None)``: ``torch_fn`` on x after the checks of Paddle's ``kernel`` (float32 passes first)."""
    accepted = _OK[kernel]

    def activation(x, name=None):
        t = _tensor_of(api, "x", 0, x)
        if t.dtype is not _F32 and t.dtype not in accepted:
            _refuse(kernel, t.dtype)
        return wrap(torch_fn(t))

    activation.__name__ = activation.__qualname__ = api
    return activation


relu = _plain_unary("relu", _relu)


def relu_(x, name=None):
    return _inplace(x, _relu(_x("relu", "relu", x)))


relu6 = _checked_unary("relu6", "relu6", F.relu6)


sigmoid = _plain_unary("sigmoid", _sigmoid)


tanh = _plain_unary("tanh", _tanh)


def tanh_(x, name=None):
    return _inplace(x, _tanh(_x("tanh", "tanh", x)))


def celu(x, alpha=1.0, name=None):
    if alpha == 0:
        raise ZeroDivisionError("alpha cannot be 0 for celu")
    return wrap(F.celu(_x("celu", "celu", x), _f32(alpha)))


def elu(x, alpha=1.0, name=None):
    xt = _x("elu", "elu", x)
    t = xt
    alpha = _f32(alpha)
    if alpha >= 0:
        return wrap(F.elu(t, alpha))
    return wrap(torch.where(t > 0, t, alpha * torch.expm1(t)))


def elu_(x, alpha=1.0, name=None):
    assert alpha >= 0.0, "elu_ only support alpha >= 0, please use elu instead."
    return _inplace(x, F.elu(_x("elu", "elu", x), _f32(alpha)))


def gelu(x, approximate=False, name=None):
    xt = _x("gelu", "gelu", x)
    if type(approximate) is not bool and approximate is not None:
        raise _attr_type("gelu", 2, "bool", approximate)  # Paddle's bool attribute parser also takes None
    return wrap(F.gelu(xt, approximate="tanh" if approximate else "none"))


def hardshrink(x, threshold=0.5, name=None):
    xt = _x("hardshrink", "hard_shrink", x)
    t = xt
    threshold = _float_attr("hardshrink", 2, threshold)
    return wrap(torch.where((t > threshold) | (t < -threshold), t, torch.zeros_like(t)))


def hardtanh(x, min=-1.0, max=1.0, name=None):  # noqa: A002
    return wrap(_hardtanh(_x("hardtanh", "hardtanh", x), min, max))


def _hardtanh(xt, lo, hi):
    if xt.requires_grad:  # Paddle's grad: dout where lo < x < hi (a NaN bound: nowhere), else 0
        inside = (xt.detach() > _f32(lo)) & (xt.detach() < _f32(hi))
        return torch.where(inside, xt, torch.clamp(xt.detach(), *_hardtanh_bounds(lo, hi)))
    return torch.clamp(xt, *_hardtanh_bounds(lo, hi))


def _hardtanh_bounds(lo, hi):
    """Paddle's functor is min(max(x, lo), hi) with C++ std::max/min: a NaN bound leaves x as it is."""
    lo, hi = _f32(lo), _f32(hi)
    return (None if lo != lo else lo), (None if hi != hi else hi)


def hardtanh_(x, min=-1.0, max=1.0, name=None):  # noqa: A002
    return _inplace(x, _hardtanh(_x("hardtanh", "hardtanh", x), min, max))


def hardsigmoid(x, slope=0.1666667, offset=0.5, name=None):
    xt = _x("hardsigmoid", "hardsigmoid", x)
    return wrap(torch.clamp(xt * _f32(slope) + _f32(offset), 0.0, 1.0))


def hardswish(x, name=None):
    xt = _x("hardswish", "hardswish", x)
    if xt.is_complex():  # Paddle's complex functor clamps x + 3 to [0, 6] by its real part
        s = xt + 3
        s = torch.where(s.real < 0, torch.zeros_like(s), torch.where(s.real > 6, torch.full_like(s, 6), s))
        return wrap(xt * s / 6)
    return wrap(F.hardswish(xt))


def leaky_relu(x, negative_slope=0.01, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("leaky_relu", x)
    if xt.dtype is not _F32 and xt.dtype not in _LEAKY_OK:
        _refuse("leaky_relu", xt.dtype)
    slope = _f32(negative_slope)
    if slope != slope:  # Paddle's functor picks between x and slope*x with std::min/max: a NaN slope keeps x
        return wrap(xt.clone())
    return wrap(F.leaky_relu(xt, slope))


def leaky_relu_(x, negative_slope=0.01, name=None):
    t = _x("leaky_relu", "leaky_relu", x)
    slope = _f32(negative_slope)
    return _inplace(x, t.clone() if slope != slope else F.leaky_relu(t, slope))


def log_sigmoid(x, name=None):
    xt = _x("log_sigmoid", "logsigmoid", x)
    if xt.is_complex():
        return wrap(-torch.log1p(torch.exp(-xt)))
    return wrap(F.logsigmoid(xt))


def maxout(x, groups, axis=1, name=None):
    try:
        xt = x._t
    except AttributeError:
        _not_tensor("maxout", x)
    t = xt
    if axis not in (1, -1, 3):
        raise errors.invalid_argument(
            "Attr(axis) should be 1 when data format is NCHW, -1 or 3 when data format is NHWC. Received "
            f"Attr(axis): {axis}."
        )
    _check_kernel("maxout", t)
    if t.dim() != 4:
        raise ValueError(f"(InvalidArgument) maxout: the input x must be a 4-D Tensor, but received {t.dim()}-D.")
    ax = 3 if axis == -1 else axis
    c = t.shape[ax]
    if groups <= 1:
        raise ValueError(
            f"(InvalidArgument) Attr(groups) of Op(maxout) should be larger than 1. But received {groups}.")
    if c % groups != 0:
        raise ValueError(
            f"(InvalidArgument) maxout: the number of input channels ({c}) must be divisible by groups ({groups})."
        )
    shape = list(t.shape)
    shape[ax:ax + 1] = [c // groups, groups]
    return wrap(t.reshape(shape).amax(dim=ax + 1))


_PRELU_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def prelu(x, weight, data_format="NCHW", name=None):
    w = weight._t  # Paddle reads weight.shape first: AttributeError for a non-Tensor, as here
    assert w.dim() in (0, 1), "The dim count of weight shape should be 0 or 1 in prelu()."
    t = _tensor_of("prelu", "x", 0, x)
    _keyed("prelu", t, w, t)
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
    t = _tensor_of("rrelu", "x", 0, x)
    _check_kernel("rrelu", t)
    if not training:
        return wrap(torch.where(t >= 0, t, t * ((lower + upper) / 2.0)))
    from ...tensor.random import paddle_stream_applies

    if not paddle_stream_applies(t):
        slope = torch.empty_like(t).uniform_(lower, upper)
        return wrap(torch.where(t >= 0, t, t * slope))
    # Paddle's CPU kernel draws one float32 uniform per element that is not >= 0, in element order
    from ..._core import paddle_rng
    from ...framework.random import cpu_engine

    drawn = ~(t >= 0)
    slope = torch.ones_like(t)
    count = int(drawn.sum())
    if count:
        values = paddle_rng.uniform_real(cpu_engine(), count, np.float32(lower), np.float32(upper), np.float32)
        if t.dtype is torch.bfloat16:
            values = paddle_rng.to_bfloat16_bits(values)
        slope = slope.masked_scatter(drawn, torch.from_numpy(values).to(t.dtype))
    return wrap(torch.where(drawn, t * slope, t))


def selu(x, scale=1.0507009873554804934193349852946, alpha=1.6732632423543772848170429916717, name=None):
    if scale <= 1.0:
        raise ValueError(f"The scale must be greater than 1.0. Received: {scale}.")
    if alpha < 0:
        raise ValueError(f"The alpha must be no less than zero. Received: {alpha}.")
    t = _x("selu", "selu", x)
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


def _softmax_input(api, x, dtype):
    t = _tensor_of(api, "x", 0, x)
    if dtype is not None:
        t = t.to(to_torch_dtype(dtype))
    if t.dtype is not _F32 and t.dtype not in _OK[api]:
        _refuse(api, t.dtype)
    return t


_EXP_MINUS_64 = math.exp(-64.0)


def softmax_clipped(t, axis):
    """torch.softmax with Paddle's CPU kernel floor: the shifted logits x - max(x) are clipped at -64, so an
    output is never below exp(-64) / sum (2.6.2: softmax([0, -100]) is [1, 1.6038109e-28], where torch gives
    3.7e-44 or 0)."""
    out = torch.softmax(t, axis)
    if not out.is_floating_point() or (_Mode.static and not _Mode.suspended):  # recording: one softmax op
        return out
    if torch.compiler.is_exporting():  # jit.save: one softmax op, whose Paddle kernel applies the floor itself
        return out
    d = out.detach()
    # out >= exp(-64) everywhere means no shifted logit lies below -64 (the row's sum is >= 1): nothing to clip
    if not torch.compiler.is_compiling() and (not d.numel() or d.min().item() >= _EXP_MINUS_64):
        return out
    return _FlooredSoftmax.apply(t, axis, d)


class _FlooredSoftmax(torch.autograd.Function):
    """The floored values; the gradient from them, as Paddle's grad kernel: y * (g - sum(g * y))."""

    @staticmethod
    def forward(ctx, t, axis, out):
        x = t.detach()
        shifted = x - x.amax(axis, keepdim=True)
        total = torch.exp(shifted.clamp_min(-64.0)).sum(axis, keepdim=True)
        floor = torch.tensor(_EXP_MINUS_64, dtype=x.dtype) / total
        y = torch.where(shifted < -64.0, floor, out)
        ctx.save_for_backward(y)
        ctx.axis = axis
        return y

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return y * (g - (g * y).sum(ctx.axis, keepdim=True)), None, None


def _softmax(t, axis):
    try:
        return softmax_clipped(t, axis)
    except TypeError:  # torch's argument parser; Paddle's raises ValueError
        raise ValueError(
            f"(InvalidArgument) softmax(): argument 'axis' must be int, but got {type(axis).__name__}"
        ) from None
    except IndexError:
        _axis_range(t.dim(), axis)
        raise


def softmax(x, axis=-1, dtype=None, name=None):
    if dtype is None:  # the common call, inline; a non-Tensor, a refused dtype and torch's errors take the checked path
        try:
            t = x._t
            if t.dtype is _F32 or t.dtype in _SOFTMAX_OK:
                return wrap(softmax_clipped(t, axis))
        except (AttributeError, TypeError, IndexError):
            pass
    return wrap(_softmax(_softmax_input("softmax", x, dtype), axis))


def softmax_(x, axis=-1, dtype=None, name=None):
    return _inplace(x, _softmax(_softmax_input("softmax", x, dtype), axis))


def log_softmax(x, axis=-1, dtype=None, name=None):
    t = _softmax_input("log_softmax", x, dtype)
    if type(axis) is not int:
        if isinstance(axis, bool):
            raise _attr_type("log_softmax", 2, "int", axis)
        axis = _int_attr("log_softmax", 2, axis)
    _axis_range(t.dim(), axis)
    return wrap(log_softmax_clipped(t, axis))


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
    xt = _x("softplus", "softplus", x)
    beta, threshold = _f32(beta), _f32(threshold)
    if xt.is_complex():  # Paddle's complex functor: the threshold compares the real part of beta * x
        bx = xt * beta
        return wrap(torch.where(bx.real > threshold, xt, torch.log1p(torch.exp(bx)) / beta))
    return wrap(F.softplus(xt, beta, threshold))


def softshrink(x, threshold=0.5, name=None):
    if threshold < 0:
        raise ValueError(f"The threshold must be no less than zero. Received: {threshold}.")
    t = _x("softshrink", "softshrink", x)
    lam = _f32(threshold)
    # Paddle's functor: (x > l) * (x - l) + (x < -l) * (x + l): +0.0 inside the band (never -0.0), and
    # NaN for +-inf (0 * inf) as well as for NaN
    return wrap((t > lam).to(t.dtype) * (t - lam) + (t < -lam).to(t.dtype) * (t + lam))


softsign = _checked_unary("softsign", "softsign", F.softsign)


silu = _checked_unary("silu", "silu", F.silu)


swish = _checked_unary("swish", "swish", F.silu)


mish = _checked_unary("mish", "mish", F.mish)


def tanhshrink(x, name=None):
    xt = _x("tanhshrink", "tanh_shrink", x)
    t = xt
    return wrap(t - torch.tanh(t))


def thresholded_relu(x, threshold=1.0, name=None):
    xt = _x("thresholded_relu", "thresholded_relu", x)
    t = xt
    threshold = _float_attr("thresholded_relu", 2, threshold)
    return wrap(torch.where(t > threshold, t, torch.zeros_like(t)))


def thresholded_relu_(x, threshold=1.0, name=None):
    t = _x("thresholded_relu", "thresholded_relu", x)
    threshold = _float_attr("thresholded_relu", 2, threshold)
    return _inplace(x, torch.where(t > threshold, t, torch.zeros_like(t)))


def glu(x, axis=-1, name=None):
    t = _tensor_of("glu", "x", 0, x)
    _check_kernel("split_with_num", t)  # Paddle halves x with split before the sigmoid
    _check_kernel("sigmoid", t)
    rank = t.dim()
    if not (-rank <= axis < rank):
        raise ValueError(f"Expected value range of `axis` is [{-rank}, {rank}), but received axis: {axis}")
    if type(axis) is not int:  # Paddle halves x with split, whose int attribute takes bools but no floats
        if isinstance(axis, float):
            raise _attr_type("split", 3, "int", axis)
        axis = int(axis)
    if t.shape[axis] % 2:
        raise ValueError(
            "(InvalidArgument) The input's size along the split dimension must be evenly divisible by "
            f"Attr(num_or_sections). But received Attr(num_or_sections) = 2, input(X)'s shape = {list(t.shape)}, "
            f"Attr(dim) = {axis}.")
    return wrap(F.glu(t, axis))


def gumbel_softmax(x, temperature=1.0, hard=False, axis=-1, name=None):
    xt = _x("gumbel_softmax", "gumbel_softmax", x)
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
    from ...tensor.random import paddle_stream_applies

    if paddle_stream_applies(t) and t.dtype in (torch.float32, torch.float64):
        # Paddle's CPU kernel: uniform draws in [1e-5, 1) from its own stream, in the input's dtype
        from ..._core import paddle_rng
        from ...framework.random import cpu_engine

        np_dtype = np.float64 if t.dtype is torch.float64 else np.float32
        u = torch.from_numpy(paddle_rng.uniform_real(cpu_engine(), t.numel(), 0.00001, 1.0, np_dtype))
        g = -torch.log(-torch.log(u.reshape(t.shape)))
    else:
        u = torch.rand_like(t).clamp_min(1e-20)
        g = -torch.log((-torch.log(u)).clamp_min(1e-20))
    try:
        y = softmax_clipped((t + g) / temperature, axis)
    except TypeError:
        raise ValueError(f"(InvalidArgument) gumbel_softmax(): argument 'axis' must be int, but got "
                         f"{type(axis).__name__}") from None
    except IndexError:
        _axis_range(t.dim(), axis)
        raise
    if hard:
        idx = y.argmax(dim=axis, keepdim=True)
        y_hard = torch.zeros_like(y).scatter_(axis, idx, 1.0)
        y = y_hard - y.detach() + y
    return wrap(y)
