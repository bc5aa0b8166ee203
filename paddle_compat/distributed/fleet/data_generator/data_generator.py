"""DataGenerator and the two MultiSlot encoders.

A sample is a list/tuple of ``(slot_name, [feasign, ...])``; each slot is written as its length followed by its
values, slots separated by one space, one sample per line. ``MultiSlotDataGenerator`` also infers each slot's type
(``uint64`` unless a float value appears, then ``float``) from the samples it encodes and keeps it in
``_proto_info``; the string variant writes the values as given."""

import sys

__all__ = []


def _emit(generator, samples):
    produce = generator.generate_batch(samples)
    for sample in produce():
        sys.stdout.write(generator._gen_str(sample))


class DataGenerator:
    """Base class: override ``generate_sample`` (and optionally ``generate_batch``)."""

    def __init__(self):
        self._proto_info = None
        self.batch_size_ = 32

    def set_batch(self, batch_size):
        self.batch_size_ = batch_size

    def _run(self, lines):
        pending = []
        for line in lines:
            produce = self.generate_sample(line)
            for parsed in produce():
                if parsed is None:
                    continue
                pending.append(parsed)
                if len(pending) == self.batch_size_:
                    _emit(self, pending)
                    pending = []
        if pending:
            _emit(self, pending)

    def run_from_memory(self):
        """Encode the samples ``generate_sample(None)`` yields (for debugging without input)."""
        self._run([None])

    def run_from_stdin(self):
        """Encode every line of standard input to standard output."""
        self._run(sys.stdin)

    def _gen_str(self, line):
        raise NotImplementedError("pls use MultiSlotDataGenerator or PairWiseDataGenerator")

    def generate_sample(self, line):
        raise NotImplementedError(
            "Please rewrite this function to return a list or tuple: "
            "[(name, [feasign, ...]), ...] or ((name, [feasign, ...]), ...)")

    def generate_batch(self, samples):
        def local_iter():
            yield from samples

        return local_iter


def _as_sequence(line, example):
    if isinstance(line, zip):
        line = list(line)
    if not isinstance(line, (list, tuple)):
        raise ValueError("the output of process() must be in list or tuple type" + example)
    return line


class MultiSlotStringDataGenerator(DataGenerator):
    def _gen_str(self, line):
        line = _as_sequence(line, "Examples: [('words', ['1926', '08', '17']), ('label', ['1'])]")
        slots = []
        for _name, elements in line:
            slots.append(" ".join([str(len(elements)), *elements]))
        return " ".join(slots) + "\n"


def _check_slot(name, elements):
    if not isinstance(name, str):
        raise ValueError("name%s must be in str type" % type(name))
    if not isinstance(elements, list):
        raise ValueError("elements%s must be in list type" % type(elements))
    if not elements:
        raise ValueError("the elements of each field can not be empty, you need padding it in process().")


def _bad_element(elem):
    return ValueError("the type of element%s must be in int or float" % type(elem))


class MultiSlotDataGenerator(DataGenerator):
    def _gen_str(self, line):
        line = _as_sequence(line, "Example: [('words', [1926, 08, 17]), ('label', [1])]")
        first = self._proto_info is None
        if first:
            self._proto_info = []
        elif len(line) != len(self._proto_info):
            raise ValueError("the complete field set of two given line are inconsistent.")
        parts = []
        for index, (name, elements) in enumerate(line):
            _check_slot(name, elements)
            if first:
                self._proto_info.append((name, "uint64"))
            elif name != self._proto_info[index][0]:
                raise ValueError(f"the field name of two given line are not match: "
                                 f"require<{self._proto_info[index][0]}>, get<{name}>.")
            parts.append(str(len(elements)))
            # Once a slot is float, later values are written unchecked (as Paddle does).
            check = first or self._proto_info[index][1] != "float"
            for elem in elements:
                if check:
                    if isinstance(elem, float):
                        self._proto_info[index] = (name, "float")
                        if not first:
                            check = False
                    elif not isinstance(elem, int):
                        raise _bad_element(elem)
                parts.append(str(elem))
        return " ".join(parts) + "\n"
