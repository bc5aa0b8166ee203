"""``paddle.nn.functional`` normalisation (norm.py in Paddle 2.6) on ``torch.nn.functional``.

batch_norm follows Paddle: ``running = momentum * running + (1 - momentum) * batch`` with the
*biased* batch variance, running statistics updated in place, and ``use_global_stats=None`` meaning
``not training`` (``training=False, use_global_stats=False`` still uses and updates batch stats).
"""

import math
import numbers

import numpy as np
import torch
import torch.nn.functional as F  # noqa: N812

from ..._core import Tensor, errors, wrap
from ...framework.program import _Mode as _static_mode
from ._checks import attr_type as _attr_type
from ._checks import check_kernel as _check_kernel
from ._checks import float_attr as _float_attr

__all__ = ["batch_norm", "instance_norm", "layer_norm", "local_response_norm", "normalize"]

_BN_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


_FLOAT32_EPS = {}


def _float32_eps(value):
    """Paddle's norm kernels hold epsilon in a float32 attribute: 1e-5 acts as 9.99999974737875e-06, which
    shows in float64 (2e-13 relative for a unit variance, amplified by deep nets: RepVGG_D2se)."""
    try:
        return _FLOAT32_EPS[value]
    except KeyError:
        pass
    except TypeError:  # unhashable: left to the caller's checks
        return value
    if isinstance(value, (float, int)) and not isinstance(value, bool):
        if 1.1754943508222875e-38 <= abs(value) <= 3.4028234663852886e38:
            # float32 rounding (to nearest even) in Python arithmetic: traced by torch.compile/export as a
            # constant, where np.float32 became a tensor cast op in jit.save's program
            mantissa, exponent = math.frexp(value)
            rounded = math.ldexp(round(mantissa * (1 << 24)) / (1 << 24), exponent)
        else:
            rounded = float(np.float32(value))
        if len(_FLOAT32_EPS) < 64:
            _FLOAT32_EPS[value] = rounded
        return rounded
    return value


def _cf_perm(nd):
    return (0, nd - 1) + tuple(range(1, nd - 1))


def _cl_perm(nd):
    return (0,) + tuple(range(2, nd)) + (1,)


def _bn(t, rm, rv, w, b, use_batch_stats, momentum, epsilon, is_test=False):
    """Channels-first batch norm on torch tensors; updates rm / rv in place when using batch stats.

    ``is_test`` with batch stats (Paddle's ``training=False, use_global_stats=False``): the forward uses
    the batch statistics but Paddle's backward differentiates the global-stats formula with the
    freshly updated running statistics; reproduced with a straight-through sum.
    """
    epsilon = _float32_eps(epsilon)
    if _static_mode.static and not _static_mode.suspended and "_pdv" in t.__dict__:  # static: one batch_norm op
        from ...framework.program import static_batch_norm

        return static_batch_norm(_bn, t, rm, rv, w, b, use_batch_stats, momentum, epsilon)
    if not use_batch_stats:
        return F.batch_norm(
            t, None if rm is None else rm.detach(), None if rv is None else rv.detach(), w, b, False, 0.0, epsilon
        )
    if rm is None and rv is None:
        return F.batch_norm(t, None, None, w, b, True, 0.0, epsilon)
    # one pass: torch's saved batch mean / inverse std give the biased variance Paddle tracks
    out, mean, invstd = torch.native_batch_norm(t, w, b, None, None, True, 0.0, epsilon)
    with torch.no_grad():
        if rm is not None:
            rm.mul_(momentum).add_(mean.to(rm.dtype), alpha=1.0 - momentum)
        if rv is not None:
            var = invstd.double().pow(-2).sub_(epsilon)
            rv.mul_(momentum).add_(var.to(rv.dtype), alpha=1.0 - momentum)
    if is_test and rm is not None and rv is not None and torch.is_grad_enabled():
        g = F.batch_norm(t, rm.detach(), rv.detach(), w, b, False, 0.0, epsilon)
        out = out.detach() + (g - g.detach())
    return out


def batch_norm(
    x,
    running_mean,
    running_var,
    weight=None,
    bias=None,
    training=False,
    momentum=0.9,
    epsilon=1e-05,
    data_format="NCHW",
    use_global_stats=None,
    name=None,
):
    if not isinstance(x, Tensor):
        raise TypeError(f"The x of batch_norm must be a Tensor, but received {type(x).__name__}.")
    if x._t.dim() < 2:
        raise ValueError("input dim must be larger than 1")
    if data_format not in _BN_FORMATS:
        raise ValueError(
            f"data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', 'NLC', 'NHWC', 'NDHWC' but receive {data_format}"
        )
    if use_global_stats is None:
        use_global_stats = not training
    t = x._t
    nd = t.dim()
    channel_last = data_format[1] != "C" and nd > 2
    if channel_last:
        t = t.permute(_cf_perm(nd))
    c = t.shape[1]
    stats = [None if v is None else v._t for v in (running_mean, running_var)]
    for i, v in enumerate(stats):
        # Paddle's inference kernel reads the first C running statistics: longer ones work there
        if use_global_stats and v is not None and v.dim() == 1 and v.numel() > c:
            stats[i] = v[:c]
    for nm, v in (
        ("running_mean", stats[0]),
        ("running_var", stats[1]),
        ("weight", weight),
        ("bias", bias),
    ):
        if v is not None and (v if isinstance(v, torch.Tensor) else v._t).numel() != c:
            raise ValueError(
                f"The size of {nm} should equal the number of channels {c} of the input (shape {x.shape}, "
                f"data_format {data_format}), but received {v.shape}."
            )
    out = _bn(
        t,
        stats[0],
        stats[1],
        None if weight is None else weight._t,
        None if bias is None else bias._t,
        not use_global_stats,
        momentum,
        epsilon,
        not training,
    )
    if channel_last:
        out = out.permute(_cl_perm(nd))
    return wrap(out)


def layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05, name=None):
    input_shape = list(x._t.shape)
    if isinstance(normalized_shape, numbers.Integral):
        normalized_shape = [int(normalized_shape)]
    elif isinstance(normalized_shape, (tuple, list)):
        normalized_shape = list(normalized_shape)
    else:
        raise ValueError("`normalized_shape` should be int, list of ints or tuple of ints.")
    n = len(normalized_shape)
    if len(input_shape) < n or input_shape[len(input_shape) - n :] != normalized_shape:
        s = str(normalized_shape)
        raise ValueError(
            f"Given normalized_shape is {s}, expected input with shape [*, {s[1:]}, but got input shape {input_shape}"  # noqa: E501
        )
    eps = epsilon if type(epsilon) is float else _float_attr("layer_norm", 4, epsilon)
    if x._t.dtype is not torch.float32:
        _check_kernel("layer_norm", x._t)
    if not 0.0 <= eps <= 0.001:
        raise ValueError(f"(InvalidArgument) 'epsilon' in Op(LayerNorm) should be between0.0 and 0.001, But received "
                         f"[{epsilon}].")
    eps = _float32_eps(eps)
    w = None if weight is None else weight._t
    b = None if bias is None else bias._t
    # Paddle takes LayerNorm weight/bias flattened ([prod(normalized_shape)])
    for nm, v in (("Scale", w), ("Bias", b)):
        if v is not None and v.dim() != 1:
            raise errors.invalid_argument(
                f"The dimensions of Input({nm}) must be 1, but received dimensions of Input({nm}) is {v.dim()}"
            )
    if n > 1:
        w = None if w is None else w.reshape(normalized_shape)
        b = None if b is None else b.reshape(normalized_shape)
    return wrap(F.layer_norm(x._t, normalized_shape, w, b, eps))


def instance_norm(
    x,
    running_mean=None,
    running_var=None,
    weight=None,
    bias=None,
    use_input_stats=True,
    momentum=0.9,
    eps=1e-05,
    data_format="NCHW",
    name=None,
):
    # Paddle 2.6's dynamic-mode kernel always normalises over dims 2.. (channel at dim 1) and ignores
    # running stats / use_input_stats / data_format.
    t = x._t
    eps = _float32_eps(_float_attr("instance_norm", 4, eps))
    _check_kernel("instance_norm", t)
    if t.dim() < 2:
        raise ValueError(f"The input of instance_norm should be at least 2-D, but received shape {x.shape}")
    if t.dim() == 2:  # [N, C]: each instance has a single element -> normalised value 0, output = bias
        out = t * 0.0
        if weight is not None:
            out = out * weight._t
        if bias is not None:
            out = out + bias._t
        return wrap(out)
    return wrap(
        F.instance_norm(
            t,
            None,
            None,
            None if weight is None else weight._t,
            None if bias is None else bias._t,
            True,
            0.0,
            eps,
        )
    )


def local_response_norm(x, size, alpha=1e-4, beta=0.75, k=1.0, data_format="NCHW", name=None):
    if data_format not in ("NCL", "NLC", "NCHW", "NHWC", "NCDHW", "NDHWC"):
        raise ValueError(f"data_format should be in one of [NCL, NCHW, NCDHW, NLC, NHWC, NDHWC], but got {data_format}")
    t = x._t
    nd = t.dim()
    if nd < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input, but got {nd} dimensions")
    if type(size) is not int:
        size // 2  # Paddle computes the padding first: TypeError for a str
        if not isinstance(size, numbers.Integral):  # then pads with a list of int
            raise _attr_type("pad3d", 2, "list of int", size)
    if size < 1e-3:  # Paddle's avg_pool3d check of its window
        raise ValueError(f"Excepted the input kernel_size to be greater than 0.001 but received x: {size}. ")
    _check_kernel("pool3d", t)
    channel_last = data_format[-1] == "C"
    if channel_last:
        t = t.permute(_cf_perm(nd))
    out = F.local_response_norm(t, size, alpha, beta, k)
    if channel_last:
        out = out.permute(_cl_perm(nd))
    return wrap(out)


def normalize(x, p=2, axis=1, epsilon=1e-12, name=None):
    t = x._t
    if t.dim() == 1 and axis not in (0, -1):
        raise ValueError(f"Axis must be 0 or -1 when x is a 1-D tensor, but received axis = {axis}")
    p = float(p)  # Paddle's own float(p): TypeError / ValueError as Python's
    _check_kernel("p_norm", t)
    if not t.numel():
        raise ValueError("(InvalidArgument) The dims of Input(X) should be greater than 0.")
    if p != p:  # Paddle's p_norm of a NaN order is 0: x / epsilon
        return wrap(t / epsilon)
    try:
        norm = torch.linalg.vector_norm(t, ord=p, dim=axis, keepdim=True)
        return wrap(t / torch.clamp_min(norm, epsilon))
    except (TypeError, IndexError, RuntimeError) as e:  # Paddle's p_norm argument checks raise ValueError
        if isinstance(e, RuntimeError) and type(axis) is int:
            raise
        raise ValueError(f"(InvalidArgument) normalize(): invalid axis {axis!r} or epsilon {epsilon!r}: {e}") from None
