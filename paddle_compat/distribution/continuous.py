"""Continuous distributions: Normal, Uniform, Cauchy, Laplace, LogNormal, Gumbel, Beta, Dirichlet."""

import math
import numbers
from collections.abc import Iterable

import numpy as np
import torch

from .._attrs import read_only
from .._core import Tensor, wrap
from .distribution import Distribution, ExponentialFamily
from .transform import AffineTransform, ExpTransform
from .transformed_distribution import TransformedDistribution

__all__ = ["Normal", "Uniform", "Cauchy", "Laplace", "LogNormal", "Gumbel", "Beta", "Dirichlet"]


def _paddle():
    import paddle_compat

    return paddle_compat


def _as_tensors(dist, a, b, names):
    """Paddle's loc/scale handling: ints become floats; Tensors kept; numbers/lists/arrays via _to_tensor."""
    a = float(a) if isinstance(a, int) and not isinstance(a, bool) else a
    b = float(b) if isinstance(b, int) and not isinstance(b, bool) else b
    for value, name in zip((a, b), names):
        if not isinstance(value, (float, np.ndarray, Tensor, list, tuple)):
            raise TypeError(f"{name} must be float, list, tuple, numpy.ndarray or Tensor, but got {type(value)}")
    all_float = isinstance(a, float) and isinstance(b, float)
    if dist._validate_args(a, b):
        return a, b, a.dtype.name, False
    dtype = "float32"
    if isinstance(a, np.ndarray) and str(a.dtype) in ("float32", "float64"):
        dtype = str(a.dtype)
    elif isinstance(b, np.ndarray) and str(b.dtype) in ("float32", "float64"):
        dtype = str(b.dtype)
    ta, tb = dist._to_tensor(a, b)
    if ta.dtype.name != dtype:
        ta, tb = ta.astype(dtype), tb.astype(dtype)
    return ta, tb, dtype, all_float


def _scalar_tensor(value):
    return _paddle().full(shape=[], fill_value=value) if isinstance(value, numbers.Real) else value


def _check_real_or_tensor(value, name):
    if not isinstance(value, (numbers.Real, Tensor)):
        raise TypeError(f"Expected type of {name} is Real|Variable, but got {type(value)}")


def _shapes_differ(loc, scale):
    return loc.shape != scale.shape


def _real_loc_scale(loc, scale, needs_broadcast=_shapes_differ):
    """Cauchy/Laplace/Gumbel arguments: reals or Tensors, reals as 0-D tensors, broadcast together when
    ``needs_broadcast(loc, scale)`` (each distribution has its own condition in Paddle)."""
    _check_real_or_tensor(loc, "loc")
    _check_real_or_tensor(scale, "scale")
    loc, scale = _scalar_tensor(loc), _scalar_tensor(scale)
    if needs_broadcast(loc, scale):
        loc, scale = _paddle().broadcast_tensors([loc, scale])
    return loc, scale


def _laplace_needs_broadcast(loc, scale):
    return (len(scale.shape) > 0 or len(loc.shape) > 0) and loc.dtype == scale.dtype


class Normal(Distribution):
    def __init__(self, loc, scale, name=None):
        self.name = name if name is not None else "Normal"
        self.loc, self.scale, self.dtype, self.all_arg_is_float = _as_tensors(self, loc, scale, ("loc", "scale"))
        super().__init__(self.loc.shape)

    mean = read_only("loc")

    @property
    def variance(self):
        return self.scale.pow(2)

    def sample(self, shape=(), seed=0):
        if not isinstance(shape, Iterable):
            raise TypeError("sample shape must be Iterable object.")
        shape = list(shape)
        output_shape = shape + list((self.loc + self.scale).shape)
        p = _paddle()
        with p.no_grad():
            output = p.normal(0.0, 1.0, output_shape).astype(self.dtype) * (
                p.zeros(output_shape, self.dtype) + self.scale
            )
            output = output + self.loc
        return output.reshape(shape) if self.all_arg_is_float else output

    def rsample(self, shape=()):
        if not isinstance(shape, Iterable):
            raise TypeError("sample shape must be Iterable object.")
        eps = _paddle().normal(shape=list(self._extend_shape(tuple(shape)))).astype(self.dtype)
        return self.loc + eps * self.scale

    def entropy(self):
        zero = _paddle().full(list((self.loc + self.scale).shape), 0.0, self.dtype)
        return (0.5 + zero) + (0.5 * math.log(2 * math.pi) + (self.scale + zero).log())

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.loc, value)
        var = self.scale * self.scale
        return -1.0 * ((value - self.loc) * (value - self.loc)) / (2.0 * var) - (
            self.scale.log() + math.log(math.sqrt(2.0 * math.pi))
        )

    def probs(self, value):
        value = self._check_values_dtype_in_probs(self.loc, value)
        var = self.scale * self.scale
        return (-1.0 * ((value - self.loc) * (value - self.loc)) / (2.0 * var)).exp() / (
            math.sqrt(2 * math.pi) * self.scale
        )

    def kl_divergence(self, other):
        var_ratio = self.scale / other.scale
        var_ratio = var_ratio * var_ratio
        t1 = (self.loc - other.loc) / other.scale
        t1 = t1 * t1
        return 0.5 * var_ratio + 0.5 * (t1 - 1.0 - var_ratio.log())


class Uniform(Distribution):
    def __init__(self, low, high, name=None):
        self.name = name if name is not None else "Uniform"
        self.batch_size_unknown = False
        self.low, self.high, self.dtype, self.all_arg_is_float = _as_tensors(self, low, high, ("low", "high"))
        super().__init__(self.low.shape)

    @property
    def mean(self):
        return (self.low + self.high) / 2

    @property
    def variance(self):
        return (self.high - self.low).pow(2) / 12

    def sample(self, shape, seed=0):
        p = _paddle()
        shape = list(shape)
        output_shape = shape + list((self.low + self.high).shape)
        with p.no_grad():
            output = p.uniform(output_shape, dtype=self.dtype, min=0.0, max=1.0) * (
                p.zeros(output_shape, dtype=self.dtype) + (self.high - self.low)
            )
            output = output + self.low
        return output.reshape(shape) if self.all_arg_is_float else output

    def rsample(self, shape):
        p = _paddle()
        u = p.uniform(list(self._extend_shape(tuple(shape))), dtype=self.dtype, min=0.0, max=1.0)
        return self.low + u * (self.high - self.low)

    def _inside(self, value):
        value = self._check_values_dtype_in_probs(self.low, value)
        return value, (self.low < value).astype(value.dtype) * (value < self.high).astype(value.dtype)

    def log_prob(self, value):
        value, inside = self._inside(value)
        return inside.log() - (self.high - self.low).log()

    def probs(self, value):
        value, inside = self._inside(value)
        return inside / (self.high - self.low)

    def entropy(self):
        return (self.high - self.low).log()


def _undefined_moment(name):
    def undefined(self):
        raise ValueError(f"Cauchy distribution has no {name}.")

    return property(undefined)


class Cauchy(Distribution):
    def __init__(self, loc, scale, name=None):
        self.name = name if name is not None else "Cauchy"
        self.loc, self.scale = _real_loc_scale(loc, scale)
        self.dtype = self.loc.dtype
        super().__init__(batch_shape=self.loc.shape, event_shape=())

    mean, variance, stddev = (_undefined_moment(m) for m in ("mean", "variance", "stddev"))

    def sample(self, shape, name=None):
        with _paddle().no_grad():
            return self.rsample(shape, name)

    def rsample(self, shape, name=None):
        if not isinstance(shape, (np.ndarray, Tensor, list, tuple)):
            raise TypeError(f"Expected type of shape is Sequence[int], but got {type(shape)}")
        shape = list(self._extend_shape(tuple(shape)))
        uniforms = _paddle().rand(shape, dtype=self.dtype)
        return self.loc.expand(shape) + self.scale.expand(shape) * (np.pi * (uniforms - 0.5)).tan()

    def _broadcast(self, value):
        if not isinstance(value, Tensor):
            raise TypeError(f"Expected type of value is Variable, but got {type(value)}")
        value = self._check_values_dtype_in_probs(self.loc, value)
        return _paddle().broadcast_tensors([self.loc, self.scale, value])

    def prob(self, value):
        return self.log_prob(value).exp()

    def log_prob(self, value):
        loc, scale, value = self._broadcast(value)
        return -(((value - loc) / scale).square()).log1p() - (
            _paddle().full(loc.shape, np.log(np.pi), dtype=self.dtype) + scale.log()
        )

    def cdf(self, value):
        loc, scale, value = self._broadcast(value)
        return ((value - loc) / scale).atan() / np.pi + 0.5

    def entropy(self):
        return _paddle().full(self.loc.shape, np.log(4 * np.pi), dtype=self.dtype) + self.scale.log()

    def kl_divergence(self, other):
        if not isinstance(other, Cauchy):
            raise TypeError(f"Expected type of other is Cauchy, but got {type(other)}")
        t1 = ((self.scale + other.scale).pow(2) + (self.loc - other.loc).pow(2)).log()
        t2 = (4 * (self.scale * other.scale)).log()
        return t1 - t2


class Laplace(Distribution):
    def __init__(self, loc, scale):
        self.loc, self.scale = _real_loc_scale(loc, scale, _laplace_needs_broadcast)
        super().__init__(self.loc.shape)

    mean = read_only("loc")

    @property
    def stddev(self):
        return (2**0.5) * self.scale

    @property
    def variance(self):
        return self.stddev.pow(2)

    def _validate_value(self, value):
        value = _scalar_tensor(value)
        if value.dtype != self.scale.dtype:
            value = value.astype(self.scale.dtype)
        if len(self.scale.shape) > 0 or len(self.loc.shape) > 0 or len(value.shape) > 0:
            return _paddle().broadcast_tensors([self.loc, self.scale, value])
        return self.loc, self.scale, value

    def log_prob(self, value):
        loc, scale, value = self._validate_value(value)
        return -(2 * scale).log() - (value - loc).abs() / scale

    def entropy(self):
        return 1 + (2 * self.scale).log()

    def cdf(self, value):
        loc, scale, value = self._validate_value(value)
        return 0.5 - 0.5 * (value - loc).sign() * (-(value - loc).abs() / scale).expm1()

    def icdf(self, value):
        loc, scale, value = self._validate_value(value)
        term = value - 0.5
        return loc - scale * term.sign() * (-2 * term.abs()).log1p()

    def sample(self, shape=()):
        with _paddle().no_grad():
            return self.rsample(tuple(shape))

    def rsample(self, shape):
        eps = 2.22045e-16 if self.loc.dtype.name in ("float64", "complex128") else 1.19209e-07
        shape = list(self._extend_shape(tuple(shape)))
        u = _paddle().uniform(
            shape=shape, min=float(np.nextafter(-1, 1)) + eps / 2, max=1.0 - eps / 2, dtype=self.loc.dtype
        )
        return self.loc - self.scale * u.sign() * (-u.abs()).log1p()

    def kl_divergence(self, other):
        var_ratio = other.scale / self.scale
        t = (self.loc - other.loc).abs()
        return (self.scale * (-t / self.scale).exp() + t) / other.scale + var_ratio.log() - 1


class LogNormal(TransformedDistribution):
    def __init__(self, loc, scale):
        self._base = Normal(loc=loc, scale=scale)
        self.loc = self._base.loc
        self.scale = self._base.scale
        super().__init__(self._base, [ExpTransform()])

    @property
    def mean(self):
        return (self._base.mean + self._base.variance / 2).exp()

    @property
    def variance(self):
        return self._base.variance.expm1() * (2 * self._base.mean + self._base.variance).exp()

    def entropy(self):
        return self._base.entropy() + self._base.mean

    def probs(self, value):
        return self.log_prob(value).exp()

    def kl_divergence(self, other):
        return self._base.kl_divergence(other._base)


class Gumbel(TransformedDistribution):
    def __init__(self, loc, scale):
        self.loc, self.scale = _real_loc_scale(loc, scale)
        finfo = np.finfo(dtype="float32")
        p = _paddle()
        self.base_dist = Uniform(p.full_like(self.loc, float(finfo.tiny)), p.full_like(self.loc, float(1 - finfo.eps)))
        self.transforms = ()
        super().__init__(self.base_dist, self.transforms)

    @property
    def mean(self):
        return self.loc + self.scale * np.euler_gamma

    @property
    def variance(self):
        return self.scale.pow(2) * _paddle().full(self.loc.shape, math.pi * math.pi, dtype=self.scale.dtype) / 6

    @property
    def stddev(self):
        return self.variance.sqrt()

    def prob(self, value):
        y = (self.loc - value) / self.scale
        return (y - y.exp()).exp() / self.scale

    def log_prob(self, value):
        return self.prob(value).log()

    def cdf(self, value):
        return (-(-(value - self.loc) / self.scale).exp()).exp()

    def entropy(self):
        return self.scale.log() + 1 + np.euler_gamma

    def sample(self, shape):
        with _paddle().no_grad():
            return self.rsample(shape)

    def rsample(self, shape):
        p = _paddle()
        exp = ExpTransform()
        flip = AffineTransform(p.full(self.scale.shape, 0, dtype=self.loc.dtype), -p.ones_like(self.scale))
        to_gumbel = AffineTransform(self.loc, -self.scale)
        return to_gumbel.forward(exp.inverse(flip.forward(exp.inverse(self._base.sample(shape)))))


class Dirichlet(ExponentialFamily):
    def __init__(self, concentration):
        if concentration.dim() < 1:
            raise ValueError("`concentration` parameter must be at least one dimensional")
        self.concentration = concentration
        super().__init__(concentration.shape[:-1], concentration.shape[-1:])

    @property
    def mean(self):
        return self.concentration / self.concentration.sum(-1, keepdim=True)

    @property
    def variance(self):
        c0 = self.concentration.sum(-1, keepdim=True)
        return (self.concentration * (c0 - self.concentration)) / (c0.pow(2) * (c0 + 1))

    def sample(self, shape=()):
        c = self.concentration.expand(list(self._extend_shape(tuple(shape))))
        return wrap(torch._sample_dirichlet(c._t.detach()))

    def prob(self, value):
        return self.log_prob(value).exp()

    def log_prob(self, value):
        p = _paddle()
        return (
            (value.log() * (self.concentration - 1.0)).sum(-1)
            + p.lgamma(self.concentration.sum(-1))
            - p.lgamma(self.concentration).sum(-1)
        )

    def entropy(self):
        p = _paddle()
        c0 = self.concentration.sum(-1)
        k = self.concentration.shape[-1]
        return (
            p.lgamma(self.concentration).sum(-1)
            - p.lgamma(c0)
            - (k - c0) * p.digamma(c0)
            - ((self.concentration - 1.0) * p.digamma(self.concentration)).sum(-1)
        )

    @property
    def _natural_parameters(self):
        return (self.concentration,)

    def _log_normalizer(self, x):
        return x.lgamma().sum(-1) - _paddle().lgamma(x.sum(-1))


class Beta(ExponentialFamily):
    def __init__(self, alpha, beta):
        p = _paddle()
        alpha, beta = _scalar_tensor(alpha), _scalar_tensor(beta)
        self.alpha, self.beta = p.broadcast_tensors([alpha, beta])
        self._dirichlet = Dirichlet(p.stack([self.alpha, self.beta], -1))
        super().__init__(self._dirichlet._batch_shape)

    @property
    def mean(self):
        return self.alpha / (self.alpha + self.beta)

    @property
    def variance(self):
        total = self.alpha + self.beta
        return self.alpha * self.beta / (total.pow(2) * (total + 1))

    def prob(self, value):
        return self.log_prob(value).exp()

    def log_prob(self, value):
        return self._dirichlet.log_prob(_paddle().stack([value, 1.0 - value], -1))

    def sample(self, shape=()):
        return _paddle().squeeze(self._dirichlet.sample(tuple(shape))[..., 0], axis=-1)

    def entropy(self):
        return self._dirichlet.entropy()

    @property
    def _natural_parameters(self):
        return (self.alpha, self.beta)

    def _log_normalizer(self, x, y):
        p = _paddle()
        return p.lgamma(x) + p.lgamma(y) - p.lgamma(x + y)
