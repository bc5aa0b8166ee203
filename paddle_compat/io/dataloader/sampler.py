"""``paddle.io`` samplers (numpy's global RNG drives shuffling, as in Paddle 2.6.2)."""

import numpy as np

__all__ = ["Sampler", "SequenceSampler", "RandomSampler", "WeightedRandomSampler", "SubsetRandomSampler"]


class Sampler:
    def __init__(self, data_source=None):
        self.data_source = data_source

    def __iter__(self):
        raise NotImplementedError


class SequenceSampler(Sampler):
    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(replacement, bool):
            raise TypeError(f"expect boolean value for replacement, but got replacement={replacement}")
        if num_samples is not None and not replacement:
            raise ValueError("num_samples should not be specified while replacement is False")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer, but got num_samples={self.num_samples}")

    @property
    def num_samples(self):
        if self._num_samples is None:
            return len(self.data_source)
        return self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        if self.generator:
            for _ in range(self.num_samples):
                try:
                    index = next(self.generator)
                except StopIteration:
                    return
                yield index
        elif self.replacement:
            yield from np.random.choice(np.arange(n), self.num_samples, replace=True).tolist()
        else:
            yield from np.random.choice(np.arange(n), n, replace=False).tolist()

    def __len__(self):
        return self.num_samples


def _weighted_sample(weights, num_samples, replacement=True):
    from ..._core import Tensor

    if isinstance(weights, Tensor):
        weights = weights.numpy()
    if isinstance(weights, (list, tuple)):
        weights = np.array(weights)
    if not isinstance(weights, np.ndarray):
        raise AssertionError("weights should be paddle.Tensor, numpy.ndarray, list or tuple")
    if len(weights.shape) > 2:
        raise AssertionError("weights should be a 1-D or 2-D array")
    weights = weights.reshape((-1, weights.shape[-1]))
    if not np.all(weights >= 0.0):
        raise AssertionError("weights should be positive value")
    if np.any(weights == np.inf):
        raise AssertionError("weights shoule not be INF")
    non_zeros = np.sum(weights > 0.0, axis=1)
    if not np.all(non_zeros > 0):
        raise AssertionError("weights should have positive values")
    if not replacement and not np.all(non_zeros >= num_samples):
        raise AssertionError("weights positive value number should not less than num_samples when replacement=False")
    weights = weights / weights.sum(axis=1)
    return np.array([np.random.choice(weights.shape[1], num_samples, replacement, weights[i])
                     for i in range(weights.shape[0])])


class WeightedRandomSampler(Sampler):
    def __init__(self, weights, num_samples, replacement=True):
        if not isinstance(num_samples, int) or num_samples <= 0:
            raise ValueError("num_samples should be a positive integer")
        if not isinstance(replacement, bool):
            raise ValueError("replacement should be a boolean value")
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement

    def __iter__(self):
        return iter(_weighted_sample(self.weights, self.num_samples, self.replacement).reshape(-1).tolist())

    def __len__(self):
        shape = np.shape(self.weights.numpy() if hasattr(self.weights, "numpy") else self.weights)
        return self.num_samples * (int(np.prod(shape)) // shape[-1])


class SubsetRandomSampler(Sampler):
    """Samples ``indices`` in a random order (``paddle.randperm``)."""

    def __init__(self, indices):
        if len(indices) == 0:
            raise ValueError("The length of `indices` in SubsetRandomSampler should be greater than 0.")
        self.indices = indices

    def __iter__(self):
        from ...tensor.random import randperm

        for i in randperm(len(self.indices)).tolist():
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)
