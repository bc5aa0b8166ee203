"""Paddle's ``paddle/tensor/einsum.py``."""

import torch

from .._core import Tensor, errors, wrap
from .math import FC, _bad_dtype

_amp = None  # paddle.amp's cast state while auto_cast is on (set by paddle_compat.amp.auto_cast)


def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = operands[0]
    if not operands:
        raise ValueError("At least one operand is expected.")
    ts = []
    for op in operands:
        if not isinstance(op, Tensor):
            raise TypeError(f"einsum(): operands must be Tensors, but got {type(op).__name__}")
        ts.append(op._t)
    if ts[0].dtype not in FC and (_amp is None or not _amp.castable(*ts)):
        _bad_dtype("einsum", ts[0])
    if _amp is not None:
        ts = list(_amp.cast("einsum", *ts))
    eq = equation.replace(" ", "")
    nseg = len(eq.split("->")[0].split(","))
    if nseg != len(ts):
        raise AssertionError(
            f"Invalid equation: the number of operands is {len(ts)}, but found {nseg} segments in the label equation."
        )
    try:
        return wrap(torch.einsum(eq, *ts))
    except RuntimeError as e:
        raise errors.invalid_argument(f"einsum(): equation '{equation}' does not match the operands: {e}") from None


__all__ = ["einsum"]
