"""The record store behind the slot datasets: the ``DataFeedDesc`` they describe themselves with (rendered in
protobuf text format, as Paddle's ``_desc()``), reading MultiSlot text through the pipe command, shuffling, and
cutting records into feed batches.

MultiSlot text: one instance per line; for every used slot, in ``use_var`` order, the number of values then the
values (integers for ``uint64`` slots, decimals for ``float`` slots). With ``parse_ins_id`` / ``parse_content`` a
line starts with the instance id / content token."""

import random
import subprocess

import numpy as np

_FEED_FIELDS = ("name", "batch_size", "multi_slot_desc", "pipe_command", "thread_num", "rank_offset",
                "pv_batch_size", "input_type", "so_parser_name")


def _quote(text):
    out = []
    for byte in str(text).encode("utf-8"):
        char = chr(byte)
        if char in "\n\r\t\"'\\":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "'": "\\'", "\\": "\\\\"}[char])
        elif 32 <= byte < 127:
            out.append(char)
        else:
            out.append("\\%03o" % byte)
    return '"' + "".join(out) + '"'


def _scalar(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _quote(value)
    return str(value)


class FeedDesc:
    """The fields of Paddle's ``DataFeedDesc`` message that were set, rendered in field-number order."""

    def __init__(self):
        self.fields = {}
        self.slots = []  # dicts: name, type, is_dense, is_used, shape
        self.uid_slot = None

    def set(self, field, value):
        self.fields[field] = value

    def get(self, field, default=None):
        return self.fields.get(field, default)

    def text(self):
        lines = []
        for field in _FEED_FIELDS:
            if field == "multi_slot_desc":
                if self.slots or self.uid_slot is not None:
                    lines.append("multi_slot_desc {")
                    for slot in self.slots:
                        lines.append("  slots {")
                        for key in ("name", "type", "is_dense", "is_used"):
                            if key in slot:
                                lines.append(f"    {key}: {_scalar(slot[key])}")
                        lines.extend(f"    shape: {dim}" for dim in slot.get("shape", ()))
                        lines.append("  }")
                    if self.uid_slot is not None:
                        lines.append(f"  uid_slot: {_quote(self.uid_slot)}")
                    lines.append("}")
            elif field in self.fields:
                lines.append(f"{field}: {_scalar(self.fields[field])}")
        return "".join(line + "\n" for line in lines)


def slot_of(var):
    """The ``Slot`` entry of one ``use_var`` variable (float32 -> float, int64 -> uint64, dense when lod_level 0)."""
    from ...._core import dtypes

    slot = {"name": var.name}
    dtype = var.dtype
    if dtype == dtypes.float32:
        kind = "float"
    elif dtype == dtypes.int64:
        kind = "uint64"
    else:
        raise ValueError("Currently, paddle.distributed.fleet.dataset only supports dtype=float32 and dtype=int64")
    slot["type"] = kind
    if getattr(var, "lod_level", 0) == 0:
        slot["is_dense"] = True
        slot["shape"] = [int(d) for d in var.shape]
    slot["is_used"] = True
    return slot


def _bad_line(line, message):
    return ValueError(f"(InvalidArgument) {message}\nplease check this error line: {line.rstrip()}")


def parse_line(line, slots, parse_ins_id=False, parse_content=False):
    """One MultiSlot text line -> (ins_id, content, [numpy array per slot])."""
    tokens = line.split()
    pos = 0
    ins_id = content = None
    if parse_ins_id:
        if pos >= len(tokens):
            raise _bad_line(line, "parse ins_id failed: the line has no instance id")
        ins_id, pos = tokens[pos], pos + 1
    if parse_content:
        if pos >= len(tokens):
            raise _bad_line(line, "parse content failed: the line has no content token")
        content, pos = tokens[pos], pos + 1
    values = []
    for index, slot in enumerate(slots):
        try:
            count = int(tokens[pos])
        except (IndexError, ValueError):
            raise _bad_line(line, f"the line ends or is not a number where the {index} th slot's feasign count "
                                  "is expected.") from None
        if count == 0:
            raise _bad_line(line, "The number of ids can not be zero, you need padding it in data generator; or if "
                                  "there is something wrong with the data, please check if the data contains "
                                  f"unresolvable characters. Specifically, something wrong happened(the length of "
                                  f"this slot's feasign is 0)when we parse the {index} th slots.")
        chunk = tokens[pos + 1:pos + 1 + count]
        if len(chunk) != count:
            raise _bad_line(line, f"the {index} th slot declares {count} feasigns but the line has {len(chunk)}.")
        try:
            if slot["type"] == "float":
                values.append(np.array([float(v) for v in chunk], dtype=np.float32))
            else:
                values.append(np.array([int(v) for v in chunk], dtype=np.int64))
        except ValueError:
            raise _bad_line(line, f"the {index} th slot holds a value that is not a number.") from None
        pos += 1 + count
    return ins_id, content, values


def read_file(path, pipe_command):
    """The text ``pipe_command`` prints with the file on its standard input (Paddle's ``cat path | cmd``)."""
    with open(path, "rb") as source:
        # the command's exit status is not checked, as in Paddle (`grep` finding nothing is not an error)
        done = subprocess.run(pipe_command, shell=True, stdin=source, stdout=subprocess.PIPE, check=False)
    return done.stdout.decode("utf-8", "replace").splitlines()


class RecordStore:
    """Instances in memory (list of ``(ins_id, content, values)``) and the shuffle bookkeeping."""

    def __init__(self):
        self.records = []
        self.shuffled_size = 0

    def load(self, filelist, pipe_command, slots, parse_ins_id=False, parse_content=False):
        if not slots:
            raise ValueError("(InvalidArgument) the dataset has no slots: call init(use_var=[...]) first")
        for path in filelist:
            for line in read_file(path, pipe_command):
                if line.strip():
                    self.records.append(parse_line(line, slots, parse_ins_id, parse_content))

    def local_shuffle(self):
        random.shuffle(self.records)

    def global_shuffle(self, trainer_num):
        """Send every record to a random worker of the default process group, then shuffle what arrived."""
        if trainer_num > 1:
            import torch.distributed as torch_dist

            from ....framework.program import suspend_recording

            if not (torch_dist.is_available() and torch_dist.is_initialized()):
                raise RuntimeError("(PreconditionNotMet) global_shuffle over %d workers needs an initialised "
                                   "process group (fleet.init / paddle.distributed.init_parallel_env)" % trainer_num)
            world = torch_dist.get_world_size()
            outgoing = [[] for _ in range(world)]
            for record in self.records:
                outgoing[random.randrange(world)].append(record)
            gathered = [None] * world
            with suspend_recording():  # a communication, not an operator of the static program
                torch_dist.all_gather_object(gathered, outgoing)
            rank = torch_dist.get_rank()
            self.records = [record for sent in gathered for record in sent[rank]]
        random.shuffle(self.records)
        self.shuffled_size = len(self.records)

    def release(self):
        self.records = []
        self.shuffled_size = 0


def feed_batches(records, slots, batch_size):
    """Feed dicts of ``batch_size`` instances: a dense slot as an array ``[batch, *shape[1:]]``, a sparse slot as
    the concatenated values ``[total, 1]`` plus its per-instance lengths (``(values, lengths)``)."""
    for start in range(0, len(records), batch_size):
        chunk = records[start:start + batch_size]
        feed = {}
        for index, slot in enumerate(slots):
            arrays = [values[index] for _ins, _content, values in chunk]
            if slot.get("is_dense"):
                tail = [d for d in slot.get("shape", [])[1:]]
                feed[slot["name"]] = np.stack(arrays).reshape([len(arrays)] + tail)
            else:
                feed[slot["name"]] = (np.concatenate(arrays).reshape(-1, 1), [len(a) for a in arrays])
        yield feed
