"""``paddle.tensor.attribute``: rank/shape as tensors, dtype predicates, real/imag."""

import numpy as np
import torch

from .._core import Tensor, wrap
from .manipulation import _kcheck, _not_tensor

__all__ = ["rank", "is_complex", "is_integer", "shape", "real", "imag", "is_floating_point"]

TENSOR_METHODS = ("is_complex", "is_integer", "rank", "shape", "real", "imag", "is_floating_point")


def rank(input):  # noqa: A002 - Paddle's name
    nd = input._t.dim() if isinstance(input, Tensor) else np.ndim(input)
    return wrap(torch.tensor(nd, dtype=torch.int32))


def shape(input):  # noqa: A002 - Paddle's name
    try:
        t = input._t
    except AttributeError:
        raise _not_tensor("shape", "input", 0, input) from None
    _kcheck(t, "shape")  # Paddle 2.6.2's CPU `shape` kernel has no float16/bfloat16 registration
    return wrap(torch.tensor(list(t.shape), dtype=torch.int32))


def _check(x, api):
    if not isinstance(x, Tensor):
        raise TypeError(f"Expected Tensor, but received type of x: {type(x)}")
    return x._t


def is_complex(x):
    return _check(x, "is_complex").is_complex()


def is_floating_point(x):
    return _check(x, "is_floating_point").is_floating_point()


def is_integer(x):
    t = _check(x, "is_integer")
    return not (t.is_floating_point() or t.is_complex() or t.dtype is torch.bool)


def _complex_only(t, api):
    if not t.is_complex():
        d = str(t.dtype)[6:]
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {d}) of kernel `{api}` is not registered. "
            f"Selected wrong DataType `{d}`. Paddle support following DataTypes: complex128, complex64."
        )


def _complex_part(api, fn):
    def part(x, name=None):
        try:
            t = x._t
        except AttributeError:
            raise _not_tensor(api, "x", 0, x) from None
        _complex_only(t, api)
        return wrap(fn(t).clone())

    part.__name__ = part.__qualname__ = api
    return part


real = _complex_part("real", torch.real)
imag = _complex_part("imag", torch.imag)
