"""Paddle's ``framework.proto`` messages (the subset a ``.pdmodel`` uses), field numbers as Paddle 2.6 declares
them; encoded and decoded by ``wire.Message``. Shared by ``paddle.jit`` and ``paddle.static`` persistence."""

import enum

from .wire import DecodeError, Message

__all__ = ["AttrType", "VarTypeType", "Version", "Complex", "Scalar", "OpDesc", "VarType", "VarDesc",
           "BlockDesc", "OpVersion", "OpVersionMap", "ProgramDesc", "DecodeError", "PROGRAM_VERSION"]

PROGRAM_VERSION = 2006002  # what Paddle 2.6.2 stamps in ProgramDesc.version


class AttrType(enum.IntEnum):
    INT = 0
    FLOAT = 1
    STRING = 2
    INTS = 3
    FLOATS = 4
    STRINGS = 5
    BOOLEAN = 6
    BOOLEANS = 7
    BLOCK = 8
    LONG = 9
    BLOCKS = 10
    LONGS = 11
    FLOAT64S = 12
    VAR = 13
    VARS = 14
    FLOAT64 = 15
    SCALAR = 16
    SCALARS = 17


class VarTypeType(enum.IntEnum):
    BOOL = 0
    INT16 = 1
    INT32 = 2
    INT64 = 3
    FP16 = 4
    FP32 = 5
    FP64 = 6
    LOD_TENSOR = 7
    SELECTED_ROWS = 8
    FEED_MINIBATCH = 9
    FETCH_LIST = 10
    STEP_SCOPES = 11
    LOD_RANK_TABLE = 12
    LOD_TENSOR_ARRAY = 13
    PLACE_LIST = 14
    READER = 15
    RAW = 17
    TUPLE = 18
    SIZE_T = 19
    UINT8 = 20
    INT8 = 21
    BF16 = 22
    COMPLEX64 = 23
    COMPLEX128 = 24
    STRING = 25
    STRINGS = 26
    VOCAB = 27
    FEED_LIST = 28
    PSTRING = 29
    SPARSE_COO = 30
    SPARSE_CSR = 31


class Version(Message):
    FIELDS = ((1, "version", "int64", False, None),)


class Complex(Message):
    FIELDS = ((1, "r", "double", False, None), (2, "i", "double", False, None))


class Scalar(Message):
    BOOLEAN, LONG, FLOAT64, COMPLEX128 = 1, 2, 3, 4
    FIELDS = ((1, "type", "enum", False, None), (2, "b", "bool", False, None), (3, "i", "int64", False, None),
              (4, "r", "double", False, None), (5, "c", "message", False, Complex))


class OpDescAttr(Message):
    FIELDS = (
        (1, "name", "string", False, None), (2, "type", "enum", False, None), (3, "i", "int32", False, None),
        (4, "f", "float", False, None), (5, "s", "string", False, None), (6, "ints", "int32", True, None),
        (7, "floats", "float", True, None), (8, "strings", "string", True, None), (10, "b", "bool", False, None),
        (11, "bools", "bool", True, None), (12, "block_idx", "int32", False, None),
        (13, "l", "int64", False, None), (14, "blocks_idx", "int32", True, None),
        (15, "longs", "int64", True, None), (16, "float64s", "double", True, None),
        (17, "var_name", "string", False, None), (18, "vars_name", "string", True, None),
        (19, "float64", "double", False, None), (20, "scalar", "message", False, Scalar),
        (21, "scalars", "message", True, Scalar),
    )

    _SLOT = {AttrType.INT: "i", AttrType.FLOAT: "f", AttrType.STRING: "s", AttrType.INTS: "ints",
             AttrType.FLOATS: "floats", AttrType.STRINGS: "strings", AttrType.BOOLEAN: "b",
             AttrType.BOOLEANS: "bools", AttrType.BLOCK: "block_idx", AttrType.LONG: "l",
             AttrType.BLOCKS: "blocks_idx", AttrType.LONGS: "longs", AttrType.FLOAT64S: "float64s",
             AttrType.VAR: "var_name", AttrType.VARS: "vars_name", AttrType.FLOAT64: "float64",
             AttrType.SCALAR: "scalar", AttrType.SCALARS: "scalars"}

    def value(self):
        """The attribute's Python value, read from the slot its ``type`` names."""
        value = getattr(self, self._SLOT[AttrType(self.type)])
        if isinstance(value, Scalar):
            return _scalar_value(value)
        if value and isinstance(value, list) and isinstance(value[0], Scalar):
            return [_scalar_value(v) for v in value]
        return value


def _scalar_value(s):
    if s.type == Scalar.BOOLEAN:
        return bool(s.b)
    if s.type == Scalar.LONG:
        return s.i
    if s.type == Scalar.FLOAT64:
        return s.r
    return complex(s.c.r or 0.0, s.c.i or 0.0)


class OpDescVar(Message):
    FIELDS = ((1, "parameter", "string", False, None), (2, "arguments", "string", True, None))


class OpDesc(Message):
    Attr = OpDescAttr
    Var = OpDescVar
    FIELDS = ((3, "type", "string", False, None), (1, "inputs", "message", True, OpDescVar),
              (2, "outputs", "message", True, OpDescVar), (4, "attrs", "message", True, OpDescAttr),
              (5, "is_target", "bool", False, None))

    def input(self, parameter):
        return _arguments(self.inputs, parameter)

    def output(self, parameter):
        return _arguments(self.outputs, parameter)

    def attr_map(self):
        return {a.name: a.value() for a in self.attrs}


def _arguments(vars_, parameter):
    for var in vars_:
        if var.parameter == parameter:
            return list(var.arguments)
    return []


class TensorDesc(Message):
    FIELDS = ((1, "data_type", "enum", False, None), (2, "dims", "int64", True, None))


class LoDTensorDesc(Message):
    FIELDS = ((1, "tensor", "message", False, TensorDesc), (2, "lod_level", "int32", False, None))


class LoDTensorArrayDesc(Message):
    FIELDS = ((1, "tensor", "message", False, TensorDesc), (2, "lod_level", "int32", False, None))


class ReaderDesc(Message):
    FIELDS = ((1, "lod_tensor", "message", True, LoDTensorDesc),)


class Tuple(Message):
    FIELDS = ((1, "element_type", "enum", True, None),)


class VarType(Message):
    Type = VarTypeType
    TensorDesc = TensorDesc
    LoDTensorDesc = LoDTensorDesc
    LoDTensorArrayDesc = LoDTensorArrayDesc
    ReaderDesc = ReaderDesc
    Tuple = Tuple
    FIELDS = ((1, "type", "enum", False, None), (2, "selected_rows", "message", False, TensorDesc),
              (3, "lod_tensor", "message", False, LoDTensorDesc),
              (4, "tensor_array", "message", False, LoDTensorArrayDesc),
              (5, "reader", "message", False, ReaderDesc), (7, "tuple", "message", False, Tuple),
              (8, "string", "message", False, TensorDesc), (9, "strings", "message", False, TensorDesc),
              (10, "vocab", "message", False, TensorDesc), (11, "sparse_coo", "message", False, TensorDesc),
              (12, "sparse_csr", "message", False, TensorDesc))


class VarDescAttr(Message):
    FIELDS = ((1, "name", "string", False, None), (2, "type", "enum", False, None),
              (3, "i", "int32", False, None), (4, "s", "string", False, None), (5, "ints", "int32", True, None))


class VarDesc(Message):
    Attr = VarDescAttr
    FIELDS = ((1, "name", "string", False, None), (2, "type", "message", False, VarType),
              (3, "persistable", "bool", False, None), (4, "need_check_feed", "bool", False, None),
              (5, "is_parameter", "bool", False, None), (6, "stop_gradient", "bool", False, None),
              (7, "attrs", "message", True, VarDescAttr))


class BlockDesc(Message):
    FIELDS = ((1, "idx", "int32", False, None), (2, "parent_idx", "int32", False, None),
              (3, "vars", "message", True, VarDesc), (4, "ops", "message", True, OpDesc),
              (5, "forward_block_idx", "int32", False, None))


class OpVersion(Message):
    FIELDS = ((1, "version", "int32", False, None),)


class OpVersionPair(Message):
    FIELDS = ((1, "op_name", "string", False, None), (2, "op_version", "message", False, OpVersion))


class OpVersionMap(Message):
    OpVersionPair = OpVersionPair
    FIELDS = ((1, "pair", "message", True, OpVersionPair),)


class ProgramDesc(Message):
    FIELDS = ((1, "blocks", "message", True, BlockDesc), (4, "version", "message", False, Version),
              (5, "op_version_map", "message", False, OpVersionMap))


def make_attr(name, value, attr_type=None):
    """An OpDesc.Attr from a Python value; ``attr_type`` forces e.g. LONG or FLOAT64 where Paddle uses them."""
    a = OpDescAttr(name=name)
    if attr_type is None:
        attr_type = _infer_attr_type(value)
    a.type = int(attr_type)
    slot = OpDescAttr._SLOT[AttrType(attr_type)]
    setattr(a, slot, list(value) if isinstance(value, (list, tuple)) else value)
    return a


# Python type -> (scalar, list) attribute types, bool before int (a bool is an int)
_ATTR_TYPES = ((bool, AttrType.BOOLEAN, AttrType.BOOLEANS), (int, AttrType.INT, AttrType.INTS),
               (float, AttrType.FLOAT, AttrType.FLOATS), (str, AttrType.STRING, AttrType.STRINGS))


def _infer_attr_type(value):
    if isinstance(value, (list, tuple)):
        if not value:
            return AttrType.INTS
        for python_type, _, list_type in _ATTR_TYPES:
            if isinstance(value[0], python_type):
                return list_type
    else:
        for python_type, scalar_type, _ in _ATTR_TYPES:
            if isinstance(value, python_type):
                return scalar_type
    raise TypeError(f"cannot infer the attribute type of {value!r}")
