"""A small protobuf-like message built from ``_strategy_schema``: proto2 presence, the pure-python protobuf
runtime's type checks and error texts (the oracle's runtime), float fields rounded to 4-byte floats on
assignment, and the text format that ``str(message)`` and prototxt files use."""

import struct

from ._strategy_schema import MESSAGES

__all__ = []

_FLOAT_MAX = float.fromhex("0x1.fffffep+127")


def _to_float32(value):
    if value > _FLOAT_MAX:
        return float("inf")
    if value < -_FLOAT_MAX:
        return float("-inf")
    return struct.unpack("<f", struct.pack("<f", value))[0]


def _shortest_float32(value):
    for digits in range(6, 10):
        text = f"{value:.{digits}g}"
        if _to_float32(float(text)) == value:
            return float(text)
    return value


def _is_ndarray(value):
    return type(value).__module__ == "numpy" and type(value).__name__ == "ndarray"


def _check(kind, value):
    """The protobuf python runtime's value check: the converted value, or TypeError with its text."""
    if kind in ("int", "enum"):
        if not hasattr(value, "__index__") or _is_ndarray(value):
            raise TypeError(f"{value!r:.1024} has type {type(value)}, but expected one of: {(int,)}")
        return value.__index__()
    if kind == "bool":
        if not hasattr(value, "__index__") or _is_ndarray(value):
            raise TypeError(f"{value!r:.1024} has type {type(value)}, but expected one of: {(bool, int)}")
        return bool(value)
    if kind in ("float", "double"):
        if (not hasattr(value, "__float__") and not hasattr(value, "__index__")) or _is_ndarray(value):
            raise TypeError(f"{value!r:.1024} has type {type(value)}, but expected one of: int, float")
        value = float(value)
        return _to_float32(value) if kind == "float" else value
    if kind in ("str", "bytes"):
        if not isinstance(value, (bytes, str)):
            raise TypeError(f"{value!r:.1024} has type {type(value)}, but expected one of: {(bytes, str)}")
        if isinstance(value, bytes) and kind == "str":
            value = value.decode("utf-8")
        return value
    raise TypeError(kind)


class RepeatedScalar(list):
    """A repeated scalar field: a list whose ``append``/``extend`` type-check like protobuf's container."""

    __slots__ = ("_kind",)

    def __init__(self, kind):
        super().__init__()
        self._kind = kind

    def append(self, value):
        super().append(_check(self._kind, value))

    def extend(self, values):
        super().extend([_check(self._kind, v) for v in values])

    def __repr__(self):
        return list.__repr__(self)


class RepeatedMessage(list):
    """A repeated message field; ``add()`` appends a new empty message."""

    __slots__ = ("_type_name",)

    def __init__(self, type_name):
        super().__init__()
        self._type_name = type_name

    def add(self):
        item = Message(self._type_name)
        super().append(item)
        return item


class Message:
    """One protobuf message of ``MESSAGES[type_name]``; unset scalar fields read as their defaults."""

    __slots__ = ("_type_name", "_fields", "_values")

    def __init__(self, type_name):
        object.__setattr__(self, "_type_name", type_name)
        object.__setattr__(self, "_fields", {f[0]: f for f in MESSAGES[type_name]})
        object.__setattr__(self, "_values", {})

    @property
    def field_names(self):
        return list(self._fields)

    def field_spec(self, name):
        """(name, number, kind, repeated, default, sub-message type) of field ``name``."""
        return self._fields[name]

    def __getattr__(self, name):
        try:
            _, _, kind, repeated, default, sub = self._fields[name]
        except KeyError:
            raise AttributeError(name) from None
        if name in self._values:
            return self._values[name]
        if repeated:
            value = RepeatedMessage(sub) if sub else RepeatedScalar(kind)
        elif sub:
            value = Message(sub)
        else:
            return default
        self._values[name] = value
        return value

    def __setattr__(self, name, value):
        spec = self._fields.get(name)
        if spec is None:
            raise AttributeError(f"Assignment not allowed (no field \"{name}\" in protocol message object).")
        _, _, kind, repeated, _, sub = spec
        if repeated:
            raise AttributeError(f"Assignment not allowed to repeated field \"{name}\" in protocol message object.")
        if sub:
            raise AttributeError(f"Assignment not allowed to composite field \"{name}\" in protocol message object.")
        try:
            self._values[name] = _check(kind, value)
        except TypeError as exc:
            raise TypeError(f"Cannot set {self._type_name}.{name} to {value!r:.1024}: {exc}") from None

    def HasField(self, name):  # noqa: N802 - protobuf's name
        if name not in self._values:
            return False
        value = self._values[name]
        if isinstance(value, Message):
            return value._present()
        return not isinstance(value, list)

    def _present(self):
        for value in self._values.values():
            if isinstance(value, Message):
                if value._present():
                    return True
            elif not isinstance(value, list) or value:
                return True
        return False

    def __deepcopy__(self, memo):
        copied = Message(self._type_name)
        copied.merge_text(str(self))
        return copied

    # text format -----------------------------------------------------------------------------------------
    def __str__(self):
        lines = []
        self._write_text(lines, "")
        return "".join(lines)

    def _write_text(self, lines, indent):
        for name, _, kind, repeated, _, sub in sorted(self._fields.values(), key=lambda f: f[1]):
            if name not in self._values:
                continue
            value = self._values[name]
            items = value if repeated else [value]
            for item in items:
                if sub:
                    if not repeated and not item._present():
                        continue
                    lines.append(f"{indent}{name} {{\n")
                    item._write_text(lines, indent + "  ")
                    lines.append(f"{indent}}}\n")
                else:
                    lines.append(f"{indent}{name}: {_format_scalar(kind, item)}\n")

    def merge_text(self, text):
        """Merge protobuf text format (as written by ``str``) into this message."""
        tokens = _tokenize(text)
        position = self._merge_tokens(tokens, 0)
        if position != len(tokens):
            raise ValueError(f"unexpected {tokens[position]!r} in protobuf text")
        return self

    def _merge_tokens(self, tokens, position):
        while position < len(tokens) and tokens[position] != "}":
            name = tokens[position]
            if name not in self._fields:
                raise ValueError(f'Message type "{self._type_name}" has no field named "{name}".')
            _, _, kind, repeated, _, sub = self._fields[name]
            position += 1
            if sub:
                if tokens[position] == ":":
                    position += 1
                if tokens[position] != "{":
                    raise ValueError(f"expected '{{' after {name}")
                target = getattr(self, name).add() if repeated else getattr(self, name)
                position = target._merge_tokens(tokens, position + 1)
                position += 1  # the closing brace
                continue
            if tokens[position] != ":":
                raise ValueError(f"expected ':' after {name}")
            value = _parse_scalar(kind, tokens[position + 1])
            position += 2
            if repeated:
                getattr(self, name).append(value)
            else:
                setattr(self, name, value)
        return position


def _format_scalar(kind, value):
    if kind == "bool":
        return "true" if value else "false"
    if kind in ("str", "bytes"):
        text = value if isinstance(value, str) else value.decode("utf-8", "replace")
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if kind == "float":
        return str(_shortest_float32(value))
    return str(value)


def _parse_scalar(kind, token):
    if kind in ("str", "bytes"):
        if not (token.startswith('"') or token.startswith("'")):
            raise ValueError(f"expected a string, got {token!r}")
        return token[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
    if kind == "bool":
        if token in ("true", "True", "t", "1"):
            return True
        if token in ("false", "False", "f", "0"):
            return False
        raise ValueError(f"expected a bool, got {token!r}")
    if kind in ("float", "double"):
        return float(token.rstrip("fF"))
    return int(token, 0)


def _tokenize(text):
    tokens = []
    position = 0
    while position < len(text):
        char = text[position]
        if char.isspace():
            position += 1
        elif char == "#":
            end = text.find("\n", position)
            position = len(text) if end < 0 else end
        elif char in "{}:":
            tokens.append(char)
            position += 1
        elif char in "\"'":
            end = position + 1
            while text[end] != char:
                end += 2 if text[end] == "\\" else 1
            tokens.append(text[position:end + 1])
            position = end + 1
        else:
            end = position
            while end < len(text) and not text[end].isspace() and text[end] not in "{}:#":
                end += 1
            tokens.append(text[position:end])
            position = end
    return tokens
