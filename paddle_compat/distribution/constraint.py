"""``paddle.distribution.constraint``: the conditions a random variable's values satisfy (used by the
domains of ``paddle.distribution.variable``)."""


class Constraint:
    def __call__(self, value):
        raise NotImplementedError


class Real(Constraint):
    def __call__(self, value):
        return value == value


class Range(Constraint):
    def __init__(self, lower, upper):
        self._lower = lower
        self._upper = upper

    def __call__(self, value):
        return (self._lower <= value) & (value <= self._upper)


class Positive(Constraint):
    def __call__(self, value):
        return value >= 0.0


class Simplex(Constraint):
    def __call__(self, value):
        return (value >= 0).all(axis=-1) & ((value.sum(-1) - 1).abs() < 1e-6)


real = Real()
positive = Positive()
simplex = Simplex()
