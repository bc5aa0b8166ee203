"""Static-graph persistence: inference models (``.pdmodel``/``.pdiparams``), ``static.save``/``static.load``
(``.pdparams``/``.pdopt``/``.pdmodel``), program and persistable (de)serialization.

One ProgramDesc codec (``paddle_compat/_proto``) and one op table: an inference program is written by running
the recorded Program as a torch function under ``torch.export`` and translating the graph with paddle.jit's
writer (``jit/pdmodel_export.py``), so the file holds Paddle operators with Paddle's attrs and real Paddle runs
it; a ``.pdmodel`` is read back into a Program whose ops run through jit's ProgramDesc interpreter table
(``jit/program_ops.py``).
"""

import os
import pickle
import warnings

import numpy as np
import torch

from ..base import executor as _exe
from ..framework import program as _prog

__all__ = ["save_inference_model", "load_inference_model", "serialize_program", "serialize_persistables",
           "deserialize_program", "deserialize_persistables", "save_to_file", "load_from_file",
           "normalize_program", "save", "load", "load_program_state", "set_program_state"]


def _check_vars(value, what):
    from .._core.tensor import Tensor

    items = [value] if isinstance(value, Tensor) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(v, Tensor) for v in items):
        raise ValueError(f"'{what}' should be a Variable or a list of Variable.")
    return list(items)


def _check_prefix(path_prefix):
    if not isinstance(path_prefix, str):
        raise ValueError(f"'path_prefix' should be a string, but received {type(path_prefix)}.")
    if path_prefix == "" or os.path.basename(path_prefix) == "":
        raise ValueError("The input path MUST be format of dirname/filename [dirname\\filename in Windows system], "
                         "but received filename is empty string.")
    d = os.path.dirname(path_prefix)
    if d:
        os.makedirs(d, exist_ok=True)
    return path_prefix


def _forward_ops(program, fetch_names):
    """The forward ops needed for ``fetch_names`` (a pruned copy of the op list, in order)."""
    block = program.global_block()
    needed = set(fetch_names)
    chosen = []
    for op in reversed(block.ops):
        if not _prog.is_forward_op(op):
            continue
        if any(n in needed for n in op.output_arg_names):
            chosen.append(op)
            needed.update(op.input_arg_names)
    chosen.reverse()
    return chosen, needed


def normalize_program(program, feed_vars, fetch_vars, **kwargs):
    """The inference form of ``program``: test mode, pruned to what ``fetch_vars`` need from ``feed_vars``."""
    if not isinstance(program, _prog.Program):
        raise TypeError(f"program type must be `base.Program`, but received `{type(program)}`")
    feed_vars = _check_vars(feed_vars, "feed_vars")
    fetch_vars = _check_vars(fetch_vars, "fetch_vars")
    test = program.clone(for_test=True)
    ops, needed = _forward_ops(test, [v.name for v in fetch_vars])
    block = test.global_block()
    block.ops = ops
    block.vars = {k: v for k, v in block.vars.items() if k in needed}
    test._static_feed_names = [v.name for v in feed_vars]
    test._static_fetch_names = [v.name for v in fetch_vars]
    return test


class _ProgramFunction(torch.nn.Module):
    """A Program as a torch function of its feeds (parameters are module parameters), for torch.export."""

    def __init__(self, program, feed_names, fetch_names, scope):
        super().__init__()
        self.program = program
        self.feed_names = list(feed_names)
        self.fetch_names = list(fetch_names)
        self.param_fqn = {}
        variables = _exe._program_vars(program)
        used = {n for op in program.global_block().ops for n in op.input_arg_names}
        for name, var in variables.items():
            info = _prog._info(var._t)
            if info is None or not info.persistable or name not in used:
                continue
            value = scope._get(name)
            if value is None:
                raise RuntimeError(f"(PreconditionNotMet) The persistable variable '{name}' is not initialized in "
                                   f"the scope: run the startup program first.")
            fqn = f"p{len(self.param_fqn)}"
            self.register_parameter(fqn, torch.nn.Parameter(value.detach().clone(), requires_grad=False))
            self.param_fqn[fqn] = name
        self.symbols = {}
        for name in self.feed_names:
            info = _prog._info(variables[name]._t)
            self.symbols[name] = info.dim_symbols or []

    def forward(self, *feeds):
        env = dict(zip(self.feed_names, feeds))
        for fqn, name in self.param_fqn.items():
            env[name] = getattr(self, fqn)
        bindings = {}
        for name, feed in zip(self.feed_names, feeds):
            for sym, size in zip(self.symbols[name], feed.shape):
                if sym is not None:
                    bindings[sym] = size
        ctx = _exe._RunContext(bindings, False, None, self.program)
        with _prog.suspend_recording():
            for op in self.program.global_block().ops:
                op._run(env, ctx)
        return tuple(env[n] for n in self.fetch_names)


def _export_desc(program, feed_names, fetch_names, scope):
    """(ProgramDesc, {name: tensor}) of the normalized ``program`` through torch.export + jit's translator."""
    from ..jit.pdmodel_export import build_program

    fn = _ProgramFunction(program, feed_names, fetch_names, scope)
    variables = _exe._program_vars(program)
    examples, dynamic = [], []
    for name in feed_names:
        var = variables[name]
        dims = _prog._var_shape(var._t)
        examples.append(torch.zeros([2 if d < 0 else d for d in dims], dtype=var._t.dtype))
        dyn = {i: torch.export.Dim.DYNAMIC for i, d in enumerate(dims) if d < 0}
        dynamic.append(dyn or None)
    ep = torch.export.export(fn, tuple(examples), dynamic_shapes=(tuple(dynamic),), strict=False)
    # build_program appends save_inference_model's scale(x, 1.0) of each fetch target, as Paddle
    return build_program(ep, dict(fn.param_fqn), list(feed_names))


def _ensure_normalized(program, feed_vars, fetch_vars):
    if getattr(program, "_static_fetch_names", None) is None:
        program = normalize_program(program, feed_vars, fetch_vars)
    return program


def serialize_program(feed_vars, fetch_vars, **kwargs):
    """The ProgramDesc bytes of the inference form of ``kwargs['program']`` (default main program)."""
    program = kwargs.get("program") or _prog.default_main_program()
    program = _ensure_normalized(program, feed_vars, fetch_vars)
    desc, _ = _export_desc(program, program._static_feed_names, program._static_fetch_names, _exe.global_scope())
    return desc.SerializeToString()


def serialize_persistables(feed_vars, fetch_vars, executor, **kwargs):
    """The ``.pdiparams`` bytes (sorted persistables) of the inference form of ``kwargs['program']``."""
    from .._proto.tensor_stream import write_tensors

    program = kwargs.get("program") or _prog.default_main_program()
    program = _ensure_normalized(program, feed_vars, fetch_vars)
    _, persistables = _export_desc(program, program._static_feed_names, program._static_fetch_names,
                                   _exe.global_scope())
    return write_tensors([persistables[n].cpu().numpy() for n in sorted(persistables)])


def save_to_file(path, content):
    if not isinstance(content, bytes):
        raise ValueError("'content' type should be bytes.")
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    with open(path, "wb") as f:
        f.write(content)


def load_from_file(path):
    if not os.path.isfile(path):
        raise ValueError(f"There is no file named {path}")
    with open(path, "rb") as f:
        return f.read()


def save_inference_model(path_prefix, feed_vars, fetch_vars, executor, **kwargs):
    """Write ``path_prefix.pdmodel`` (ProgramDesc) and ``path_prefix.pdiparams`` in Paddle's formats."""
    from .._proto.tensor_stream import write_tensors

    _check_prefix(path_prefix)
    feed_vars = _check_vars(feed_vars, "feed_vars")
    fetch_vars = _check_vars(fetch_vars, "fetch_vars")
    unknown = set(kwargs) - {"program", "clip_extra", "legacy_format"}
    if unknown:
        raise ValueError(f"save_inference_model: unexpected keyword arguments {sorted(unknown)}")
    program = kwargs.get("program") or _prog.default_main_program()
    program = normalize_program(program, feed_vars, fetch_vars)
    desc, persistables = _export_desc(program, program._static_feed_names, program._static_fetch_names,
                                      _exe.global_scope())
    save_to_file(path_prefix + ".pdmodel", desc.SerializeToString())
    save_to_file(path_prefix + ".pdiparams",
                 write_tensors([persistables[n].cpu().numpy() for n in sorted(persistables)]))


def _program_from_desc(desc):
    """A Program whose ops run a decoded ProgramDesc (jit/program_ops.py table)."""
    from .._proto.framework import VarTypeType
    from ..jit.program_ops import OPS, TORCH_DTYPE_OF, UnsupportedOpError

    program = _prog.Program()
    block = program.global_block()
    feeds, fetches = {}, {}
    unsupported = set()
    for vd in desc.blocks[0].vars:
        if vd.type.type != VarTypeType.LOD_TENSOR:
            continue
        t = vd.type.lod_tensor.tensor
        dims = [int(d) for d in t.dims]
        dtype = TORCH_DTYPE_OF[VarTypeType(t.data_type)]
        with _prog.suspend_recording():
            fake = _prog._make_fake(dims, dtype)
        _prog._new_var(fake, vd.name, block, declared=dims)
        info = _prog._info(fake)
        info.persistable = bool(vd.persistable)
        info.need_check_feed = bool(getattr(vd, "need_check_feed", False))
        info.dim_symbols = [None if isinstance(s, int) else s.node.expr for s in fake.shape]
    for od in desc.blocks[0].ops:
        ins = {v.parameter: list(v.arguments) for v in od.inputs}
        outs = {v.parameter: list(v.arguments) for v in od.outputs}
        attrs = {a.name: a.value() for a in od.attrs}
        if od.type == "feed":
            feeds[attrs.get("col", len(feeds))] = outs["Out"][0]
            op = _prog.Operator(block, "feed", ins, outs, attrs)
        elif od.type == "fetch":
            fetches[attrs.get("col", len(fetches))] = ins["X"][0]
            op = _prog.Operator(block, "fetch", ins, outs, attrs)
        else:
            if od.type not in OPS:
                unsupported.add(od.type)
            op = _prog.Operator(block, od.type, ins, outs, attrs, run=_prog._run_desc_op)
        block.ops.append(op)
    if unsupported:
        raise UnsupportedOpError(f"the program uses operator type(s) that paddle-compat cannot run yet: "
                                 f"{', '.join(sorted(unsupported))}")
    for k in sorted(feeds):
        var = block.vars.get(feeds[k])
        if var is not None:
            _prog._info(var._t).is_data = True
            _prog._info(var._t).need_check_feed = True
    program._static_feed_names = [feeds[k] for k in sorted(feeds)]
    program._static_fetch_names = [fetches[k] for k in sorted(fetches)]
    program._is_test = True
    return program


def deserialize_program(data):
    from .._proto.framework import ProgramDesc

    desc = ProgramDesc.FromString(data)
    return _program_from_desc(desc)


def _persistable_names(program):
    names = []
    for name, var in program.global_block().vars.items():
        info = _prog._info(var._t)
        if info is not None and info.persistable and name not in ("feed", "fetch"):
            names.append(name)
    return sorted(names)


def deserialize_persistables(program, data, executor):
    """Load ``.pdiparams`` bytes into the scope for ``program``'s persistables."""
    from .._proto.tensor_stream import read_tensors

    if not isinstance(program, _prog.Program):
        raise TypeError(f"program type must be `base.Program`, but received `{type(program)}`")
    names = _persistable_names(program)
    arrays = read_tensors(data, len(names), names=names) if names else []
    scope = _exe.global_scope()
    for name, (array, _lod, _code) in zip(names, arrays):
        scope._set(name, torch.from_numpy(np.array(array)))


def load_inference_model(path_prefix, executor, **kwargs):
    """``[program, feed_target_names, fetch_targets]`` of a model saved by ``save_inference_model`` (ours or
    real Paddle's); the parameters go into the global scope."""
    if path_prefix is None:
        model_path = kwargs.get("model_filename")
        params_path = kwargs.get("params_filename")
        if model_path is None or params_path is None:
            raise ValueError("If path_prefix is None, model_filename and params_filename must be set.")
    else:
        if not isinstance(path_prefix, str):
            raise ValueError(f"'path_prefix' should be a string, but received {type(path_prefix)}.")
        model_path = path_prefix + ".pdmodel"
        params_path = path_prefix + ".pdiparams"
        if kwargs.get("model_filename"):
            model_path = os.path.join(os.path.dirname(path_prefix), kwargs["model_filename"]) \
                if not os.path.isdir(path_prefix) else os.path.join(path_prefix, kwargs["model_filename"])
        if kwargs.get("params_filename"):
            params_path = os.path.join(os.path.dirname(path_prefix), kwargs["params_filename"]) \
                if not os.path.isdir(path_prefix) else os.path.join(path_prefix, kwargs["params_filename"])
    if not os.path.exists(model_path):
        raise ValueError(f"There is no file named {model_path}")
    program = deserialize_program(load_from_file(model_path))
    if _persistable_names(program):
        if not os.path.exists(params_path):
            raise ValueError(f"There is no file named {params_path}")
        deserialize_persistables(program, load_from_file(params_path), executor)
    block = program.global_block()
    fetch_targets = [block.vars[n] for n in program._static_fetch_names]
    return [program, list(program._static_feed_names), fetch_targets]


# --- static.save / static.load ----------------------------------------------------------------------------
def _state_arrays(program, which, scope):
    out = {}
    for name, var in _exe._program_vars(program).items():
        info = _prog._info(var._t)
        if info is None or not info.persistable or name in ("feed", "fetch"):
            continue
        if (which == "param") != bool(info.is_parameter):
            continue
        value = scope._get(name)
        if value is None:
            continue
        out[name] = value.detach().cpu().numpy()
    return out


def save(program, model_path, protocol=4, **configs):
    """``model_path.pdparams`` (parameters), ``.pdopt`` (optimizer state) as pickled ``{name: ndarray}`` and
    ``.pdmodel`` (the program's forward, when it can be exported)."""
    if "pickle_protocol" in configs:
        protocol = configs.pop("pickle_protocol")
        warnings.warn("'pickle_protocol' is a deprecated argument. Please use 'protocol' instead.", stacklevel=2)
    if configs:
        raise ValueError(f"paddle.static.save: unexpected configs {sorted(configs)}")
    if not isinstance(protocol, int):
        raise ValueError(f"The 'protocol' MUST be `int`, but received {type(protocol)}")
    if not 2 <= protocol <= 4:
        raise ValueError(f"Expected 1<'protocol'<5, but received protocol={protocol}")
    base = os.path.basename(model_path)
    if base == "":
        raise ValueError("The input model_path MUST be format of dirname/filename [dirname\\filename in Windows "
                         "system], but received model_path is empty string.")
    d = os.path.dirname(model_path)
    if d:
        os.makedirs(d, exist_ok=True)
    scope = _exe.global_scope()
    with open(model_path + ".pdparams", "wb") as f:
        pickle.dump(_state_arrays(program, "param", scope), f, protocol=protocol)
    with open(model_path + ".pdopt", "wb") as f:
        pickle.dump(_state_arrays(program, "opt", scope), f, protocol=protocol)
    with open(model_path + ".pdmodel", "wb") as f:
        f.write(_program_desc_bytes(program))


def _program_desc_bytes(program):
    """A ProgramDesc of every variable and op of ``program`` (types, slots, simple attrs) for ``.pdmodel``."""
    from .._proto.framework import PROGRAM_VERSION, BlockDesc, OpDesc, ProgramDesc, Version, make_attr
    from ..jit.pdmodel_export import _tensor_var

    blocks = []
    for b in program.blocks:
        bd = BlockDesc(idx=b.idx, parent_idx=b.parent_idx)
        for name, var in b.vars.items():
            info = _prog._info(var._t)
            dims = _prog._var_shape(var._t)
            bd.vars.append(_tensor_var(name, var._t.dtype, dims, persistable=bool(info and info.persistable),
                                       need_check_feed=bool(info and info.need_check_feed),
                                       stop_gradient=not var._t.requires_grad))
        for op in b.ops:
            od = OpDesc(type=op.type)
            for slot, names in sorted(op._inputs.items()):
                od.inputs.append(OpDesc.Var(parameter=slot, arguments=list(names)))
            for slot, names in sorted(op._outputs.items()):
                od.outputs.append(OpDesc.Var(parameter=slot, arguments=list(names)))
            for k, v in sorted(op._attrs.items()):
                if isinstance(v, (bool, int, float, str)) or (isinstance(v, list) and v and
                                                             all(isinstance(x, (int, float, str)) for x in v)):
                    try:
                        od.attrs.append(make_attr(k, v))
                    except Exception:  # noqa: BLE001 - an attr the codec has no type for is left out
                        pass
            bd.ops.append(od)
        blocks.append(bd)
    return ProgramDesc(blocks=blocks, version=Version(version=PROGRAM_VERSION)).SerializeToString()


def _load_pickle(path):
    from ..framework.io import _unpickle, _unsafe_allowed

    with open(path, "rb") as f:
        return _unpickle(f, _unsafe_allowed())


def load_program_state(model_path, var_list=None):
    """``{name: ndarray}`` from ``model_path.pdparams`` (+ ``.pdopt`` when present)."""
    prefix = model_path[:-len(".pdparams")] if model_path.endswith(".pdparams") else model_path
    params = prefix + ".pdparams"
    if not os.path.exists(params):
        raise ValueError(f"Parameter file [{params}] not exits")
    state = dict(_load_pickle(params))
    if os.path.exists(prefix + ".pdopt"):
        state.update(_load_pickle(prefix + ".pdopt"))
    if var_list is not None:
        keep = {v if isinstance(v, str) else v.name for v in var_list}
        state = {k: v for k, v in state.items() if k in keep}
    return state


def set_program_state(program, state_dict):
    """Put ``state_dict`` values into the global scope for ``program``'s persistables (shape-checked)."""
    if not isinstance(program, _prog.Program):
        raise TypeError(f"program type must be `base.Program`, but received `{type(program)}`")
    scope = _exe.global_scope()
    used = set()
    for name, var in _exe._program_vars(program).items():
        info = _prog._info(var._t)
        if info is None or not info.persistable or name not in state_dict:
            continue
        value = np.asarray(state_dict[name])
        declared = list(var._t.shape)
        if list(value.shape) != declared:
            raise RuntimeError(f"Shape mismatch, program needs a parameter with shape ({', '.join(map(str, declared))}"
                               f"), but the loaded parameter ('{name}') has a shape of "
                               f"({', '.join(map(str, value.shape))}).")
        scope._set(name, torch.from_numpy(np.array(value)).to(var._t.dtype))
        used.add(name)
    unused = [k for k in state_dict if k not in used]
    if unused:
        warnings.warn(f"This list is not set, Because of Paramerter not found in program. There are: "
                      f"{' '.join(unused)}", stacklevel=2)


def load(program, model_path, executor=None, var_list=None):
    """Load ``model_path.pdparams``/``.pdopt`` (written by ``static.save``) into the scope for ``program``."""
    if not isinstance(program, _prog.Program):
        raise TypeError(f"program type must be `base.Program`, but received `{type(program)}`")
    state = load_program_state(model_path)
    if var_list is not None:
        keep = {v if isinstance(v, str) else v.name for v in var_list}
        state = {k: v for k, v in state.items() if k in keep}
    scope = _exe.global_scope()
    for name, var in _exe._program_vars(program).items():
        info = _prog._info(var._t)
        if info is None or not info.persistable or name not in state:
            if info is not None and info.is_parameter and name not in state:
                raise AssertionError(f"Can not find [{name}] in model file [{model_path}.pdparams]")
            continue
        value = np.asarray(state[name])
        if list(value.shape) != list(var._t.shape):
            raise AssertionError(f"Variable's shape does not match, the Program requires a parameter with the shape "
                                 f"of ({tuple(var._t.shape)}), while the loaded parameter (namely [ {name} ]) has "
                                 f"a shape of  ({value.shape}).")
        scope._set(name, torch.from_numpy(np.array(value)).to(var._t.dtype))


for _fn in (save_inference_model, load_inference_model, serialize_program, serialize_persistables,
            deserialize_program, deserialize_persistables, save_to_file, load_from_file, normalize_program,
            save, load, load_program_state, set_program_state):
    _fn.__module__ = "paddle.static.io"
del _fn
