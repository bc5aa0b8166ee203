"""Protocol-buffers wire format (proto2) for a few hand-declared messages; no protobuf dependency.

A message class declares ``FIELDS``: ``(number, name, kind, repeated, message_class)``. Kinds: ``int32``,
``int64``, ``bool``, ``enum``, ``float``, ``double``, ``string``, ``bytes``, ``message``. Unset optional fields
are ``None`` (repeated ones ``[]``) and are not written, so a decoded message re-encodes to the same bytes as
protobuf's C++ serializer (fields in number order, repeated scalars unpacked as proto2 declares them). Fields
the schema does not know are kept as raw bytes and written back after the known ones.
"""

import struct

__all__ = ["Message", "DecodeError"]

_VARINT, _FIXED64, _LEN, _FIXED32 = 0, 1, 2, 5
_WIRE_OF = {"int32": _VARINT, "int64": _VARINT, "bool": _VARINT, "enum": _VARINT, "float": _FIXED32,
            "double": _FIXED64, "string": _LEN, "bytes": _LEN, "message": _LEN}


class DecodeError(ValueError):
    pass


def encode_varint(value, out):
    if value < 0:
        value += 1 << 64  # negative int32/int64: ten-byte two's complement, as protobuf writes them
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)


def decode_varint(buf, pos, end):
    result = shift = 0
    while True:
        if pos >= end:
            raise DecodeError("truncated varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift >= 70:
            raise DecodeError("varint too long")


def _signed(value, bits):
    value &= (1 << 64) - 1
    if value >= 1 << 63:
        value -= 1 << 64
    if bits == 32:
        value = ((value + (1 << 31)) % (1 << 32)) - (1 << 31)
    return value


class Message:
    FIELDS = ()

    def __init_subclass__(cls):
        cls._by_number = {f[0]: f for f in cls.FIELDS}
        cls._ordered = sorted(cls.FIELDS, key=lambda f: f[0])

    def __init__(self, **values):
        for _, name, _, repeated, _ in self.FIELDS:
            object.__setattr__(self, name, [] if repeated else None)
        self._unknown = b""
        for name, value in values.items():
            if name not in self._names():
                raise TypeError(f"{type(self).__name__} has no field {name!r}")
            setattr(self, name, value)

    @classmethod
    def _names(cls):
        return {f[1] for f in cls.FIELDS}

    def __eq__(self, other):
        return type(self) is type(other) and all(
            getattr(self, f[1]) == getattr(other, f[1]) for f in self.FIELDS)

    def __repr__(self):
        parts = []
        for field in self.FIELDS:
            value = getattr(self, field[1])
            if value is not None and value != []:
                parts.append(f"{field[1]}={value!r}")
        return f"{type(self).__name__}({', '.join(parts)})"

    # -- encoding --------------------------------------------------------------------------------
    def SerializeToString(self):  # noqa: N802  protobuf's spelling, which Paddle code calls
        out = bytearray()
        self._encode(out)
        return bytes(out)

    def _encode(self, out):
        for number, name, kind, repeated, _ in self._ordered:
            value = getattr(self, name)
            if value is None:
                continue
            for item in (value if repeated else (value,)):
                _encode_field(out, number, kind, item)
        out += self._unknown

    # -- decoding --------------------------------------------------------------------------------
    @classmethod
    def FromString(cls, data):  # noqa: N802
        message = cls()
        message._decode(memoryview(bytes(data)), 0, len(data))
        return message

    def ParseFromString(self, data):  # noqa: N802
        self.__init__()
        self._decode(memoryview(bytes(data)), 0, len(data))
        return len(data)

    def _decode(self, buf, pos, end):
        unknown = bytearray()
        while pos < end:
            start = pos
            key, pos = decode_varint(buf, pos, end)
            number, wire = key >> 3, key & 7
            field = self._by_number.get(number)
            if wire == _VARINT:
                raw, pos = decode_varint(buf, pos, end)
                payload = None
            elif wire == _FIXED64:
                if pos + 8 > end:
                    raise DecodeError(f"{type(self).__name__}: truncated fixed64 field {number}")
                raw, payload, pos = None, buf[pos:pos + 8], pos + 8
            elif wire == _FIXED32:
                if pos + 4 > end:
                    raise DecodeError(f"{type(self).__name__}: truncated fixed32 field {number}")
                raw, payload, pos = None, buf[pos:pos + 4], pos + 4
            elif wire == _LEN:
                length, pos = decode_varint(buf, pos, end)
                if pos + length > end:
                    raise DecodeError(f"{type(self).__name__}: field {number} runs past the end of the data")
                raw, payload, pos = None, (pos, pos + length), pos + length
            else:
                raise DecodeError(f"{type(self).__name__}: unsupported wire type {wire} (field {number})")
            if field is None:
                unknown += buf[start:pos]
                continue
            _, name, kind, repeated, cls = field
            if wire == _LEN and kind not in ("string", "bytes", "message"):  # a packed repeated scalar
                values = _decode_packed(buf, payload[0], payload[1], kind)
                getattr(self, name).extend(values)
                continue
            if wire != _WIRE_OF[kind]:
                raise DecodeError(f"{type(self).__name__}.{name}: wire type {wire} does not match {kind}")
            value = _decode_value(buf, kind, cls, raw, payload)
            if repeated:
                getattr(self, name).append(value)
            else:
                setattr(self, name, value)
        self._unknown = bytes(unknown)


def _encode_field(out, number, kind, value):
    wire = _WIRE_OF[kind]
    encode_varint((number << 3) | wire, out)
    if wire == _VARINT:
        encode_varint(int(value), out)
    elif kind == "float":
        out += struct.pack("<f", value)
    elif kind == "double":
        out += struct.pack("<d", value)
    elif kind == "message":
        inner = bytearray()
        value._encode(inner)
        encode_varint(len(inner), out)
        out += inner
    else:
        data = value.encode("utf-8") if kind == "string" else bytes(value)
        encode_varint(len(data), out)
        out += data


def _decode_value(buf, kind, cls, raw, payload):
    if kind in ("int32", "enum"):
        return _signed(raw, 32)
    if kind == "int64":
        return _signed(raw, 64)
    if kind == "bool":
        return bool(raw)
    if kind == "float":
        return struct.unpack("<f", payload)[0]
    if kind == "double":
        return struct.unpack("<d", payload)[0]
    start, stop = payload
    if kind == "string":
        return bytes(buf[start:stop]).decode("utf-8", "surrogateescape")
    if kind == "bytes":
        return bytes(buf[start:stop])
    message = cls()
    message._decode(buf, start, stop)
    return message


def _decode_packed(buf, pos, end, kind):
    values = []
    if kind == "float":
        return list(struct.unpack(f"<{(end - pos) // 4}f", buf[pos:end]))
    if kind == "double":
        return list(struct.unpack(f"<{(end - pos) // 8}d", buf[pos:end]))
    while pos < end:
        raw, pos = decode_varint(buf, pos, end)
        values.append(_decode_value(buf, kind, None, raw, None))
    return values
