"""Paddle's pybind argument parser (``op_function_common.cc``) for the attributes of its C++ ops.

Paddle hands attributes such as ``diag(offset)``, ``randperm(n)`` or a ``shape`` list to C++, whose parser
accepts a narrow set of Python types and raises ValueError ``(InvalidArgument) op(): argument (position N)
must be int, but got str`` for the rest. These helpers reproduce that rule; call them on the slow path
(after a ``type(v) is int`` fast test) or in functions that are not hot.
"""

import numpy as np

from .._core import Tensor, errors

_NUMERIC = (np.generic, Tensor)


def int_arg(api, pos, v):
    """An ``int`` attribute: Python ints, numpy scalars and Tensors pass; bool, float, str, None fail."""
    if type(v) is int:
        return v
    if isinstance(v, _NUMERIC):
        return int(v)
    raise errors.arg_type(api, pos, "int", v)


def float_arg(api, pos, v):
    """A ``double``/``float`` attribute: any Python or numpy number (bool too) and Tensors pass."""
    if type(v) is float or type(v) is int or type(v) is bool or isinstance(v, _NUMERIC):
        return float(v)
    raise errors.arg_type(api, pos, "double", v)


def bool_arg(api, pos, v):
    """A ``bool`` attribute: a Python bool passes, None reads as False; 0/1 and numpy.bool_ fail."""
    if type(v) is bool:
        return v
    if v is None:
        return False
    raise errors.arg_type(api, pos, "bool", v)


def int_list(api, pos, values):
    """A ``list of int`` attribute given as a list/tuple (Tensors inside are read with ``item()`` first)."""
    out = []
    for i, s in enumerate(values):
        if type(s) is not int:
            if isinstance(s, Tensor):
                s = s._t.item()
            if type(s) is bool or not (type(s) is int or isinstance(s, np.generic)):
                raise errors.arg_type(api, pos, "list of int", s, at=i)
            s = int(s)
        out.append(s)
    return out


def shape_arg(api, pos, shape):
    """Paddle's ``convert_shape_to_list`` then the parser's list-of-int check: a list/tuple is checked element
    by element, an array or Tensor is cast with ``astype(int)``; anything else fails as in Paddle with
    AttributeError (``'int' object has no attribute 'astype'``: Paddle's random factories reject a bare int)."""
    if isinstance(shape, (list, tuple)):
        return int_list(api, pos, shape)
    if isinstance(shape, Tensor):
        return [int(v) for v in shape._t.reshape(-1).tolist()]
    if isinstance(shape, np.ndarray):
        return [int(v) for v in shape.reshape(-1).tolist()]
    raise AttributeError(f"'{type(shape).__name__}' object has no attribute 'astype'")
