"""Bijective (and other) transforms of random variables, as ``paddle.distribution.*Transform``."""

import enum
import math
import typing

from .._attrs import private_views
from .._core import Tensor
from . import variable
from .distribution import sum_rightmost as _sum_rightmost

__all__ = [
    "Transform",
    "AbsTransform",
    "AffineTransform",
    "ChainTransform",
    "ExpTransform",
    "IndependentTransform",
    "PowerTransform",
    "ReshapeTransform",
    "SigmoidTransform",
    "SoftmaxTransform",
    "StackTransform",
    "StickBreakingTransform",
    "TanhTransform",
]


def _paddle():
    import paddle_compat

    return paddle_compat


def _F():  # noqa: N802
    from ..nn import functional

    return functional


def _neg(x):
    """Paddle's unary minus (``scale(x, -1.0, bias=0.0)``): -(0.) is +0., not -0. as with torch.neg."""
    return _paddle().neg(x)


class Type(enum.Enum):
    BIJECTION = "bijection"
    INJECTION = "injection"
    SURJECTION = "surjection"
    OTHER = "other"

    @classmethod
    def is_injective(cls, _type):
        return _type in (cls.BIJECTION, cls.INJECTION)


class Transform:
    _type = Type.INJECTION

    @classmethod
    def _is_injective(cls):
        return Type.is_injective(cls._type)

    def __call__(self, input):  # noqa: A002
        from .distribution import Distribution
        from .transformed_distribution import TransformedDistribution

        if isinstance(input, Distribution):
            return TransformedDistribution(input, [self])
        if isinstance(input, Transform):
            return ChainTransform([self, input])
        return self.forward(input)

    def _check(self, value, rank, name):
        if not isinstance(value, Tensor):
            raise TypeError(f"Expected '{name}' is a Tensor or Real, but got {type(value)}.")
        if value.dim() < rank:
            raise ValueError(f"The dimensions of {name}({value.dim()}) should be grater than or equal to {rank}")

    def forward(self, x):
        self._check(x, self._domain.event_rank, "x")
        return self._forward(x)

    def inverse(self, y):
        self._check(y, self._codomain.event_rank, "y")
        return self._inverse(y)

    def forward_log_det_jacobian(self, x):
        self._check(x, self._domain.event_rank, "x")
        if not self._is_injective():
            raise NotImplementedError("forward_log_det_jacobian can't be implemented for non-injectivetransforms.")
        return self._call_forward_log_det_jacobian(x)

    def inverse_log_det_jacobian(self, y):
        self._check(y, self._codomain.event_rank, "y")
        return self._call_inverse_log_det_jacobian(y)

    def forward_shape(self, shape):
        if not isinstance(shape, typing.Sequence):
            raise TypeError(f"Expected shape is Sequence[int] type, but got {type(shape)}.")
        return self._forward_shape(shape)

    def inverse_shape(self, shape):
        if not isinstance(shape, typing.Sequence):
            raise TypeError(f"Expected shape is Sequence[int] type, but got {type(shape)}.")
        return self._inverse_shape(shape)

    _domain = _codomain = variable.real  # subclasses with argument-dependent domains override with properties

    def _forward(self, x):
        raise NotImplementedError("Forward not implemented")

    def _inverse(self, y):
        raise NotImplementedError("Inverse not implemented")

    def _log_det_jacobian(self, value, own, other, to_other, missing):
        """The ``own`` direction's log-det-Jacobian, or minus the ``other`` one at ``to_other(value)``."""
        if hasattr(self, own):
            return getattr(self, own)(value)
        if hasattr(self, other):
            return _neg(getattr(self, other)(to_other(value)))
        raise NotImplementedError(missing)

    def _call_forward_log_det_jacobian(self, x):
        return self._log_det_jacobian(
            x, "_forward_log_det_jacobian", "_inverse_log_det_jacobian", self.forward,
            "Neither _forward_log_det_jacobian nor _inverse_log_det_jacobianis implemented. One of them is required.",
        )

    def _call_inverse_log_det_jacobian(self, y):
        return self._log_det_jacobian(
            y, "_inverse_log_det_jacobian", "_forward_log_det_jacobian", self._inverse,
            "Neither _forward_log_det_jacobian nor _inverse_log_det_jacobian is implemented. One of them is required",
        )

    def _forward_shape(self, shape):
        return shape

    def _inverse_shape(self, shape):
        return shape


class AbsTransform(Transform):
    _type = Type.SURJECTION

    def _forward(self, x):
        return x.abs()

    def _inverse(self, y):
        return _neg(y), y

    def _inverse_log_det_jacobian(self, y):
        zero = _paddle().zeros([], dtype=y.dtype)
        return zero, zero

    _codomain = variable.positive


def _broadcast_shape(*shapes):
    p = _paddle()
    out = list(shapes[0])
    for s in shapes[1:]:
        out = p.broadcast_shape(out, list(s))
    return tuple(out)


class AffineTransform(Transform):
    _type = Type.BIJECTION

    def __init__(self, loc, scale):
        if not isinstance(loc, Tensor):
            raise TypeError(f"Expected 'loc' is a Tensor, but got {type(loc)}")
        if not isinstance(scale, Tensor):
            raise TypeError(f"Expected scale is a Tensor, but got {type(scale)}")
        self._loc = loc
        self._scale = scale

    loc, scale = private_views("loc", "scale")

    def _forward(self, x):
        return self._loc + self._scale * x

    def _inverse(self, y):
        return (y - self._loc) / self._scale

    def _forward_log_det_jacobian(self, x):
        return self._scale.abs().log()

    def _forward_shape(self, shape):
        return _broadcast_shape(shape, self._loc.shape, self._scale.shape)

    _inverse_shape = _forward_shape


class ChainTransform(Transform):
    def __init__(self, transforms):
        if not isinstance(transforms, typing.Sequence):
            raise TypeError(f"Expected type of 'transforms' is Sequence, but got {type(transforms)}")
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError("All elements of transforms should be Transform type.")
        self.transforms = transforms

    def _is_injective(self):
        return all(t._is_injective() for t in self.transforms)

    def _forward(self, x):
        for t in self.transforms:
            x = t.forward(x)
        return x

    def _inverse(self, y):
        for t in reversed(self.transforms):
            y = t.inverse(y)
        return y

    def _forward_log_det_jacobian(self, x):
        value = 0.0
        event_rank = self._domain.event_rank
        for t in self.transforms:
            value += _sum_rightmost(t.forward_log_det_jacobian(x), event_rank - t._domain.event_rank)
            x = t.forward(x)
            event_rank += t._codomain.event_rank - t._domain.event_rank
        return value

    def _forward_shape(self, shape):
        for t in self.transforms:
            shape = t.forward_shape(shape)
        return shape

    def _inverse_shape(self, shape):
        for t in self.transforms:
            shape = t.inverse_shape(shape)
        return shape

    def _sum_rightmost(self, value, n):
        return _sum_rightmost(value, n)

    @property
    def _domain(self):
        domain = self.transforms[0]._domain
        event_rank = self.transforms[-1]._codomain.event_rank
        for t in reversed(self.transforms):
            event_rank -= t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._domain.event_rank)
        return variable.Independent(domain, event_rank - domain.event_rank)

    @property
    def _codomain(self):
        codomain = self.transforms[-1]._codomain
        event_rank = self.transforms[0]._domain.event_rank
        for t in self.transforms:
            event_rank += t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._codomain.event_rank)
        return variable.Independent(codomain, event_rank - codomain.event_rank)


class ExpTransform(Transform):
    _type = Type.BIJECTION

    _codomain = variable.positive

    def _forward(self, x):
        return x.exp()

    def _inverse(self, y):
        return y.log()

    def _forward_log_det_jacobian(self, x):
        return x


class IndependentTransform(Transform):
    def __init__(self, base, reinterpreted_batch_rank):
        if not isinstance(base, Transform):
            raise TypeError(f"Expected 'base' is Transform type, but get {type(base)}")
        if reinterpreted_batch_rank <= 0:
            raise ValueError(
                f"Expected 'reinterpreted_batch_rank' is grater than zero, but got {reinterpreted_batch_rank}"
            )
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank

    def _is_injective(self):
        return self._base._is_injective()

    def _forward(self, x):
        if x.dim() < self._domain.event_rank:
            raise ValueError("Input dimensions is less than event dimensions.")
        return self._base.forward(x)

    def _inverse(self, y):
        if y.dim() < self._codomain.event_rank:
            raise ValueError("Input dimensions is less than event dimensions.")
        return self._base.inverse(y)

    def _forward_log_det_jacobian(self, x):
        return self._base.forward_log_det_jacobian(x).sum(list(range(-self._reinterpreted_batch_rank, 0)))

    def _forward_shape(self, shape):
        return self._base.forward_shape(shape)

    def _inverse_shape(self, shape):
        return self._base.inverse_shape(shape)

    @property
    def _domain(self):
        return variable.Independent(self._base._domain, self._reinterpreted_batch_rank)

    @property
    def _codomain(self):
        return variable.Independent(self._base._codomain, self._reinterpreted_batch_rank)


class PowerTransform(Transform):
    _type = Type.BIJECTION

    def __init__(self, power):
        if not isinstance(power, Tensor):
            raise TypeError(f"Expected 'power' is a tensor, but got {type(power)}")
        self._power = power

    (power,) = private_views("power")
    _codomain = variable.positive

    def _forward(self, x):
        return x.pow(self._power)

    def _inverse(self, y):
        return y.pow(1 / self._power)

    def _forward_log_det_jacobian(self, x):
        return (self._power * x.pow(self._power - 1)).abs().log()

    def _forward_shape(self, shape):
        return _broadcast_shape(shape, self._power.shape)

    _inverse_shape = _forward_shape


class ReshapeTransform(Transform):
    _type = Type.BIJECTION

    def __init__(self, in_event_shape, out_event_shape):
        if not isinstance(in_event_shape, typing.Sequence) or not isinstance(out_event_shape, typing.Sequence):
            raise TypeError(
                f"Expected type of 'in_event_shape' and 'out_event_shape' is Squence[int], but got "
                f"'in_event_shape': {in_event_shape}, 'out_event_shape': {out_event_shape}"
            )
        if math.prod(in_event_shape) != math.prod(out_event_shape):
            raise ValueError(
                f"The numel of 'in_event_shape' should be 'out_event_shape', but got "
                f"{math.prod(in_event_shape)}!={math.prod(out_event_shape)}"
            )
        self._in_event_shape = tuple(in_event_shape)
        self._out_event_shape = tuple(out_event_shape)

    in_event_shape, out_event_shape = private_views("in_event_shape", "out_event_shape")

    @property
    def _domain(self):
        return variable.Independent(variable.real, len(self._in_event_shape))

    @property
    def _codomain(self):
        return variable.Independent(variable.real, len(self._out_event_shape))

    def _forward(self, x):
        return x.reshape(list(x.shape)[: x.dim() - len(self._in_event_shape)] + list(self._out_event_shape))

    def _inverse(self, y):
        return y.reshape(list(y.shape)[: y.dim() - len(self._out_event_shape)] + list(self._in_event_shape))

    @staticmethod
    def _swap(shape, old, new):
        if len(shape) < len(old):
            raise ValueError(f"Expected length of 'shape' is not less than {len(old)}, but got {len(shape)}")
        if tuple(shape[-len(old) :]) != tuple(old):
            raise ValueError(f"Event shape mismatch, expected: {old}, but got {shape[-len(old) :]}")
        return tuple(shape[: -len(old)]) + new

    def _forward_shape(self, shape):
        return self._swap(shape, self._in_event_shape, self._out_event_shape)

    def _inverse_shape(self, shape):
        return self._swap(shape, self._out_event_shape, self._in_event_shape)

    def _forward_log_det_jacobian(self, x):
        return _paddle().zeros(x.shape[: x.dim() - len(self._in_event_shape)], dtype=x.dtype)


class SigmoidTransform(Transform):
    _codomain = variable.Variable(False, 0, variable.Range(0.0, 1.0))

    def _forward(self, x):
        return _F().sigmoid(x)

    def _inverse(self, y):
        return y.log() - _neg(y).log1p()

    def _forward_log_det_jacobian(self, x):
        return _neg(_F().softplus(_neg(x))) - _F().softplus(x)


class SoftmaxTransform(Transform):
    _type = Type.OTHER

    _domain = variable.Independent(variable.real, 1)
    _codomain = variable.Variable(False, 1, variable.simplex)

    def _forward(self, x):
        x = (x - x.max(-1, keepdim=True)).exp()
        return x / x.sum(-1, keepdim=True)

    def _inverse(self, y):
        return y.log()

    def _forward_shape(self, shape):
        if len(shape) < 1:
            raise ValueError(f"Expected length of shape is grater than 1, but got {len(shape)}")
        return shape

    _inverse_shape = _forward_shape


class StackTransform(Transform):
    def __init__(self, transforms, axis=0):
        if not transforms or not isinstance(transforms, typing.Sequence):
            raise TypeError(f"Expected 'transforms' is Sequence[Transform], but got {type(transforms)}.")
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError("Expected all element in transforms is Transform Type.")
        if not isinstance(axis, int):
            raise TypeError(f"Expected 'axis' is int, but got{type(axis)}.")
        self._transforms = transforms
        self._axis = axis

    def _is_injective(self):
        return all(t._is_injective() for t in self._transforms)

    transforms, axis = private_views("transforms", "axis")

    def _map(self, value, method):
        p = _paddle()
        self._check_size(value)
        return p.stack(
            [getattr(t, method)(v) for v, t in zip(p.unstack(value, self._axis), self._transforms)], self._axis
        )

    def _forward(self, x):
        return self._map(x, "forward")

    def _inverse(self, y):
        return self._map(y, "inverse")

    def _forward_log_det_jacobian(self, x):
        return self._map(x, "forward_log_det_jacobian")

    def _check_size(self, v):
        if not (-v.dim() <= self._axis < v.dim()):
            raise ValueError(f"Input dimensions {v.dim()} should be grater than stack transform axis {self._axis}.")
        if v.shape[self._axis] != len(self._transforms):
            raise ValueError(f"Input size along {self._axis} should be equal to the length of transforms.")

    @property
    def _domain(self):
        return variable.Stack([t._domain for t in self._transforms], self._axis)

    @property
    def _codomain(self):
        return variable.Stack([t._codomain for t in self._transforms], self._axis)


class StickBreakingTransform(Transform):
    _type = Type.BIJECTION

    @staticmethod
    def _offset(n):
        return n + 1 - _paddle().ones([n]).cumsum(-1)

    def _forward(self, x):
        F = _F()
        z = F.sigmoid(x - self._offset(x.shape[-1]).log())
        z_cumprod = (1 - z).cumprod(-1)
        lead = [0] * 2 * (len(x.shape) - 1)
        return F.pad(z, lead + [0, 1], value=1) * F.pad(z_cumprod, lead + [1, 0], value=1)

    def _inverse(self, y):
        y_crop = y[..., :-1]
        offset = y.shape[-1] - _paddle().ones([y_crop.shape[-1]]).cumsum(-1)
        return y_crop.log() - (1 - y_crop.cumsum(-1)).log() + offset.log()

    def _forward_log_det_jacobian(self, x):
        y = self.forward(x)
        x = x - self._offset(x.shape[-1]).log()
        return (_neg(x) + _F().log_sigmoid(x) + y[..., :-1].log()).sum(-1)

    def _forward_shape(self, shape):
        if not shape:
            raise ValueError(f"Expected 'shape' is not empty, but got {shape}")
        return tuple(shape[:-1]) + (shape[-1] + 1,)

    def _inverse_shape(self, shape):
        if not shape:
            raise ValueError(f"Expected 'shape' is not empty, but got {shape}")
        return tuple(shape[:-1]) + (shape[-1] - 1,)

    _domain = variable.Independent(variable.real, 1)
    _codomain = variable.Variable(False, 1, variable.simplex)


class TanhTransform(Transform):
    _type = Type.BIJECTION

    _codomain = variable.Variable(False, 0, variable.Range(-1.0, 1.0))

    def _forward(self, x):
        return x.tanh()

    def _inverse(self, y):
        return y.atanh()

    def _forward_log_det_jacobian(self, x):
        return 2.0 * (math.log(2.0) - x - _F().softplus(-2.0 * x))
