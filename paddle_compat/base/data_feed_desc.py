"""``paddle.base.data_feed_desc``: ``DataFeedDesc``, a data-feed description read from a protobuf text file
(``name``, ``batch_size``, ``multi_slot_desc { slots { name type is_dense is_used shape } }``, ``pipe_command``...),
with setters and ``desc()`` rendering it back as protobuf text, as Paddle's."""

import re

from ..distributed.fleet.dataset._slot_records import FeedDesc

__all__ = []

_MESSAGE = "paddle.framework.DataFeedDesc"
_SCALARS = {"name": str, "batch_size": int, "pipe_command": str, "thread_num": int, "rank_offset": str,
            "pv_batch_size": int, "input_type": int, "so_parser_name": str}
_SLOT_FIELDS = {"name": str, "type": str, "is_dense": bool, "is_used": bool, "shape": int}
_TOKEN = re.compile(r"""\s*(?:(\#[^\n]*)"""  # comment
                    r"""|("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')"""  # quoted string
                    r"""|([{}:<>\[\],;])"""  # punctuation
                    r"""|([^\s{}:<>\[\],;"'#]+))""")  # identifier / number


class ParseError(ValueError):
    """A protobuf text that does not fit the DataFeedDesc message (protobuf's text_format.ParseError)."""


def _unescape(body):
    out = bytearray()
    i = 0
    raw = body.encode("utf-8")
    simple = {ord("n"): 10, ord("t"): 9, ord("r"): 13, ord('"'): 34, ord("'"): 39, ord("\\"): 92, ord("a"): 7,
              ord("b"): 8, ord("f"): 12, ord("v"): 11, ord("?"): 63}
    while i < len(raw):
        byte = raw[i]
        if byte != 92:
            out.append(byte)
            i += 1
            continue
        nxt = raw[i + 1]
        if nxt in simple:
            out.append(simple[nxt])
            i += 2
        elif 48 <= nxt <= 55:
            j = i + 1
            while j < len(raw) and j < i + 4 and 48 <= raw[j] <= 55:
                j += 1
            out.append(int(raw[i + 1:j], 8) & 0xFF)
            i = j
        elif nxt in (ord("x"), ord("X")):
            j = i + 2
            while j < len(raw) and j < i + 4 and chr(raw[j]) in "0123456789abcdefABCDEF":
                j += 1
            out.append(int(raw[i + 2:j], 16))
            i = j
        else:
            raise ParseError(f"Invalid escape sequence \\{chr(nxt)}")
    return out.decode("utf-8")


def _tokens(text):
    pos, line = 0, 1
    items = []
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            if text[pos:].strip() == "":
                break
            raise ParseError(f"{line}:{pos + 1} : Unexpected character {text[pos]!r}.")
        comment, string, punct, word = match.groups()
        start = match.start(match.lastindex) if match.lastindex else pos
        token_line = line + text.count("\n", pos, start)
        column = start - text.rfind("\n", 0, start)
        if string is not None:
            items.append(("string", _unescape(string[1:-1]), token_line, column))
        elif punct is not None:
            items.append(("punct", punct, token_line, column))
        elif word is not None:
            items.append(("word", word, token_line, column))
        line += text.count("\n", pos, match.end())
        pos = match.end()
    return items


def _value(kind, token, field, message):
    token_kind, text, line, _column = token
    if kind is str:
        if token_kind != "string":
            raise ParseError(f"{line}:1 : Expected string but found {text!r}.")
        return text
    if token_kind != "word":
        raise ParseError(f"{line}:1 : Couldn't parse value {text!r} for field {message}.{field}.")
    if kind is bool:
        if text in ("true", "True", "t", "1"):
            return True
        if text in ("false", "False", "f", "0"):
            return False
        raise ParseError(f"{line}:1 : Expected \"true\" or \"false\", found {text!r}.")
    try:
        return int(text, 0)
    except ValueError:
        raise ParseError(f"{line}:1 : Couldn't parse integer: {text}") from None


class _Parser:
    def __init__(self, text):
        self.tokens = _tokens(text)
        self.pos = 0
        self.last_value = None

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self):
        token = self.peek()
        if token is None:
            raise ParseError("Unexpected end of input.")
        self.pos += 1
        return token

    def skip(self, punct):
        token = self.peek()
        if token is not None and token[0] == "punct" and token[1] == punct:
            self.pos += 1
            return True
        return False

    def open_message(self, field):
        self.skip(":")
        token = self.take()
        if token[0] != "punct" or token[1] not in "{<":
            raise ParseError(f"{token[2]}:1 : Expected \"{{\" after field {field}.")
        return "}" if token[1] == "{" else ">"

    def field_name(self, message):
        token = self.take()
        if token[0] != "word":
            raise ParseError(f"{token[2]}:1 : Expected identifier, found {token[1]!r}.")
        return token

    def fields(self, message, closer, handle):
        while True:
            token = self.peek()
            if token is None:
                if closer is None:
                    return
                raise ParseError(f"Expected \"{closer}\".")
            if closer is not None and token[0] == "punct" and token[1] == closer:
                self.pos += 1
                return
            _kind, name, line, column = self.field_name(message)
            handle(name, f"{line}:{column}")
            self.skip(",") or self.skip(";")

    def scalar(self, field, kind, message):
        if not self.skip(":"):
            token = self.peek()
            raise ParseError(f"{token[2] if token else 0}:1 : Expected \":\" after {field}.")
        if self.skip("["):
            values = []
            while not self.skip("]"):
                values.append(_value(kind, self.take(), field, message))
                self.skip(",")
            return values
        token = self.take()
        self.last_value = token
        return [_value(kind, token, field, message)]

    def duplicate(self, field, message):
        """protobuf's Parse refuses a singular field that is already set (even one set before parsing)."""
        _kind, _text, line, column = self.last_value
        return ParseError(f'{line}:{column} : Message type "{message}" should not have multiple "{field}" fields.')


def _parse_into(desc, text):
    parser = _Parser(text)

    def slot_field(slot, name, where):
        if name not in _SLOT_FIELDS:
            raise ParseError(f'{where} : Message type "paddle.framework.Slot" has no field named "{name}".')
        values = parser.scalar(name, _SLOT_FIELDS[name], "paddle.framework.Slot")
        if name == "shape":
            slot.setdefault("shape", []).extend(values)
        elif name in slot:
            raise parser.duplicate(name, "paddle.framework.Slot")
        else:
            slot[name] = values[-1]

    def multi_slot_field(name, where):
        if name == "slots":
            closer = parser.open_message(name)
            slot = {}
            parser.fields("paddle.framework.Slot", closer, lambda n, where: slot_field(slot, n, where))
            desc.slots.append(slot)
        elif name == "uid_slot":
            value = parser.scalar(name, str, "paddle.framework.MultiSlotDesc")[-1]
            if desc.uid_slot is not None:
                raise parser.duplicate(name, "paddle.framework.MultiSlotDesc")
            desc.uid_slot = value
        else:
            raise ParseError(f'{where} : Message type "paddle.framework.MultiSlotDesc" has no field named '
                             f'"{name}".')

    def top_field(name, where):
        if name == "multi_slot_desc":
            closer = parser.open_message(name)
            parser.fields("paddle.framework.MultiSlotDesc", closer, multi_slot_field)
        elif name == "graph_config":
            raise NotImplementedError("DataFeedDesc graph_config (graph-learning data feeds) is not supported in "
                                      "paddle-compat")
        elif name in _SCALARS:
            value = parser.scalar(name, _SCALARS[name], _MESSAGE)[-1]
            if desc.get(name) is not None:
                raise parser.duplicate(name, _MESSAGE)
            desc.set(name, value)
        else:
            raise ParseError(f'{where} : Message type "{_MESSAGE}" has no field named "{name}".')

    parser.fields(_MESSAGE, None, top_field)


class DataFeedDesc:
    """The data-feed description in the protobuf text file ``proto_file``."""

    def __init__(self, proto_file):
        self.proto_desc = FeedDesc()
        self.proto_desc.set("pipe_command", "cat")
        with open(proto_file) as f:
            _parse_into(self.proto_desc, f.read())
        if self.proto_desc.get("name") == "MultiSlotDataFeed":
            self.__name_to_index = {slot.get("name", ""): i for i, slot in enumerate(self.proto_desc.slots)}

    def set_batch_size(self, batch_size):
        self.proto_desc.set("batch_size", batch_size)

    def set_dense_slots(self, dense_slots_name):
        if self.proto_desc.get("name") != "MultiSlotDataFeed":
            raise ValueError("Only MultiSlotDataFeed needs set_dense_slots, please check your datafeed.proto")
        for name in dense_slots_name:
            self.proto_desc.slots[self.__name_to_index[name]]["is_dense"] = True

    def set_use_slots(self, use_slots_name):
        if self.proto_desc.get("name") != "MultiSlotDataFeed":
            raise ValueError("Only MultiSlotDataFeed needs set_use_slots, please check your datafeed.proto")
        for name in use_slots_name:
            self.proto_desc.slots[self.__name_to_index[name]]["is_used"] = True

    def desc(self):
        return self.proto_desc.text()
