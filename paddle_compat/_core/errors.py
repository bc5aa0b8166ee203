"""Paddle 2.6.2's error messages, in one place.

Each builder RETURNS the exception (callers write ``raise errors.kernel_not_registered(...)``), so a hot path
pays nothing until something is wrong. The exception classes are the ones Paddle raises for the same condition
(Paddle's C++ ``PADDLE_ENFORCE`` categories surface in Python as: ``(InvalidArgument)`` -> ValueError,
``(NotFound)``/``(PreconditionNotMet)``/``(Unimplemented)`` -> RuntimeError, ``(OutOfRange)`` -> IndexError);
the messages start with the same category token and say what Paddle says, naming the argument.
"""

import torch

from .dtypes import FROM_TORCH


def dtype_name(d):
    """Paddle's name of a torch dtype (``torch.float32`` -> ``"float32"``)."""
    try:
        return FROM_TORCH[d].name
    except KeyError:
        return str(d).replace("torch.", "")


class EnforceNotMet(Exception):  # noqa: N818 - Paddle's C++ error class name
    """Paddle's generic C++ enforcement failure (raised e.g. on integer division by zero)."""


def invalid_argument(message):
    """ValueError ``(InvalidArgument) message``: a C++ enforcement of Paddle that rejects an argument (shape, rank,
    attribute value); ``message`` says what Paddle checks, naming the argument."""
    return ValueError("(InvalidArgument) " + message)


def out_of_range(message):
    """IndexError ``(OutOfRange) message``: an index or axis outside its range."""
    return IndexError("(OutOfRange) " + message)


def precondition_not_met(message):
    """RuntimeError ``(PreconditionNotMet) message``: a kernel that cannot run on this input (e.g. a solver that
    does not converge)."""
    return RuntimeError("(PreconditionNotMet) " + message)


def kernel_not_registered(kernel, dtype, supported=None):
    """RuntimeError ``(NotFound)``: Paddle's CPU build has no kernel ``kernel`` for ``dtype`` (a torch dtype or
    a Paddle dtype name). ``supported``: the dtypes it has (an iterable of torch dtypes), listed as Paddle does."""
    d = dtype if isinstance(dtype, str) else dtype_name(dtype)
    msg = (f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {d}) of kernel `{kernel}` is not "
           f"registered. Selected wrong DataType `{d}`.")
    if supported:
        msg += " Paddle support following DataTypes: " + ", ".join(sorted(dtype_name(s) for s in supported)) + "."
    return RuntimeError(msg)


def not_tensor(api, arg, pos, value):
    """ValueError: a Tensor argument of a C++ op got something else (Paddle's pybind argument parser)."""
    t = type(value)
    mod = "" if t.__module__ == "builtins" else t.__module__ + "."
    return ValueError(
        f"(InvalidArgument) {api}(): argument '{arg}' (position {pos}) must be Tensor, but got {mod}{t.__name__}")


def arg_type(api, pos, expected, value, at=None):
    """ValueError: an attribute of a C++ op has the wrong Python type, as Paddle's pybind parser words it:
    ``expected`` is ``"int"``, ``"bool"``, ``"float"``, ``"list of int"``, ``"int, float, bool or Tensor"``...
    ``at``: for a list, the position of the offending element (Paddle then names the element's type)."""
    got = type(value).__name__
    if at is not None:
        return ValueError(f"(InvalidArgument) {api}(): argument (position {pos}) must be {expected}, but got {got} "
                          f"at pos {at}")
    return ValueError(f"(InvalidArgument) {api}(): argument (position {pos}) must be {expected}, but got {got}")


def check_int_list(api, pos, values):
    """Paddle's pybind check of a ``list of int`` attribute: bools and non-ints fail (``at pos i``). Returns
    ``values`` as a list. Call on the slow path or for small attribute lists only."""
    if isinstance(values, (list, tuple)):
        for i, v in enumerate(values):
            if type(v) is bool or not _is_int(v):
                raise arg_type(api, pos, "list of int", v, at=i)
        return list(values)
    if type(values) is bool or not _is_int(values):
        raise arg_type(api, pos, "list of int", values, at=0)
    return [values]


def _is_int(v):
    if isinstance(v, int):
        return True
    try:
        import numpy as np

        return isinstance(v, np.integer)
    except ImportError:  # pragma: no cover - numpy is a dependency
        return False


def dtype_mismatch(x_dtype, y_dtype):
    """ValueError: a binary kernel got two dtypes (Paddle's DenseTensor::data<T> check, x's type first)."""
    return ValueError(
        f"(InvalidArgument) The type of data we are trying to retrieve ({dtype_name(y_dtype)}) does not match the "
        f"type of data ({dtype_name(x_dtype)}) currently contained in the container.")


def list_dtype_mismatch(first, i, other):
    """ValueError: the ``i``-th Tensor of a list input has dtype ``other``, the first one ``first``."""
    return ValueError("(InvalidArgument) The data_type of input tensor in list isn't consistent, the first tensor is "
                      f"{dtype_name(first)}, but {i}th tensor is {dtype_name(other)}.")


def broadcast_mismatch(x_shape, y_shape):
    """ValueError: two shapes that do not broadcast."""
    return ValueError(
        "(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast together with the shape "
        f"of X = {list(x_shape)} and the shape of Y = {list(y_shape)}.")


def empty_meta():
    """RuntimeError: Paddle allocating the output of a kernel whose output is empty (0-size) with no meta."""
    return RuntimeError("(PreconditionNotMet) The meta data must be valid when call the mutable data function.")


def axis_out_of_range(axis, ndim):
    """ValueError: an axis attribute outside [-ndim, ndim)."""
    return ValueError(f"(InvalidArgument) The axis is expected to be in range of [{-ndim}, {ndim}), but got {axis}")


def inplace_leaf(name=None):
    """ValueError: an in-place op on a leaf Tensor that requires grad."""
    if name is None:
        return ValueError("(InvalidArgument) Leaf Tensor that doesn't stop gradient can't use inplace strategy.")
    return ValueError(f"(InvalidArgument) Leaf Var ({name}) that doesn't stop gradient can't use inplace strategy.")


def inplace_shape(out_shape, x_shape):
    """ValueError: the broadcast result of an in-place op does not have x's shape."""
    return ValueError(f"The shape of broadcast output {list(out_shape)} is different from that of inplace tensor "
                      f"{list(x_shape)} in the Inplace operation.")


def int_division_by_zero(op):
    return EnforceNotMet(f"(InvalidArgument) {op}: Integer division by zero encountered in (floor) divide. Please "
                         "check the input value.")


def leaf_requires_grad(t):
    """True when an in-place write into torch tensor ``t`` must be refused (leaf that requires grad)."""
    return t.requires_grad and t.is_leaf and torch.is_grad_enabled()
