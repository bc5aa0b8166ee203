"""``paddle.tensor.random``: random sampling on torch's generator.

Shapes, dtypes, ranges and distributions follow Paddle 2.6; the bit streams do not (torch's generator
is not Paddle's), so seeded results differ from real Paddle's numbers.
"""

import torch

from .._core import Tensor, wrap
from .._core.dtypes import default_float, to_torch_dtype
from .._core.place import current_device
from .manipulation import _check_inplace, _not_tensor

__all__ = [
    "multinomial", "normal", "normal_", "randint", "randint_like", "uniform", "rand", "bernoulli", "poisson",
    "randn", "randperm", "standard_normal",
]

TENSOR_METHODS = ("uniform_", "exponential_", "multinomial", "normal_")

_FLOATS = (torch.float32, torch.float64)


def _shape(shape):
    if isinstance(shape, Tensor):
        return [int(v) for v in shape._t.reshape(-1).tolist()]
    if isinstance(shape, (list, tuple)):
        return [int(s._t.item()) if isinstance(s, Tensor) else int(s) for s in shape]
    if isinstance(shape, int):
        return [shape]
    raise TypeError(f"The type of 'shape' must be list, tuple or Tensor, but received {type(shape).__name__}.")


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


def _scalar(v):
    return v._t.item() if isinstance(v, Tensor) else v


# --- uniform -------------------------------------------------------------------------------------
def uniform(shape, dtype=None, min=-1.0, max=1.0, seed=0, name=None):  # noqa: A002 - Paddle's names
    d = _float_dtype(dtype, "uniform", (torch.float32, torch.float64, torch.bfloat16))
    out = torch.empty(_shape(shape), dtype=d, device=current_device())
    out.uniform_(float(_scalar(min)), float(_scalar(max)), generator=_gen(seed))
    return wrap(out)


def uniform_(x, min=-1.0, max=1.0, seed=0, name=None):  # noqa: A002
    _check_inplace(x)
    if x._t.dtype not in _FLOATS:
        raise _not_registered(x._t.dtype, "uniform_inplace", "float32, float64")
    with torch.no_grad():
        x._t.uniform_(float(_scalar(min)), float(_scalar(max)), generator=_gen(seed))
    return x


def rand(shape, dtype=None, name=None):
    return uniform(shape, dtype, 0.0, 1.0)


# --- normal --------------------------------------------------------------------------------------
def _gaussian(shape, mean, std, dtype, api):
    d = _float_dtype(dtype, "gaussian")
    out = torch.empty(_shape(shape), dtype=d, device=current_device())
    out.normal_(float(mean), float(std))
    return out


def standard_normal(shape, dtype=None, name=None):
    return wrap(_gaussian(shape, 0.0, 1.0, dtype, "standard_normal"))


def randn(shape, dtype=None, name=None):
    return wrap(_gaussian(shape, 0.0, 1.0, dtype, "randn"))


def gaussian(shape, mean=0.0, std=1.0, seed=0, dtype=None, name=None):
    d = _float_dtype(dtype, "gaussian")
    out = torch.empty(_shape(shape), dtype=d, device=current_device())
    out.normal_(float(mean), float(std), generator=_gen(seed))
    return wrap(out)


def gaussian_(x, mean=0.0, std=1.0, seed=0, name=None):
    _check_inplace(x)
    with torch.no_grad():
        x._t.normal_(float(_scalar(mean)), float(_scalar(std)), generator=_gen(seed))
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
    if shape is None:
        raise TypeError("The type of 'shape' in normal must be list, tuple or Tensor, but received NoneType.")
    return wrap(_gaussian(shape, mean, std, None, "normal"))


def normal_(x, mean=0.0, std=1.0, name=None):
    _check_inplace(x)
    with torch.no_grad():
        x._t.normal_(float(_scalar(mean)), float(_scalar(std)))
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
    if d not in (torch.int32, torch.int64):
        raise _not_registered(d, "randint", "int64, int32")
    if low >= high:
        raise ValueError(
            f"(InvalidArgument) randint's low must less then high, but received: low = {low}, high = {high}."
        )
    return wrap(torch.randint(int(low), int(high), _shape(shape), dtype=d, device=current_device()))


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
    n = int(_scalar(n))
    d = to_torch_dtype(dtype)
    if d not in (torch.int32, torch.int64, torch.float32, torch.float64):
        raise TypeError(f"The data type of 'dtype' in randperm must be int32, int64, float32 or float64, got {dtype}.")
    if n < 1:
        raise ValueError("The input n should be greater than 0 in randperm op.")
    return wrap(torch.randperm(n, dtype=torch.int64, device=current_device()).to(d))


# --- distributions parameterised by a tensor -----------------------------------------------------
def bernoulli(x, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("bernoulli", "x", 0, x) from None
    if t.dtype not in _FLOATS:
        raise _not_registered(t.dtype, "bernoulli", "float64, float32")
    return wrap(torch.bernoulli(t.detach()))


def poisson(x, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("poisson", "x", 0, x) from None
    if t.dtype not in _FLOATS:
        raise _not_registered(t.dtype, "poisson", "float64, float32")
    return wrap(torch.poisson(t.detach()))


def multinomial(x, num_samples=1, replacement=False, name=None):
    try:
        t = x._t
    except AttributeError:
        raise _not_tensor("multinomial", "x", 0, x) from None
    if t.dtype not in _FLOATS:
        raise _not_registered(t.dtype, "multinomial", "float64, float32")
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
