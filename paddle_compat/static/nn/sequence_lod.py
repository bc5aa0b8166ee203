"""``paddle.static.nn.sequence_*``: Paddle's LoD (level-of-detail) sequence operators, static mode only.

Their inputs are LoDTensors: variable-length sequences packed along dim 0, with the sequence offsets in the
tensor's LoD (base/lod_tensor.py). Each function appends ONE operator of Paddle's type, slots and attrs; its
runner reads the inputs' LoD from the run context (fed LoDTensors, earlier sequence ops, or shared through
LoD-preserving ops), computes on torch with segment-wise gathers/scatters built from the offsets, and stores the
output LoD for later ops and for fetching (``return_numpy=False``). Gradients come from torch autograd through
those gathers. As in Paddle, data-dependent output sizes are -1 when the program is built, and LoD errors are
raised by ``Executor.run`` with Paddle's messages.
"""

import torch

from ...base.data_feeder import check_type, check_variable_and_dtype
from ...base.layer_helper import LayerHelper
from ...framework import program as _prog
from ...framework.program import Variable

__all__ = []

_DYGRAPH = "sequence layer is not supported in dygraph mode yet."


def _static_only():
    from ...framework import in_dynamic_mode

    assert not in_dynamic_mode(), _DYGRAPH


# --- building ------------------------------------------------------------------------------------------------
class _OpError(Exception):
    """A kernel's failure, raised by the runner as Paddle's exception for the op."""

    def __init__(self, message, hint=None, kind="InvalidArgument", exc=ValueError):
        super().__init__(message)
        self.message, self.hint, self.kind, self.exc = message, hint, kind, exc

    def as_paddle(self, op_type):
        hint = f"\n  [Hint: {self.hint}]" if self.hint else ""
        return self.exc(f"({self.kind}) {self.message}{hint}\n  [operator < {op_type} > error]")


def _new_output(helper, dims, dtype, lod_level, requires_grad):
    """An output variable named as Paddle's ``create_variable_for_type_inference`` (``<op>_<n>.tmp_<k>``)."""
    from ...utils import unique_name

    name = unique_name.generate_with_ignorable_key(helper.name + ".tmp")
    block = helper.main_program.current_block()
    fake = _prog._make_fake(dims, dtype, requires_grad=requires_grad and (dtype.is_floating_point))
    var = _prog._new_var(fake, name, block)
    _prog._info(fake).lod_level = lod_level
    return var


def _as_variable(tensor, block):
    """A program variable for ``tensor``: itself, or (a constant made while building, e.g. ``paddle.assign`` of an
    array) the output of an assign_value op holding it, as Paddle records it."""
    if _prog._tensor_info(tensor) is not None:
        return tensor
    value = tensor._t.detach().clone()
    name = _prog._unique("assign") + ".tmp_0"
    var = _prog._new_var(_prog._make_fake(list(value.shape), value.dtype), name, block)
    block.ops.append(_prog.Operator(block, "assign_value", {}, {"Out": [name]}, {"shape": list(value.shape)},
                                    run=lambda op, env, ctx: env.__setitem__(name, value.clone())))
    return var


def _append(helper, op_type, inputs, outputs, attrs, kernel):
    """Append ``op_type`` run by ``kernel(values, lods, attrs) -> {slot: [(tensor, lod)]}``."""
    block = helper.main_program.current_block()
    # Paddle lists an op's slots by name (its OpDesc maps), including declared slots left empty
    inputs = {slot: [_as_variable(v, block) for v in inputs[slot]] for slot in sorted(inputs)}
    outputs = {slot: outputs[slot] for slot in sorted(outputs)}
    in_names = {slot: [v.name for v in vs] for slot, vs in inputs.items()}
    out_names = {slot: [v.name for v in vs] for slot, vs in outputs.items()}
    symbols = {}
    for vs in outputs.values():
        for v in vs:
            symbols[v.name] = [None if isinstance(s, int) else s.node.expr for s in v._t.shape]
    op = _prog.Operator(block, op_type, in_names, out_names, attrs, run=_run)
    op._lod_kernel = (kernel, symbols)
    block.ops.append(op)
    block.program._version += 1
    return op


def _run(op, env, ctx):
    from ...base.lod_tensor import run_lods, runtime_lod

    kernel, symbols = op._lod_kernel
    if torch.compiler.is_exporting():
        raise NotImplementedError(f"saving a program with the LoD operator {op.type} as an inference model is not "
                                  f"supported by paddle-compat: the LoD offsets it reads are not a tensor input that "
                                  f"torch.export can trace")
    values = {slot: [env[n] for n in names] for slot, names in op._inputs.items()}
    lods = {slot: [runtime_lod(n, env, ctx) for n in names] for slot, names in op._inputs.items()}
    try:
        results = kernel(values, lods, op._attrs)
    except _OpError as e:
        raise e.as_paddle(op.type) from None
    out_lods = run_lods(ctx)
    for slot in op.__dict__.get("_grad_without_lod", ()):
        for name in op._inputs[slot]:
            out_lods[name + "@GRAD"] = []
    for slot, names in op._outputs.items():
        for name, (value, lod) in zip(names, results[slot]):
            env[name] = value
            out_lods[name] = lod
            for expr, size in zip(symbols[name], value.shape):
                if expr is not None and expr.is_Symbol and expr not in ctx.bindings:
                    ctx.bindings[expr] = int(size)  # a later op sized by this output's dynamic dim


def _float_output(*inputs):
    return any(v._t.requires_grad for v in inputs)


# --- segment helpers (offsets -> index tensors) --------------------------------------------------------------
def _segments(offsets):
    """(starts, lengths, segment id of each row, position of each row in its segment) of one LoD level."""
    off = torch.tensor(offsets, dtype=torch.int64)
    starts, lengths = off[:-1], off[1:] - off[:-1]
    seg = torch.repeat_interleave(torch.arange(len(offsets) - 1), lengths)
    pos = torch.arange(len(seg)) + int(off[0]) - starts[seg]
    return starts, lengths, seg, pos


def _offsets(lengths):
    out = [0]
    for n in lengths:
        out.append(out[-1] + int(n))
    return out


def _padded(x, offsets, fill):
    """``x``'s sequences as a dense ``[n, max_len, ...]`` tensor (``fill`` elsewhere), and the row index."""
    starts, lengths, seg, pos = _segments(offsets)
    max_len = int(lengths.max()) if len(lengths) else 0
    dense = x.new_full((len(lengths), max_len) + tuple(x.shape[1:]), fill)
    rows = x[offsets[0]:offsets[-1]]
    return dense.index_put((seg, pos), rows), seg, pos, starts, lengths


def _require_lod(lod, message, exc=ValueError, kind="InvalidArgument"):
    if not lod:
        raise _OpError(message, kind=kind, exc=exc)


# --- sequence_pool / first_step / last_step -------------------------------------------------------------------
_POOL_TYPES = ("MAX", "FIRST", "LAST", "SQRT", "SUM", "AVERAGE")


def _pool_kernel(values, lods, attrs):
    x, = values["X"]
    lod, = lods["X"]
    _require_lod(lod, "Input(X) phi::DenseTensor of SequencePoolOp does not contain LoD information.")
    pool = attrs["pooltype"]
    pad = attrs["pad_value"]
    offsets = lod[-1]
    if x.shape[0] < len(offsets) - 1:
        raise _OpError(f"The first dimension of Input(X) must be large than batch size.But received first dimension "
                       f"of Input(X) is {x.shape[0]}, while batchsize is {len(offsets) - 1}.")
    starts, lengths, seg, pos = _segments(offsets)
    n = len(lengths)
    rest = tuple(x.shape[1:])
    empty = (lengths == 0).view((n,) + (1,) * len(rest))
    max_index = torch.zeros((0,), dtype=torch.int32)
    if pool in ("SUM", "AVERAGE", "SQRT"):
        out = x.new_zeros((n,) + rest).index_add(0, seg, x[offsets[0]:offsets[-1]])
        if pool != "SUM":
            count = lengths.clamp(min=1).to(x.dtype).view(empty.shape)
            out = out / (count if pool == "AVERAGE" else torch.sqrt(count))
    elif pool == "MAX":
        dense, _, _, starts, lengths = _padded(x, offsets, float("-inf"))
        if dense.shape[1] == 0:
            out = x.new_zeros((n,) + rest)
            index = torch.zeros((n,) + rest, dtype=torch.int64)
        else:
            out, index = dense.max(1)
        max_index = (index + starts.view((n,) + (1,) * len(rest))).to(torch.int32)
    else:
        rows = starts if pool == "FIRST" else starts + lengths - 1
        out = x[rows.clamp(0, max(x.shape[0] - 1, 0))] if x.shape[0] else x.new_zeros((n,) + rest)
    out = torch.where(empty, torch.tensor(pad, dtype=x.dtype), out)
    return {"Out": [(out, [list(level) for level in lod[:-1]])], "MaxIndex": [(max_index, [])]}


def sequence_pool(input, pool_type, is_test=False, pad_value=0.0):  # noqa: A002 - Paddle's name
    _static_only()
    check_variable_and_dtype(input, "input", ["float32", "float64"], "sequence_pool")
    helper = LayerHelper("sequence_pool", input=input, pool_type=pool_type, is_test=is_test, pad_value=pad_value)
    kind = pool_type.upper()
    dims = [-1] + list(input.shape[1:])
    out = _new_output(helper, dims, input._t.dtype, max(input.lod_level - 1, 0), _float_output(input))
    # Paddle's InferShape shapes MaxIndex for max pooling only
    max_index = _new_output(helper, dims if kind == "MAX" else [], input._t.dtype, 0, False)
    if kind not in _POOL_TYPES:
        raise RuntimeError(f"(NotFound) Value {kind} is not in enum container [MAX ,FIRST ,LAST ,SQRT ,SUM ,AVERAGE]."
                           f"\n  [Hint: Expected container_.find(val) != container_.end(), but received "
                           f"container_.find(val) == container_.end().]")
    _append(helper, "sequence_pool", {"X": [input]}, {"Out": [out], "MaxIndex": [max_index]},
            {"pad_value": float(pad_value), "pooltype": kind, "is_test": is_test}, _pool_kernel)
    if pool_type == "max":
        max_index.stop_gradient = True
    return out


def sequence_first_step(input):  # noqa: A002
    check_variable_and_dtype(input, "input", ["float32", "float64"], "sequence_first_step")
    return sequence_pool(input=input, pool_type="first")


def sequence_last_step(input):  # noqa: A002
    check_variable_and_dtype(input, "input", ["float32", "float64"], "sequence_last_step")
    return sequence_pool(input=input, pool_type="last")


# --- sequence_softmax -----------------------------------------------------------------------------------------
def _softmax_kernel(values, lods, attrs):
    x, = values["X"]
    lod, = lods["X"]
    _require_lod(lod, "Input(X) phi::DenseTensor of SequenceSoftmax operator does not contain LoD information.")
    rows = x.shape[0] if x.dim() else 1
    if rows != x.numel():
        raise _OpError(f"The width of each timestep in Input(X) of SequenceSoftmax operator should be 1. But the "
                       f"first dimension of Input(X) is {rows}, the number of elements is {x.numel()}.",
                       f"Expected dims[0] == x->numel(), but received dims[0]:{rows} != x->numel():{x.numel()}.")
    flat = x.reshape(-1)
    dense, seg, pos, _, _ = _padded(flat, lod[-1], float("-inf"))
    out = torch.softmax(dense, 1)[seg, pos].reshape(x.shape) if dense.numel() else flat.reshape(x.shape) * 1
    return {"Out": [(out, lod)]}


def sequence_softmax(input, use_cudnn=False, name=None):  # noqa: A002
    _static_only()
    helper = LayerHelper("sequence_softmax", input=input, use_cudnn=use_cudnn, name=name)
    check_variable_and_dtype(input, "input", ["float32", "float64"], "sequence_softmax")
    out = _new_output(helper, list(input.shape), input._t.dtype, input.lod_level, _float_output(input))
    _append(helper, "sequence_softmax", {"X": [input]}, {"Out": [out]}, {"use_cudnn": use_cudnn}, _softmax_kernel)
    return out


# --- sequence_reverse -----------------------------------------------------------------------------------------
def _reverse_kernel(values, lods, attrs):
    x, = values["X"]
    lod, = lods["X"]
    _require_lod(lod, "Input(X) Tensor of SequenceReverseOp does not contain LoD information.", RuntimeError,
                 "PreconditionNotMet")
    if len(lod) != 1:
        raise _OpError(f"SequenceReverseOp only support one level lod. But the Input(X) lod size is {len(lod)}",
                       f"Expected x.lod().size() == 1, but received x.lod().size():{len(lod)} != 1:1.")
    starts, lengths, seg, pos = _segments(lod[0])
    index = starts[seg] + lengths[seg] - 1 - pos
    return {"Y": [(x[index], lod)]}


def sequence_reverse(x, name=None):
    _static_only()
    helper = LayerHelper("sequence_reverse", x=x, name=name)
    check_variable_and_dtype(x, "x", ["float32", "float64", "int8", "int32", "int64"], "static.nn.sequence_reverse")
    out = _new_output(helper, list(x.shape), x._t.dtype, max(x.lod_level, 1), _float_output(x))
    _append(helper, "sequence_reverse", {"X": [x]}, {"Y": [out]}, {}, _reverse_kernel)
    return out


# --- sequence_concat ------------------------------------------------------------------------------------------
def _concat_kernel(values, lods, attrs):
    xs = values["X"]
    levels = []
    for lod in lods["X"]:
        _require_lod(lod, "Input(X) Tensor of SequenceConcatOp does not contain LoD information.", RuntimeError,
                     "PreconditionNotMet")
        levels.append(lod[0])  # Paddle concatenates by the first level only
    count = len(levels[0])
    for level in levels[1:]:
        if len(level) != count:
            raise _OpError(f"The lod size of each input must be the same, But the lod size of input we received is "
                           f"{len(level)}, the first input is {count}",
                           f"Expected lod_size == x.get().lod()[0].size(), but received lod_size:{count} != "
                           f"x.get().lod()[0].size():{len(level)}.")
    # every row's key (sequence, input): a stable sort of the keys interleaves the inputs' sequences
    keys = []
    for k, level in enumerate(levels):
        _, _, seg, _ = _segments(level)
        keys.append(seg * len(xs) + k)
    order = torch.argsort(torch.cat(keys), stable=True)
    pieces = [x[level[0]:level[-1]] for x, level in zip(xs, levels)]
    out = torch.cat(pieces)[order]
    total = sum(x.shape[0] for x in xs)
    if out.shape[0] < total:  # a multi-level input: Paddle leaves the rows past its first level uninitialised
        out = torch.cat([out, out.new_zeros((total - out.shape[0],) + tuple(out.shape[1:]))])
    offsets = [sum(level[j] for level in levels) for j in range(count)]
    return {"Out": [(out, [offsets])]}


def sequence_concat(input, name=None):  # noqa: A002
    _static_only()
    helper = LayerHelper("sequence_concat", input=input, name=name)
    check_type(input, "input", list, "paddle.static.nn.sequence_lod.sequence_concat")
    for i, input_x in enumerate(input):
        check_variable_and_dtype(input_x, "input[" + str(i) + "]", ["int64", "float32", "float64"],
                                 "paddle.static.nn.sequence_lod.sequence_concat")
    first = input[0]
    out = _new_output(helper, [-1] + list(first.shape[1:]), first._t.dtype, 1, _float_output(*input))
    _append(helper, "sequence_concat", {"X": list(input)}, {"Out": [out]}, {}, _concat_kernel)
    return out


# --- sequence_reshape -----------------------------------------------------------------------------------------
def _reshape_kernel(values, lods, attrs):
    x, = values["X"]
    lod, = lods["X"]
    new_dim = attrs["new_dim"]
    _require_lod(lod, "Input(X) Tensor of SequenceReshapeOp does not contain LoD information.", RuntimeError,
                 "PreconditionNotMet")
    if len(lod) != 1:
        raise _OpError(f"Input(X) Tensor of SequenceReshapeOp Only support one level sequence now. But lod size of "
                       f"Input(X) is {len(lod)}")
    width = x.shape[1]
    offsets = [0]
    level = lod[0]
    for i in range(1, len(level)):
        seq_len = level[i] - level[i - 1]
        offset = seq_len * width // new_dim
        if offset * new_dim != seq_len * width:
            raise _OpError(f"Please make sure (sequence_length * dimension) can be divided by context Attr(new_dim) "
                           f"with no remainder for each sequence. But the {i}th sequence is invalid.",
                           f"Expected offset * out_width == seq_len * in_width, but received offset * out_width:"
                           f"{offset * new_dim} != seq_len * in_width:{seq_len * width}.")
        offsets.append(offsets[-1] + offset)
    return {"Out": [(x.reshape(-1, new_dim), [offsets])]}


def sequence_reshape(input, new_dim):  # noqa: A002
    _static_only()
    helper = LayerHelper("sequence_reshape", input=input, new_dim=new_dim)
    check_variable_and_dtype(input, "input", ["float32", "float64", "int32", "int64"], "static.nn.sequence_reshape")
    out = _new_output(helper, [-1, new_dim], input._t.dtype, 1, _float_output(input))
    _append(helper, "sequence_reshape", {"X": [input]}, {"Out": [out]}, {"new_dim": new_dim}, _reshape_kernel)
    return out


# --- sequence_pad / sequence_unpad ----------------------------------------------------------------------------
def _pad_kernel(values, lods, attrs):
    x, = values["X"]
    pad_value, = values["PadValue"]
    lod, = lods["X"]
    _require_lod(lod, "The SequencePadOp Input(X) must hold lod info.", RuntimeError, "PreconditionNotMet")
    level = lod[0]
    if x.shape[0] != level[-1]:
        raise _OpError(f"The SequencePadOp Input(X)'s lod info mismatches the actual tensor shape. The 1st "
                       f"dimension of Input(X)'s lod info is {x.shape[0]}, the 1st dimension of actual tensor shape "
                       f"is {level[-1]}",
                       f"Expected x_dims[0] == static_cast<int64_t>(x_lod_0.back()), but received x_dims[0]:"
                       f"{x.shape[0]} != static_cast<int64_t>(x_lod_0.back()):{level[-1]}.")
    starts, lengths, seg, pos = _segments(level)
    longest = int(lengths.max()) if len(lengths) else 0
    padded_length = attrs["padded_length"]
    if padded_length == -1:
        padded_length = longest
    elif padded_length < longest:
        raise _OpError(f"The SequencePadOp Attr(padded_length) should be greater than or equal to the length of the "
                       f"longest original sequence. But the padded_length we received is {padded_length}, the "
                       f"length of the longest original sequence is {longest}",
                       f"Expected padded_length >= max_seq_len, but received padded_length:{padded_length} < "
                       f"max_seq_len:{longest}.")
    rest = tuple(x.shape[1:])
    fill = pad_value.to(x.dtype)
    fill = fill.reshape(()) if fill.numel() == 1 else fill.reshape(rest)
    base = fill.expand((len(lengths), padded_length) + rest)
    out = base.index_put((seg, pos), x)
    return {"Out": [(out, [])], "Length": [(lengths.clone(), [])]}


def sequence_pad(x, pad_value, maxlen=None, name=None):
    _static_only()
    helper = LayerHelper("sequence_pad", x=x, pad_value=pad_value, maxlen=maxlen, name=name)
    check_variable_and_dtype(x, "x", ["float32", "float64", "int32", "int64"],
                             "paddle.static.nn.sequence_lod.sequence_pad")
    check_variable_and_dtype(pad_value, "pad_value", ["float32", "float64", "int32", "int64"],
                             "paddle.static.nn.sequence_lod.sequence_pad")
    if maxlen is None:
        maxlen = -1
    # Paddle's compile-time shape: the padded length when given, else 1
    out = _new_output(helper, [-1, maxlen if maxlen > 0 else 1] + list(x.shape[1:]), x._t.dtype, 0,
                      _float_output(x))
    length = _new_output(helper, [-1], torch.int64, 0, False)
    pad_value.stop_gradient = True
    length.stop_gradient = True
    _append(helper, "sequence_pad", {"X": [x], "PadValue": [pad_value]}, {"Out": [out], "Length": [length]},
            {"padded_length": maxlen}, _pad_kernel)
    return out, length


def _unpad_kernel(values, lods, attrs):
    x, = values["X"]
    length, = values["Length"]
    lengths = length.reshape(-1).to(torch.int64)
    keep = torch.arange(x.shape[1])[None, :] < lengths[:, None]
    out = x[keep]
    if out.dim() == 1:
        out = out.reshape(-1, 1)
    return {"Out": [(out, [_offsets(lengths.tolist())])]}


def sequence_unpad(x, length, name=None):
    _static_only()
    helper = LayerHelper("sequence_unpad", x=x, length=length, name=name)
    check_variable_and_dtype(x, "x", ["float32", "float64", "int32", "int64"],
                             "paddle.static.nn.sequence_lod.sequence_unpad")
    check_variable_and_dtype(length, "length", ["int64"], "paddle.static.nn.sequence_lod.sequence_unpad")
    rest = list(x.shape[2:]) or [1]
    out = _new_output(helper, [-1] + rest, x._t.dtype, 1, _float_output(x))
    length.stop_gradient = True
    _append(helper, "sequence_unpad", {"X": [x], "Length": [length]}, {"Out": [out]}, {}, _unpad_kernel)
    return out


# --- sequence_enumerate ---------------------------------------------------------------------------------------
def _enumerate_kernel(values, lods, attrs):
    x, = values["X"]
    lod, = lods["X"]
    win, pad = attrs["win_size"], attrs["pad_value"]
    if x.dim() != 2:
        raise _OpError(f"Input(X) of SequenceEnumerate operator's rank should be 2.Received {x.dim()} instead.",
                       f"Expected in_dims.size() == 2UL, but received in_dims.size():{x.dim()} != 2UL:2.")
    _require_lod(lod, "Input(X) phi::DenseTensor of SequenceEnumerateOp does not contain LoD information.")
    level = lod[0]
    if x.shape[0] != level[-1]:
        raise _OpError(f"The actual input data's size mismatched with LoD information.Received input data size is "
                       f"{x.shape[0]} (actual) vs {level[-1]} (loD information).",
                       f"Expected static_cast<uint64_t>(in_dims[0]) == lod0.back(), but received "
                       f"static_cast<uint64_t>(in_dims[0]):{x.shape[0]} != lod0.back():{level[-1]}.")
    starts, lengths, seg, pos = _segments(level)
    flat = x.reshape(-1)
    index = torch.arange(x.shape[0])[:, None] + torch.arange(win)[None, :]
    inside = index < (starts + lengths)[seg][:, None]
    picked = flat[index.clamp(max=max(x.shape[0] - 1, 0))] if x.shape[0] else flat.new_zeros((0, win))
    out = torch.where(inside, picked, torch.tensor(pad, dtype=x.dtype))
    return {"Out": [(out, lod)]}


def sequence_enumerate(input, win_size, pad_value=0, name=None):  # noqa: A002
    _static_only()
    check_variable_and_dtype(input, "input", ["int32", "int64"], "sequence_enumerate")
    helper = LayerHelper("sequence_enumerate", input=input, win_size=win_size, pad_value=pad_value, name=name)
    out = _new_output(helper, [-1, win_size], input._t.dtype, max(input.lod_level, 1), False)
    out.stop_gradient = True
    _append(helper, "sequence_enumerate", {"X": [input]}, {"Out": [out]},
            {"@ALL_KERNELS_MUST_COMPUTE_RUNTIME_SHAPE@": True, "pad_value": pad_value, "win_size": win_size},
            _enumerate_kernel)
    return out


# --- sequence_expand / sequence_expand_as ---------------------------------------------------------------------
def _expand_kernel(values, lods, attrs):
    x, _ = values["X"][0], values["Y"][0]
    x_lod, y_lod = lods["X"][0], lods["Y"][0]
    if not y_lod:
        raise _OpError("Level of Input(Y)'s lod should be greater than 0. But received: lod level 0.",
                       "Expected y_lod.size() > 0, but received y_lod.size():0 <= 0:0.")
    if len(x_lod) > 1:
        raise _OpError(f"Level of Input(X)'s lod should not be greater than 1. But received: lod level "
                       f"{len(x_lod)}.")
    ref_level = attrs["ref_level"]
    if ref_level == -1:
        ref_level = len(y_lod) - 1
    if not 0 <= ref_level < len(y_lod):
        raise _OpError(f"Invlid `ref_level`, which should be either equal to -1 or in [0, {len(y_lod)}), but "
                       f"received `ref_level` = {ref_level}.")
    ref = y_lod[ref_level]
    if x_lod:
        x_level = x_lod[0]
        if len(x_level) != len(ref):
            raise _OpError(f"Level number of Input(X)'s lod could be 0. Otherwise size of Input(X)'s first level lod "
                           f"should be equal to size of Input(Y)'s referred level lod. But received: "
                           f"Input(X).lod[0].size() = {len(x_level)}, Input(Y).lod[{ref_level}].size() = {len(ref)}.")
    else:
        if x.shape[0] != len(ref) - 1:
            raise _OpError(f"When Input(X)'s lod is null, the dims[0] of Input(X) should match the size of Input(Y)'s "
                           f"referred level lod. But received Input(X): input rank {x.dim()}, input shape "
                           f"{list(x.shape)}; received Input(Y).lod[{ref_level}].size() - 1 = {len(ref) - 1}.")
        x_level = list(range(x.shape[0] + 1))
    x_starts, x_lengths, _, _ = _segments(x_level)
    repeats = torch.tensor(ref[1:], dtype=torch.int64) - torch.tensor(ref[:-1], dtype=torch.int64)
    copy_seq = torch.repeat_interleave(torch.arange(len(repeats)), repeats)
    copy_len = x_lengths[copy_seq]
    copy_offsets = _offsets(copy_len.tolist())
    _, _, row_copy, pos = _segments(copy_offsets)
    index = x_starts[copy_seq][row_copy] + pos
    return {"Out": [(x[index], [copy_offsets] if x_lod else [])]}


def sequence_expand(x, y, ref_level=-1, name=None):
    _static_only()
    check_variable_and_dtype(x, "x", ["float32", "float64", "int32", "int64"], "sequence_expand")
    helper = LayerHelper("sequence_expand", x=x, y=y, ref_level=ref_level, name=name)
    out = _new_output(helper, [-1] + list(x.shape[1:]), x._t.dtype, x.lod_level, _float_output(x))
    _append(helper, "sequence_expand", {"X": [x], "Y": [y]}, {"Out": [out]}, {"ref_level": ref_level},
            _expand_kernel)
    return out


def _expand_as_kernel(values, lods, attrs):
    x = values["X"][0]
    y_lod = lods["Y"][0]
    if len(y_lod) != 1:
        raise _OpError(f"Level number of Input(Y)'s lod should be 1. But received Y's lod level = {len(y_lod)}.")
    level = y_lod[0]
    if x.shape[0] != len(level) - 1:
        raise _OpError(f"The first dimension of Input(X) should be one less than the size of Input(Y)'s 0 level lod. "
                       f"But received X's shape[0] = {x.shape[0]}, Y's lod[0].size = {len(level)}.")
    _, lengths, seg, _ = _segments(level)
    return {"Out": [(x[seg], [list(level)])]}


def sequence_expand_as(x, y, name=None):
    _static_only()
    check_variable_and_dtype(x, "x", ["float32", "float64", "int32", "int64"], "sequence_expand_as")
    check_type(y, "y", Variable, "sequence_expand_as")
    helper = LayerHelper("sequence_expand_as", x=x, y=y, name=name)
    out = _new_output(helper, [-1] + list(x.shape[1:]), x._t.dtype, max(y.lod_level, 1), _float_output(x))
    _append(helper, "sequence_expand_as", {"X": [x], "Y": [y]}, {"Out": [out]}, {}, _expand_as_kernel)
    return out


# --- sequence_slice -------------------------------------------------------------------------------------------
def _int64_only(*tensors):
    for t in tensors:
        if t.dtype != torch.int64:
            from ..._core.dtypes import FROM_TORCH

            raise _OpError(f"The type of data we are trying to retrieve (int64) does not match the type of data "
                           f"({FROM_TORCH[t.dtype].name}) currently contained in the container.")


def _slice_kernel(values, lods, attrs):
    x, offset, length = values["X"][0], values["Offset"][0], values["Length"][0]
    lod = lods["X"][0]
    _require_lod(lod, "Input(X) Tensor of SequenceSlice operator does not contain LoD information.")
    if len(lod) != 1:
        raise _OpError(f"LoD information error. SequenceSlice operator only support one level sequence now, but "
                       f"received LoD level is {len(lod)}.")
    _int64_only(offset, length)
    level = lod[0]
    offs, lens = offset.reshape(-1).tolist(), length.reshape(-1).tolist()
    for i in range(len(level) - 1):
        if offs[i] < 0:
            raise _OpError(f"The input offset[{i}]'s value is negative, its value is {offs[i]}, expect it to be "
                           f"non-negative.")
        if lens[i] < 0:
            raise _OpError(f"The input length[{i}]'s value is negative, its value is {lens[i]}, expect it to be "
                           f"non-negative.")
        end = level[i] + offs[i] + lens[i]
        if end > level[i + 1]:
            raise _OpError(f"The slice end index of target tensor is out of range. expect it less than or equal to "
                           f"{level[i + 1]}, but the actual slice end index is {end}.",
                           f"Expected lod[0][i] + offset_data[i] + length_data[i] <= lod[0][i + 1], but received "
                           f"lod[0][i] + offset_data[i] + length_data[i]:{end} > lod[0][i + 1]:{level[i + 1]}.",
                           kind="OutOfRange", exc=IndexError)
    out_offsets = _offsets(lens[:len(level) - 1])
    starts = torch.tensor(level[:-1], dtype=torch.int64) + torch.tensor(offs[:len(level) - 1], dtype=torch.int64)
    _, _, seg, pos = _segments(out_offsets)
    return {"Out": [(x[starts[seg] + pos], [out_offsets])]}


def sequence_slice(input, offset, length, name=None):  # noqa: A002
    _static_only()
    helper = LayerHelper("sequence_slice", input=input, offset=offset, length=length, name=name)
    check_variable_and_dtype(input, "input", ["float32", "float64", "int32", "int64"], "sequence_slice")
    check_variable_and_dtype(offset, "offset", ["int32", "int64"], "sequence_slice")
    check_variable_and_dtype(length, "length", ["int32", "int64"], "sequence_slice")
    out = _new_output(helper, [-1] + list(input.shape[1:]), input._t.dtype, 0, _float_output(input))
    offset.stop_gradient = True
    length.stop_gradient = True
    _append(helper, "sequence_slice", {"X": [input], "Offset": [offset], "Length": [length]}, {"Out": [out]}, {},
            _slice_kernel)
    return out


# --- sequence_scatter -----------------------------------------------------------------------------------------
def _scatter_kernel(values, lods, attrs):
    x, ids, updates = values["X"][0], values["Ids"][0], values["Updates"][0]
    lod = lods["Ids"][0]
    if len(lod) != 1:
        raise _OpError(f"The SequenceScatter operator\u2019s Input Ids holds wrong LoD information. Currently "
                       f"SequenceScatter operator can only deal with one level LoD for input Ids, but received LoD "
                       f"level is {len(lod)}.")
    _int64_only(ids)
    level = lod[0]
    if len(level) - 1 != x.shape[0]:
        raise _OpError(f"The number of sequences of Input(Ids) should be equal to the first dimension of Input(X). "
                       f"But received {len(level) - 1} != {x.shape[0]}.")
    _, _, seg, _ = _segments(level)
    cols = ids.reshape(-1)[level[0]:level[-1]]
    out = x.index_put((seg, cols), updates.reshape(-1)[level[0]:level[-1]].to(x.dtype), accumulate=True)
    return {"Out": [(out, [])]}


def sequence_scatter(input, index, updates, name=None):  # noqa: A002
    _static_only()
    helper = LayerHelper("sequence_scatter", input=input, index=index, updates=updates, name=name)
    check_variable_and_dtype(input, "input", ["float32", "float64", "int32", "int64"], "sequence_scatter")
    check_variable_and_dtype(index, "index", ["int32", "int64"], "sequence_scatter")
    check_variable_and_dtype(updates, "updates", ["float32", "float64", "int32", "int64"], "sequence_scatter")
    out = _new_output(helper, list(input.shape), input._t.dtype, 0, _float_output(input, updates))
    op = _append(helper, "sequence_scatter", {"X": [input], "Ids": [index], "Updates": [updates]}, {"Out": [out]},
                 {}, _scatter_kernel)
    op._grad_without_lod = ("Updates",)  # Paddle's sequence_scatter_grad gives Updates@GRAD no LoD
    return out


# --- sequence_conv --------------------------------------------------------------------------------------------
def _conv_kernel(values, lods, attrs):
    x, weight = values["X"][0], values["Filter"][0]
    lod = lods["X"][0]
    _require_lod(lod, "Input(X) phi::DenseTensor of SequenceConvOp does not contain LoD information.")
    if len(lod) != 1:
        raise _OpError(f"Only support input sequence with lod level equal to 1 at present. But received: lod level "
                       f"{len(lod)}.",
                       f"Expected in->lod().size() == 1UL, but received in->lod().size():{len(lod)} != 1UL:1.")
    start, length = attrs["contextStart"], attrs["contextLength"]
    starts, lengths, seg, _ = _segments(lod[0])
    rows = x.shape[0]
    index = torch.arange(rows)[:, None] + start + torch.arange(length)[None, :]
    inside = (index >= starts[seg][:, None]) & (index < (starts + lengths)[seg][:, None])
    context = x[index.clamp(0, max(rows - 1, 0))] * inside[..., None].to(x.dtype)
    out = context.reshape(rows, -1) @ weight
    return {"Out": [(out, lod)]}


def sequence_conv(input, num_filters, filter_size=3, filter_stride=1, padding=True,  # noqa: A002
                  padding_start=None, bias_attr=None, param_attr=None, act=None, name=None):
    # ``padding`` is accepted and unused, as in Paddle (the op pads with zeros; no trainable padding)
    _static_only()
    check_variable_and_dtype(input, "input", ["float32", "float64"], "sequence_conv")
    helper = LayerHelper("sequence_conv", input=input, num_filters=num_filters, filter_size=filter_size,
                         filter_stride=filter_stride, padding=padding, padding_start=padding_start,
                         bias_attr=bias_attr, param_attr=param_attr, act=act, name=name)
    dtype = input._t.dtype
    filter_param = helper.create_parameter(attr=helper.param_attr, shape=[filter_size * input.shape[1], num_filters],
                                           dtype=helper.input_dtype())
    if padding_start is None:
        padding_start = -int(filter_size // 2)
    if filter_stride != 1:
        raise ValueError(f"(InvalidArgument) Currently, SequenceConvOp only supports contextStride=1. But received "
                         f"contextStride = {filter_stride}.\n  [Hint: Expected context_stride == 1, but received "
                         f"context_stride:{filter_stride} != 1:1.]")
    pre_bias = _new_output(helper, [-1, num_filters], dtype, input.lod_level, True)
    _append(helper, "sequence_conv", {"X": [input], "Filter": [filter_param], "PaddingData": []}, {"Out": [pre_bias]},
            {"paddingTrainable": False, "contextStride": filter_stride, "contextStart": padding_start,
             "contextLength": filter_size}, _conv_kernel)
    pre_act = helper.append_bias_op(pre_bias)
    out = helper.append_activation(pre_act)
    for var in (pre_act, out):  # Paddle's elementwise_add and activation share the LoD level of their input
        _prog._info(var._t).lod_level = input.lod_level
    return out


for _f in (sequence_conv, sequence_softmax, sequence_pool, sequence_concat, sequence_first_step, sequence_last_step,
           sequence_slice, sequence_expand, sequence_expand_as, sequence_pad, sequence_unpad, sequence_reshape,
           sequence_scatter, sequence_enumerate, sequence_reverse):
    _f.__module__ = "paddle.static.nn.sequence_lod"
del _f
