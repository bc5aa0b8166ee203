"""``paddle.distribution.Distribution`` and ``ExponentialFamily``: shapes, argument conversion, helpers."""

import warnings

import numpy as np

from .._attrs import private_views
from .._core import Tensor, to_tensor

__all__ = ["Distribution", "ExponentialFamily"]


class Distribution:
    """Base class: ``batch_shape``/``event_shape`` and the interface every distribution implements."""

    def __init__(self, batch_shape=(), event_shape=()):
        self._batch_shape = tuple(batch_shape)
        self._event_shape = tuple(event_shape)

    batch_shape, event_shape = private_views("batch_shape", "event_shape")

    @property
    def mean(self):
        raise NotImplementedError

    @property
    def variance(self):
        raise NotImplementedError

    def sample(self, shape=()):
        raise NotImplementedError

    def rsample(self, shape=()):
        raise NotImplementedError

    def entropy(self):
        raise NotImplementedError

    def kl_divergence(self, other):
        raise NotImplementedError

    def prob(self, value):
        return self.log_prob(value).exp()

    def log_prob(self, value):
        raise NotImplementedError

    def probs(self, value):
        raise NotImplementedError

    def _extend_shape(self, sample_shape):
        return tuple(sample_shape) + self._batch_shape + self._event_shape

    def _validate_args(self, *args):
        """True when the arguments are Tensors; mixing Tensors and numbers is an error (as in Paddle)."""
        tensors = [isinstance(a, Tensor) for a in args]
        if any(tensors) and not all(tensors):
            raise ValueError("if one argument is Tensor, all arguments should be Tensor")
        return all(tensors)

    def _to_tensor(self, *args):
        """Numbers/lists/arrays -> broadcast Tensors; anything but float64 becomes float32."""
        arrays = []
        for arg in args:
            if not isinstance(arg, (float, list, tuple, np.ndarray, Tensor)):
                raise TypeError(
                    "Type of input args must be float, list, tuple, numpy.ndarray or Tensor, but received type "
                    f"{type(arg)}"
                )
            array = np.array(arg)
            if array.dtype != np.float32:
                if array.dtype != np.float64:
                    warnings.warn(
                        "data type of argument only support float32 and float64, your argument will be "
                        "convert to float32."
                    )
                array = array.astype("float32")
            arrays.append(array)
        total = 0.0
        for a in arrays:
            total = total + a
        total = np.asarray(total)
        return tuple(to_tensor(np.broadcast_arrays(a, total)[0].copy(), dtype=total.dtype) for a in arrays)

    def _check_values_dtype_in_probs(self, param, value):
        if value.dtype != param.dtype and value.dtype.name in ("float32", "float64"):
            warnings.warn(
                "dtype of input 'value' needs to be the same as parameters of distribution class. dtype of "
                "'value' will be converted."
            )
            return value.astype(param.dtype)
        return value

    def _probs_to_logits(self, probs, is_binary=False):
        return (probs.log() - (-probs).log1p()) if is_binary else probs.log()

    def _logits_to_probs(self, logits, is_binary=False):
        from ..nn import functional as F

        return F.sigmoid(logits) if is_binary else F.softmax(logits, axis=-1)


class ExponentialFamily(Distribution):
    """Distributions of the exponential family; entropy from the log-normalizer (Bregman divergence)."""

    @property
    def _natural_parameters(self):
        raise NotImplementedError

    def _log_normalizer(self):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def _natural_parameters_recording_grad(self):
        """Detached copies of the natural parameters that record gradients: the log-normalizer's gradient
        with respect to them enters the entropy and the Bregman-divergence KL."""
        natural = []
        for parameter in self._natural_parameters:
            parameter = parameter.detach()
            parameter.stop_gradient = False
            natural.append(parameter)
        return natural

    def entropy(self):
        from ..autograd import grad

        entropy_value = -self._mean_carrier_measure
        natural = self._natural_parameters_recording_grad()
        log_norm = self._log_normalizer(*natural)
        grads = grad(log_norm.sum(), natural, create_graph=True)
        entropy_value += log_norm
        for p, g in zip(natural, grads):
            entropy_value -= p * g
        return entropy_value


def sum_rightmost(value, n):
    return value.sum(list(range(-n, 0))) if n > 0 else value
