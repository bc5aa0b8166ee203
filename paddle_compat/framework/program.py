"""Static-graph programs: ``Program``, ``Block``, ``Variable``, ``Parameter``, ``Operator`` and the recorder.

Design (docs/architecture.md, "Static graph mode"): a static ``Variable`` is an ordinary ``paddle.Tensor``
wrapper whose ``_t`` is a torch FakeTensor (no storage; the ``-1`` dims of ``static.data`` are symbolic sizes of
a ShapeEnv). ``enable_static`` pushes a ``TorchFunctionMode`` (``_Recorder``): every torch call the eager op
adapters make on such a tensor still runs (on the fake, giving shapes and dtypes) and is appended to the current
block as an ``Operator`` holding the torch callable, its arguments with the variables replaced by names, and a
Paddle op type. ``Executor.run`` replays the op list on real tensors. The variable's Paddle metadata (name,
persistable, declared shape...) lives in ``_t.__dict__["_pdv"]`` (a ``_VarInfo``), so every wrapper of the same
value answers the same name. While static mode is on, a few ``Tensor`` properties (``shape``, ``name``,
``persistable``, printing) are swapped for static-aware versions; in dygraph the classes are untouched, so the
eager hot path pays nothing.

In dygraph, ``Tensor.block`` is the global block of the default main program, ``default_main_program()``
answers an empty program and ``isinstance(tensor, Variable)`` is True (as in Paddle 2.6.2).
Kept free of heavy imports: ``paddle.static`` imports it on the ``import paddle`` path.
"""

import contextlib
import copy as _copy
import os as _os
import re

__all__ = ["Program", "Block", "Variable", "Parameter", "Operator", "default_main_program",
           "default_startup_program", "program_guard", "switch_main_program", "switch_startup_program",
           "static_only_error", "in_static_mode", "name_scope", "create_parameter", "data", "static_op",
           "suspend_recording"]



def static_only_error(qualname):
    return NotImplementedError(f"{qualname} is not supported by paddle-compat's static graph mode yet.")


def _tensor_class():
    from .._core.tensor import Tensor

    return Tensor


def _param_class():
    from .._core.tensor import Parameter as EagerParamBase

    return EagerParamBase


# --- mode ---------------------------------------------------------------------------------------------------
class _Mode:
    static = False
    recorder = None
    fake_mode = None
    suspended = 0
    name_scope = []  # the name_scope stack (prefixes)
    device = ""  # the device_guard device (op_device attr)
    on_fakes = False  # a static_op kernel running on FakeTensors (shape inference)


def in_static_mode():
    return _Mode.static


@contextlib.contextmanager
def suspend_recording():
    """Run torch calls eagerly (no recording) inside the block: for code that computes on real tensors."""
    _Mode.suspended += 1
    try:
        yield
    finally:
        _Mode.suspended -= 1


@contextlib.contextmanager
def recorder_off():
    """Take the recorder off torch's mode stack for the block (the Executor's replay: no per-call overhead)."""
    recorder = _Mode.recorder
    if recorder is not None:
        from torch.overrides import _get_current_function_mode, _pop_mode_temporarily

        if _get_current_function_mode() is recorder:
            _Mode.suspended += 1
            try:
                with _pop_mode_temporarily():
                    yield
            finally:
                _Mode.suspended -= 1
            return
    with suspend_recording():
        yield


def _fake_mode():
    if _Mode.fake_mode is None:
        from torch._subclasses.fake_tensor import FakeTensorMode
        from torch.fx.experimental.symbolic_shapes import ShapeEnv

        _Mode.fake_mode = FakeTensorMode(shape_env=ShapeEnv(), allow_non_fake_inputs=True)
    return _Mode.fake_mode


# every dynamic dim of static.data gets the same size hint, so that two batch dims broadcast and compare equal
_DYNAMIC_HINT = 17  # an unusual size: a real dim equal to it would be taken for a batch dim


def _make_fake(shape, torch_dtype, requires_grad=False):
    """A FakeTensor of ``shape`` (-1 entries become symbolic sizes)."""

    with suspend_recording():
        return _make_fake_unrecorded(shape, torch_dtype, requires_grad)


def _make_fake_unrecorded(shape, torch_dtype, requires_grad):
    import torch
    from torch.fx.experimental.symbolic_shapes import DimDynamic, StatelessSymbolicContext

    mode = _fake_mode()
    dyn = [d < 0 for d in shape]
    real = torch.empty([_DYNAMIC_HINT if d < 0 else d for d in shape], dtype=torch_dtype)
    if any(dyn):
        ctx = StatelessSymbolicContext(dynamic_sizes=[DimDynamic.DYNAMIC if d else DimDynamic.STATIC for d in dyn])
        fake = mode.from_tensor(real, symbolic_context=ctx)
    else:
        fake = mode.from_tensor(real, static_shapes=True)
    if requires_grad:
        fake.requires_grad_(True)
    return fake


def _is_var_t(t):
    return "_pdv" in getattr(t, "__dict__", ())


def _info(t):
    return t.__dict__.get("_pdv")


def _tensor_info(tensor):
    """The ``_VarInfo`` of a paddle Tensor, or None (an eager tensor; a storage without a ``__dict__``)."""
    t = tensor._t
    return _info(t) if hasattr(t, "__dict__") else None


def _static_dims(t):
    out = []
    for d in t.shape:
        if isinstance(d, int):
            out.append(d)
        else:
            v = d.node.maybe_as_int()
            out.append(-1 if v is None else int(v))
    return out


class _VarInfo:
    """The Paddle-side description of a static variable (attached to its FakeTensor).

    The class attributes are the defaults of a new variable; a variable's own values are set on the instance.
    """

    is_data = is_parameter = persistable = need_check_feed = belong_to_optimizer = False
    stop_gradient_flag = wrapper = dim_symbols = type = None
    lod_level = 0
    unset_desc_fields = ()  # VarDesc fields never given (Block.create_var without them): to_string omits them

    def __init__(self, name, block, shape=None):
        self.name = name
        self.block = block
        self.shape = shape  # declared shape (static.data); None: read from the fake


def _var_shape(t):
    info = _info(t)
    if info is not None and info.shape is not None:
        return list(info.shape)
    return _static_dims(t)


# --- Operator -----------------------------------------------------------------------------------------------
class _Ref:
    """A variable argument of a recorded call, by name."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"Var({self.name})"


class _SymRef:
    """A symbolic size argument (an expression in the symbols of the feeds' dynamic dims)."""

    __slots__ = ("expr",)

    def __init__(self, expr):
        self.expr = expr


class Operator:
    """One op of a Block: a Paddle op type, input/output variable names by slot, attrs, and how to run it.

    ``_run(env, ctx)`` computes it on real tensors (``env`` maps variable names to torch tensors).
    """

    _all_input_slots = False  # True where Paddle's builder passes an inputs dict, even {}: every slot shows
    _dropped_attrs = frozenset()

    def __init__(self, block, type, inputs=None, outputs=None, attrs=None, run=None):  # noqa: A002
        self.block = block
        self.type = type
        self._inputs = {k: list(v) for k, v in (inputs or {}).items()}
        self._outputs = {k: list(v) for k, v in (outputs or {}).items()}
        self._attrs = dict(attrs or {})
        self._attrs.setdefault("op_device", _Mode.device)
        self._attrs.setdefault("op_namescope", "/" + "/".join(_Mode.name_scope) + ("/" if _Mode.name_scope else ""))
        self._attrs.setdefault("op_role", 0)
        self._attrs.setdefault("op_role_var", [])
        self._attrs.setdefault("with_quant_attr", False)
        self._runner = run
        if "op_callstack" not in self._attrs:
            self._creation_frames = _caller_frames()
        proto = _op_proto(type)
        if proto is not None:  # Paddle's builder drops attrs its op proto does not know (extra ones go out of view)
            self._dropped_attrs = {k for k in self._attrs if k not in proto["attrs"] and k not in _COMMON_ATTRS}

    # Paddle's query API. Paddle's OpDesc keeps slots in name order, and the proto's attributes the op did not
    # set at their defaults (``_paddle_inputs`` / ``_paddle_attrs`` add those to what the recorder gave).
    def input(self, name):
        return list(self._inputs.get(name, []))

    def output(self, name):
        return list(self._outputs.get(name, []))

    @property
    def input_names(self):
        return list(self._paddle_inputs())

    @property
    def output_names(self):
        return sorted(self._outputs)

    @property
    def input_arg_names(self):
        return [n for _, v in sorted(self._inputs.items()) for n in v]

    @property
    def output_arg_names(self):
        return [n for _, v in sorted(self._outputs.items()) for n in v]

    def attr(self, name):
        if name in self._attrs:
            return self._attrs[name]
        return self._paddle_attrs()[name]

    def has_attr(self, name):
        return name in self._attrs or name in self._paddle_attrs()

    def all_attrs(self):
        return self._paddle_attrs()

    @property
    def attr_names(self):
        return list(self._paddle_attrs())

    def _paddle_attrs(self):
        """Paddle's OpDesc attributes: the proto's (defaults where unset, FLOAT ones as float32) and the common
        ``op_*`` ones; Paddle's builder drops what the proto lacks and keeps extra (runtime) ones out of view."""
        proto = _op_proto(self.type)
        if proto is None:
            return self._with_callstack(dict(self._attrs))
        declared = proto["attrs"]
        attrs = {}
        hidden = self._dropped_attrs
        extra = proto["extra_attrs"]
        for k, v in self._attrs.items():
            if k in hidden or k in extra or v is None:  # Paddle's builder skips None: the default stays
                continue
            kind = declared.get(k, (None,))[0]
            if kind == 1 and isinstance(v, (int, float)) and not isinstance(v, bool):
                v = _f32(v)
            elif kind == 4 and isinstance(v, (list, tuple)):
                v = [_f32(x) for x in v]
            attrs[k] = v
        for k, v in declared.items():
            if len(v) > 1 and k not in attrs:
                attrs[k] = v[1]
        return self._with_callstack(attrs)

    def _with_callstack(self, attrs):
        frames = self.__dict__.get("_creation_frames")
        if frames is not None and "op_callstack" not in attrs:
            attrs["op_callstack"] = _format_frames(frames)
        return attrs

    def _paddle_inputs(self):
        """Input slots by name; Paddle's Python op builder gives every (non-extra) proto slot, [] when unused,
        to an op built with inputs; an op built without (``fill_constant`` of an initializer) shows none."""
        proto = _op_proto(self.type)
        if proto is None:
            return dict(sorted(self._inputs.items()))
        slots = {}
        if self._all_input_slots or any(self._inputs.values()):
            slots = {name: [] for name, _ in proto["inputs"]}
        known = {name for name, _ in proto["inputs"]}
        # Paddle's builder keeps only the proto's slots; where none of ours is one (slots we name differently),
        # ours show as they are
        matched = any(k in known for k, v in self._inputs.items() if v)
        for k, v in self._inputs.items():
            if k in known or (v and not matched):
                slots[k] = list(v)
        return dict(sorted(slots.items()))

    def _set_attr(self, name, value):
        self._attrs[name] = value
        self._dropped_attrs = self._dropped_attrs - {name}  # set later, Paddle keeps it (in view unless extra)

    def _rename_input(self, old, new):
        for v in self._inputs.values():
            v[:] = [new if n == old else n for n in v]

    def _rename_output(self, old, new):
        for v in self._outputs.values():
            v[:] = [new if n == old else n for n in v]

    @property
    def idx(self):
        return self.block.ops.index(self)

    @property
    def desc(self):
        view = self.__dict__.get("_desc_view")
        if view is None or view._op is not self:  # one view per op (Paddle code compares descs by identity)
            view = self._desc_view = _OpDescView(self)
        return view

    def _run(self, env, ctx):
        if self._runner is None:
            return
        self._runner(self, env, ctx)

    def to_string(self, throw_on_error):
        """The protobuf text of the op's OpDesc (Paddle's debug string); ``str(op)`` is the readable form."""
        return _op_desc_text(self)

    def _to_readable_code(self, skip_op_callstack=True):
        outs = ", ".join(f"{k}={v}" for k, v in sorted(self._outputs.items()))
        ins = ", ".join(f"{k}={v}" for k, v in self._paddle_inputs().items())
        attrs = ", ".join(f"{k} = {_attr_str(v)}" for k, v in sorted(self._paddle_attrs().items())
                          if k != "op_callstack")
        call = f"{self.type}(inputs={{{ins}}}, {attrs})"
        return f"{{{outs}}} = {call}" if outs else call

    def __str__(self):
        return self._to_readable_code()

    __repr__ = __str__


class _OpDescView:
    """``Operator.desc``: Paddle's C++ OpDesc interface (methods, not properties) over the Operator."""

    __slots__ = ("_op",)

    def __init__(self, op):
        self._op = op

    def type(self):
        return self._op.type

    def set_type(self, op_type):
        self._op.type = op_type

    def attr(self, name):
        return self._op.attr(name)

    def has_attr(self, name):
        return self._op.has_attr(name)

    def attr_names(self):
        return list(self._op._attrs)

    def _set_attr(self, name, value):
        self._op._set_attr(name, value)

    def remove_attr(self, name):
        self._op._attrs.pop(name, None)

    def input(self, name):
        return self._op.input(name)

    def output(self, name):
        return self._op.output(name)

    def input_names(self):
        return self._op.input_names

    def output_names(self):
        return self._op.output_names

    def input_arg_names(self):
        return self._op.input_arg_names

    def output_arg_names(self):
        return self._op.output_arg_names

    def inputs(self):
        return {k: list(v) for k, v in self._op._inputs.items()}

    def outputs(self):
        return {k: list(v) for k, v in self._op._outputs.items()}

    def _rename_input(self, old, new):
        self._op._rename_input(old, new)

    def _rename_output(self, old, new):
        self._op._rename_output(old, new)


def is_forward_op(op):
    """Forward ops: op_role 0, or 256 (Paddle marks the op producing the loss Forward|Loss)."""
    return op._attrs.get("op_role", 0) in (0, 256)


def _attr_str(v):
    if isinstance(v, str):
        return v
    return repr(v)


def _caller_frames():
    """Where an op is built (Paddle's ``op_callstack`` attr: the Python stack, outermost first); formatted only
    when asked for."""
    import sys

    frames = []
    f = sys._getframe(2)
    while f is not None:
        frames.append((f.f_code.co_filename, f.f_lineno, f.f_code.co_name))
        f = f.f_back
    frames.reverse()
    return frames


def _format_frames(frames):
    import linecache

    lines = []
    for filename, lineno, name in frames:
        lines.append(f'  File "{filename}", line {lineno}, in {name}')
        lines.append(f"    {linecache.getline(filename, lineno).strip()}")
    return lines


_INDENT_AFTER_NEWLINE = re.compile(r"\n(.)")
# AttrType -> the OpDesc.Attr field holding its value
_ATTR_FIELDS = {0: "i", 1: "f", 2: "s", 3: "ints", 4: "floats", 5: "strings", 6: "b", 7: "bools", 8: "block_idx",
                9: "l", 10: "blocks_idx", 11: "longs", 12: "float64s", 15: "float64"}
_ATTR_TYPE_NAMES = ("INT", "FLOAT", "STRING", "INTS", "FLOATS", "STRINGS", "BOOLEAN", "BOOLEANS", "BLOCK", "LONG",
                    "BLOCKS", "LONGS", "FLOAT64S", "VAR", "VARS", "FLOAT64", "SCALAR", "SCALARS")
_COMMON_ATTR_TYPES = {"op_callstack": 5, "op_device": 2, "op_namescope": 2, "op_role": 0, "op_role_var": 5,
                      "with_quant_attr": 6}


def _text_escape(text):
    """Protobuf text format's string escaping (C escapes; bytes outside printable ASCII in octal)."""
    out = []
    for byte in text.encode("utf-8"):
        c = chr(byte)
        if c in "\\\"'":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif byte < 32 or byte >= 127:
            out.append(f"\\{byte:03o}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _shortest_float32(v):
    """How protobuf prints a float field: the shortest decimal that reads back as the same float32."""
    import numpy as np

    return str(float(str(np.float32(v))))


def _attr_scalar_text(kind, v):
    if kind in (6, 7):
        return "true" if v else "false"
    if kind in (2, 5):
        return _text_escape(str(v))
    if kind in (1, 4):
        return _shortest_float32(v)
    if kind in (12, 15):
        return str(float(v))
    if kind in (8, 10):
        return str(v.idx if isinstance(v, Block) else int(v))
    return str(int(v))


def _attr_kind(name, value, declared):
    if name in declared and declared[name]:
        return declared[name][0]
    if name in _COMMON_ATTR_TYPES:
        return _COMMON_ATTR_TYPES[name]
    if isinstance(value, Block):
        return 8
    try:
        from .._proto.framework import _infer_attr_type

        return int(_infer_attr_type(value))
    except (TypeError, IndexError):
        return None


def _message_text(name, body_lines):
    return name + " {\n" + "".join(f"  {line}\n" for line in body_lines) + "}\n"


def _attr_lines(name, kind, value):
    lines = [f'name: "{name}"', f"type: {_ATTR_TYPE_NAMES[kind]}"]
    field = _ATTR_FIELDS[kind]
    values = list(value) if isinstance(value, (list, tuple)) else [value]
    lines += [f"{field}: {_attr_scalar_text(kind, v)}" for v in values]
    return lines


def _op_desc_text(op):
    """Protobuf text of an op's OpDesc: input and output slots by name, the type, the extra (runtime) attrs and
    then the op's attrs, each by name."""
    proto = _op_proto(op.type) or {"attrs": {}, "extra_attrs": {}}
    text = ""
    for slot, names in op._paddle_inputs().items():
        text += _message_text("inputs", [f'parameter: "{slot}"'] + [f'arguments: "{n}"' for n in names])
    for slot, names in sorted(op._outputs.items()):
        text += _message_text("outputs", [f'parameter: "{slot}"'] + [f'arguments: "{n}"' for n in names])
    text += f'type: "{op.type}"\n'
    extras = proto["extra_attrs"]
    for name in sorted(extras):
        if extras[name]:
            kind, default = extras[name]
            value = op._attrs.get(name, default)
            text += _message_text("attrs", _attr_lines(name, kind, default if value is None else value))
    for name, value in sorted(op._paddle_attrs().items()):
        kind = _attr_kind(name, value, proto["attrs"])
        if kind in _ATTR_FIELDS:
            text += _message_text("attrs", _attr_lines(name, kind, value))
    return text


def _block_desc_text(block, wrapper):
    """Protobuf text of a BlockDesc (variables by name, as Paddle's desc keeps them), inside ``wrapper { }``."""
    body = f"idx: {block.idx}\nparent_idx: {block.parent_idx}\n"
    for _, var in sorted(block.vars.items()):
        body += _message_text("vars", var.to_string(True).splitlines())
    for op in block.ops:
        body += _message_text("ops", op.to_string(True).splitlines())
    if block.forward_block_idx != -1:
        body += f"forward_block_idx: {block.forward_block_idx}\n"
    if not wrapper:
        return body
    return wrapper + " {\n" + "".join(f"  {line}\n" if line else "\n" for line in body.splitlines()) + "}\n"


def _version_text():
    table = _op_proto_table()
    pairs = "".join(_message_text("pair", [f'op_name: "{n}"', "op_version {", f"  version: {v}", "}"])
                    for n, v in table["op_version_map"])
    return (_message_text("version", [f"version: {table['program_version']}"])
            + "op_version_map {\n" + "".join(f"  {line}\n" for line in pairs.splitlines()) + "}\n")


_OP_PROTOS = []
_COMMON_ATTRS = frozenset(("op_role", "op_role_var", "op_namescope", "op_callstack", "op_device", "with_quant_attr"))


def _op_proto_table():
    """Paddle 2.6.2's op definitions, recorded from Paddle by tools/record_op_protos.py: ``ops`` (per type
    ``{"inputs": [[slot, extra]], "outputs": [[slot, extra]], "attrs": {name: [AttrType, default?]},
    "extra_attrs": {name: [AttrType, default] or []}}``), ``op_version_map`` and ``program_version``."""
    if not _OP_PROTOS:
        import json

        with open(_os.path.join(_os.path.dirname(__file__), "_op_protos.json")) as f:
            _OP_PROTOS.append(json.load(f))
    return _OP_PROTOS[0]


def _op_proto(op_type):
    return _op_proto_table()["ops"].get(op_type)


def _run_torch_call(op, env, ctx):
    """Runner of a recorded torch call: materialise the argument template, call, bind the outputs."""
    fn, args, kwargs, out_names = op._call
    args = _materialize(args, env, ctx)
    kwargs = _materialize(kwargs, env, ctx) if kwargs else {}
    result = fn(*args, **kwargs)
    if out_names is not None:
        _bind_outputs(result, out_names, env)


def _run_dropout(op, env, ctx):
    """Paddle's dropout op at run time: on CPU its keep mask comes from Paddle's engine at each run (the global
    one, or a fresh engine seeded with the op's fixed seed), so a static program trains as in Paddle; elsewhere
    the recorded torch call. Out and the uint8 Mask are both bound."""
    import numpy as np
    import torch

    fn, args, kwargs, out_names = op._call
    args = _materialize(args, env, ctx)
    kwargs = _materialize(kwargs, env, ctx) if kwargs else {}
    x = args[0]
    p = float(_arg(args, kwargs, 1, "p", default=0.5))
    training = _arg(args, kwargs, 2, "training", default=True)
    if not training or x.device.type != "cpu" or not 0.0 < p < 1.0:
        result = fn(*args, **kwargs)
        keep = torch.ones_like(x, dtype=torch.bool) if not training or p == 0 else torch.zeros_like(x, dtype=torch.bool)
    else:
        from ..tensor.random import dropout_keep_mask

        seed = op._attrs.get("seed", 0) if op._attrs.get("fix_seed") else 0
        with suspend_recording():
            keep = dropout_keep_mask(tuple(x.shape), p, x.device, seed=seed)
        keep_prob = torch.tensor(float(np.float32(1.0) - np.float32(p)), dtype=x.dtype)
        result = torch.where(keep, x / keep_prob, torch.zeros((), dtype=x.dtype))
    _bind_outputs(result, out_names, env)
    env[op._outputs["Mask"][0]] = keep.to(torch.uint8)


def _materialize(template, env, ctx):
    t = type(template)
    if t is _Ref:
        return env[template.name]
    if t is _SymRef:
        return ctx.eval_sym(template.expr)
    if t is tuple or t is list:
        return t(_materialize(a, env, ctx) for a in template)
    if t is dict:
        return {k: _materialize(v, env, ctx) for k, v in template.items()}
    return template


def _bind_outputs(result, names, env):
    import torch

    if isinstance(names, str):
        if isinstance(result, torch.Tensor):
            env[names] = result
        return
    if isinstance(names, (list, tuple)):
        for r, n in zip(result, names):
            if n is not None:
                _bind_outputs(r, n, env)


# --- Block / Program ----------------------------------------------------------------------------------------
class Block:
    """One block of a Program: ``vars`` (name -> Variable, in creation order) and ``ops``."""

    def __init__(self, program, idx):
        self.program = program
        self.idx = idx
        self.parent_idx = -1
        self.forward_block_idx = -1
        self.backward_block_idx = -1
        self.vars = {}
        self.ops = []

    def _to_readable_code(self, skip_op_callstack=True):
        lines = [f"{{ // block_idx:{self.idx}  parent_idx:{self.parent_idx}  forward_idx:{self.forward_block_idx}  "
                 f"backward_idx:{self.backward_block_idx}"]
        for v in self.vars.values():
            lines.append("    " + _var_repr(v))
        lines.append("")  # Paddle's blank line between the variables and the ops, even with neither
        for op in self.ops:
            lines.append("    " + op._to_readable_code())
        return "\n".join(lines) + "\n}"

    def __str__(self):
        return self._to_readable_code()

    __repr__ = __str__

    def to_string(self, throw_on_error, with_details=False):
        """Protobuf text of the BlockDesc; ``with_details``: Paddle's per-variable details form."""
        assert isinstance(throw_on_error, bool) and isinstance(with_details, bool)
        if not with_details:
            return _block_desc_text(self, "")
        text = f"blocks {{\n  idx: {self.idx}\n  parent_idx: {self.parent_idx}"
        for var in self.vars.values():
            detail = var.to_string(throw_on_error, True)
            text += "\n  vars {\n    %s  }" % _INDENT_AFTER_NEWLINE.sub(r"\n    \1", detail)
        for op in self.ops:
            text += "\n  ops {\n    %s  }" % _INDENT_AFTER_NEWLINE.sub(r"\n    \1", op.to_string(throw_on_error))
        return text + "\n}"

    def var(self, name):
        if not isinstance(name, str):
            raise TypeError(f"var require string as parameter, but get {type(name)} instead.")
        v = self.vars.get(name)
        if v is None:
            raise ValueError(f"var {name} not in this block")
        return v

    def _find_var_recursive(self, name):
        block = self
        while True:
            v = block.vars.get(name)
            if v is not None or block.parent_idx < 0:
                return v
            block = self.program.blocks[block.parent_idx]

    def _var_recursive(self, name):
        v = self._find_var_recursive(name)
        if v is None:
            raise ValueError(f"Var {name} is not found recursively")
        return v

    def has_var(self, name):
        return name in self.vars

    def all_parameters(self):
        return [v for v in self.vars.values() if _info(v._t) is not None and _info(v._t).is_parameter]

    def iter_parameters(self):
        return iter(self.all_parameters())

    def create_var(self, name=None, shape=None, dtype=None, persistable=None, stop_gradient=True, type=None,  # noqa: A002
                   lod_level=None, **kwargs):
        """A variable with no producer yet (an op output to be, or a persistable filled by the scope)."""
        from .._core.dtypes import convert_dtype_to_paddle
        from ..utils import unique_name

        if name is None:
            name = unique_name.generate("_generated_var")
        if name in self.vars:
            return self.vars[name]
        dims = [-1 if d is None else int(d) for d in (shape or [])]
        d = convert_dtype_to_paddle(dtype if dtype is not None else "float32")
        fake = _make_fake(dims, d.torch, requires_grad=not stop_gradient and (d.torch.is_floating_point))
        v = _new_var(fake, name, self, declared=dims)
        info = _info(fake)
        info.persistable = bool(persistable)
        info.lod_level = lod_level or 0
        unset = tuple(field for field, value in (("persistable", persistable), ("lod_level", lod_level))
                      if value is None)
        if unset:
            info.unset_desc_fields = unset
        return v

    def create_parameter(self, shape, dtype="float32", name=None, attr=None, is_bias=False,
                         default_initializer=None, **kwargs):
        from ..nn.param_attr import ParamAttr

        if attr is None:
            attr = ParamAttr(name=name, **{k: v for k, v in kwargs.items() if k in (
                "initializer", "learning_rate", "regularizer", "trainable", "do_model_average", "need_clip")})
        return create_parameter(shape, dtype, name=name, attr=attr, is_bias=is_bias,
                                default_initializer=default_initializer or kwargs.get("initializer"))

    def append_op(self, type=None, inputs=None, outputs=None, attrs=None, **kwargs):  # noqa: A002
        """Append an op of Paddle type ``type`` run by paddle-compat's ProgramDesc interpreter table."""
        op = _program_desc_op(self, type, inputs, outputs, attrs)
        self.ops.append(op)
        return op

    def _prepend_op(self, type=None, inputs=None, outputs=None, attrs=None, **kwargs):  # noqa: A002
        op = _program_desc_op(self, type, inputs, outputs, attrs)
        self.ops.insert(0, op)
        return op

    def _insert_op(self, index, type=None, inputs=None, outputs=None, attrs=None, **kwargs):  # noqa: A002
        op = _program_desc_op(self, type, inputs, outputs, attrs)
        self.ops.insert(index, op)
        return op

    def _remove_op(self, index, sync=True):
        del self.ops[index]

    def _remove_var(self, name, sync=True):
        self.vars.pop(name, None)

    def _rename_var(self, name, new_name):
        v = self.vars.pop(name)
        _info(v._t).name = new_name
        self.vars[new_name] = v
        for op in self.ops:
            op._rename_input(name, new_name)
            op._rename_output(name, new_name)
            _rename_in_call(op, name, new_name)
        return v


def _rename_in_call(op, old, new):
    call = getattr(op, "_call", None)
    if call is None:
        return

    def sub(t):
        if type(t) is _Ref and t.name == old:
            return _Ref(new)
        if type(t) in (list, tuple):
            return type(t)(sub(a) for a in t)
        if type(t) is dict:
            return {k: sub(v) for k, v in t.items()}
        if isinstance(t, str) and t == old:
            return new
        return t

    op._call = (call[0], sub(call[1]), sub(call[2]), sub(call[3]))


def _flatten_nested(structure):
    """The leaves of nested lists/tuples/dicts (a dict's values in sorted key order), depth first."""
    if isinstance(structure, (list, tuple)):
        return [leaf for item in structure for leaf in _flatten_nested(item)]
    if isinstance(structure, dict):
        return [leaf for key in sorted(structure) for leaf in _flatten_nested(structure[key])]
    return [structure]


def _names_of(value):
    """Variable names of a (nested list of) variables or names; None entries are skipped."""
    return [v if isinstance(v, str) else v.name for v in _flatten_nested(value) if v is not None]


def _program_desc_op(block, op_type, inputs, outputs, attrs):
    """An op given Paddle-style (type, {slot: vars}, {slot: vars}, attrs), run by jit.program_ops.OPS."""
    ins = {k: _names_of(v) for k, v in (inputs or {}).items()}
    outs = {k: _names_of(v) for k, v in (outputs or {}).items()}
    for v in [x for vs in (outputs or {}).values() for x in (vs if isinstance(vs, (list, tuple)) else [vs])]:
        if not isinstance(v, str) and v is not None and v.name not in block.vars:
            block.vars[v.name] = v
    return Operator(block, op_type, ins, outs, attrs, run=_run_desc_op)


def _run_desc_op(op, env, ctx):
    from ..jit.program_ops import OPS

    fn = OPS.get(op.type)
    if fn is None:
        raise NotImplementedError(f"paddle-compat cannot run operator type '{op.type}' in a static program")
    values = {slot: [env[n] for n in names] for slot, names in op._inputs.items() if names}
    result = fn(values, {k: v for k, v in op._attrs.items() if not k.startswith("op_")}, ctx.training)
    for slot, names in op._outputs.items():
        for n, t in zip(names, result.get(slot, ())):
            if t is not None:
                env[n] = t


class Program:
    """A static program: blocks of ops and variables (block 0 is the global block)."""

    def __init__(self):
        self.blocks = [Block(self, 0)]
        self.current_block_idx = 0
        self._seed = _global_program_seed  # Paddle: a new Program starts from the last global_seed
        self._is_test = False
        self._version = 0  # bumped on every change the executor caches on

    def global_seed(self, seed=0):
        global _global_program_seed
        _global_program_seed = seed
        self._seed = seed

    @property
    def random_seed(self):
        return self._seed

    @random_seed.setter
    def random_seed(self, seed):
        if not isinstance(seed, int):
            raise ValueError(f"Program.random_seed's input seed must be an integer, but received {type(seed)}.")
        self._seed = seed

    @property
    def num_blocks(self):
        return len(self.blocks)

    def global_block(self):
        return self.blocks[0]

    def block(self, index):
        return self.blocks[index]

    def current_block(self):
        return self.blocks[self.current_block_idx]

    def _create_block(self, parent_idx=None):
        parent = self.current_block_idx if parent_idx is None else parent_idx
        b = Block(self, len(self.blocks))
        b.parent_idx = parent
        self.blocks.append(b)
        self.current_block_idx = b.idx
        return b

    def _rollback(self):
        self.current_block_idx = self.current_block().parent_idx

    def list_vars(self):
        for b in self.blocks:
            yield from b.vars.values()

    def all_parameters(self):
        return [p for b in self.blocks for p in b.all_parameters()]

    def to_string(self, throw_on_error, with_details=False):
        """Protobuf text of the ProgramDesc (Paddle's debug string); ``with_details``: each block's details form,
        then the version and op-version map."""
        assert isinstance(throw_on_error, bool), ("The type of throw_on_error parameter is wrong, expected bool, "
                                                  f"but received {type(throw_on_error)}.")
        assert isinstance(with_details, bool), ("The type of with_details parameter is wrong, expected bool, but "
                                                f"received {type(with_details)}.")
        if not with_details:
            return "".join(_block_desc_text(b, "blocks") for b in self.blocks) + _version_text()
        import textwrap

        text = "".join(b.to_string(throw_on_error, True) for b in self.blocks)
        table = _op_proto_table()
        text += "version {\n  " + textwrap.indent(f"version: {table['program_version']}\n", "  ") + "}\n"
        pairs = "".join(_message_text("pair", [f'op_name: "{n}"', "op_version {", f"  version: {v}", "}"])
                        for n, v in table["op_version_map"])
        return text + "op_version_map {\n  " + textwrap.indent(pairs, "  ") + "}\n"

    def _to_readable_code(self, skip_op_callstack=True):
        return "".join(b._to_readable_code(skip_op_callstack) + "\n" for b in self.blocks)

    def __str__(self):
        return self._to_readable_code()

    __repr__ = __str__

    def clone(self, for_test=False):
        """A copy sharing the variables; ``for_test``: forward ops only (up to the backward), in eval mode."""
        new = Program()
        new.random_seed = self.random_seed
        new._seed = self._seed
        new.blocks = []
        for b in self.blocks:
            nb = Block(new, b.idx)
            nb.parent_idx, nb.forward_block_idx, nb.backward_block_idx = (b.parent_idx, b.forward_block_idx,
                                                                        b.backward_block_idx)
            ops = b.ops
            if for_test:
                ops = [op for op in ops if is_forward_op(op)]
            for op in ops:
                c = _copy.copy(op)
                c._inputs = {k: list(v) for k, v in op._inputs.items()}
                c._outputs = {k: list(v) for k, v in op._outputs.items()}
                c._attrs = dict(op._attrs)
                c.block = nb
                if for_test:
                    _to_test_mode(c)
                nb.ops.append(c)
            if for_test:
                used = {n for op in nb.ops for n in op.input_arg_names + op.output_arg_names}
                nb.vars = {k: v for k, v in b.vars.items() if k in used or _info(v._t).is_data
                           or _info(v._t).persistable and not _info(v._t).belong_to_optimizer}
                for op in nb.ops:
                    if op.type == "batch_norm":  # Paddle's inference clone drops this output (the var stays)
                        op._outputs.pop("ReserveSpace", None)
            else:
                nb.vars = dict(b.vars)
            nb.vars = dict(sorted(nb.vars.items()))  # Paddle's clone rebuilds the vars from the desc, by name
            new.blocks.append(nb)
        new._is_test = for_test or self._is_test
        new.__dict__.update({k: v for k, v in self.__dict__.items() if k.startswith("_static_")})
        return new

    def _prune(self, targets):
        """A copy with only the ops the ``targets`` (Variables, names or Operators) depend on."""
        return self._prune_with_input([], targets)

    def _prune_with_input(self, feeded_var_names, targets):
        targets = targets if isinstance(targets, (list, tuple)) else [targets]
        needed = set()
        for t in targets:
            if isinstance(t, Operator):
                needed.update(t.output_arg_names)
            else:
                needed.add(t if isinstance(t, str) else t.name)
        feeds = set(feeded_var_names or ())
        new = self.clone()
        block = new.global_block()
        chosen = []
        for op in reversed(block.ops):
            if any(n in needed for n in op.output_arg_names):
                chosen.append(op)
                needed.update(n for n in op.input_arg_names if n not in feeds)
        block.ops = chosen[::-1]
        used = needed | feeds | {n for op in block.ops for n in op.output_arg_names}
        block.vars = {k: v for k, v in block.vars.items() if k in used}
        return new

    def _inference_optimize(self, prune_read_op=True):
        """The program in test mode (Paddle also drops reader ops; there are none here)."""
        return self.clone(for_test=True)

    def state_dict(self, mode="all", scope=None):
        from ..base.executor import _program_state_dict

        return _program_state_dict(self, mode, scope)

    def set_state_dict(self, state_dict, scope=None):
        from ..base.executor import _program_set_state_dict

        _program_set_state_dict(self, state_dict, scope)

    @staticmethod
    def parse_from_string(binary_str):
        from ..static.io import deserialize_program

        return deserialize_program(binary_str)

    @property
    def desc(self):
        return _ProgramDescView(self)


class _ProgramDescView:
    """``program.desc``: the ProgramDesc view Paddle code reaches for (``serialize_to_string``)."""

    def __init__(self, program):
        self._program = program

    def serialize_to_string(self):
        from ..static.io import _program_desc_bytes

        return _program_desc_bytes(self._program)

    def num_blocks(self):
        return len(self._program.blocks)


def _to_test_mode(op):
    """Switch a recorded call to evaluation mode (dropout off, batch_norm on running stats)."""
    call = getattr(op, "_call", None)
    if call is None:
        if "is_test" in op._attrs:
            op._attrs["is_test"] = True
        return
    fn, args, kwargs, out = call
    name = getattr(fn, "__name__", "")
    if "training" in kwargs:
        kwargs = dict(kwargs, training=False)
    elif name in ("dropout", "alpha_dropout", "feature_alpha_dropout", "dropout1d", "dropout2d", "dropout3d") \
            and len(args) > 2:
        args = args[:2] + (False,) + tuple(args[3:])
    elif name == "batch_norm" and len(args) > 5:
        args = tuple(args[:5]) + (False,) + tuple(args[6:])
    op._call = (fn, args, kwargs, out)
    if "is_test" in op._attrs:
        op._attrs["is_test"] = True


# --- Paddle's Variable-only members (on the Variable class; on Tensor while static mode is on) ------------------
_PROTO_DTYPES = {"float32": "FP32", "float64": "FP64", "float16": "FP16", "bfloat16": "BF16", "int8": "INT8",
                 "uint8": "UINT8", "int16": "INT16", "int32": "INT32", "int64": "INT64", "bool": "BOOL",
                 "complex64": "COMPLEX64", "complex128": "COMPLEX128"}
_MATH_OP_TMP = re.compile(r"tmp_\d+")


def _static_info_of(var, member):
    info = _tensor_info(var)
    if info is None:
        raise AttributeError(f"'Tensor' object has no attribute '{member}' (a static-graph Variable member)")
    return info


def _var_grad_name(self):
    """Indicating name of the gradient Variable of current Variable."""
    return self.name + "@GRAD"


def _var_is_parameter(self):
    """Indicating if current Variable is a Parameter"""
    return bool(_static_info_of(self, "is_parameter").is_parameter)


def _var_lod_level(self):
    """Indicating ``LoD`` info of current Variable, please refer to  :ref:`api_paddle_Tensor` to check the meaning
    of ``LoD``"""
    info = _tensor_info(self)
    return info.lod_level if info is not None else 0


def _var_attr_names(self):
    """Get the names of all attributes defined."""
    _static_info_of(self, "attr_names")
    return []  # only distributed passes set VarDesc attributes; none of our variables carries one


def _var_attr(self, name):
    """Get the attribute by name."""
    _static_info_of(self, "attr")
    raise RuntimeError(f"(NotFound) Attribute {name} is not found.")


def _array_only_error(method):
    return TypeError(f"Only Variable with VarType.LOD_TENSOR_ARRAY support `{method}` method, but received type: "
                     "VarType.LOD_TENSOR")


def _var_append(self, var):
    """**Notes**: the type of the variable must be LoD Tensor Array."""
    info = _static_info_of(self, "append")
    if _tensor_info(var) is None:
        raise TypeError(f"Required input var should be Variable, but received {type(var)}")
    if info.type != "LOD_TENSOR_ARRAY":
        raise _array_only_error("append")
    from ..base._static_array import array_length, array_write

    array_write(x=var, i=array_length(self), array=self)


def _var_pop(self, *args):
    """The type variable must be LoD Tensor Array."""
    info = _static_info_of(self, "pop")
    if info.type != "LOD_TENSOR_ARRAY":
        raise _array_only_error("pop")
    raise NotImplementedError("paddle.static.Variable.pop of a LOD_TENSOR_ARRAY variable is not supported by "
                              "paddle-compat (Paddle builds it from a while loop of array ops)")


def _var_get_value(self, scope=None):
    """Get the value of variable in given scope."""
    from ..base.executor import Scope, global_scope

    if scope is not None and not isinstance(scope, Scope):
        raise TypeError(f"`scope` should be None or `paddle.static.Scope` type, but received {type(scope)}.")
    name = _static_info_of(self, "get_value").name
    found = (scope or global_scope()).find_var(name)
    if found is None:
        raise ValueError(f"Can not find Variable '{name}' in the Scope.")
    return found.get_tensor()


_NO_LOD_OUTPUTS = {("dropout", "Mask"), ("reshape2", "XShape"), ("transpose2", "XShape"), ("squeeze2", "XShape"),
                   ("unsqueeze2", "XShape"), ("flatten_contiguous_range", "XShape")}


def _var_to_string(self, throw_on_error, with_details=False):
    """Get debug string: the protobuf text of the variable's VarDesc, as Paddle prints it."""
    from .._core.dtypes import FROM_TORCH

    assert isinstance(throw_on_error, bool) and isinstance(with_details, bool)
    info = _static_info_of(self, "to_string")
    persistable = info.persistable or info.is_parameter
    lines = [f'name: "{info.name}"', "type {", "  type: LOD_TENSOR", "  lod_tensor {", "    tensor {",
             f"      data_type: {_PROTO_DTYPES[FROM_TORCH[self._t.dtype].name]}"]
    lines += [f"      dims: {d}" for d in _var_shape(self._t)]
    lines.append("    }")
    # an op's shape inference writes lod_level into its output's VarDesc when it shares its input's LoD (not an
    # op without inputs, nor the outputs Paddle's infershape leaves alone)
    producers = [(op, slot) for op in info.block.ops for slot, names in op._outputs.items() if info.name in names]
    if producers:
        shared = any(op.input_arg_names and (op.type, slot) not in _NO_LOD_OUTPUTS for op, slot in producers)
    else:
        shared = "lod_level" not in info.unset_desc_fields
    if not persistable and shared:
        lines.append(f"    lod_level: {info.lod_level}")
    lines += ["  }", "}"]
    # Paddle's math-op temporaries (tmp_<n>) are created without setting persistable in their VarDesc
    if persistable or not (_MATH_OP_TMP.fullmatch(info.name) or "persistable" in info.unset_desc_fields):
        lines.append(f"persistable: {'true' if persistable else 'false'}")
    if info.need_check_feed:
        lines.append("need_check_feed: true")
    if info.is_parameter:
        lines.append("is_parameter: true")
    lines.append(f"stop_gradient: {'true' if self.stop_gradient else 'false'}")
    text = "\n".join(lines) + "\n"
    if with_details:
        text += "error_clip: None\n"
        if info.is_parameter:
            for field in ("trainable", "optimize_attr", "regularizer", "do_model_average", "need_clip"):
                text += f"{field}: {getattr(self, field, None)}\n"
    return text


_VARIABLE_ONLY_MEMBERS = {
    "grad_name": property(_var_grad_name, doc=_var_grad_name.__doc__),
    "is_parameter": property(_var_is_parameter, doc=_var_is_parameter.__doc__),
    "lod_level": property(_var_lod_level, doc=_var_lod_level.__doc__),
    "attr_names": property(_var_attr_names, doc=_var_attr_names.__doc__),
    "attr": _var_attr,
    "append": _var_append,
    "pop": _var_pop,
    "get_value": _var_get_value,
    "to_string": _var_to_string,
}


class _TensorMember:
    """A Variable class attribute that IS paddle.Tensor's member of the same name (static variables are Tensors);
    resolved on access because the Tensor class is imported after this module."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __get__(self, instance, owner=None):
        member = _tensor_class().__dict__[self.name]
        return member if instance is None else member.__get__(instance, owner)


# Paddle's Variable operators (math_op_patch); object's own comparison/printing slots would otherwise answer
_VARIABLE_OPERATORS = (
    "__add__", "__and__", "__div__", "__eq__", "__floordiv__", "__ge__", "__getitem__", "__gt__", "__invert__",
    "__le__", "__lt__", "__matmul__", "__mod__", "__mul__", "__ne__", "__neg__", "__pow__", "__radd__", "__rdiv__",
    "__rmul__", "__rpow__", "__rsub__", "__rtruediv__", "__setitem__", "__sub__", "__truediv__", "__xor__",
)


# --- Variable / Parameter classes (isinstance targets) --------------------------------------------------------
class _VariableMeta(type):
    # Paddle 2.6.2: in dygraph, isinstance(tensor, Variable) is True (its metaclass checks for eager tensors)
    def __instancecheck__(cls, instance):
        return isinstance(instance, _tensor_class()) or type.__instancecheck__(cls, instance)

    # Static variables ARE paddle.Tensor objects: the class answers for their members (Variable.abs is
    # Tensor.abs), as Paddle's Variable class carries the same methods
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return getattr(_tensor_class(), name)
        except AttributeError:
            raise AttributeError(f"type object 'Variable' has no attribute '{name}'") from None

    def __dir__(cls):
        return sorted(set(type.__dir__(cls)) | set(dir(_tensor_class())))


class _ParameterMeta(_VariableMeta):
    def __instancecheck__(cls, instance):
        if isinstance(instance, _param_class()):
            return True
        if isinstance(instance, _tensor_class()) and _Mode.static:
            info = _info(instance._t)
            return info is not None and info.is_parameter
        return type.__instancecheck__(cls, instance)


class Variable(metaclass=_VariableMeta):
    """A static-graph variable. Variables are ``paddle.Tensor`` objects whose value is symbolic (they record
    ops); ``Variable(block, ...)`` creates one in ``block`` (as ``block.create_var``)."""

    def __new__(cls, block, type=None, name=None, shape=None, dtype=None, lod_level=None,  # noqa: A002
                capacity=None, persistable=None, error_clip=None, stop_gradient=False, is_data=False,
                need_check_feed=False, belong_to_optimizer=False, **kwargs):
        if not _Mode.static:
            raise static_only_error("paddle.static.Variable (outside static mode)")
        v = block.create_var(name=name, shape=shape, dtype=dtype, persistable=persistable,
                             stop_gradient=stop_gradient, lod_level=lod_level)
        info = _info(v._t)
        info.is_data = bool(is_data)
        info.need_check_feed = bool(need_check_feed)
        info.belong_to_optimizer = bool(belong_to_optimizer)
        return v

    def __init__(self, block, type=None, name=None, shape=None, dtype=None, lod_level=None,  # noqa: A002
                 capacity=None, persistable=None, error_clip=None, stop_gradient=False, is_data=False,
                 need_check_feed=False, belong_to_optimizer=False, **kwargs):
        pass  # __new__ builds the variable (a paddle.Tensor), so Python never calls this; it carries the signature

    __hash__ = object.__hash__  # as Paddle's (its operators are patched in after the class is built)


class Parameter(Variable, metaclass=_ParameterMeta):
    """A static-graph parameter; in dygraph every Layer parameter (``EagerParamBase``) counts as one."""

    def __new__(cls, block, shape, dtype, type=None, **kwargs):  # noqa: A002
        if not _Mode.static:
            raise static_only_error("paddle.base.framework.Parameter (outside static mode)")
        return block.create_parameter(shape, dtype, **kwargs)


for _name, _member in _VARIABLE_ONLY_MEMBERS.items():
    setattr(Variable, _name, _member)
for _name in _VARIABLE_OPERATORS:
    setattr(Variable, _name, _TensorMember(_name))
del _name, _member


_global_program_seed = 0
class _Switchable:
    """A process-wide current object (the default main/startup programs, the executor's global scope);
    ``switch`` installs another one and returns the previous one."""

    __slots__ = ("current",)

    def __init__(self, current):
        self.current = current

    def switch(self, new):
        previous, self.current = self.current, new
        return previous


_main = _Switchable(Program())
_startup = _Switchable(Program())


def default_main_program():
    return _main.current


def default_startup_program():
    return _startup.current


def switch_main_program(program):
    return _main.switch(program)


def switch_startup_program(program):
    return _startup.switch(program)


@contextlib.contextmanager
def program_guard(main_program, startup_program=None):
    """Switch the default programs inside the ``with`` block."""
    if not isinstance(main_program, Program):
        raise TypeError(f"The type of 'main_program' in program_guard must be Program, but received "
                        f"{type(main_program)}.")
    if startup_program is not None and not isinstance(startup_program, Program):
        raise TypeError(f"The type of 'startup_program' in program_guard must be Program, but received "
                        f"{type(startup_program)}.")
    previous_main = switch_main_program(main_program)
    if startup_program is not None:
        previous_startup = switch_startup_program(startup_program)
    try:
        yield
    finally:
        switch_main_program(previous_main)
        if startup_program is not None:
            switch_startup_program(previous_startup)


@contextlib.contextmanager
def name_scope(prefix=None):
    """Prefix the ``op_namescope`` attr of the ops created inside (Paddle numbers repeated prefixes)."""
    if not _Mode.static:
        yield
        return
    from ..utils import unique_name

    if prefix is None or prefix == "":
        prefix = "_"
    key = "/".join(_Mode.name_scope + [prefix])
    n = _name_scope_counts.get(key, 0)
    _name_scope_counts[key] = n + 1
    _Mode.name_scope.append(prefix if n == 0 else f"{prefix}_{n}")
    _ = unique_name
    try:
        yield
    finally:
        _Mode.name_scope.pop()


_name_scope_counts = {}


# --- variables, data, parameters -----------------------------------------------------------------------------
def _new_var(fake, name, block, declared=None):
    """Wrap ``fake`` as a Variable named ``name`` in ``block``."""
    from .._core.tensor import Tensor

    info = _VarInfo(name, block, declared)
    fake.__dict__["_pdv"] = info
    w = object.__new__(Tensor)
    w._t = fake
    info.wrapper = w
    block.vars[name] = w
    return w


def data(name, shape, dtype=None, lod_level=0):
    """``paddle.static.data``: a feed variable of ``shape`` (``None``/-1 dims take any size at run time)."""
    from .._core.dtypes import convert_dtype_to_paddle, get_default_dtype

    if not isinstance(name, (bytes, str)):
        raise TypeError(f"The type of 'name' in data must be ({bytes}, {str}), but received {type(name)}. ")
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"The type of 'shape' in data must be ({list}, {tuple}), but received {type(shape)}. ")
    if isinstance(name, bytes):
        name = name.decode()
    dims = [-1 if d is None else int(d) for d in shape]
    d = convert_dtype_to_paddle(dtype if dtype is not None else get_default_dtype())
    block = default_main_program().global_block()
    fake = _make_fake(dims, d.torch)
    v = _new_var(fake, name, block, declared=dims)
    info = _info(fake)
    info.is_data = True
    info.need_check_feed = True
    info.lod_level = lod_level
    info.dim_symbols = [None if isinstance(s, int) else s.node.expr for s in fake.shape]
    return v


_INIT_OP_TYPES = {"Constant": "fill_constant", "ConstantInitializer": "fill_constant",
                  "Uniform": "uniform_random", "UniformInitializer": "uniform_random",
                  "XavierUniform": "uniform_random", "KaimingUniform": "uniform_random",
                  "Normal": "gaussian_random", "NormalInitializer": "gaussian_random",
                  "XavierNormal": "gaussian_random", "KaimingNormal": "gaussian_random",
                  "TruncatedNormal": "truncated_gaussian_random", "Assign": "assign_value",
                  "NumpyArrayInitializer": "assign_value", "XavierInitializer": "uniform_random",
                  "MSRAInitializer": "uniform_random", "Bilinear": "assign_value", "Orthogonal": "assign_value",
                  "Dirac": "assign_value"}


def _init_op_type(initializer):
    name = type(initializer).__name__
    t = _INIT_OP_TYPES.get(name, "fill_constant")
    if name in ("XavierInitializer", "MSRAInitializer") and not getattr(initializer, "_uniform", True):
        t = "gaussian_random"
    return t


def _f32(v):
    import numpy as np

    return float(np.float32(v))  # Paddle keeps float attrs as float32


def _init_attrs(initializer, shape):
    """Paddle's attrs of the startup op an initializer appends (value / min, max / mean, std; seed)."""
    import math

    from ..nn.initializer.initializer import _compute_fans

    name = type(initializer).__name__
    d = initializer.__dict__
    seed = int(d.get("_seed", 0) or 0)
    if "_value" in d and name.startswith("Constant"):
        return {"value": _f32(d["_value"]), "str_value": str(float(d["_value"])),
                "force_cpu": bool(d.get("_force_cpu", False))}
    if "_low" in d:
        return {"min": _f32(d["_low"]), "max": _f32(d["_high"]), "seed": seed}
    if "_std_dev" in d:
        return {"mean": _f32(d["_mean"]), "std": _f32(d["_std_dev"]), "seed": seed}
    if "_uniform" in d:
        f_in, f_out = _compute_fans(shape)
        fan_in = f_in if d.get("_fan_in") is None else d["_fan_in"]
        if "_fan_out" in d:  # Xavier
            fan_out = f_out if d.get("_fan_out") is None else d["_fan_out"]
            if d["_uniform"]:
                limit = math.sqrt(6.0 / float(fan_in + fan_out))
                return {"min": _f32(-limit), "max": _f32(limit), "seed": seed}
            return {"mean": 0.0, "std": _f32(math.sqrt(2.0 / float(fan_in + fan_out))), "seed": seed}
        from ..nn.initializer.initializer import calculate_gain

        gain = calculate_gain(d.get("_nonlinearity", "relu"), d.get("_negative_slope", 0))
        if d["_uniform"]:
            limit = gain * math.sqrt(3.0 / float(fan_in))
            return {"min": _f32(-limit), "max": _f32(limit), "seed": seed}
        return {"mean": 0.0, "std": _f32(gain / math.sqrt(float(fan_in))), "seed": seed}
    return {}


def _assign_value_attrs(value, dtype):
    """Paddle's Assign initializer op: the value's own shape and its values in the slot of the parameter's dtype."""
    import numpy as np

    value = value.numpy() if hasattr(value, "numpy") else np.asarray(value)
    slot = {"float32": "fp32_values", "float64": "fp64_values", "int32": "int32_values", "int8": "int8_values",
            "uint8": "int8_values"}.get(dtype.name)
    if slot is None:
        return {"shape": list(value.shape)}
    cast = float if slot.startswith("fp") else int
    return {"shape": list(value.shape), slot: [cast(v) for v in value.flat]}


def _run_init(op, env, ctx):
    """Startup op: fill a parameter with its initializer (our eager initializers, on a real tensor)."""
    import torch

    from .._core.tensor import Parameter as EagerParamBase

    shape, torch_dtype, initializer, name = op._init
    with suspend_recording():
        p = EagerParamBase(_data=torch.empty(shape, dtype=torch_dtype), name=name, trainable=False)
        initializer(p)
    env[name] = p._t.detach()


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False, default_initializer=None):
    """``paddle.static.create_parameter`` is ``paddle.create_parameter``; in static mode it makes a program
    Parameter (nn/param_attr.py ``_make_parameter`` -> ``_static_parameter``) initialised by the startup program."""
    from ..nn.param_attr import create_parameter as _create

    return _create(shape, dtype, name=name, attr=attr, is_bias=is_bias, default_initializer=default_initializer)


def _unique(key):
    from ..utils import unique_name

    return unique_name.generate(key)


def _static_parameter(name, shape, dtype, initializer, trainable=True, optimize_attr=None, regularizer=None,
                      do_model_average=None, need_clip=True):
    """The static body of parameter creation (called by nn.param_attr._make_parameter in static mode)."""
    from .._core.tensor import Parameter as EagerParamBase

    main_block = default_main_program().global_block()
    existing = main_block.vars.get(name)
    if existing is not None and list(existing._t.shape) == list(shape) and existing._t.dtype == dtype.torch:
        return existing  # a shared parameter (same ParamAttr name)
    fake = _make_fake(list(shape), dtype.torch, requires_grad=trainable)
    p = object.__new__(EagerParamBase)
    p._t = fake
    p._name = name
    p.persistable = True
    p.optimize_attr = optimize_attr or {"learning_rate": 1.0}
    p.regularizer = regularizer
    p.do_model_average = do_model_average
    p.need_clip = need_clip
    p.is_distributed = False
    info = _VarInfo(name, main_block, list(shape))
    info.is_parameter = True
    info.persistable = True
    info.wrapper = p
    fake.__dict__["_pdv"] = info
    main_block.vars[name] = p
    _append_init_op(default_startup_program(), p, list(shape), dtype, initializer, name)
    return p


def _norm_except(v, dim):
    import torch

    if dim is None:
        return torch.sqrt(torch.sum(v * v)).reshape([1] * v.dim())
    dim = dim % v.dim()
    others = [d for d in range(v.dim()) if d != dim]
    return torch.sqrt(torch.sum(v * v, dim=others))


def _static_weight_norm_parameter(attr, shape, dtype):
    """WeightNormParamAttr: parameters ``<name>_v`` (the initializer's values) and ``<name>_g`` (initialised to
    ``||v||``), and the weight ``g * v / ||v||`` computed in the program (norm over every dim but ``attr.dim``)."""
    import torch

    name = attr.name
    common = {"trainable": attr.trainable, "optimize_attr": {"learning_rate": attr.learning_rate},
              "regularizer": attr.regularizer, "do_model_average": attr.do_model_average, "need_clip": attr.need_clip}
    v = _static_parameter(name + "_v", shape, dtype, attr.initializer, **common)
    g_shape = [1] * len(shape) if attr.dim is None else [shape[attr.dim % len(shape)]]
    g = _static_parameter(name + "_g", g_shape, dtype, attr.initializer, **common)
    init = default_startup_program().global_block().ops[-1]  # g's init: the norm of the initialised v
    init.type = "sqrt"

    def norm_of_v(op, env, ctx):
        env[g.name] = _norm_except(env[v.name], attr.dim).to(env[v.name].dtype)

    init._runner = norm_of_v
    vt = v._t
    scale = g._t / _norm_except(vt, attr.dim)
    if attr.dim is not None:
        d = attr.dim % len(shape)
        scale = scale.reshape([-1 if i == d else 1 for i in range(len(shape))])
    w = torch.mul(vt, scale)
    block = default_main_program().global_block()
    block._rename_var(_info(w).name, name)
    from .._core.tensor import wrap

    return wrap(w)


def _append_init_op(startup, p, shape, dtype, initializer, name):
    sblock = startup.global_block()
    if name not in sblock.vars:
        sblock.vars[name] = p
    if getattr(initializer, "_seed", None) == 0:
        # Paddle's initializers take the seed of the program they append to (the startup one) when built,
        # and keep it; the op then draws from an engine of that seed at every run (0: the global engine)
        initializer._seed = startup.random_seed
        initializer._seed_fixed = True
    attrs = {"shape": list(shape), "dtype": int(dtype)}
    attrs.update(_init_attrs(initializer, list(shape)))
    if type(initializer).__name__ in ("Assign", "NumpyArrayInitializer"):
        attrs.update(_assign_value_attrs(initializer._value, dtype))
    op = Operator(sblock, _init_op_type(initializer), {}, {"Out": [name]}, attrs, run=_run_init)
    op._all_input_slots = op.type == "uniform_random"  # Paddle's uniform initializers pass inputs={}
    op._init = (list(shape), dtype.torch, initializer, name)
    sblock.ops.append(op)


def static_op(op_type, fn, inputs, attrs=None, outputs=None, out_slot="Out", record_names=None):
    """Append ONE op of Paddle type ``op_type`` computed by ``fn(*torch tensors) -> tensor or tuple``.

    ``inputs`` maps slot -> Variable or list of Variables (in ``fn``'s argument order); ``outputs`` (optional)
    gives output variable names (one per returned tensor; default ``<op_type>_<n>.tmp_<k>``). ``fn`` runs
    without recording (on FakeTensors now, on real tensors at run time). Returns the output Variable(s).
    """
    import torch

    block = default_main_program().current_block()
    flat_in, in_names = [], {}
    for slot, vs in inputs.items():
        vs = vs if isinstance(vs, (list, tuple)) else [vs]
        in_names[slot] = [v.name for v in vs]
        flat_in.extend(v._t for v in vs)
    previous, _Mode.on_fakes = _Mode.on_fakes, True
    try:
        with suspend_recording():
            result = fn(*flat_in)
    finally:
        _Mode.on_fakes = previous
    single = isinstance(result, torch.Tensor)
    results = [result] if single else list(result)
    if outputs is None:
        base = _unique(op_type)
        outputs = [f"{base}.tmp_{k}" for k in range(len(results))]
    outs = []
    for r, n in zip(results, outputs):
        outs.append(_new_var(r, n, block))
    op = Operator(block, op_type, in_names, {out_slot: list(outputs)}, attrs,
                  run=_run_static_fn)
    op._fn = (fn, [n for ns in in_names.values() for n in ns], list(outputs), single)
    block.ops.append(op)
    return outs[0] if single else outs


def static_batch_norm(bn, t, rm, rv, w, b, use_batch_stats, momentum, epsilon):
    """Paddle's batch_norm op: batch statistics (and running-stat updates) in a training run, running statistics
    in a clone(for_test=True) or loaded inference program (``bn`` is the eager kernel, on torch tensors)."""
    block = default_main_program().current_block()
    slots = [("X", t), ("Scale", w), ("Bias", b), ("Mean", rm), ("Variance", rv)]
    present = [(k, v) for k, v in slots if v is not None]
    names = [_info(v).name for _, v in present]
    keys = [k for k, _ in present]

    def compute(values, training):
        got = dict(zip(keys, values))
        use_batch = use_batch_stats and training
        return bn(got["X"], got.get("Mean"), got.get("Variance"), got.get("Scale"), got.get("Bias"), use_batch,
                  momentum, epsilon, not training)

    with suspend_recording():
        result = compute([v for _, v in present], True)
    base = _unique("batch_norm")
    out_name = f"{base}.tmp_0"
    _new_var(result, out_name, block)
    outputs = {"Y": [out_name]}
    if rm is not None:
        outputs["MeanOut"] = [_info(rm).name]
    if rv is not None:
        outputs["VarianceOut"] = [_info(rv).name]

    def run(op, env, ctx):
        env[out_name] = compute([env[n] for n in names], ctx.training)

    attrs = {"momentum": _f32(momentum), "epsilon": _f32(epsilon), "is_test": False, "data_layout": "NCHW",
             "use_global_stats": not use_batch_stats, "trainable_statistics": False}
    block.ops.append(Operator(block, "batch_norm", {k: [n] for k, n in zip(keys, names)}, outputs, attrs, run=run))
    return result


def static_softmax_with_cross_entropy(logits, label, reduction):
    """Paddle's static cross_entropy (hard labels, no weight): a softmax_with_cross_entropy op (Softmax, Loss of
    shape [N, 1]) then reduce_mean / reduce_sum; the loss floors log-softmax at -64 as Paddle's kernel."""
    import torch

    from ..nn.functional.activation import log_softmax_clipped

    def kernel(x, lab):
        lab2 = lab.reshape(-1, 1).long()
        if lab2.shape[0] != x.shape[0]:
            if not _Mode.on_fakes:
                raise ValueError(f"cross_entropy: label has {lab2.shape[0]} rows, input {x.shape[0]}")
            lab2 = lab2.expand(x.shape[0], 1)  # a static label of shape [1] against a batch of -1: Loss is [-1, 1]
        loss = -torch.gather(log_softmax_clipped(x, 1), 1, lab2)
        return torch.softmax(x, 1), loss

    from .._core.tensor import wrap

    if label.ndim == logits.ndim - 1:  # Paddle's static cross_entropy gives such a label a last axis first
        label = wrap(torch.unsqueeze(label._t, -1))
    base = _unique("softmax_with_cross_entropy")
    softmax, loss = static_op("softmax_with_cross_entropy", kernel, {"Logits": [logits], "Label": [label]},
                              attrs={"axis": -1, "ignore_index": -100, "numeric_stable_mode": True,
                                     "soft_label": False, "use_softmax": True},
                              outputs=[f"{base}.tmp_0", f"{base}.tmp_1"])
    op = default_main_program().current_block().ops[-1]
    op._outputs = {"Softmax": [f"{base}.tmp_0"], "Loss": [f"{base}.tmp_1"]}
    if reduction == "mean":
        return wrap(torch.mean(loss._t))
    if reduction == "sum":
        return wrap(torch.sum(loss._t))
    return wrap(torch.squeeze(loss._t, 1))


def _run_static_fn(op, env, ctx):
    fn, ins, outs, single = op._fn
    result = fn(*[env[n] for n in ins])
    if single:
        env[outs[0]] = result
    else:
        for n, r in zip(outs, result):
            env[n] = r


# --- the recorder -------------------------------------------------------------------------------------------
# Paddle op types of the torch calls the adapters make (by the callable's __name__)
_OP_TYPES = {
    "add": "elementwise_add", "__add__": "elementwise_add", "__radd__": "elementwise_add",
    "sub": "elementwise_sub",
    "__sub__": "elementwise_sub", "__rsub__": "elementwise_sub", "rsub": "elementwise_sub",
    "mul": "elementwise_mul", "__mul__": "elementwise_mul", "__rmul__": "elementwise_mul",
    "multiply": "elementwise_mul",
    "div": "elementwise_div", "true_divide": "elementwise_div", "__truediv__": "elementwise_div",
    "__rtruediv__": "elementwise_div", "divide": "elementwise_div", "floor_divide": "elementwise_floordiv",
    "remainder": "elementwise_mod", "fmod": "elementwise_mod", "pow": "elementwise_pow", "__pow__": "elementwise_pow",
    "maximum": "elementwise_max", "minimum": "elementwise_min", "fmax": "elementwise_fmax", "fmin": "elementwise_fmin",
    "matmul": "matmul_v2", "mm": "matmul_v2", "bmm": "matmul_v2", "__matmul__": "matmul_v2", "linear": "linear",
    "reshape": "reshape2", "view": "reshape2", "flatten": "flatten_contiguous_range", "permute": "transpose2",
    "transpose": "transpose2", "squeeze": "squeeze2", "unsqueeze": "unsqueeze2", "cat": "concat", "concat": "concat",
    "stack": "stack", "split": "split", "chunk": "split", "mean": "reduce_mean", "sum": "reduce_sum",
    "amax": "reduce_max", "amin": "reduce_min", "max": "reduce_max", "min": "reduce_min", "prod": "reduce_prod",
    "square": "square", "sqrt": "sqrt", "rsqrt": "rsqrt", "exp": "exp", "log": "log", "abs": "abs",
    "relu": "relu", "relu6": "relu6", "sigmoid": "sigmoid", "tanh": "tanh", "gelu": "gelu", "silu": "silu",
    "leaky_relu": "leaky_relu", "elu": "elu", "softplus": "softplus", "hardswish": "hard_swish",
    "hardsigmoid": "hard_sigmoid", "softmax": "softmax", "log_softmax": "log_softmax", "_softmax": "softmax",
    "conv1d": "conv2d", "conv2d": "conv2d", "conv3d": "conv3d", "conv_transpose2d": "conv2d_transpose",
    "max_pool2d": "pool2d", "avg_pool2d": "pool2d", "adaptive_avg_pool2d": "pool2d",
    "adaptive_max_pool2d": "max_pool2d_with_index", "batch_norm": "batch_norm", "layer_norm": "layer_norm",
    "group_norm": "group_norm", "instance_norm": "instance_norm", "dropout": "dropout", "embedding": "lookup_table_v2",
    "cross_entropy": "softmax_with_cross_entropy", "mse_loss": "mse_loss", "clone": "assign", "detach": "assign",
    "to": "cast", "type": "cast", "clamp": "clip", "clip": "clip", "where": "where", "gather": "gather",
    "index_select": "index_select", "expand": "expand_v2", "tile": "tile", "eq": "equal", "__eq__": "equal",
    "ne": "not_equal", "lt": "less_than", "le": "less_equal", "gt": "greater_than", "ge": "greater_equal",
    "argmax": "arg_max", "argmin": "arg_min", "topk": "top_k_v2", "cumsum": "cumsum", "neg": "scale",
    "__neg__": "scale", "one_hot": "one_hot_v2", "__getitem__": "slice", "contiguous": "assign", "sign": "sign",
    "floor": "floor", "ceil": "ceil", "round": "round", "sin": "sin", "cos": "cos", "erf": "erf",
    "logical_and": "logical_and", "logical_or": "logical_or", "logical_not": "logical_not", "masked_fill": "where",
    "zeros_like": "fill_any_like", "ones_like": "fill_any_like", "full_like": "fill_any_like", "norm": "p_norm",
    "__setitem__": "set_value", "copy_": "assign", "fill_": "fill_constant", "scatter": "scatter",
    "addmm": "matmul_v2", "baddbmm": "matmul_v2", "einsum": "einsum", "roll": "roll", "flip": "flip",
    "pad": "pad3d", "interpolate": "interp_v2", "sort": "argsort", "argsort": "argsort", "unbind": "unstack",
    "var": "reduce_var", "std": "reduce_std", "mT": "transpose2", "T": "transpose2", "mH": "transpose2",
    "rand": "uniform_random", "randn": "gaussian_random", "randint": "randint", "randperm": "randperm",
    "bernoulli": "bernoulli", "normal": "gaussian_random", "multinomial": "multinomial", "logsumexp": "logsumexp",
    "isnan": "isnan_v2", "isinf": "isinf_v2",
}
# names outputs are given after (Paddle's elementwise ops name theirs without ".tmp_0")
_BARE_NAMED = {"elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div", "elementwise_pow",
               "elementwise_max", "elementwise_min", "elementwise_mod", "elementwise_floordiv"}
_SCALAR_TYPES = {"elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div"}


def _op_type_of(fn, args):
    name = getattr(fn, "__name__", None) or type(fn).__name__
    if name == "__get__":
        name = getattr(getattr(fn, "__self__", None), "__name__", name)
    if name.endswith("_") and not name.startswith("__") and name[:-1] in _OP_TYPES:
        name = name[:-1]
    t = _OP_TYPES.get(name)
    if t is None:
        return name
    if t in _SCALAR_TYPES:
        # x * 2.0 / x + 1.0: Paddle records a scale op when one operand is a Python scalar

        if len(args) >= 2 and sum(_is_var_arg(a) for a in args[:2]) == 1:
            return "scale"
    return t


def _is_var_arg(a):
    import torch

    return isinstance(a, torch.Tensor) and bool(a.__dict__) and "_pdv" in a.__dict__


def _find_vars(obj, out):
    """Append the names of the program variables in ``obj``; a symbolic size appends None."""
    import torch

    t = type(obj)
    if t is tuple or t is list or t is torch.Size:
        for a in obj:
            _find_vars(a, out)
    elif t is dict:
        for a in obj.values():
            _find_vars(a, out)
    elif isinstance(obj, torch.Tensor):
        info = obj.__dict__.get("_pdv") if obj.__dict__ else None
        if info is not None:
            out.append(info.name)
    elif t is torch.SymInt or t is torch.SymFloat:
        if obj.node.maybe_as_int() is None if t is torch.SymInt else True:
            out.append(None)


# factories recorded as Paddle's creation ops in static mode (paddle.full -> fill_constant...)
_FACTORIES = {"zeros": "fill_constant", "ones": "fill_constant", "full": "fill_constant", "empty": "empty",
              "arange": "range", "eye": "eye", "linspace": "linspace", "tensor": "assign_value",
              "as_tensor": "assign_value", "scalar_tensor": "fill_constant"}

# torch calls that draw random numbers: recorded even without variable inputs (a static program samples anew
# on every run, as Paddle's uniform_random/dropout ops do)
_RANDOM = {"rand", "randn", "randint", "randperm", "bernoulli", "normal", "multinomial", "rand_like", "randn_like",
           "randint_like", "uniform_", "normal_", "exponential_", "bernoulli_", "random_", "cauchy_", "log_normal_",
           "geometric_", "poisson", "dropout", "native_dropout", "feature_dropout", "alpha_dropout",
           "feature_alpha_dropout"}


def _template(obj):
    """The recorded form of an argument: variables by name, symbolic sizes as expressions, rest by value."""
    import torch

    t = type(obj)
    if t is tuple or t is list:
        return t(_template(a) for a in obj)
    if t is torch.Size:
        return tuple(_template(a) for a in obj)
    if t is dict:
        return {k: _template(v) for k, v in obj.items()}
    if isinstance(obj, torch.Tensor):
        info = obj.__dict__.get("_pdv") if obj.__dict__ else None
        if info is not None:
            return _Ref(info.name)
        from torch._subclasses.fake_tensor import FakeTensor

        if isinstance(obj, FakeTensor):
            raise RuntimeError("paddle-compat static mode: a torch call used a symbolic tensor that is not a "
                               "program variable (an internal value escaped the recorder)")
        return obj  # a real tensor: a constant of the program
    if isinstance(obj, torch.SymInt):
        v = obj.node.maybe_as_int()
        return int(v) if v is not None else _SymRef(obj.node.expr)
    if isinstance(obj, (torch.SymFloat, torch.SymBool)):
        return _SymRef(obj.node.expr)
    return obj


def _out_template(result, block, op_type, state):
    import torch

    if isinstance(result, torch.Tensor):
        info = result.__dict__.get("_pdv") if result.__dict__ else None
        if info is not None:  # in-place op: the same variable
            return info.name
        k = state[1]
        state[1] += 1
        if state[0] is None:
            state[0] = _unique("tmp" if op_type is None else op_type)
        name = state[0] if (op_type in _BARE_NAMED and k == 0) else f"{state[0]}.tmp_{k}"
        if op_type == "__given__":
            name = f"{state[0]}.tmp_{k}"
        if op_type is None:
            name = state[0] if k == 0 else f"{state[0]}_{k}"
        _new_var(result, name, block)
        return name
    if isinstance(result, (tuple, list)):
        return [_out_template(r, block, op_type, state) for r in result]
    return None


_MISSING_KEY = object()
_NAME_KEYS = {"scale": None,  # x * 2.0, x + 1.0: Paddle's operator path names the result tmp_<n>
              "transpose2": "transpose",
              "reduce_mean": "mean", "reduce_sum": "sum", "reduce_max": "max", "reduce_min": "min"}


def _record(func, args, kwargs, result, op_type=None, state=None, name_key=_MISSING_KEY):
    """Append the torch call ``func(*args, **kwargs) -> result`` on program variables to the current block."""
    import torch

    block = default_main_program().current_block()
    ins = []
    _find_vars(args, ins)
    if kwargs:
        _find_vars(kwargs, ins)
    ins = [n for n in ins if n is not None]  # symbolic sizes are no inputs
    if op_type is None:
        op_type = _op_type_of(func, args)
        if op_type == "elementwise_mul" and len(ins) == 2 and ins[0] == ins[1] and len(args) == 2:
            op_type = "square"  # d * d: Paddle's mse_loss/square
    if state is None:
        state = [None, 0]
        if name_key is _MISSING_KEY:
            name_key = _NAME_KEYS.get(op_type, op_type)
            if op_type in _OPERATOR_TYPES and _from_tensor_operator():
                name_key = None  # x - y on two Variables: Paddle's operator path names the result tmp_<n>
    else:
        name_key = "__given__"
    out_names = _out_template(result, block, name_key, state)
    inputs = {}
    if op_type == "square":
        ins = ins[:1]
    if len(ins) == 1:
        inputs["X"] = ins
    elif len(ins) == 2 and op_type not in ("concat", "stack", "sum"):
        inputs["X"], inputs["Y"] = [ins[0]], [ins[1]]
    else:
        inputs["X"] = ins
    flat_out = []
    _flat_names(out_names, flat_out)
    _CURRENT_FUNC[0] = func
    outputs = {"Out": flat_out}
    if op_type in _XSHAPE_OPS and len(flat_out) == 1 and ins and ins[0] is not None:
        # Paddle's reshape2/transpose2/... also output XShape ([0] + x.shape, named <op>_<n>.tmp_1): declared only
        src = block.vars.get(ins[0]) if ins[0] in block.vars else None
        if src is not None and state[0] is not None:
            xshape = f"{state[0]}.tmp_{state[1]}"
            with suspend_recording():
                _new_var(_make_fake([0] + _var_shape(src._t), src._t.dtype), xshape, block)
            outputs["XShape"] = [xshape]
    if op_type == "dropout" and len(flat_out) == 1 and ins and ins[0] in block.vars and state[0] is not None:
        # Paddle's dropout op (upscale_in_train, the mode that reaches torch's dropout here) also outputs its
        # uint8 keep mask <op>_<n>.tmp_1: declared only
        mask = f"{state[0]}.tmp_{state[1]}"
        with suspend_recording():
            _new_var(_make_fake(_var_shape(block.vars[ins[0]]._t), torch.uint8), mask, block)
        outputs["Mask"] = [mask]
    runner = _run_torch_call
    if op_type == "dropout" and getattr(func, "__name__", "") == "dropout" and "Mask" in outputs:
        runner = _run_dropout
    op = Operator(block, op_type, inputs, outputs, _paddle_attrs(op_type, args, kwargs), run=runner)
    op._call = (func, _template(tuple(args)), _template(kwargs) if kwargs else {}, out_names)
    if runner is _run_dropout:
        seed = default_main_program().random_seed  # Paddle's dropout op: the program's seed, fixed at build
        if seed:
            op._attrs.update({"fix_seed": True, "seed": int(seed)})
    if op_type == "cast" and len(ins) == 1 and isinstance(result, torch.Tensor) and _is_var_arg(args[0]):
        from .._core.dtypes import convert_dtype_to_paddle

        op._attrs.update({"in_dtype": int(convert_dtype_to_paddle(args[0].dtype)),
                          "out_dtype": int(convert_dtype_to_paddle(result.dtype))})
    if op_type == "fill_constant" and not ins and isinstance(result, torch.Tensor):
        value = {"zeros": 0, "ones": 1}.get(getattr(func, "__name__", ""), _arg(args, kwargs, 1, "fill_value"))
        if getattr(func, "__name__", "") == "scalar_tensor":
            value = _arg(args, kwargs, 0, "s")
        value = _scalar_value(value)
        if value is not None:  # paddle.full/zeros/ones: Paddle's fill_constant builder passes inputs={}
            op._attrs.update(_fill_constant_attrs(_int_list(list(result.shape)), result.dtype, value))
            op._all_input_slots = True
    block.ops.append(op)


def _fill_constant_attrs(shape, torch_dtype, value):
    """The attrs Paddle's ``fill_constant`` builder gives: integer dtypes keep the value's integer text."""
    import torch

    from .._core.dtypes import convert_dtype_to_paddle

    text = str(int(value)) if torch_dtype in (torch.int32, torch.int64) else str(float(value))
    return {"dtype": int(convert_dtype_to_paddle(torch_dtype)), "force_cpu": False, "shape": list(shape),
            "str_value": text, "value": _f32(value)}


_OPERATOR_TYPES = {"elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div", "elementwise_pow",
                   "elementwise_floordiv", "elementwise_mod", "matmul_v2"}
_OPERATOR_CODES = []


def _from_tensor_operator():
    """Whether the torch call being recorded comes straight from a Tensor operator (``x - y``), a few frames up:
    _record <- the recorder's __torch_function__ <- the operator (or its mixed-dtype helper)."""
    import sys

    if not _OPERATOR_CODES:
        from .._core.tensor import Tensor

        names = ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
                 "__rtruediv__", "__pow__", "__rpow__", "__floordiv__", "__mod__", "__matmul__", "__rmatmul__")
        _OPERATOR_CODES.append({getattr(getattr(Tensor, n, None), "__code__", None) for n in names} - {None})
    codes = _OPERATOR_CODES[0]
    f = sys._getframe(2)
    for _ in range(3):
        if f is None:
            return False
        if f.f_code in codes:
            # written by the user: paddle-compat's own compositions stand for Paddle APIs (paddle.subtract...)
            caller = f.f_back
            return caller is not None and not caller.f_code.co_filename.startswith(_PACKAGE_DIR)
        f = f.f_back
    return False


_PACKAGE_DIR = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))) + _os.sep


def _arg(args, kwargs, index, *names, default=None):
    if len(args) > index:
        return args[index]
    for n in names:
        if n in kwargs:
            return kwargs[n]
    return default


def _int_list(v):
    import torch

    if v is None:
        return []
    if isinstance(v, (int, torch.SymInt)):
        v = [v]
    out = []
    for d in v:
        if isinstance(d, int):
            out.append(d)
        else:
            c = d.node.maybe_as_int() if isinstance(d, torch.SymInt) else None
            out.append(-1 if c is None else int(c))
    return out


def _scalar_value(v):
    import torch

    if isinstance(v, (int, float, bool)):
        return float(v)
    if isinstance(v, torch.Tensor) and not _is_var_arg(v) and v.numel() == 1 and v.device.type != "meta":
        return float(v.reshape(-1)[0])
    return None


def _paddle_attrs(op_type, args, kwargs):
    """Paddle's attrs of the common op types, read from the recorded torch call (for printing and .pdmodel)."""
    try:
        if op_type.startswith("elementwise_"):
            return {"axis": -1}
        if op_type == "matmul_v2":
            return {"trans_x": False, "trans_y": False}
        if op_type in ("reduce_mean", "reduce_sum", "reduce_max", "reduce_min", "reduce_prod"):
            dims = _arg(args, kwargs, 1, "dim", "axis")
            dims = _int_list(dims)
            keep = _arg(args, kwargs, 2, "keepdim", default=False)
            keep = keep if isinstance(keep, bool) else False
            return {"dim": dims, "in_dtype": -1, "keep_dim": keep, "out_dtype": -1, "reduce_all": not dims}
        if op_type == "reshape2":
            shape = _arg(args, kwargs, 1, "shape")
            if len(args) > 2:
                shape = list(args[1:])
            return {"mkldnn_data_type": "float32", "shape": _int_list(shape), "use_mkldnn": False,
                    "use_quantizer": False}
        if op_type == "transpose2":
            perm = _arg(args, kwargs, 1, "dims")
            if len(args) > 2:
                perm = list(args[1:])
            return {"axis": _int_list(perm)} if perm is not None and not isinstance(perm, int) else {}
        if op_type == "pool2d":
            return _pool2d_attrs(args, kwargs)
        if op_type == "dropout":
            p = _arg(args, kwargs, 1, "p", default=0.5)
            return {"dropout_implementation": "upscale_in_train", "dropout_prob": _f32(p), "is_test": False}
        if op_type in ("softmax", "log_softmax"):
            axis = _arg(args, kwargs, 1, "dim")
            return {"axis": int(axis) if isinstance(axis, int) else -1}
        if op_type == "concat":
            axis = _arg(args, kwargs, 1, "dim", default=0)
            return {"axis": int(axis)}
        if op_type in ("unsqueeze2", "squeeze2"):
            axes = _arg(args, kwargs, 1, "dim")
            return {"axes": _int_list(axes)} if axes is not None else {"axes": []}
        if op_type == "scale" and len(args) >= 2:
            alpha = kwargs.get("alpha", 1.0)
            a, b = args[0], args[1]
            if _is_var_arg(a) and not _is_var_arg(b):
                v = _scalar_value(b)
                if v is not None:
                    name = getattr(_CURRENT_FUNC[0], "__name__", "")
                    if "mul" in name:
                        return {"bias": 0.0, "bias_after_scale": True, "scale": _f32(v)}
                    if "sub" in name:
                        return {"bias": _f32(-v * alpha), "bias_after_scale": True, "scale": 1.0}
                    if "div" in name:
                        return {"bias": 0.0, "bias_after_scale": True, "scale": _f32(1.0 / v)}
                    return {"bias": _f32(v * alpha), "bias_after_scale": True, "scale": 1.0}
            if _is_var_arg(b) and not _is_var_arg(a):
                v = _scalar_value(a)
                if v is not None and v == 0.0:
                    return {"bias": 0.0, "bias_after_scale": True, "scale": _f32(alpha)}
    except Exception:  # noqa: BLE001 - attrs are descriptive; an unexpected call form keeps none
        return {}
    return {}


_CURRENT_FUNC = [None]


def _pool2d_attrs(args, kwargs):
    """Paddle's max_pool2d / avg_pool2d op attrs, read from torch's max_pool2d / avg_pool2d call."""
    name = getattr(_CURRENT_FUNC[0], "__name__", "")
    if "adaptive" in name:
        return {}

    def pair(v):
        v = _int_list(v)
        return v * 2 if len(v) == 1 else v

    ksize = pair(_arg(args, kwargs, 1, "kernel_size"))
    stride = _arg(args, kwargs, 2, "stride")
    stride = ksize if stride is None or (isinstance(stride, (list, tuple)) and not stride) else pair(stride)
    pooling = "max" if "max" in name else "avg"
    ceil = _arg(args, kwargs, 5 if pooling == "max" else 4, "ceil_mode", default=False)
    exclusive = True if pooling == "max" else not _arg(args, kwargs, 5, "count_include_pad", default=True)
    return {"adaptive": False, "ceil_mode": bool(ceil), "data_format": "NCHW", "exclusive": bool(exclusive),
            "global_pooling": False, "ksize": ksize, "padding_algorithm": "EXPLICIT",
            "paddings": pair(_arg(args, kwargs, 3, "padding", default=0)), "pooling_type": pooling,
            "strides": stride, "use_cudnn": True, "use_mkldnn": False}


def _call_and_record(func, args, kwargs=None, op_type=None, state=None, name_key=_MISSING_KEY):
    result = func(*args, **(kwargs or {}))
    _record(func, args, kwargs or {}, result, op_type, state, name_key)
    return result


_XSHAPE_OPS = {"reshape2", "transpose2", "squeeze2", "unsqueeze2", "flatten_contiguous_range"}
_COMPARE_TYPES = {"equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal"}


def _fill_constant_var(value, dtype):
    """A 0-D variable holding ``value`` made by a recorded fill_constant op (Paddle's scalar operand)."""
    import torch

    block = default_main_program().current_block()
    fake = _make_fake([], dtype)
    name = _unique("tmp")  # Paddle's comparison operators name the scalar and the result tmp_<n>
    _new_var(fake, name, block)

    def fill(op, env, ctx):
        env[name] = torch.full([], value, dtype=dtype)

    block.ops.append(Operator(block, "fill_constant", {}, {"Out": [name]},
                              {"value": _f32(value) if isinstance(value, float) else float(value), "shape": []},
                              run=fill))
    return fake


def _record_special(func, args, kwargs):
    """Torch calls recorded as Paddle's op sequence instead of one op; None when ``func`` is not one."""
    import torch

    if len(args) == 2 and not kwargs and isinstance(args[1], (int, float, bool)) and _is_var_arg(args[0]):
        op_type = _op_type_of(func, args)
        if op_type in _COMPARE_TYPES:
            # x > 0: Paddle makes the scalar a fill_constant variable, then compares
            scalar = _fill_constant_var(args[1], args[0].dtype)
            return _call_and_record(func, (args[0], scalar), None, op_type, name_key=None)

    if getattr(func, "__name__", "") in ("conv1d", "conv2d", "conv3d") and len(args) >= 3 and _is_var_arg(args[2]):
        # Paddle's conv layers: conv2d without bias, the bias reshaped to [1, C, 1, 1], elementwise_add
        x, w, b = args[0], args[1], args[2]
        conv = _call_and_record(func, (x, w, None) + tuple(args[3:]), kwargs, None)
        shape = [1, -1] + [1] * (conv.dim() - 2)
        rb = _call_and_record(torch.reshape, (b, shape), None, "reshape2")
        return _call_and_record(torch.add, (conv, rb), None, "elementwise_add")
    if func is torch.addmm and not kwargs and len(args) == 3:
        # F.linear: Paddle records matmul_v2 then elementwise_add, named linear_<n>.tmp_0 / .tmp_1
        state = [_unique("linear"), 0]
        mm = _call_and_record(torch.matmul, (args[1], args[2]), None, "matmul_v2", state)
        return _call_and_record(torch.add, (mm, args[0]), None, "elementwise_add", state)
    return None


def _record_tensor_of_sizes(func, args, kwargs):
    """``torch.tensor([s0, 6])`` (paddle.shape and friends): a 1-D variable whose values are the runtime sizes."""
    import torch

    data = args[0] if args else kwargs.get("data")
    dtype = kwargs.get("dtype") or torch.int64
    n = len(data) if isinstance(data, (list, tuple)) else 0
    shape = [n] if isinstance(data, (list, tuple)) else []
    fake = _make_fake(shape, dtype)
    block = default_main_program().current_block()
    name = _unique("shape") + ".tmp_0"
    _new_var(fake, name, block)
    op = Operator(block, "shape", {}, {"Out": [name]}, {}, run=_run_torch_call)
    op._call = (func, _template(tuple(args)), _template(kwargs) if kwargs else {}, name)
    block.ops.append(op)
    return fake


def _run_on_concrete_sizes(func, args, kwargs, broadcast=False):
    """For torch code that needs concrete sizes (the C++ RNN kernels): run it on fakes of the hint sizes, then
    give the outputs' hint-sized dims back a symbolic size. With ``broadcast`` (a dynamic dim broadcast against a
    fixed one, ``[-1, 2] + [3, 2]``), a dynamic dim takes the fixed size it meets, as Paddle's InferShape does;
    the feeds decide at run time."""
    import torch

    fixed = {}  # right-aligned position -> the fixed size (> 1) some operand has there
    if broadcast:
        def collect(obj):
            if type(obj) is tuple or type(obj) is list:
                for a in obj:
                    collect(a)
            elif isinstance(obj, torch.Tensor):
                for pos, d in enumerate(reversed(obj.shape)):
                    if isinstance(d, int) and d > 1:
                        fixed.setdefault(pos, d)

        collect(args)

    def concrete(obj):
        t = type(obj)
        if t is tuple or t is list:
            return t(concrete(a) for a in obj)
        if isinstance(obj, torch.Tensor) and _is_var_t(obj):
            rank = obj.dim()
            shape = [int(d) if isinstance(d, int) else fixed.get(rank - 1 - i, _DYNAMIC_HINT)
                     for i, d in enumerate(obj.shape)]
            c = _make_fake_unrecorded(shape, obj.dtype, False)
            return c.requires_grad_(True) if obj.requires_grad and c.is_floating_point() else c
        return obj

    def symbolic(obj):
        if isinstance(obj, torch.Tensor):
            dims = [-1 if d == _DYNAMIC_HINT else int(d) for d in obj.shape]
            out = _make_fake_unrecorded(dims, obj.dtype, False)
            return out.requires_grad_(True) if obj.requires_grad and out.is_floating_point() else out
        if isinstance(obj, (tuple, list)):
            return type(obj)(symbolic(a) for a in obj)
        return obj

    with suspend_recording():
        result = func(*concrete(args), **concrete(kwargs))
        return symbolic(result)


def _flat_names(names, out):
    if isinstance(names, str):
        out.append(names)
    elif isinstance(names, list):
        for n in names:
            _flat_names(n, out)



# torch calls that only read metadata; never recorded
_NOT_RECORDED = {"dim", "size", "numel", "is_floating_point", "is_complex", "element_size", "data_ptr",
                 "is_contiguous", "stride", "storage_offset", "requires_grad_", "retain_grad", "register_hook",
                 "__len__", "__format__", "__repr__", "__bool__", "__index__", "__int__", "__float__", "tolist",
                 "item", "numpy", "__set__", "__reduce_ex__", "__deepcopy__", "is_leaf",
                 "__hash__", "__iter__", "get_device", "untyped_storage"}


def _recorder_class():
    import torch
    from torch.overrides import TorchFunctionMode

    class _Recorder(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if _Mode.suspended:
                return func(*args, **kwargs)
            ins = []
            _find_vars(args, ins)
            if kwargs:
                _find_vars(kwargs, ins)
            name = getattr(func, "__name__", "")
            if not ins:
                if name not in _RANDOM and name not in _FACTORIES:
                    return func(*args, **kwargs)
            elif name == "__get__":
                name = getattr(getattr(func, "__self__", None), "__name__", name)
            if None in ins and not any(ins):
                # a factory call with symbolic sizes: compute it on the fake side and record it
                if func in (torch.tensor, torch.as_tensor):
                    return _record_tensor_of_sizes(func, args, kwargs)
                with _fake_mode():
                    result = func(*args, **kwargs)
                _record(func, args, kwargs, result)
                return result
            if not ins and name in _FACTORIES:  # paddle.full/zeros/to_tensor... in static mode: an op
                with _fake_mode():
                    result = func(*args, **kwargs)
                if _FACTORIES[name] == "fill_constant":
                    _unique("fill_constant")  # Paddle's full/zeros/ones take two fill_constant names, keep the 2nd
                _record(func, args, kwargs, result, _FACTORIES[name])
                return result
            if not ins:  # random numbers with concrete sizes
                with _fake_mode():
                    result = func(*args, **kwargs)
                _record(func, args, kwargs, result)
                return result
            special = _record_special(func, args, kwargs)
            if special is not None:
                return special
            try:
                result = func(*args, **kwargs)
            except RuntimeError as error:
                if "symbolic sizes" in str(error):
                    result = _run_on_concrete_sizes(func, args, kwargs)
                elif "must match the size of tensor" in str(error):
                    result = _run_on_concrete_sizes(func, args, kwargs, broadcast=True)
                else:
                    raise
            if name in _NOT_RECORDED:
                return result
            if result is None and not (name.endswith("_") or name == "__setitem__"):
                return result
            if result is not None and not _has_tensor(result):
                return result
            if name == "__setitem__":
                result = None
            _record(func, args, kwargs, result if result is not None else ())
            return result

    def _has_tensor(r):
        if isinstance(r, torch.Tensor):
            return True
        if isinstance(r, (tuple, list)):
            return any(_has_tensor(x) for x in r)
        return False

    return _Recorder


# --- static-aware Tensor members (installed by enable_static, removed by disable_static) -----------------------
def _var_repr(v):
    from .._core.dtypes import FROM_TORCH as _FROM_TORCH

    t = v._t
    info = _info(t)
    if info is None:
        return _ORIGINAL["__repr__"](v)
    if info.type == "LOD_TENSOR_ARRAY":
        return f"var {info.name} : LOD_TENSOR_ARRAY)"
    shape = tuple(_var_shape(t))
    dt = _FROM_TORCH[t.dtype].name
    sg = not t.requires_grad if info.stop_gradient_flag is None else info.stop_gradient_flag
    body = f"{info.name} : LOD_TENSOR.shape{shape}.dtype({dt}).stop_gradient({sg})"
    if info.is_parameter:
        return ("persist trainable param " if t.requires_grad else "persist param ") + body
    return ("persist var " if info.persistable else "var ") + body


Variable.__str__ = Variable.__repr__ = _var_repr  # a static variable prints as Paddle's Variable


def _var_size(var):
    import torch

    from ..utils import unique_name

    name = unique_name.generate_with_ignorable_key(f"{var.name}_size")
    out = static_op("size", lambda t: torch.ones_like(t, dtype=torch.int64).sum(), {"Input": [var]},
                    outputs=[name])
    out.stop_gradient = True
    return out


def _patched_members():
    from .._core.tensor import Tensor

    orig_shape = Tensor.shape.fget
    orig_name = Tensor.name
    orig_persistable = Tensor.persistable
    orig_sg = Tensor.stop_gradient
    orig_size = Tensor.size

    def size(self):
        if _tensor_info(self) is None:
            return orig_size.fget(self)
        return lambda: _var_size(self)  # Paddle: a static Variable's size() appends a `size` op

    def shape(self):
        t = self._t
        if "_pdv" in getattr(t, "__dict__", ()):
            return tuple(_var_shape(t))  # Paddle: a static Variable's shape is a tuple
        return orig_shape(self)

    def info_getter(field, eager_property):
        def get(self):
            info = _tensor_info(self)
            return eager_property.fget(self) if info is None else getattr(info, field)

        return get

    def set_name(self, value):
        info = _tensor_info(self)
        if info is None:
            orig_name.fset(self, value)
        elif info.name != value:
            info.block._rename_var(info.name, value)

    def set_persistable(self, value):
        info = _tensor_info(self)
        if info is None:
            orig_persistable.fset(self, value)
        else:
            info.persistable = bool(value)

    def get_sg(self):
        info = _tensor_info(self)
        if info is not None and info.stop_gradient_flag is not None:
            return info.stop_gradient_flag
        return orig_sg.fget(self)

    def set_sg(self, value):
        info = _tensor_info(self)
        if info is not None:
            if self._t.is_leaf:
                if self._t.is_floating_point() or self._t.is_complex():
                    self._t.requires_grad_(not value)
                info.stop_gradient_flag = None
            else:
                info.stop_gradient_flag = bool(value)
            return
        orig_sg.fset(self, value)

    def block(self):
        info = _tensor_info(self)
        if info is not None:
            return info.block
        return default_main_program().global_block()

    def is_data(self):
        info = _info(self._t)
        return bool(info is not None and info.is_data)

    def desc(self):
        return self

    orig_set_value = getattr(Tensor, "set_value", None)

    def set_value(self, value, scope=None):
        info = _tensor_info(self)
        if info is None:
            return orig_set_value(self, value)
        import numpy as np
        import torch

        from ..base.executor import global_scope

        array = np.asarray(value)
        if list(array.shape) != _var_shape(self._t):
            raise ValueError(f"{info.name} expected a shape {_var_shape(self._t)}, but the received shape is "
                             f"{list(array.shape)}.")
        (scope or global_scope())._set(info.name, torch.from_numpy(np.array(array)).to(self._t.dtype))

    def op(self):
        info = _info(self._t)
        if info is None:
            return None
        for o in reversed(info.block.ops):
            if info.name in o.output_arg_names:
                return o
        return None

    return {
        "shape": property(shape),
        "name": property(info_getter("name", orig_name), set_name),
        "persistable": property(info_getter("persistable", orig_persistable), set_persistable),
        "stop_gradient": property(get_sg, set_sg),
        "block": property(block),
        "is_data": property(is_data),
        "desc": property(desc),
        "op": property(op),
        "size": property(size),
        "set_value": set_value,
        **_VARIABLE_ONLY_MEMBERS,
        "__repr__": _var_repr,
        "__str__": _var_repr,
    }


_ORIGINAL = {}
_MISSING = object()


def _install_static_members():
    from .._core.tensor import Parameter as EagerParamBase
    from .._core.tensor import Tensor

    members = _patched_members()
    for name, value in members.items():
        _ORIGINAL[name] = Tensor.__dict__.get(name, _MISSING)
        setattr(Tensor, name, value)
    for name in ("__repr__", "__str__"):
        _ORIGINAL["param" + name] = EagerParamBase.__dict__.get(name, _MISSING)
        setattr(EagerParamBase, name, _var_repr_param)


def _var_repr_param(self):
    info = _tensor_info(self)
    if info is None:
        return "Parameter containing:\n" + _ORIGINAL["__repr__"](self)
    return _var_repr(self)


def _remove_static_members():
    from .._core.tensor import Parameter as EagerParamBase
    from .._core.tensor import Tensor

    for name, value in list(_ORIGINAL.items()):
        cls, attr = (EagerParamBase, name[5:]) if name.startswith("param") else (Tensor, name)
        if value is _MISSING:
            delattr(cls, attr)
        else:
            setattr(cls, attr, value)
    _ORIGINAL.clear()


def _patch_is_compiling(on):
    """While recording, adapters take their traceable paths (no host syncs on values), as under torch.compile."""
    import torch

    if on:
        original = torch.compiler.is_compiling

        def is_compiling():
            return (_Mode.static and (not _Mode.suspended or _Mode.on_fakes)) or original()

        is_compiling._original = original
        torch.compiler.is_compiling = is_compiling
    else:
        original = getattr(torch.compiler.is_compiling, "_original", None)
        if original is not None:
            torch.compiler.is_compiling = original


def _static_to_tensor_factory(original):
    def to_tensor(data, dtype=None, place=None, stop_gradient=True):
        """In static mode Paddle's to_tensor appends an assign_value op (output assign_<n>.tmp_0)."""
        from .._core.tensor import Tensor

        if isinstance(data, Tensor) and _info(data._t) is not None:
            return original(data, dtype, place, stop_gradient)
        with suspend_recording():
            value = original(data, dtype, place, stop_gradient)._t.detach()
        block = default_main_program().current_block()
        name = _unique("assign") + ".tmp_0"
        var = _new_var(_make_fake(list(value.shape), value.dtype), name, block)

        def assign_value(op, env, ctx):
            env[name] = value.clone()

        block.ops.append(Operator(block, "assign_value", {}, {"Out": [name]}, {"shape": list(value.shape)},
                                  run=assign_value))
        return var

    to_tensor._original = original
    return to_tensor


def _patch_to_tensor(on):
    import sys

    import paddle_compat

    modules = [paddle_compat, sys.modules.get("paddle_compat.tensor.creation")]
    facade = sys.modules.get("paddle")
    if facade is not None and facade is not paddle_compat and "to_tensor" in facade.__dict__:
        modules.append(facade)
    for module in modules:
        if module is None or "to_tensor" not in module.__dict__:
            continue
        current = module.__dict__["to_tensor"]
        if on and not hasattr(current, "_original"):
            module.to_tensor = _static_to_tensor_factory(current)
        elif not on and hasattr(current, "_original"):
            module.to_tensor = current._original


# Paddle runs dygraph mode inside a guard that disable_static enters afresh (new default programs, new name
# generator and parameter-name checker) and enable_static leaves, which brings static mode's back: a script's
# static names (fc_0...) and dygraph names (linear_0...) count apart, and dygraph names restart at every return.
_static_mode_state = None


def _new_mode_state():
    from ..utils import unique_name

    return Program(), Program(), unique_name.UniqueNameGenerator(), unique_name.DygraphParameterNameChecker()


def _swap_mode_state(state):
    from ..utils import unique_name

    main, startup, generator, checker = state
    previous_main, previous_startup = _main.switch(main), _startup.switch(startup)
    previous_generator, previous_checker = unique_name.switch(generator, checker)
    return previous_main, previous_startup, previous_generator, previous_checker


def enable_static(swap_state=True):
    """``swap_state=False``: only the mode, as Paddle's tracer switch (``_dygraph_guard``) does."""
    global _static_mode_state
    if _Mode.static:
        return
    if swap_state:
        _swap_mode_state(_static_mode_state or _new_mode_state())
        _static_mode_state = None
    _patch_to_tensor(True)
    _patch_is_compiling(True)
    _install_static_members()
    _Mode.recorder = _recorder_class()()
    _Mode.recorder.__enter__()
    _Mode.static = True


def disable_static(swap_state=True):
    if not _Mode.static:
        return
    _Mode.recorder.__exit__(None, None, None)
    _Mode.recorder = None
    _remove_static_members()
    _patch_is_compiling(False)
    _patch_to_tensor(False)
    _Mode.static = False
    if swap_state:
        global _static_mode_state
        _static_mode_state = _swap_mode_state(_new_mode_state())


for _cls in (Block, Program, Variable, Parameter, Operator):
    _cls.__module__ = "paddle.base.framework"
del _cls
