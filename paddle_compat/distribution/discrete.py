"""Discrete distributions: Bernoulli, Categorical, Geometric, Multinomial."""

import numbers
from collections.abc import Iterable

import numpy as np

from .._core import Tensor
from .distribution import Distribution, ExponentialFamily

__all__ = ["Bernoulli", "Categorical", "Geometric", "Multinomial"]


def _paddle():
    import paddle_compat

    return paddle_compat


def _functional():
    from ..nn import functional

    return functional


class Bernoulli(ExponentialFamily):
    def __init__(self, probs, name=None):
        p = _paddle()
        self.name = name or "Bernoulli"
        if self._validate_args(probs):
            self.probs = probs
            self.dtype = probs.dtype.name
        else:
            [self.probs] = self._to_tensor(probs)
            self.dtype = p.get_default_dtype()
        if bool(p.any(self.probs < 0)) or bool(p.any(self.probs > 1)) or bool(p.any(p.isnan(self.probs))):
            raise ValueError("The arg of `probs` must be in range [0, 1].")
        eps = float(np.finfo(self.dtype).eps)
        self.probs = p.clip(self.probs, min=eps, max=1 - eps).astype(self.dtype)
        self.logits = self._probs_to_logits(self.probs, is_binary=True)
        super().__init__(batch_shape=self.probs.shape, event_shape=())

    @property
    def mean(self):
        return self.probs

    @property
    def variance(self):
        return self.probs * (1 - self.probs)

    def sample(self, shape):
        p = _paddle()
        shape = list(self._extend_shape(tuple(shape)))
        with p.no_grad():
            return p.bernoulli(self.probs.expand(shape))

    def rsample(self, shape, temperature=1.0):
        p = _paddle()
        shape = list(self._extend_shape(tuple(shape)))
        probs = self.probs.expand(shape)
        uniforms = p.rand(shape, dtype=self.dtype)
        logistic = uniforms.log() - (-uniforms).log1p()
        return (logistic + (probs.log() - (-probs).log1p())) / p.full([], temperature, dtype=self.dtype)

    def cdf(self, value):
        p = _paddle()
        value = self._check_values_dtype_in_probs(self.probs, value)
        probs, value = p.broadcast_tensors([self.probs, value])
        zeros, ones = p.zeros_like(probs), p.ones_like(probs)
        return p.where(value < 0, zeros, p.where(value < 1, ones - probs, ones))

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.probs, value)
        logits, value = _paddle().broadcast_tensors([self.logits, value])
        return -_functional().binary_cross_entropy_with_logits(logits, value, reduction="none")

    def prob(self, value):
        return self.log_prob(value).exp()

    def entropy(self):
        return _functional().binary_cross_entropy_with_logits(self.logits, self.probs, reduction="none")

    def kl_divergence(self, other):
        F = _functional()
        a, b = self.logits, other.logits
        pa, one_minus_pa = F.sigmoid(a), F.sigmoid(-a)
        return ((-F.softplus(-a)) * pa - (-F.softplus(-b)) * pa) + (
            (-F.softplus(a)) * one_minus_pa - (-F.softplus(b)) * one_minus_pa
        )


class Categorical(Distribution):
    """Paddle's Categorical: ``probs`` normalises ``logits`` linearly; entropy/KL use their softmax."""

    def __init__(self, logits, name=None):
        self.name = name if name is not None else "Categorical"
        self.dtype = "float32"
        if self._validate_args(logits):
            self.logits = logits
            self.dtype = logits.dtype.name
        else:
            if not isinstance(logits, (np.ndarray, list, tuple)):
                raise TypeError(f"logits must be a list, tuple, numpy.ndarray or Tensor, but got {type(logits)}")
            if isinstance(logits, np.ndarray) and str(logits.dtype) in ("float32", "float64"):
                self.dtype = str(logits.dtype)
            self.logits = self._to_tensor(logits)[0]
            if self.dtype != self.logits.dtype.name:
                self.logits = self.logits.astype(self.dtype)
        self._prob = self.logits / self.logits.sum(axis=-1, keepdim=True)
        super().__init__(batch_shape=tuple(self.logits.shape[:-1]))

    def sample(self, shape):
        p = _paddle()
        shape = list(shape)
        num_samples = int(np.prod(np.array(shape)))
        logits_shape = list(self.logits.shape)
        if len(logits_shape) > 1:
            sample_shape = shape + logits_shape[:-1]
            logits = self.logits.reshape([int(np.prod(logits_shape[:-1])), logits_shape[-1]])
        else:
            sample_shape = shape
            logits = self.logits
        index = p.multinomial(self._logits_to_probs(logits), num_samples, True)
        perm = list(range(index.dim()))
        perm.insert(0, perm.pop(-1))
        return index.transpose(perm).reshape(sample_shape)

    def _softmax_parts(self, logits):
        logits = logits - logits.max(axis=-1, keepdim=True)
        e = logits.exp()
        z = e.sum(axis=-1, keepdim=True)
        return logits, z, e / z

    def kl_divergence(self, other):
        logits, z, prob = self._softmax_parts(self.logits)
        other_logits, other_z, _ = self._softmax_parts(other.logits)
        return (prob * (logits - z.log() - other_logits + other_z.log())).sum(axis=-1, keepdim=True)

    def entropy(self):
        logits, z, prob = self._softmax_parts(self.logits)
        return -(prob * (logits - z.log())).sum(axis=-1)

    def probs(self, value):
        p = _paddle()
        if len(self._prob.shape) == 1:
            return p.gather(self._prob, value.reshape([-1])).reshape(value.shape)
        if len(value.shape) == 1:
            index = value.reshape((len(self._prob.shape) - 1) * [1] + [-1])
            return p.take_along_axis(self._prob, index, axis=-1)
        return p.take_along_axis(self._prob, value, axis=-1)

    def log_prob(self, value):
        return self.probs(value).log()


class Geometric(Distribution):
    def __init__(self, probs):
        p = _paddle()
        if isinstance(probs, numbers.Real):
            probs = p.full(shape=(), fill_value=probs, dtype=p.float32)
        elif not isinstance(probs, Tensor):
            raise TypeError(f"Expected type of probs is Number.Real|Tensor|framework.Variable, but got {type(probs)}")
        if bool(p.any(probs <= 0)) or bool(p.any(probs > 1)):
            raise ValueError(
                "Expected parameter probs of distribution Geometric to satisfy the"
                "constraint Interval(lower_bound=0.0, upper_bound=1.0)"
            )
        self.probs = probs
        super().__init__(tuple(probs.shape))

    @property
    def mean(self):
        return 1.0 / self.probs - 1.0

    @property
    def variance(self):
        return (1.0 / self.probs - 1.0) / self.probs

    @property
    def stddev(self):
        return self.variance.sqrt()

    @staticmethod
    def _check_k(k):
        if not isinstance(k, (numbers.Integral, Tensor)):
            raise TypeError(f"Expected type of k is number.Real|framework.Variable, but got {type(k)}")

    def pmf(self, k):
        self._check_k(k)
        return (1.0 - self.probs).pow(k) * self.probs

    def log_pmf(self, k):
        self._check_k(k)
        return self.pmf(k).log()

    def sample(self, shape=()):
        with _paddle().no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        p = _paddle()
        shape = list(self._extend_shape(tuple(shape)))
        u = p.uniform(shape=shape, min=float(np.finfo(dtype="float32").tiny), max=1.0, dtype=self.probs.dtype)
        return p.floor(u.log() / (-self.probs).log1p())

    def entropy(self):
        x = (1.0 - self.probs) * (1.0 - self.probs).log()
        y = self.probs * self.probs.log()
        return -(x + y) / self.probs

    def cdf(self, k):
        self._check_k(k)
        return 1.0 - (1.0 - self.probs).pow(k + 1)

    def kl_divergence(self, other):
        if not isinstance(other, Geometric):
            raise TypeError(f"Exected type of other is geometric.Geometric, but got {type(other)}")
        p, q = self.probs, other.probs
        return p * (p / q).log() + (1.0 - p) * ((1.0 - p) / (1.0 - q)).log()


class Multinomial(Distribution):
    def __init__(self, total_count, probs):
        if not isinstance(total_count, int) or total_count < 1:
            raise ValueError("input parameter total_count must be int type and grater than zero.")
        if probs.dim() < 1:
            raise ValueError("probs parameter shoule not be none and over one dimension")
        self.probs = probs / probs.sum(-1, keepdim=True)
        self.total_count = total_count
        self._categorical = Categorical(logits=self._probs_to_logits(probs))
        super().__init__(probs.shape[:-1], probs.shape[-1:])

    @property
    def mean(self):
        return self.probs * self.total_count

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def prob(self, value):
        return self.log_prob(value).exp()

    def log_prob(self, value):
        p = _paddle()
        if value.is_integer():
            value = value.astype(self.probs.dtype)
        logits, value = p.broadcast_tensors([self.probs.log(), value])
        logits[(value == 0) & p.isinf(logits)] = 0
        return p.lgamma(value.sum(-1) + 1) - p.lgamma(value + 1).sum(-1) + (value * logits).sum(-1)

    def sample(self, shape=()):
        if not isinstance(shape, Iterable):
            raise TypeError("sample shape must be Iterable object.")
        samples = self._categorical.sample([self.total_count] + list(shape))
        return _functional().one_hot(samples, self.probs.shape[-1]).astype(self.probs.dtype).sum(0)

    def entropy(self):
        p = _paddle()
        n = p.full(shape=[], fill_value=self.total_count, dtype=self.probs.dtype)
        support = p.arange(self.total_count + 1, dtype=self.probs.dtype).reshape((-1,) + (1,) * len(self.probs.shape))[
            1:
        ]
        binomial_pmf = self._binomial_logpmf(n, support).exp()
        return (n * self._categorical.entropy() - p.lgamma(n + 1)) + (binomial_pmf * p.lgamma(support + 1)).sum([0, -1])

    def _binomial_logpmf(self, count, value):
        p = _paddle()
        logits = self._probs_to_logits(self.probs, is_binary=True)
        clipped = (logits.clip(min=0) + logits - logits.clip(max=0)) / 2
        norm = count * clipped + count * (-logits.abs()).exp().log1p() - p.lgamma(count + 1)
        return value * logits - p.lgamma(value + 1) - p.lgamma(count - value + 1) - norm
