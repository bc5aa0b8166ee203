"""``paddle.base.data_feeder``: the argument checks Paddle's op functions (and model code copying them) call.

In dygraph, Paddle 2.6.2 skips ``check_type``/``check_dtype``/``check_shape`` (the kernels check), so they
return at once here too; ``check_variable_and_dtype`` still reads ``input.dtype``. In static mode they raise
Paddle's TypeErrors. ``convert_dtype`` is real.
"""

import numpy as np

from .._core import dtypes as _dt
from .._stubs import stub_class
from ..framework.program import Variable, default_main_program
from .framework import in_dygraph_mode, in_pir_mode

_NAMES = ("bool", "float16", "uint16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
          "complex64", "complex128")
_SCALAR_TYPES = (bool, np.float16, np.uint16, np.float32, np.float64, np.int8, np.int16, np.int32, np.int64,
                 np.uint8, np.complex64, np.complex128)


def convert_dtype(dtype):
    """Any dtype spelling -> its numpy name (``paddle.bfloat16`` -> ``'uint16'``, as in Paddle)."""
    if isinstance(dtype, _dt.dtype):
        if dtype.torch is not None:
            return "uint16" if dtype.name == "bfloat16" else dtype.name
    elif isinstance(dtype, type):
        if dtype in _SCALAR_TYPES:
            return dtype.__name__
    else:
        if dtype in _NAMES:
            return str(dtype)
        if dtype in ("bfloat16",):
            return "uint16"
    raise TypeError(
        "dtype must be any of [bool, float16, uint16, float32, float64, int8, int16, int32, int64, uint8, "
        f"complex64, complex128, bfloat16], but received {dtype}"
    )


def _type_for_message(value):
    # a static-mode variable is a paddle.Tensor holding a fake tensor here; Paddle names its Variable class
    from ..framework.program import _info

    t = getattr(value, "_t", None)
    if t is not None and "_pdv" in getattr(t, "__dict__", ()) and _info(t) is not None:
        return "<class 'paddle.base.framework.Variable'>"
    return type(value)


def check_type(input, input_name, expected_type, op_name, extra_message=""):  # noqa: A002 - Paddle's names
    if in_dygraph_mode():
        return
    if not isinstance(input, expected_type):
        raise TypeError(f"The type of '{input_name}' in {op_name} must be {expected_type}, but received "
                        f"{_type_for_message(input)}. {extra_message}")


def check_dtype(input_dtype, input_name, expected_dtype, op_name, extra_message=""):
    if in_dygraph_mode():
        return
    name = convert_dtype(input_dtype)
    if name not in expected_dtype:
        raise TypeError(f"The data type of '{input_name}' in {op_name} must be {expected_dtype}, but received "
                        f"{name}. {extra_message}")


def check_variable_and_dtype(input, input_name, expected_dtype, op_name, extra_message=""):  # noqa: A002
    check_type(input, input_name, Variable, op_name, extra_message)
    check_dtype(input.dtype, input_name, expected_dtype, op_name, extra_message)


def check_shape(shape, op_name, expected_shape_type=(list, tuple, Variable), expected_element_type=(int, Variable),
                expected_tensor_dtype=("int32", "int64")):
    if in_dygraph_mode():
        return
    check_type(shape, "shape", expected_shape_type, op_name)
    if expected_element_type is not None and not isinstance(shape, Variable):
        for item in shape:
            check_type(item, "element of shape", expected_element_type, op_name)
            if expected_tensor_dtype is not None and isinstance(item, Variable):
                check_dtype(item.dtype, "element of shape", expected_tensor_dtype, op_name,
                            "If element of shape is Tensor, its data type should be "
                            + ", ".join(expected_tensor_dtype))


def convert_float_to_uint16(data, data_format="NCHW"):
    """float32 array -> the uint16 bit patterns of its bfloat16 values (round to nearest even)."""
    import torch

    if data.size == 0:
        return data.view(np.uint16)
    bf16 = torch.from_numpy(np.ascontiguousarray(data, dtype=np.float32)).to(torch.bfloat16)
    return bf16.view(torch.uint16).numpy().reshape(data.shape)


def convert_uint16_to_float(data):
    bits = np.ascontiguousarray(data, dtype=np.uint16).astype(np.uint32) << 16
    return bits.view(np.float32).reshape(data.shape)


class DataToLoDTensorConverter:
    """Collects one feed slot's samples and stacks them into a LoDTensor of the variable's dtype and shape."""

    def __init__(self, place, lod_level, shape, dtype):
        self.place = place
        self.lod_level = lod_level
        self.shape = list(shape)
        if sum(1 for s in self.shape if s < 0) > 1:
            self.shape = None
        self.dtype = convert_dtype(dtype)
        self.data = []
        self.lod = [[] for _ in range(lod_level)]

    def feed(self, data):
        self._feed_nested(data, self.lod, self.lod_level)

    def _feed_nested(self, data, lod, lod_level):
        # a sample of a lod_level-k slot is a sequence of (k-1)-level samples: its length goes to the LoD
        if lod_level == 0:
            self.data.append(data)
            return
        lod[0].append(len(data))
        for item in data:
            self._feed_nested(item, lod[1:], lod_level - 1)

    def done(self):
        from .executor import LoDTensor

        array = np.array(self.data, dtype=self.dtype)
        if self.shape and len(array.shape) != len(self.shape):
            try:
                array = array.reshape(self.shape)
            except ValueError:
                raise ValueError(f"Reshape error. What is defined in data layer is {self.shape}, but receive "
                                 f"{array.shape}") from None
        tensor = LoDTensor()
        tensor.set(array, self.place)
        if self.lod_level > 0:
            tensor.set_recursive_sequence_lengths(self.lod)
        self.data = []
        self.lod = [[] for _ in range(self.lod_level)]
        return tensor


class DataFeeder:
    """Converts an iterable of samples (one entry per feed variable) into ``{name: LoDTensor}`` for
    ``Executor.run(feed=...)``."""

    def __init__(self, feed_list, place, program=None):
        self.feed_dtypes, self.feed_names, self.feed_shapes, self.feed_lod_level = [], [], [], []
        if program is None:
            program = default_main_program()
        for each in feed_list:
            if isinstance(each, str):
                each = program.block(0).var(each)
            if not isinstance(each, Variable):
                raise TypeError("Feed list should contain a list of variable")
            self.feed_dtypes.append(each.dtype)
            self.feed_names.append(each.name)
            self.feed_lod_level.append(getattr(each, "lod_level", 0) or 0)
            self.feed_shapes.append(list(each.shape))
        self.place = place

    def feed(self, iterable):
        converters = [DataToLoDTensorConverter(self.place, lod, shape, dtype) for lod, shape, dtype in
                      zip(self.feed_lod_level, self.feed_shapes, self.feed_dtypes)]
        for sample in iterable:
            assert len(sample) == len(converters), (
                f"The number of fields in data ({len(sample)}) does not match len(feed_list) ({len(converters)})")
            for converter, slot in zip(converters, sample):
                converter.feed(slot)
        return {name: converter.done() for name, converter in zip(self.feed_names, converters)}


DataFeeder.__module__ = "paddle.base.data_feeder"
_ = (in_pir_mode, stub_class)
