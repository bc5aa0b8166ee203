"""Paddle's LoDTensor stream (``.pdiparams``, ``save_combine``): per tensor, in order,
``uint32 version (0) | uint64 lod_level | per level: uint64 byte size + size_t offsets |
uint32 tensor version (0) | int32 desc size | VarType.TensorDesc bytes | raw little-endian data``."""

import struct

import numpy as np

from .framework import TensorDesc, VarTypeType
from .wire import DecodeError

__all__ = ["read_tensors", "write_tensors", "NUMPY_OF", "PROTO_OF"]

NUMPY_OF = {
    VarTypeType.BOOL: np.dtype("bool"), VarTypeType.INT16: np.dtype("<i2"), VarTypeType.INT32: np.dtype("<i4"),
    VarTypeType.INT64: np.dtype("<i8"), VarTypeType.FP16: np.dtype("<f2"), VarTypeType.FP32: np.dtype("<f4"),
    VarTypeType.FP64: np.dtype("<f8"), VarTypeType.UINT8: np.dtype("u1"), VarTypeType.INT8: np.dtype("i1"),
    VarTypeType.BF16: np.dtype("<u2"),  # raw bfloat16 bits
    VarTypeType.COMPLEX64: np.dtype("<c8"), VarTypeType.COMPLEX128: np.dtype("<c16"),
}
PROTO_OF = {v: k for k, v in NUMPY_OF.items() if k != VarTypeType.BF16}


class _Reader:
    def __init__(self, data, source):
        self.data, self.pos, self.source = data, 0, source

    def take(self, n, what):
        if self.pos + n > len(self.data):
            raise DecodeError(f"{self.source}: truncated parameter file (needed {n} bytes for {what} at offset "
                              f"{self.pos}, {len(self.data) - self.pos} left)")
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk


def read_tensors(data, count=None, source="<pdiparams>", names=None):
    """Decodes ``count`` tensors (all when None) -> list of ``(numpy array, lod)``; bf16 arrays are uint16 bits
    with ``dtype`` tagged by the returned desc type (the third item)."""
    reader = _Reader(memoryview(data), source)
    out = []
    while (count is None and reader.pos < len(data)) or (count is not None and len(out) < count):
        label = names[len(out)] if names and len(out) < len(names) else f"tensor #{len(out)}"
        (version,) = struct.unpack("<I", reader.take(4, f"{label} version"))
        if version != 0:
            raise DecodeError(f"{source}: {label}: unsupported LoDTensor version {version}")
        (lod_level,) = struct.unpack("<Q", reader.take(8, f"{label} lod level"))
        lod = []
        for _ in range(lod_level):
            (size,) = struct.unpack("<Q", reader.take(8, f"{label} lod size"))
            lod.append(list(np.frombuffer(reader.take(size, f"{label} lod"), dtype="<u8")))
        (tensor_version,) = struct.unpack("<I", reader.take(4, f"{label} tensor version"))
        if tensor_version != 0:
            raise DecodeError(f"{source}: {label}: unsupported tensor version {tensor_version}")
        (desc_size,) = struct.unpack("<i", reader.take(4, f"{label} desc size"))
        desc = TensorDesc.FromString(bytes(reader.take(desc_size, f"{label} desc")))
        data_type = VarTypeType(desc.data_type)
        if data_type not in NUMPY_OF:
            raise DecodeError(f"{source}: {label}: unsupported data type {data_type.name}")
        dtype = NUMPY_OF[data_type]
        numel = int(np.prod(desc.dims)) if desc.dims else 1
        raw = reader.take(numel * dtype.itemsize, f"{label} data ({numel} x {data_type.name})")
        array = np.frombuffer(raw, dtype=dtype).reshape(desc.dims).copy()
        out.append((array, lod, data_type))
    if count is not None and reader.pos != len(data):
        raise DecodeError(f"{source}: {len(data) - reader.pos} bytes left after {count} tensors: the file does "
                          f"not match the program's parameters")
    return out


def write_tensors(arrays):
    """``arrays``: numpy arrays, or ``(uint16 array, VarTypeType.BF16)`` pairs for bfloat16 -> bytes."""
    out = bytearray()
    for item in arrays:
        if isinstance(item, tuple):
            array, data_type = item
        else:
            array = np.asarray(item)
            if array.dtype.newbyteorder("<") not in PROTO_OF and array.dtype not in PROTO_OF:
                raise TypeError(f"cannot save a tensor of dtype {array.dtype}")
            data_type = PROTO_OF[array.dtype.newbyteorder("<") if array.dtype.byteorder == ">" else array.dtype]
        array = np.ascontiguousarray(array, dtype=NUMPY_OF[data_type])
        out += struct.pack("<IQI", 0, 0, 0)
        desc = TensorDesc(data_type=int(data_type), dims=list(array.shape)).SerializeToString()
        out += struct.pack("<i", len(desc))
        out += desc
        out += array.tobytes()
    return bytes(out)
