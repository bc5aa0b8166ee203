"""``paddle.tensor.random``: random sampling on torch's generator.

Shapes, dtypes, ranges and distributions follow Paddle 2.6; the bit streams do not (torch's generator
is not Paddle's), so seeded results differ from real Paddle's numbers.
"""

import torch

from .._core import Tensor, errors, wrap
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
    _uniform_fill(out, float(_scalar(min)), float(_scalar(max)), _gen(seed))
    return wrap(out)


def _uniform_fill(out, lo, hi, gen):
    if lo <= hi and hi - lo < float("inf"):
        out.uniform_(lo, hi, generator=gen)
    else:  # Paddle draws min + (max - min) * u for any bounds (min > max, NaN, inf): no error
        out.uniform_(0.0, 1.0, generator=gen).mul_(hi - lo).add_(lo)


def uniform_(x, min=-1.0, max=1.0, seed=0, name=None):  # noqa: A002
    _check_inplace(x)
    if x._t.dtype not in _FLOATS:
        raise _not_registered(x._t.dtype, "uniform_inplace", "float32, float64")
    with torch.no_grad():
        _uniform_fill(x._t, float(_scalar(min)), float(_scalar(max)), _gen(seed))
    return x


def rand(shape, dtype=None, name=None):
    return uniform(shape, dtype, 0.0, 1.0)


# --- normal --------------------------------------------------------------------------------------
def _gaussian(shape, mean, std, dtype, api, gen=None):
    shape = shape_arg("gaussian", 1, shape)
    d = _float_dtype(dtype, "gaussian", (torch.float64, torch.float32))
    try:
        out = torch.empty(shape, dtype=d, device=current_device())
    except RuntimeError as e:
        raise _negative_shape(shape, e) from None
    _normal_fill(out, float(mean), float(std), gen)
    return out


def _normal_fill(out, mean, std, gen=None):
    if std >= 0:
        out.normal_(mean, std, generator=gen)
    else:  # Paddle computes mean + std * z for any std (negative, NaN): no error
        out.normal_(0.0, 1.0, generator=gen).mul_(std).add_(mean)


def standard_normal(shape, dtype=None, name=None):
    return wrap(_gaussian(shape, 0.0, 1.0, dtype, "standard_normal"))


def randn(shape, dtype=None, name=None):
    return wrap(_gaussian(shape, 0.0, 1.0, dtype, "randn"))


def gaussian(shape, mean=0.0, std=1.0, seed=0, dtype=None, name=None):
    return wrap(_gaussian(shape, mean, std, dtype, "gaussian", _gen(seed)))


def gaussian_(x, mean=0.0, std=1.0, seed=0, name=None):
    _check_inplace(x)
    with torch.no_grad():
        _normal_fill(x._t, float(_scalar(mean)), float(_scalar(std)), _gen(seed))
    return x


def normal(mean=0.0, std=1.0, shape=None, name=None):
    if isinstance(mean, Tensor):
        m = mean._t
        if m.dtype not in _FLOATS:
            raise _not_registered(m.dtype, "gaussian", "float64, float32")
        if isinstance(std, Tensor):
            s = std._t.to(m.dtype).reshape(m.shape)
        else:
            s = float(std)
        out = torch.randn(m.shape, dtype=m.dtype, device=m.device)
        return wrap(out * s + m)
    if isinstance(std, Tensor):
        s = std._t
        if s.dtype not in _FLOATS:
            raise _not_registered(s.dtype, "gaussian", "float64, float32")
        out = torch.randn(s.shape, dtype=s.dtype, device=s.device)
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
        t.exponential_(float(_scalar(lam)))
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
    try:
        return wrap(torch.randint(low, high, shape, dtype=d, device=current_device()))
    except RuntimeError as e:
        raise _negative_shape(shape, e) from None


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
    out = torch.randint(int(low), int(high), t.shape, dtype=torch.int64, device=t.device)
    return wrap(out.to(d))


def randperm(n, dtype="int64", name=None):
    d = to_torch_dtype(dtype)
    n = int_arg("randperm", 1, n)
    if d not in _RANDPERM:
        raise kernel_error("randperm", d)
    if n < 0:
        raise errors.empty_meta()
    return wrap(torch.randperm(n, dtype=torch.int64, device=current_device()).to(d))


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
    return wrap(torch.bernoulli(t.detach()))


def poisson(x, name=None):
    t = _float_input(x, "poisson")
    return wrap(torch.poisson(t.detach()))


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
    return wrap(torch.multinomial(t.detach(), int(num_samples), bool(replacement)))
