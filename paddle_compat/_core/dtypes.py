"""Paddle dtype objects and their torch / numpy counterparts.

``paddle.float32`` prints as ``paddle.float32`` and reprs as ``<VarType.FP32: 5>`` like Paddle 2.6.
Lookups go through plain dicts so the hot path (``Tensor.dtype``) is one dict access.
"""

import numpy as np
import torch


class dtype:  # noqa: N801 - Paddle's public name is lower case
    __slots__ = ("name", "torch", "numpy", "_var_type", "_code", "itemsize", "is_floating_point", "is_complex")

    def __new__(cls, *args, **kwargs):
        if len(args) == 1 and not kwargs:  # paddle.dtype(5): the VarType enum member of that code
            return _from_code(args[0])
        return object.__new__(cls)

    def __init__(self, name, torch_dtype=None, numpy_dtype=None, var_type=None, code=None):
        if torch_dtype is None:  # dtype(code): __new__ returned an existing member
            return
        self.name = name
        self.torch = torch_dtype
        self.numpy = numpy_dtype
        self._var_type = var_type
        self._code = code
        self.itemsize = torch_dtype.itemsize
        # the torch dtype's answers, kept as plain attributes (package-internal; Paddle's dtype has neither)
        self.is_floating_point = torch_dtype.is_floating_point
        self.is_complex = torch_dtype.is_complex

    def __repr__(self):
        return f"<VarType.{self._var_type}: {self._code}>"

    def __str__(self):
        # Paddle prints data types as paddle.<name>; other VarType members (LOD_TENSOR) as the enum does
        return "paddle." + self.name if self.torch is not None else "VarType." + self._var_type

    def __int__(self):
        return self._code

    def __reduce__(self):
        return (convert_dtype_to_paddle, (self.name,))


# (paddle name, torch dtype, numpy dtype, VarType name, VarType code) as in Paddle 2.6.
_TABLE = [
    ("bool", torch.bool, np.bool_, "BOOL", 0),
    ("int16", torch.int16, np.int16, "INT16", 1),
    ("int32", torch.int32, np.int32, "INT32", 2),
    ("int64", torch.int64, np.int64, "INT64", 3),
    ("float16", torch.float16, np.float16, "FP16", 4),
    ("float32", torch.float32, np.float32, "FP32", 5),
    ("float64", torch.float64, np.float64, "FP64", 6),
    ("uint8", torch.uint8, np.uint8, "UINT8", 20),
    ("int8", torch.int8, np.int8, "INT8", 21),
    ("bfloat16", torch.bfloat16, None, "BF16", 22),
    ("complex64", torch.complex64, np.complex64, "COMPLEX64", 23),
    ("complex128", torch.complex128, np.complex128, "COMPLEX128", 24),
]

DTYPES = {}
FROM_TORCH = {}
FROM_NUMPY = {}
for _name, _torch, _np, _vt, _code in _TABLE:
    _d = dtype(_name, _torch, _np, _vt, _code)
    DTYPES[_name] = _d
    FROM_TORCH[_torch] = _d
    if _np is not None:
        FROM_NUMPY[np.dtype(_np)] = _d

LOD_TENSOR = object.__new__(dtype)  # what Tensor.type answers in Paddle 2.6: a VarType member, not a data type
LOD_TENSOR.name, LOD_TENSOR.torch, LOD_TENSOR.numpy = "LOD_TENSOR", None, None
LOD_TENSOR._var_type, LOD_TENSOR._code, LOD_TENSOR.itemsize = "LOD_TENSOR", 7, 0

_BY_CODE = {d._code: d for d in DTYPES.values()}
_BY_CODE[7] = LOD_TENSOR

# paddle.dtype is Paddle's VarDesc.VarType enum: its members are class attributes (paddle.dtype.FP32 is
# paddle.float32); the non-data members (variable kinds) exist only as names and codes.
_OTHER_VAR_TYPES = [("SELECTED_ROWS", 8), ("FEED_MINIBATCH", 9), ("FETCH_LIST", 10), ("STEP_SCOPES", 11),
                    ("LOD_RANK_TABLE", 12), ("LOD_TENSOR_ARRAY", 13), ("PLACE_LIST", 14), ("READER", 15),
                    ("RAW", 17), ("STRING", 25), ("STRINGS", 26), ("VOCAB", 27), ("SPARSE_COO", 30)]
for _d in DTYPES.values():
    setattr(dtype, _d._var_type, _d)
dtype.LOD_TENSOR = LOD_TENSOR
for _vt, _code in _OTHER_VAR_TYPES:
    _d = object.__new__(dtype)
    _d.name, _d.torch, _d.numpy, _d._var_type, _d._code, _d.itemsize = _vt, None, None, _vt, _code, 0
    setattr(dtype, _vt, _d)


def _from_code(code):
    if not isinstance(code, int) or isinstance(code, bool):
        raise TypeError("__init__(): incompatible constructor arguments. The following argument types are "
                        f"supported:\n    1. paddle.dtype(value: int)\n\nInvoked with: {code!r}")
    d = _BY_CODE.get(code)
    if d is None:
        raise ValueError(f"paddle.dtype({code}): not a data type code paddle-compat supports "
                         f"({sorted(_BY_CODE)})")
    return d


bool_ = DTYPES["bool"]
int8, int16, int32, int64 = DTYPES["int8"], DTYPES["int16"], DTYPES["int32"], DTYPES["int64"]
uint8 = DTYPES["uint8"]
float16, bfloat16 = DTYPES["float16"], DTYPES["bfloat16"]
float32, float64 = DTYPES["float32"], DTYPES["float64"]
complex64, complex128 = DTYPES["complex64"], DTYPES["complex128"]

# Strings besides the canonical names: Paddle passes them through numpy (convert_np_dtype_to_dtype_), so
# "float" is float64 and "int" is int64 as in numpy; "uint16" is Paddle's spelling of bfloat16.
_ALIASES = {"float": "float64", "double": "float64", "half": "float16", "int": "int64", "long": "int64",
            "uint16": "bfloat16", "bool_": "bool", "complex": "complex128", "single": "float32",
            "short": "int16", "byte": "int8", "ubyte": "uint8", "longlong": "int64", "intc": "int32",
            "cfloat": "complex128", "cdouble": "complex128", "csingle": "complex64"}


def convert_dtype_to_paddle(value):
    """Any dtype spelling (paddle dtype, str, numpy dtype/type, torch dtype) -> paddle dtype."""
    if type(value) is dtype:
        return value
    if isinstance(value, str):
        d = DTYPES.get(value) or DTYPES.get(_ALIASES.get(value, ""))
        if d is None and value.startswith("paddle."):  # lenient: str(paddle dtype) (Paddle refuses it)
            d = DTYPES.get(value[7:])
        if d is None:
            try:
                d = FROM_NUMPY.get(np.dtype(value))
            except TypeError:
                d = None
            if d is None:
                raise TypeError(f"data type '{value}' not understood")
        return d
    if isinstance(value, torch.dtype):
        d = FROM_TORCH.get(value)
        if d is None:
            raise TypeError(f"Unsupported dtype {value}")
        return d
    if value is float:
        return float64
    if value is int:
        return int64
    if value is bool:
        return bool_
    if value is complex:
        return complex128
    try:
        npd = np.dtype(value)
    except (TypeError, ValueError):
        raise TypeError(f"Unsupported dtype {value!r}: expected a paddle dtype, a string or a numpy dtype") from None
    if npd == np.uint16:
        return bfloat16
    d = FROM_NUMPY.get(npd)
    if d is None:
        raise TypeError(f"Unsupported dtype {value!r}")
    return d


def to_torch_dtype(value):
    """Any dtype spelling -> torch.dtype; None stays None."""
    if value is None:
        return None
    if type(value) is dtype:
        return value.torch
    return convert_dtype_to_paddle(value).torch


def dtype_name(value):
    """Paddle's string name ('float32') for any dtype spelling."""
    return convert_dtype_to_paddle(value).name


_default_float = float32


def set_default_dtype(d):
    global _default_float
    d = convert_dtype_to_paddle(d)
    if d not in (float16, float32, float64, bfloat16):
        raise TypeError(
            f"set_default_dtype only supports [float16, float32, float64, bfloat16], but received {d.name}"
        )
    _default_float = d
    torch.set_default_dtype(d.torch if d in (float32, float64) else torch.float32)


def get_default_dtype():
    return _default_float.name


def default_float():
    return _default_float


_BF16_HIGH_BITS = -65536  # 0xFFFF0000 as an int32


def convert(t, target):
    """``t.to(target)`` as Paddle's kernels convert: on CPU, Paddle's bfloat16 keeps the upper 16 bits of the
    float32 value (truncation; torch rounds to nearest, as Paddle's CUDA conversion does). Gradients flow
    as through a cast."""
    if target is not torch.bfloat16 or t.dtype is torch.bfloat16 or t.device.type != "cpu" or t.is_complex():
        return t.to(target)
    f = t.to(torch.float32)
    kept = (f.detach().view(torch.int32) & _BF16_HIGH_BITS).view(torch.float32)
    if f.requires_grad:
        kept = f + (kept - f.detach())
    return kept.to(torch.bfloat16)
