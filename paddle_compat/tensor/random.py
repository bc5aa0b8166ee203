"""``paddle.tensor.random``: random sampling.

On CPU the creation ops draw from Paddle's own engine and distributions (``_core.paddle_rng``), so after
``paddle.seed`` they give real Paddle 2.6's numbers bit for bit. On CUDA the numbers come from torch's
generator (same shapes, dtypes and distributions).
"""

import math

import numpy as np
import torch

from .._core import Tensor, errors, paddle_rng, wrap
from .._core.dtypes import default_float, to_torch_dtype
from .._core.op_table import declare, kernel_error
from .._core.place import current_device
from ._pyargs import int_arg, shape_arg
from .manipulation import _check_inplace, _not_tensor

__all__ = [
    "multinomial", "normal", "normal_", "randint", "randint_like", "uniform", "rand", "bernoulli", "poisson",
    "randn", "randperm", "standard_normal",
]

TENSOR_METHODS = ("uniform_", "exponential_", "multinomial", "normal_")

_FLOATS = (torch.float32, torch.float64)
_RANDPERM = declare("randperm", "i32 i64 f64 f32").dtypes


def _not_registered(d, api, supported):
    return RuntimeError(
        f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {str(d)[6:]}) of kernel `{api}` is not "
        f"registered. Selected wrong DataType `{str(d)[6:]}`. Paddle support following DataTypes: {supported}."
    )


def _float_dtype(dtype, api, allowed=_FLOATS):
    d = default_float().torch if dtype is None else to_torch_dtype(dtype)
    if d not in allowed:
        raise _not_registered(d, api, ", ".join(str(a)[6:] for a in allowed))
    return d


def paddle_stream_applies(t=None):
    """Whether a draw into ``t`` (or on the current device) comes from Paddle's CPU engine: a CPU tensor
    outside static-graph building (a static program records torch's random op, which draws afresh at
    every run as Paddle's programs do), or computing eagerly inside it (the startup program's initializer
    ops: Paddle's draw from the global engine when the startup program runs)."""
    if (t.device if t is not None else current_device()).type != "cpu":
        return False
    from ..framework.program import _Mode

    return not _Mode.static or _Mode.suspended > 0


_on_cpu = paddle_stream_applies


def _engine(seed=0):
    from ..framework.random import cpu_engine

    return cpu_engine(seed)


_NUMPY_FLOAT = {torch.float32: np.float32, torch.float64: np.float64}


def _fill_from(out, values):
    """Write the numpy ``values`` (flat, in out's element order) into ``out``."""
    src = torch.from_numpy(values).reshape(out.shape)
    if out.dtype is torch.bfloat16 and src.dtype is torch.float32:
        src = src.to(torch.bfloat16)  # values already truncated to bfloat16, so this is exact
    out.copy_(src)
    return out


def paddle_uniform_values(engine, n, lo, hi, dtype):
    """What Paddle's uniform kernel writes for ``n`` elements of torch ``dtype``: min/max pass as float32,
    bfloat16 is drawn in float32 and truncated."""
    lo, hi = np.float32(lo), np.float32(hi)
    if dtype is torch.bfloat16:
        return paddle_rng.to_bfloat16_bits(paddle_rng.uniform_real(engine, n, lo, hi, np.float32))
    return paddle_rng.uniform_real(engine, n, lo, hi, _NUMPY_FLOAT[dtype])


def paddle_normal_values(engine, n, mean, std, dtype):
    """What Paddle's gaussian kernels write: mean/std pass as float32, the polar method runs in dtype."""
    return paddle_rng.normal(engine, n, np.float32(mean), np.float32(std), _NUMPY_FLOAT[dtype])


def _gen(seed):
    if not seed:
        return None
    g = torch.Generator(device=current_device())
    g.manual_seed(int(seed))
    return g


def _negative_shape(shape, torch_error):
    """The error of allocating a random op's output of ``shape`` that torch refused: Paddle's for a negative
    dimension, else torch's own."""
    return errors.empty_meta() if any(s < 0 for s in shape) else torch_error


def _scalar(v):
    return v._t.item() if isinstance(v, Tensor) else v


# --- uniform -------------------------------------------------------------------------------------
def uniform(shape, dtype=None, min=-1.0, max=1.0, seed=0, name=None):  # noqa: A002 - Paddle's names
    shape = shape_arg("uniform", 1, shape)
    d = _float_dtype(dtype, "uniform", (torch.float64, torch.float32, torch.bfloat16))  # Paddle's listing order
    try:
        out = torch.empty(shape, dtype=d, device=current_device())
    except RuntimeError as e:
        raise _negative_shape(shape, e) from None
    _uniform_fill(out, float(_scalar(min)), float(_scalar(max)), seed)
    return wrap(out)


def _uniform_fill(out, lo, hi, seed):
    if _on_cpu(out):
        return _fill_from(out, paddle_uniform_values(_engine(seed), out.numel(), lo, hi, out.dtype))
    gen = _gen(seed)
    if lo <= hi and hi - lo < float("inf"):
        out.uniform_(lo, hi, generator=gen)
    else:  # Paddle draws min + (max - min) * u for any bounds (min > max, NaN, inf): no error
        out.uniform_(0.0, 1.0, generator=gen).mul_(hi - lo).add_(lo)


def uniform_(x, min=-1.0, max=1.0, seed=0, name=None):  # noqa: A002
    _check_inplace(x)
    if x._t.dtype not in _FLOATS:
        raise _not_registered(x._t.dtype, "uniform_inplace", "float32, float64")
    with torch.no_grad():
        _uniform_fill(x._t, float(_scalar(min)), float(_scalar(max)), seed)
    return x


def rand(shape, dtype=None, name=None):
    return uniform(shape, dtype, 0.0, 1.0)


# --- normal --------------------------------------------------------------------------------------
def _gaussian(shape, mean, std, dtype, api, seed=0):
    shape = shape_arg("gaussian", 1, shape)
    d = _float_dtype(dtype, "gaussian", (torch.float64, torch.float32))
    try:
        out = torch.empty(shape, dtype=d, device=current_device())
    except RuntimeError as e:
        raise _negative_shape(shape, e) from None
    _normal_fill(out, float(mean), float(std), seed)
    return out


def _normal_fill(out, mean, std, seed=0):
    if _on_cpu(out) and out.dtype in _NUMPY_FLOAT:
        return _fill_from(out, paddle_normal_values(_engine(seed), out.numel(), mean, std, out.dtype))
    gen = _gen(seed)
    if std >= 0:
        out.normal_(mean, std, generator=gen)
    else:  # Paddle computes mean + std * z for any std (negative, NaN): no error
        out.normal_(0.0, 1.0, generator=gen).mul_(std).add_(mean)
    return out


def standard_normal(shape, dtype=None, name=None):
    return wrap(_gaussian(shape, 0.0, 1.0, dtype, "standard_normal"))


def randn(shape, dtype=None, name=None):
    return wrap(_gaussian(shape, 0.0, 1.0, dtype, "randn"))


def gaussian(shape, mean=0.0, std=1.0, seed=0, dtype=None, name=None):
    return wrap(_gaussian(shape, mean, std, dtype, "gaussian", seed))


def gaussian_(x, mean=0.0, std=1.0, seed=0, name=None):
    _check_inplace(x)
    with torch.no_grad():
        _normal_fill(x._t, float(_scalar(mean)), float(_scalar(std)), seed)
    return x


def _standard_normal_like(t):
    out = torch.empty(t.shape, dtype=t.dtype, device=t.device)
    return _normal_fill(out, 0.0, 1.0)


def normal(mean=0.0, std=1.0, shape=None, name=None):
    if isinstance(mean, Tensor):
        m = mean._t
        if m.dtype not in _FLOATS:
            raise _not_registered(m.dtype, "gaussian", "float64, float32")
        if isinstance(std, Tensor):
            s = std._t.to(m.dtype).reshape(m.shape)
        else:
            s = float(std)
        out = _standard_normal_like(m)
        return wrap(out * s + m)
    if isinstance(std, Tensor):
        s = std._t
        if s.dtype not in _FLOATS:
            raise _not_registered(s.dtype, "gaussian", "float64, float32")
        out = _standard_normal_like(s)
        return wrap(out * s + float(mean))
    return wrap(_gaussian(shape, mean, std, None, "normal"))


def normal_(x, mean=0.0, std=1.0, name=None):
    _check_inplace(x)
    with torch.no_grad():
        _normal_fill(x._t, float(_scalar(mean)), float(_scalar(std)))
    return x


def exponential_(x, lam=1.0, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("exponential_", "x", 0, x) from None
    if t.dtype not in _FLOATS:
        raise _not_registered(t.dtype, "exponential", "float32, float64")
    with torch.no_grad():
        if not _on_cpu(t):
            t.exponential_(float(_scalar(lam)))
            return x
        _fill_from(t, paddle_rng.exponential(_engine(), t.numel(), float(_scalar(lam)), _NUMPY_FLOAT[t.dtype]))
    return x


# --- integers ------------------------------------------------------------------------------------
def randint(low=0, high=None, shape=[1], dtype=None, name=None):  # noqa: B006 - Paddle's default
    low, high = _scalar(low), _scalar(high)
    if high is None:
        if low <= 0:
            raise ValueError(f"If high is None, low must be greater than 0, but received low = {low}.")
        low, high = 0, low
    d = torch.int64 if dtype is None else to_torch_dtype(dtype)
    shape = shape_arg("randint", 3, shape)
    low, high = int_arg("randint", 1, low), int_arg("randint", 2, high)
    if d not in (torch.int32, torch.int64):
        raise _not_registered(d, "randint", "int64, int32")
    if low >= high:
        raise ValueError(
            f"(InvalidArgument) randint's low must less then high, but received: low = {low}, high = {high}."
        )
    return wrap(_randint(low, high, shape, d))


def _randint(low, high, shape, dtype):
    try:
        out = torch.empty(shape, dtype=dtype, device=current_device())
    except RuntimeError as e:
        raise _negative_shape(shape, e) from None
    if not _on_cpu(out):
        return out.random_(low, high)
    return _fill_from(out, paddle_rng.uniform_int(_engine(), out.numel(), low, high - 1))


def randint_like(x, low=0, high=None, dtype=None, name=None):
    low, high = _scalar(low), _scalar(high)
    if high is None:
        if low <= 0:
            raise ValueError(f"If high is None, low must be greater than 0, but received low = {low}.")
        low, high = 0, low
    if low >= high:
        raise ValueError(
            f"(InvalidArgument) randint_like's low must less then high, but received: low = {low}, high = {high}."
        )
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("randint_like", "x", 0, x) from None
    if t.dtype is torch.bfloat16 or t.dtype is torch.float16:
        raise _not_registered(t.dtype, "shape", "(all but float16, bfloat16)")
    d = t.dtype if dtype is None else to_torch_dtype(dtype)
    return wrap(_randint(int(low), int(high), list(t.shape), torch.int64).to(d))


def randperm(n, dtype="int64", name=None):
    d = to_torch_dtype(dtype)
    n = int_arg("randperm", 1, n)
    if d not in _RANDPERM:
        raise kernel_error("randperm", d)
    if n < 0:
        raise errors.empty_meta()
    if not _on_cpu():
        return wrap(torch.randperm(n, dtype=torch.int64, device=current_device()).to(d))
    return wrap(torch.tensor(paddle_rng.shuffle_indices(_engine(), n), dtype=torch.int64).to(d))


# --- dropout masks ---------------------------------------------------------------------------------
def dropout_keep_mask(shape, p, device, program_seed=False, seed=0):
    """The keep mask of Paddle's dropout (bool tensor of ``shape``): on CPU one float32 uniform per element
    from Paddle's engine, kept where ``u >= p`` (the kernel drops ``u < p``; the axis/alpha variants compare
    ``paddle.uniform`` draws the same way). ``program_seed``: the dropout kernel's fixed seed from the default
    program's ``random_seed`` when that is set; ``seed``: a fixed seed given by the caller (0: the global engine)."""
    if device.type != "cpu" or not paddle_stream_applies():
        return torch.rand(shape, device=device) >= p
    if program_seed:
        from ..framework.program import default_main_program

        seed = default_main_program().random_seed
    keep = paddle_rng.uniform_at_least(_engine(seed), math.prod(shape), np.float32(p), np.float32)
    return torch.from_numpy(keep).reshape(tuple(shape))


# --- distributions parameterised by a tensor -----------------------------------------------------
def _float_input(x, api):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor(api, "x", 0, x) from None
    if t.dtype not in _FLOATS:
        raise _not_registered(t.dtype, api, "float64, float32")
    return t


def bernoulli(x, name=None):
    t = _float_input(x, "bernoulli")
    bad = ~((t >= 0) & (t <= 1))
    if bool(bad.any()):
        p = float(t[bad].reshape(-1)[0])
        side = ">= 0" if p < 0 else "<= 1"
        raise IndexError(f"(OutOfRange) The probability should be {side}, but got {p:f}")
    if not _on_cpu(t):
        return wrap(torch.bernoulli(t.detach()))
    p = t.detach().contiguous().numpy()
    u = paddle_rng.uniform_real(_engine(), p.size, 0, 1, p.dtype.type).reshape(p.shape)
    return wrap(torch.from_numpy((u < p).astype(p.dtype)))


def poisson(x, name=None):
    t = _float_input(x, "poisson")
    if not _on_cpu(t):
        return wrap(torch.poisson(t.detach()))
    means = t.detach().contiguous().numpy()
    counts = paddle_rng.poisson(_engine(), means.reshape(-1))
    return wrap(torch.from_numpy(counts.astype(means.dtype).reshape(means.shape)))


def multinomial(x, num_samples=1, replacement=False, name=None):
    t = _float_input(x, "multinomial")
    if not replacement:
        nz = int((t != 0).sum(-1).min().item()) if t.numel() else 0
        if nz < num_samples:
            raise ValueError(
                "(InvalidArgument) When replacement is False, number of samples should be less than non-zero "
                "categories."
            )
    if (t < 0).any():
        raise ValueError("(InvalidArgument) Each element of multinomial'input must >= 0, but got negative.")
    if not _on_cpu(t):
        return wrap(torch.multinomial(t.detach(), int(num_samples), bool(replacement)))
    probs = t.detach().contiguous().numpy()
    rows = probs.reshape(-1, probs.shape[-1]) if probs.ndim else probs.reshape(1, 1)
    out = paddle_rng.multinomial(_engine(), rows, int(num_samples), bool(replacement), probs.dtype.type)
    return wrap(torch.from_numpy(out.reshape(probs.shape[:-1] + (int(num_samples),))))
