"""The ProgramDesc codec and the LoDTensor stream against files written by real Paddle 2.6.2 (fixtures made by
make_fixtures.py with the oracle): decode -> encode gives the same bytes; decoded facts match what Paddle's own
protobuf reported (op types, parameter names, recorded in jit_paddle_models.json)."""

import json
import os
import pickle
import struct

import numpy as np
import pytest

from paddle_compat._proto.framework import (
    PROGRAM_VERSION,
    AttrType,
    OpDesc,
    ProgramDesc,
    VarTypeType,
    make_attr,
)
from paddle_compat._proto.tensor_stream import read_tensors, write_tensors
from paddle_compat._proto.wire import DecodeError
from tools.api_diff.common import check_stamp

HERE = os.path.join(os.path.dirname(__file__), "fixtures")
GOLDEN = json.load(open(os.path.join(HERE, "jit_paddle_models.json")))
check_stamp(GOLDEN, "tests/jit/fixtures/jit_paddle_models.json")
MODELS = sorted(GOLDEN["models"])


def _read(name, suffix):
    with open(os.path.join(HERE, name, "model" + suffix), "rb") as f:
        return f.read()


@pytest.mark.parametrize("name", MODELS)
def test_program_round_trip_byte_for_byte(name):
    data = _read(name, ".pdmodel")
    program = ProgramDesc.FromString(data)
    assert program.SerializeToString() == data
    assert program.version.version == PROGRAM_VERSION
    block = program.blocks[0]
    assert [op.type for op in block.ops] == GOLDEN["models"][name]["op_types"]
    persistable = sorted(v.name for v in block.vars if v.persistable and v.name not in ("feed", "fetch"))
    assert persistable == GOLDEN["models"][name]["param_names"]


@pytest.mark.parametrize("name", MODELS)
def test_params_round_trip_byte_for_byte(name):
    data = _read(name, ".pdiparams")
    names = GOLDEN["models"][name]["param_names"]  # save_combine writes them sorted by name
    tensors = read_tensors(data, len(names), names=names)
    assert write_tensors([t[0] for t in tensors]) == data
    info = pickle.loads(_read(name, ".pdiparams.info"))
    assert set(info) <= set(names)
    program = ProgramDesc.FromString(_read(name, ".pdmodel"))
    shapes = {v.name: list(v.type.lod_tensor.tensor.dims) for v in program.blocks[0].vars if v.persistable
              and v.name in names}
    assert [list(t[0].shape) for t in tensors] == [shapes[n] for n in names]


def test_conv_attrs_decode():
    program = ProgramDesc.FromString(_read("lenet", ".pdmodel"))
    conv = next(op for op in program.blocks[0].ops if op.type == "conv2d")
    attrs = conv.attr_map()
    assert attrs["paddings"] == [1, 1] and attrs["strides"] == [1, 1] and attrs["groups"] == 1
    assert attrs["data_format"] == "NCHW"
    assert conv.input("Input") == ["x"]


def test_attr_encoding_and_negative_ints():
    op = OpDesc(type="scale")
    op.attrs.append(make_attr("scale", 0.5))
    op.attrs.append(make_attr("axes", [-1, 2]))
    op.attrs.append(make_attr("big", 1 << 40, AttrType.LONG))
    op.attrs.append(make_attr("flag", True))
    back = OpDesc.FromString(op.SerializeToString())
    assert back.attr_map() == {"scale": 0.5, "axes": [-1, 2], "big": 1 << 40, "flag": True}
    assert back == op


def test_packed_repeated_is_accepted():
    # field 6 (ints) written packed: tag (6<<3)|2, length 2, values 3 and 4
    attr = OpDesc.Attr.FromString(bytes([0x0A, 1, ord("a"), 0x10, int(AttrType.INTS), 0x32, 2, 3, 4]))
    assert attr.ints == [3, 4]


def test_truncated_program_and_params_are_clear_errors():
    data = _read("lenet", ".pdmodel")
    with pytest.raises(DecodeError, match="past the end|truncated"):
        ProgramDesc.FromString(data[: len(data) // 2])
    params = _read("lenet", ".pdiparams")
    names = GOLDEN["models"]["lenet"]["param_names"]
    with pytest.raises(DecodeError, match="truncated parameter file.*linear_1.w_0"):
        read_tensors(params[:-10], len(names), names=names)


def test_write_tensor_dtypes():
    arrays = [np.arange(6, dtype="int64").reshape(2, 3), np.ones([], "float32"), np.array([True, False])]
    back = read_tensors(write_tensors(arrays))
    assert [b[2] for b in back] == [VarTypeType.INT64, VarTypeType.FP32, VarTypeType.BOOL]
    for a, (b, _, _) in zip(arrays, back):
        np.testing.assert_array_equal(a, b)
    assert struct.unpack("<I", write_tensors(arrays[:1])[:4]) == (0,)
