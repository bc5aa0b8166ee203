"""``paddle.tensor.array``: tensor arrays, which in dygraph are plain Python lists of Tensors."""

from .._core import Tensor

__all__ = []


def _static_array():
    """The static-mode implementation (base/_static_array.py), or None in dygraph mode."""
    from ..framework.program import _Mode

    if not _Mode.static:
        return None
    from ..base import _static_array

    return _static_array


def _position(i, api):
    if not isinstance(i, Tensor):
        raise AssertionError(f"The index 'i' in {api} must be Variable in dygraph mode")
    if i.shape != [1]:
        raise AssertionError("The shape of index 'i' should be [1] in dygraph mode")
    return i.item(0)


def array_length(array):
    """The number of Tensors in ``array`` (a Python int in dygraph)."""
    static = _static_array()
    if static is not None:
        return static.array_length(array)
    if not isinstance(array, list):
        raise AssertionError("The 'array' in array_write must be a list in dygraph mode")
    return len(array)


def array_read(array, i):
    """``array[i]``, ``i`` a shape-[1] Tensor."""
    static = _static_array()
    if static is not None:
        return static.array_read(array, i)
    if not isinstance(array, list):
        raise AssertionError("The 'array' in array_read must be list in dygraph mode")
    return array[_position(i, "array_read")]


def array_write(x, i, array=None):
    """Store ``x`` at position ``i`` (at most ``len(array)``: then it is appended); returns the array."""
    static = _static_array()
    if static is not None:
        return static.array_write(x, i, array)
    if not isinstance(x, Tensor):
        raise AssertionError("The input data 'x' in array_write must be Variable in dygraph mode")
    index = _position(i, "array_write")
    if array is None:
        array = create_array(x.dtype)
    if not isinstance(array, list):
        raise AssertionError("The 'array' in array_write must be a list in dygraph mode")
    if index > len(array):
        raise AssertionError("The index 'i' should not be greater than the length of 'array' in dygraph mode")
    if index < len(array):
        array[index] = x
    else:
        array.append(x)
    return array


def create_array(dtype, initialized_list=None):
    """A new array (a list), holding the Tensors of ``initialized_list`` if given."""
    static = _static_array()
    if static is not None:
        return static.create_array(dtype, initialized_list)
    array = []
    if initialized_list is not None:
        if not isinstance(initialized_list, (list, tuple)):
            raise TypeError(
                f"Require type(initialized_list) should be list/tuple, but received {type(initialized_list)}"
            )
        array = list(initialized_list)
    for value in array:
        if not isinstance(value, Tensor):
            raise TypeError(
                "All values in `initialized_list` should be Variable or pir.OpResult, but recevied "
                f"{type(value)}."
            )
    return array
