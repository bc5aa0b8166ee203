"""Domains (``Variable``) and constraints of distribution transforms."""

from .._attrs import private_views
from . import constraint

# the constraint module's names, under the names this module used before it existed
Constraint, Range, Simplex, simplex = constraint.Constraint, constraint.Range, constraint.Simplex, constraint.simplex
RealConstraint, PositiveConstraint = constraint.Real, constraint.Positive
real_constraint, positive_constraint = constraint.real, constraint.positive


class Variable:
    def __init__(self, is_discrete=False, event_rank=0, constraint=None):
        self._is_discrete = is_discrete
        self._event_rank = event_rank
        self._constraint = constraint

    is_discrete, event_rank = private_views("is_discrete", "event_rank")

    def constraint(self, value):
        return self._constraint(value)


class Real(Variable):
    def __init__(self, event_rank=0):
        super().__init__(False, event_rank, real_constraint)


class Positive(Variable):
    def __init__(self, event_rank=0):
        super().__init__(False, event_rank, positive_constraint)


class Independent(Variable):
    def __init__(self, base, reinterpreted_batch_rank):
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        super().__init__(base.is_discrete, base.event_rank + reinterpreted_batch_rank)

    def constraint(self, value):
        ret = self._base.constraint(value)
        if ret.dim() < self._reinterpreted_batch_rank:
            raise ValueError(f"Input dimensions must be equal or grater than {self._reinterpreted_batch_rank}")
        return ret.reshape(ret.shape[: ret.dim() - self._reinterpreted_batch_rank] + [-1]).all(-1)


class Stack(Variable):
    def __init__(self, vars, axis=0):  # noqa: A002
        self._vars = vars
        self._axis = axis

    @property
    def is_discrete(self):
        return any(v.is_discrete for v in self._vars)

    @property
    def event_rank(self):
        rank = max(v.event_rank for v in self._vars)
        return rank + 1 if self._axis + rank < 0 else rank

    def constraint(self, value):
        import paddle_compat as paddle

        if not (-value.dim() <= self._axis < value.dim()):
            raise ValueError(
                f"Input dimensions {value.dim()} should be grater than stack constraint axis {self._axis}."
            )
        return paddle.stack(
            [v.constraint(x) for v, x in zip(self._vars, paddle.unstack(value, self._axis))], self._axis
        )


real = Real()
positive = Positive()
