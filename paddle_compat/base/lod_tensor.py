"""``paddle.base.lod_tensor``: LoD (level-of-detail) tensors, Paddle's batches of variable-length sequences.

A LoDTensor is a dense tensor whose dim 0 packs the sequences one after another, plus its LoD: per level, the
offsets of the sequences (``[[0, 2, 5]]`` = two sequences, rows 0-1 and 2-4; a second level subdivides the rows
of the first). paddle-compat keeps the LoD beside the torch tensor: ``core.LoDTensor`` holds it on the stored
tensor (``_pd_lod``), the executor takes it from a fed LoDTensor into the run context (``ctx.lods``, by
variable name), the ``static.nn.sequence_*`` ops read and write it there, and a fetched variable gets its LoD
back (``return_numpy=False``). Ops that are not LoD-aware pass their first input's LoD on when dim 0 is kept, as
Paddle's ShareLoD does (``runtime_lod``).
"""

import numpy as np

__all__ = ["create_lod_tensor", "create_random_int_lodtensor"]


def lengths_to_offsets(recursive_seq_lens):
    out = []
    for lengths in recursive_seq_lens:
        level = [0]
        for n in lengths:
            level.append(level[-1] + int(n))
        out.append(level)
    return out


def offsets_to_lengths(lod):
    return [[int(b) - int(a) for a, b in zip(level[:-1], level[1:])] for level in lod]


def lod_is_valid(lod, rows):
    """Paddle's CheckLoD: every level starts at 0 and never decreases, each level ends at the number of entries of
    the next one, and the last level ends at the tensor's dim 0."""
    if not lod:
        return True
    for i, level in enumerate(lod):
        if len(level) < 2 or level[0] != 0:
            return False
        if any(b < a for a, b in zip(level[:-1], level[1:])):
            return False
        if i + 1 < len(lod) and level[-1] != len(lod[i + 1]) - 1:
            return False
    return lod[-1][-1] == rows


def _lod_str(lod):
    return "{" + "".join("{" + ", ".join(str(o) for o in level) + "}" for level in lod) + "}"


def invalid_lod_error(lod, from_lengths):
    if from_lengths:
        return ValueError(
            f"(InvalidArgument) The provided recursive_sequence_lengths info is invalid, the LoD converted by "
            f"recursive_sequence_lengths is {_lod_str(lod)}\n  [Hint: Expected CheckLoD(new_offset_lod, "
            f"common::vectorize(self.dims()).front()) == true, but received CheckLoD(new_offset_lod, "
            f"common::vectorize(self.dims()).front()):0 != true:1.]")
    return ValueError(
        f"(InvalidArgument) The provided LoD is invalid, the LoD is {_lod_str(lod)}\n  [Hint: Expected "
        f"CheckLoD(new_lod, common::vectorize(self.dims()).front()) == true, but received CheckLoD(new_lod, "
        f"common::vectorize(self.dims()).front()):0 != true:1.]")


def as_lod(value, what):
    try:
        return [[int(o) for o in level] for level in value]
    except TypeError:
        raise TypeError(f"{what}: expected a list of lists of int, but received {type(value).__name__}") from None


def create_lod_tensor(data, recursive_seq_lens, place):
    """A LoDTensor of ``data`` (ndarray, LoDTensor, or a list of sequences) with the given sequence lengths."""
    from .executor import LoDTensor

    if isinstance(data, LoDTensor):
        return create_lod_tensor(np.array(data), recursive_seq_lens, place)
    if isinstance(data, list):
        lengths = [len(seq) for seq in data]
        assert [lengths] == recursive_seq_lens, "data and recursive_seq_lens do not match"
        # Paddle's DataToLoDTensorConverter with dtype FP32 keeps the rows' own numpy dtype for a lod_level > 0
        array = np.array([item for seq in data for item in seq])
        array = array.reshape(array.shape + (1,))
        tensor = LoDTensor()
        tensor.set(array, place)
        tensor.set_recursive_sequence_lengths(recursive_seq_lens)
        return tensor
    if isinstance(data, np.ndarray):
        tensor = LoDTensor()
        tensor.set(data, place)
        tensor.set_recursive_sequence_lengths(recursive_seq_lens)
        assert tensor.has_valid_recursive_sequence_lengths(), "the provided lod info is invalid"
        return tensor
    raise TypeError("data should be either a LoDTensor, a Numpy array or a list")


def create_random_int_lodtensor(recursive_seq_lens, base_shape, place, low, high):
    """A LoDTensor of int64 values drawn uniformly from [low, high] (numpy's global generator, as Paddle)."""
    assert isinstance(base_shape, list), "base_shape should be a list"
    shape = [sum(recursive_seq_lens[-1])] + base_shape
    data = np.random.randint(low, high + 1, shape).astype("int64")  # random_integers(low, high), not deprecated
    return create_lod_tensor(data, recursive_seq_lens, place)


# --- LoD at run time -----------------------------------------------------------------------------------------
def run_lods(ctx):
    """The run context's ``{variable name: lod}`` (a fed LoDTensor's LoD, a sequence op's output LoD)."""
    lods = ctx.__dict__.get("lods")
    if lods is None:
        lods = ctx.lods = {}
    return lods


def _producers(program):
    block = program.global_block()
    key = (program._version, len(block.ops))
    cached = program.__dict__.get("_lod_producers")
    if cached is not None and cached[0] == key:
        return cached[1]
    producers = {}
    for op in block.ops:
        for name in op.output_arg_names:
            producers.setdefault(name, op)
    program.__dict__["_lod_producers"] = (key, producers)
    return producers


# ops whose output never gets their input's LoD in Paddle even when dim 0 is kept (measured with the oracle)
_NO_SHARED_LOD = frozenset({"matmul_v2", "matmul", "transpose2", "transpose", "reduce_sum", "reduce_mean",
                            "reduce_max", "reduce_min", "reduce_prod", "reduce_all", "reduce_any", "arg_max",
                            "arg_min"})


def runtime_lod(name, env, ctx, _depth=0):
    """The LoD of variable ``name`` in a run: its own (fed or set by a sequence op), or the LoD its producer
    shares from its first input with the same dim 0 (Paddle's ShareLoD of elementwise/activation/fc ops); a
    gradient ``x@GRAD`` has ``x``'s. ``[]`` when it has none."""
    lods = ctx.__dict__.get("lods")
    if not lods:
        return []
    found = lods.get(name)
    if found is not None:
        return found
    value = env.get(name)
    if value is None or value.dim() == 0 or _depth > 64:
        return []
    rows = value.shape[0]
    candidates = ()
    if name.endswith("@GRAD"):
        candidates = (name[:-5],)
    else:
        op = _producers(ctx.program).get(name) if ctx.program is not None else None
        if op is not None and op.type not in _NO_SHARED_LOD:
            candidates = op.input_arg_names
    lod = []
    for src in candidates:
        other = env.get(src)
        if other is not None and other.dim() > 0 and other.shape[0] == rows:
            lod = runtime_lod(src, env, ctx, _depth + 1)
            if lod:
                break
    lods[name] = lod
    return lod


def _c_int32(v):
    """A C++ float -> int32 conversion (x86: out of range and NaN give INT_MIN): Paddle prints the parts of a
    complex value in a LoDTensor's description this way."""
    return int(v) if v == v and -2147483649.0 < v < 2147483648.0 else -2147483648


def lod_text(t, lod):
    """``str(core.LoDTensor)``: Paddle's C++ printout (lod, shape, layout, place, dtype, flattened data)."""
    if t is None:
        return "  - shape: []\n  - layout: NCHW\nuninited\n"
    from .._core.dtypes import FROM_TORCH

    lines = []
    if lod:
        lines.append(f"  - lod: {_lod_str(lod)}")
    flat = t.detach().reshape(-1).tolist()
    items = " ".join(f"{v:g}" if isinstance(v, float) else
                     f"{_c_int32(v.real)}+{_c_int32(v.imag)}j" if isinstance(v, complex) else str(int(v)) for v in flat)
    lines += [f"  - shape: {list(t.shape)}", "  - layout: NCHW", "  - place: Place(cpu)",
              f"  - dtype: {FROM_TORCH[t.dtype].name}", f"  - data: [{items}]"]
    return "\n".join(lines)
