"""``Independent`` and ``TransformedDistribution``."""

import typing

from .._attrs import read_only
from .distribution import Distribution, sum_rightmost
from .transform import ChainTransform, Transform

__all__ = ["Independent", "TransformedDistribution"]


class Independent(Distribution):
    """Reinterprets the rightmost ``reinterpreted_batch_rank`` batch dims of ``base`` as event dims."""

    def __init__(self, base, reinterpreted_batch_rank):
        if not isinstance(base, Distribution):
            raise TypeError(f"Expected type of 'base' is Distribution, but got {type(base)}")
        if not (0 < reinterpreted_batch_rank <= len(base.batch_shape)):
            raise ValueError(
                f"Expected 0 < reinterpreted_batch_rank <= {len(base.batch_shape)}, but got {reinterpreted_batch_rank}"
            )
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        shape = tuple(base.batch_shape) + tuple(base.event_shape)
        split = len(base.batch_shape) - reinterpreted_batch_rank
        super().__init__(batch_shape=shape[:split], event_shape=shape[split:])

    mean, variance = read_only("_base.mean"), read_only("_base.variance")

    def sample(self, shape=()):
        return self._base.sample(shape)

    def log_prob(self, value):
        return sum_rightmost(self._base.log_prob(value), self._reinterpreted_batch_rank)

    def prob(self, value):
        return self.log_prob(value).exp()

    def entropy(self):
        return sum_rightmost(self._base.entropy(), self._reinterpreted_batch_rank)


class TransformedDistribution(Distribution):
    """``base`` pushed through ``transforms`` (applied in order)."""

    def __init__(self, base, transforms):
        if not isinstance(base, Distribution):
            raise TypeError(f"Expected type of 'base' is Distribution, but got {type(base)}.")
        if not isinstance(transforms, typing.Sequence):
            raise TypeError(
                f"Expected type of 'transforms' is Sequence[Transform] or Chain, but got {type(transforms)}."
            )
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError("All element of transforms must be Transform type.")
        self._base = base
        self._transforms = transforms
        if not transforms:
            super().__init__(base.batch_shape, base.event_shape)
            return
        chain = ChainTransform(transforms)
        base_shape = tuple(base.batch_shape) + tuple(base.event_shape)
        if len(base_shape) < chain._domain.event_rank:
            raise ValueError(
                f"'base' needs to have shape with size at least {chain._domain.event_rank}, bug got {len(base_shape)}."
            )
        if chain._domain.event_rank > len(base.event_shape):
            base = Independent(base, chain._domain.event_rank - len(base.event_shape))
        transformed = chain.forward_shape(tuple(base.batch_shape) + tuple(base.event_shape))
        event_rank = chain._codomain.event_rank + max(len(base.event_shape) - chain._domain.event_rank, 0)
        super().__init__(transformed[: len(transformed) - event_rank], transformed[len(transformed) - event_rank :])

    def sample(self, shape=()):
        x = self._base.sample(shape)
        for t in self._transforms:
            x = t.forward(x)
        return x

    def rsample(self, shape=()):
        x = self._base.rsample(shape)
        for t in self._transforms:
            x = t.forward(x)
        return x

    def log_prob(self, value):
        log_prob = 0.0
        y = value
        event_rank = len(self.event_shape)
        for t in reversed(self._transforms):
            x = t.inverse(y)
            event_rank += t._domain.event_rank - t._codomain.event_rank
            log_prob = log_prob - sum_rightmost(t.forward_log_det_jacobian(x), event_rank - t._domain.event_rank)
            y = x
        return log_prob + sum_rightmost(self._base.log_prob(y), event_rank - len(self._base.event_shape))
