"""``paddle.static.InputSpec``: the shape/dtype/name description of a model input."""

import numpy as np

from .._core.dtypes import convert_dtype_to_paddle

__all__ = ["InputSpec"]


class InputSpec:
    def __init__(self, shape, dtype="float32", name=None, stop_gradient=False):
        self.shape = self._normalize_shape(shape)
        self.dtype = convert_dtype_to_paddle(dtype)
        self.name = name
        self.stop_gradient = stop_gradient

    @staticmethod
    def _normalize_shape(shape):
        if isinstance(shape, int):
            shape = [shape]
        if not isinstance(shape, (list, tuple)):
            raise TypeError(f"Type of `shape` in InputSpec should be one of (tuple, list), but received {type(shape)}.")
        dims = []
        for d in shape:
            if d is None:
                dims.append(-1)
            elif isinstance(d, (int, np.integer)):
                if d < -1:
                    raise ValueError(f"Each dimension of `shape` in InputSpec must be >= -1, but received {d}")
                dims.append(int(d))
            else:
                raise ValueError(f"Each dimension of `shape` in InputSpec must be int or None, but received {d!r}")
        return tuple(dims)

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tensor.shape, tensor.dtype, name or getattr(tensor, "name", None))

    @classmethod
    def from_numpy(cls, ndarray, name=None):
        return cls(ndarray.shape, ndarray.dtype, name)

    def batch(self, batch_size):
        if isinstance(batch_size, (list, tuple)):
            if len(batch_size) != 1:
                raise ValueError(f"Length of batch_size: {batch_size} shall be 1, but received {len(batch_size)}.")
            batch_size = batch_size[0]
        elif not isinstance(batch_size, int):
            raise TypeError(f"type(batch_size) shall be `int`, but received {type(batch_size).__name__}.")
        self.shape = (batch_size,) + tuple(self.shape)
        return self

    def unbatch(self):
        if len(self.shape) == 0:
            raise ValueError("Not support to unbatch a InputSpec when len(shape) == 0.")
        self.shape = tuple(self.shape[1:])
        return self

    def __repr__(self):
        return (
            f"{type(self).__name__}(shape={self.shape}, dtype={self.dtype}, name={self.name}, "
            f"stop_gradient={self.stop_gradient})"
        )

    def __eq__(self, other):
        return type(self) is type(other) and (self.shape, self.dtype, self.name, self.stop_gradient) == (
            other.shape, other.dtype, other.name, other.stop_gradient)

    def __hash__(self):
        return hash((self.shape, self.dtype.name, self.name))


def setitem(x, index, value):
    """``x[index] = value``. In static mode Paddle's set_value op: a new Variable, ``x`` unchanged; in dynamic mode
    ``x`` itself is assigned and returned."""
    from .._core.tensor import Tensor, wrap
    from ..framework.program import in_static_mode, static_op

    if not in_static_mode():
        x[index] = value
        return x

    def set_value(t, v=None):
        out = t.clone()
        wrap(out)[index] = value if v is None else wrap(v)
        return out

    inputs = {"Input": x, "ValueTensor": value} if isinstance(value, Tensor) else {"Input": x}
    return static_op("set_value", set_value, inputs)
