"""``paddle.static.Executor`` and scopes: runs a recorded Program (framework/program.py) op by op on torch.

A ``Scope`` maps variable names to torch tensors (the persistables: parameters, optimizer state); ``run`` binds
the feeds and the scope's persistables, replays the program's ops, writes the persistables it produced back to
the scope and returns the fetched values. Backward and optimizer ops (base/backward.py) run torch autograd and
paddle-compat's eager optimizer update inside the same replay.
"""

import contextlib

import numpy as np
import torch

from ..framework import program as _prog

__all__ = ["Executor", "global_scope", "scope_guard", "Scope", "LoDTensor"]


class LoDTensor:
    """``core.LoDTensor`` of a scope variable: the value held by the scope (``np.array(t)``, ``t.set(a, place)``)."""

    def __init__(self, holder=None, name=None):
        self._holder = holder if holder is not None else {}
        self._name = name

    def _value(self):
        return self._holder.get(self._name) if self._name is not None else self._holder.get(None)

    def __array__(self, dtype=None, copy=None):
        t = self._value()
        if t is None:
            raise RuntimeError("(PreconditionNotMet) Tensor holds no memory. Call Tensor::mutable_data firstly.")
        if t.dtype == torch.bfloat16:  # Paddle hands bfloat16 values out as their uint16 bit patterns
            a = t.detach().cpu().view(torch.int16).numpy().view(np.uint16)
        else:
            a = _as_fetched(t.detach().cpu().numpy())
        return a.astype(dtype) if dtype is not None else a

    def set(self, array, place=None, zero_copy=False):
        from .._core.tensor import Tensor

        if isinstance(array, Tensor):
            t = array._t.detach().clone()
        else:
            t = torch.from_numpy(np.array(array))
            if t.dtype == torch.uint16:  # Paddle stores a uint16 array as bfloat16 bit patterns
                t = t.view(torch.int16).view(torch.bfloat16)
        key = self._name
        previous = self._holder.get(key)
        lod = getattr(previous, "_pd_lod", None) or self.__dict__.pop("_pending_lod", None)
        if lod:
            t._pd_lod = lod  # Paddle's set() keeps the tensor's LoD
        self._holder[key] = t

    def shape(self):
        t = self._value()
        return [] if t is None else list(t.shape)

    def _dtype(self):
        from .._core.dtypes import FROM_TORCH as _FROM_TORCH

        t = self._value()
        return None if t is None else _FROM_TORCH[t.dtype]

    def _is_initialized(self):
        return self._value() is not None

    # LoD (base/lod_tensor.py): offsets per level, kept on the stored torch tensor
    def lod(self):
        t = self._value()
        lod = getattr(t, "_pd_lod", None) if t is not None else self.__dict__.get("_pending_lod")
        return [list(level) for level in lod] if lod else []

    def _store_lod(self, lod, given):
        from .lod_tensor import lod_is_valid

        t = self._value()
        if not lod_is_valid(lod, 0 if t is None else (t.shape[0] if t.dim() else 1)):
            from .lod_tensor import invalid_lod_error

            raise invalid_lod_error(given, given is not lod)
        if t is None:
            self._pending_lod = lod
        else:
            t._pd_lod = lod

    def set_lod(self, lod):
        from .lod_tensor import as_lod

        lod = as_lod(lod, "set_lod")
        self._store_lod(lod, lod)

    def recursive_sequence_lengths(self):
        from .lod_tensor import offsets_to_lengths

        return offsets_to_lengths(self.lod())

    def set_recursive_sequence_lengths(self, recursive_sequence_lengths):
        from .lod_tensor import as_lod, lengths_to_offsets

        lengths = as_lod(recursive_sequence_lengths, "set_recursive_sequence_lengths")
        self._store_lod(lengths_to_offsets(lengths), lengths)  # Paddle's error shows the lengths given

    def has_valid_recursive_sequence_lengths(self):
        from .lod_tensor import lod_is_valid

        t = self._value()
        return lod_is_valid(self.lod(), 0 if t is None else (t.shape[0] if t.dim() else 1))

    def __str__(self):
        from .lod_tensor import lod_text

        return lod_text(self._value(), self.lod())

    def __repr__(self):
        return f"LoDTensor({self._value()})"


class _ScopeVar:
    def __init__(self, scope, name):
        self._scope = scope
        self._name = name

    def get_tensor(self):
        return LoDTensor(self._scope._vars, self._name)

    def name(self):
        return self._name

    def is_initialized(self):
        return self._name in self._scope._vars


class Scope:
    """Variable name -> value storage of the executor (``find_var(name).get_tensor()``)."""

    def __init__(self):
        self._vars = {}
        self._parent = None
        self._kids = []

    def var(self, name):
        self._vars.setdefault(name, None)
        return _ScopeVar(self, name)

    def find_var(self, name):
        scope = self
        while scope is not None:
            if name in scope._vars:
                return _ScopeVar(scope, name)
            scope = scope._parent
        return None

    def erase(self, names):
        for n in names:
            self._vars.pop(n, None)

    def local_var_names(self):
        return list(self._vars)

    def new_scope(self):
        kid = Scope()
        kid._parent = self
        self._kids.append(kid)
        return kid

    def drop_kids(self):
        self._kids = []

    def _get(self, name):
        scope = self
        while scope is not None:
            v = scope._vars.get(name)
            if v is not None:
                return v
            scope = scope._parent
        return None

    def _set(self, name, value):
        self._vars[name] = value


_global = _prog._Switchable(Scope())


def global_scope():
    return _global.current


def _switch_scope(scope):
    """Make ``scope`` the global scope; returns the previous one (Paddle's private helper, used by tools)."""
    return _global.switch(scope)


@contextlib.contextmanager
def scope_guard(scope):
    previous = _global.switch(scope)
    try:
        yield
    finally:
        _global.switch(previous)


class _RunContext:
    """What a running op may need besides the values: symbol bindings, mode, the scope."""

    def __init__(self, bindings, training, scope, program):
        self.bindings = bindings
        self.training = training
        self.scope = scope
        self.program = program
        self._cache = {}

    def eval_sym(self, expr):
        v = self._cache.get(expr)
        if v is None:
            v = _eval_expr(expr, self.bindings)
            self._cache[expr] = v
        return v


def _eval_expr(expr, bindings):
    """Evaluate a ShapeEnv sympy expression with the symbols bound to ints (or to torch SymInts while
    torch.export traces a program)."""
    import sympy

    if expr.is_Symbol:
        return bindings[expr]
    if expr.is_Integer:
        return int(expr)
    if expr.is_Number:
        return float(expr)
    args = [_eval_expr(a, bindings) for a in expr.args]
    if isinstance(expr, sympy.Add):
        out = args[0]
        for a in args[1:]:
            out = out + a
        return out
    if isinstance(expr, sympy.Mul):
        out = args[0]
        for a in args[1:]:
            out = out * a
        return out
    if isinstance(expr, sympy.Pow):
        return args[0] ** args[1]
    name = type(expr).__name__
    if name in ("FloorDiv", "CleanDiv", "IntTrueDiv"):
        return args[0] // args[1]
    if name in ("Mod", "PythonMod"):
        return args[0] % args[1]
    if name in ("Max",):
        return max(args)
    if name in ("Min",):
        return min(args)
    if name in ("Eq",):
        return args[0] == args[1]
    if name in ("Ne",):
        return args[0] != args[1]
    if name in ("StrictLessThan",):
        return args[0] < args[1]
    if name in ("LessThan",):
        return args[0] <= args[1]
    return expr.xreplace({s: bindings[s] for s in expr.free_symbols})


def _to_torch_feed(name, value, var):
    from .._core.tensor import Tensor

    if isinstance(value, Tensor):
        t = value._t.detach()
    elif isinstance(value, torch.Tensor):
        t = value.detach()
    elif isinstance(value, LoDTensor):
        t = value._value()
    else:
        a = np.asarray(value)
        if var is not None and a.dtype == np.float64 and not isinstance(value, np.ndarray):
            a = a.astype(var._t.dtype.__str__().replace("torch.", ""))  # Python lists take the var's dtype
        t = torch.from_numpy(np.ascontiguousarray(a))
    return t


def _check_feed(name, t, var):
    from .._core.dtypes import FROM_TORCH as _FROM_TORCH

    info = _prog._info(var._t)
    if info is None or not info.need_check_feed:
        return
    declared = info.shape if info.shape is not None else _prog._static_dims(var._t)
    got = list(t.shape)
    # Paddle's DiffTensorShape compares the fed dims one by one against the declared ones: a feed with fewer dims
    # passes when those match (the ops see its real shape), more dims or a 0-D feed of a shaped variable do not
    if len(got) > len(declared) or (not got and declared) or any(d >= 0 and d != g for d, g in zip(declared, got)):
        raise ValueError(f"The fed Variable '{name}' should have dimensions = {len(declared)}, shape = "
                         f"{tuple(declared)}, but received fed shape {got} on each device")
    want = var._t.dtype
    if t.dtype != want:
        raise ValueError(f"The data type of fed Variable '{name}' must be '{_FROM_TORCH[want].name}', but "
                         f"received '{_FROM_TORCH[t.dtype].name}'")


def _fetch_name(item, program, index):
    from .._core.tensor import Tensor

    if isinstance(item, str):
        return item
    if isinstance(item, Tensor):
        return item.name
    if isinstance(item, _prog.Operator):
        return None
    raise TypeError(f"Require fetch_list[{index}] 's type shall be one of (OpResult, str), but received "
                    f"{type(item).__name__}.")


class Executor:
    """Runs Programs: ``exe.run(startup)`` initialises parameters in the scope, ``exe.run(main, feed=...,
    fetch_list=[...])`` trains/infers."""

    def __init__(self, place=None):
        from .._core.place import current_device, place_of

        self.place = place if place is not None else place_of(current_device())
        self._closed = False

    def close(self):
        self._closed = True

    def run(self, program=None, feed=None, fetch_list=None, feed_var_name="feed", fetch_var_name="fetch",
            scope=None, return_numpy=True, use_program_cache=False, use_prune=False):
        from .compiler import CompiledProgram

        if self._closed:
            raise RuntimeError("Attempted to use a closed Executor")
        if program is None:
            program = _prog.default_main_program()
        if isinstance(program, CompiledProgram):
            program = program._program
        if not isinstance(program, _prog.Program):
            raise TypeError(f"Executor requires Program as its Parameter. But you passed in {type(program)}")
        if scope is None:
            scope = global_scope()
        if feed is None:
            feed = {}
        if isinstance(feed, (list, tuple)):
            if len(feed) != 1:
                raise NotImplementedError("Executor.run: a list of feed dicts (one per device) is supported only "
                                          "with one element")
            feed = feed[0]
        if not isinstance(feed, dict):
            raise TypeError(f"feed requires dict as its Parameter. But you passed in {type(feed)}")
        if fetch_list is None:
            fetch_list = []
        elif not isinstance(fetch_list, (list, tuple)):
            fetch_list = [fetch_list]
        with _prog.recorder_off():
            return _run_program(program, feed, fetch_list, scope, return_numpy)

    def infer_from_dataset(self, program=None, dataset=None, scope=None, thread=0, debug=False, fetch_list=None,
                           fetch_info=None, print_period=100, fetch_handler=None):
        raise NotImplementedError("Executor.infer_from_dataset: the parameter-server datasets are not supported "
                                  "by paddle-compat")

    def train_from_dataset(self, program=None, dataset=None, scope=None, thread=0, debug=False, fetch_list=None,
                           fetch_info=None, print_period=100, fetch_handler=None):
        raise NotImplementedError("Executor.train_from_dataset: the parameter-server datasets are not supported "
                                  "by paddle-compat")

    def flush(self):
        """Paddle flushes its asynchronous executor; runs here are synchronous: nothing to do."""


def _program_vars(program):
    out = {}
    for b in program.blocks:
        out.update(b.vars)
    return out


class _Plan:
    """What a run needs from the program, computed once per program state: the variables, the persistables to
    read from the scope, those written back, whether it has a backward section and its leaves."""

    def __init__(self, program):
        block = program.global_block()
        self.key = _plan_key(program)
        self.variables = _program_vars(program)
        self.grad_leaves = set(program.__dict__.get("_static_grad_leaves", ()))
        self.has_backward = bool(self.grad_leaves) and any(op._attrs.get("op_role", 0) & 1 for op in block.ops)
        produced = set()
        for op in block.ops:
            produced.update(op.output_arg_names)
        self.persistables, self.written = [], []
        for name, var in self.variables.items():
            info = _prog._info(var._t)
            if info is not None and info.persistable:
                self.persistables.append(name)
                if name in produced:
                    self.written.append(name)


def _plan_key(program):
    return (program._version, tuple(len(b.ops) for b in program.blocks), tuple(len(b.vars) for b in program.blocks),
            len(program.__dict__.get("_static_grad_leaves", ())))


def _plan(program):
    plan = program.__dict__.get("_static_plan")
    if plan is None or plan.key != _plan_key(program):
        plan = _Plan(program)
        program.__dict__["_static_plan"] = plan
    return plan


def _as_fetched(array):
    """Paddle's C++ tensors reach numpy through a buffer of format "q": int64 values come out typed as C long long,
    whose repr names its dtype (``array([3, 3], dtype=int64)``), unlike numpy's own int64 (C long)."""
    return array.view(np.longlong) if array.dtype == np.int64 else array


def _run_program(program, feed, fetch_list, scope, return_numpy):
    block = program.global_block()
    plan = _plan(program)
    variables = plan.variables
    env = {}
    bindings = {}
    lods = {}
    for name, value in feed.items():
        var = variables.get(name)
        t = _to_torch_feed(name, value, var)
        lod = getattr(t, "_pd_lod", None)
        if lod:
            lods[name] = lod  # a fed LoDTensor's LoD (base/lod_tensor.py), read by the sequence ops
        if var is None:
            import warnings

            warnings.warn(f"The variable {name} is not found in program. It is not declared or is pruned.",
                          stacklevel=3)
        else:
            _check_feed(name, t, var)
            info = _prog._info(var._t)
            if info.dim_symbols:
                for sym, size in zip(info.dim_symbols, t.shape):
                    if sym is not None:
                        bindings[sym] = int(size)
        env[name] = t
    fetch_names = []
    constants = {}
    for index, item in enumerate(fetch_list):
        n = _fetch_name(item, program, index)
        if n is None:
            continue
        if n not in variables and hasattr(item, "_t") and _prog._info(item._t) is None:
            constants[n] = item._t  # a value computed while building (paddle.zeros([2]) with no variable input)
            fetch_names.append(n)
            continue
        if n not in variables:
            raise RuntimeError(f"(NotFound) {n} not in VariableScope.\n  [Hint: Expected HasVar(name) == true, but "
                               f"received HasVar(name):0 != true:1.]")
        fetch_names.append(n)
    grad_leaves, has_backward = plan.grad_leaves, plan.has_backward
    for name in plan.persistables:
        if name in env:
            continue
        value = scope._get(name)
        if value is None:
            continue
        if has_backward and name in grad_leaves:
            value = value.detach().requires_grad_(True)
        env[name] = value
    if has_backward:
        for name in grad_leaves:
            t = env.get(name)
            if t is not None and not t.requires_grad and (t.is_floating_point() or t.is_complex()):
                env[name] = t.detach().requires_grad_(True)
    ctx = _RunContext(bindings, not program._is_test, scope, program)
    ctx.lods = lods
    seeded = contextlib.nullcontext()
    if program.random_seed:
        # Paddle seeds the program's random ops from program.random_seed: the same seed gives the same values
        seeded = torch.random.fork_rng(devices=[])
    with seeded, torch.set_grad_enabled(has_backward):
        if program.random_seed:
            torch.manual_seed(program.random_seed)
        for op in block.ops:
            try:
                op._run(env, ctx)
            except KeyError as missing:
                raise _missing_input_error(op, missing.args[0], variables, feed) from None
            for n in op._outputs.get("Out", ()):
                var = variables.get(n)
                if var is not None:
                    info = _prog._info(var._t)
                    if info is not None and info.stop_gradient_flag and n in env and env[n].requires_grad:
                        env[n] = env[n].detach()
    for name in plan.written:
        value = env.get(name)
        if value is not None:
            scope._set(name, value.detach())
    env.update(constants)
    out = []
    for n in fetch_names:
        if n not in env:
            value = scope._get(n)
            if value is None:
                raise RuntimeError(f"(PreconditionNotMet) Tensor holds no memory: the fetched variable '{n}' was "
                                   f"not computed by the program (is it fed or produced by an op?)")
        else:
            value = env[n]
        if isinstance(value, list):  # a LOD_TENSOR_ARRAY variable (base/_static_array.py): a list, as Paddle
            items = [None if v is None else v.detach() for v in value]
            out.append([v.cpu().numpy() if return_numpy else LoDTensor({None: v}) for v in items])
            continue
        value = value.detach()
        lod = None
        if ctx.lods:
            from .lod_tensor import runtime_lod

            lod = runtime_lod(n, env, ctx)
            if lod and return_numpy:
                raise RuntimeError("Some of your fetched tensors hold LoD information.             They can not be "
                                   "completely cast to Python ndarray.             Please set the parameter "
                                   "'return_numpy' as 'False' to             return LoDTensor itself directly.")
        if return_numpy:
            # Paddle fetches bfloat16 as its uint16 bit patterns
            out.append(value.cpu().view(torch.int16).numpy().view(np.uint16) if value.dtype == torch.bfloat16
                       else _as_fetched(value.cpu().numpy()))
        else:
            if lod:
                value = value.view_as(value)  # its own tensor object to carry the LoD
                value._pd_lod = lod
            out.append(LoDTensor({None: value}))
    return out


def _missing_input_error(op, name, variables, feed):
    slot = next((k for k, v in op._inputs.items() if name in v), "X")
    if name in variables:
        # Paddle: InvalidArgumentError (a ValueError) from the op whose input holds no data: a feed not given,
        # or a persistable the startup program did not initialise
        return ValueError(f"(InvalidArgument) The phi::DenseTensor in the {op.type} Op's Input Variable "
                          f"{slot}({name}) is not initialized.\n  [Hint: Expected t->IsInitialized() == true, but "
                          f"received t->IsInitialized():0 != true:1.]\n  [operator < {op.type} > error]")
    return RuntimeError(f"(NotFound) {name} not in VariableScope.")


# --- Program.state_dict / set_state_dict ------------------------------------------------------------------
def _program_state_dict(program, mode="all", scope=None):
    from .._core.tensor import wrap

    if mode not in ("param", "opt", "all"):
        raise ValueError(f"`mode` string should be 'param', 'opt' or 'all', but received {mode}.")
    scope = scope if scope is not None else global_scope()
    out = {}
    for name, var in _program_vars(program).items():
        info = _prog._info(var._t)
        if info is None or not info.persistable:
            continue
        is_param = info.is_parameter
        if mode == "param" and not is_param or mode == "opt" and is_param:
            continue
        value = scope._get(name)
        if value is None:
            continue
        t = wrap(value.detach().clone())
        t.name = name
        out[name] = t
    return out


def _program_set_state_dict(program, state_dict, scope=None):
    from .._core.tensor import Tensor

    scope = scope if scope is not None else global_scope()
    if not isinstance(state_dict, dict):
        raise TypeError(f"`state_dict` should be a dict, but received {type(state_dict)}.")
    variables = _program_vars(program)
    for name, value in state_dict.items():
        var = variables.get(name)
        info = _prog._info(var._t) if var is not None else None
        if info is None or not info.persistable:
            import warnings

            warnings.warn(f"Skip loading for '{name}'. Because '{name}' not in the program.", stacklevel=2)
            continue
        t = value._t.detach().clone() if isinstance(value, Tensor) else torch.from_numpy(np.array(value))
        if list(t.shape) != list(var._t.shape):
            import warnings

            warnings.warn(f"Skip loading for '{name}'. Because shape of '{name}' in the state_dict "
                          f"({list(t.shape)}) does not match the program ({list(var._t.shape)}).", stacklevel=2)
            continue
        scope._set(name, t.to(var._t.dtype))


Executor.__module__ = "paddle.base.executor"
Scope.__module__ = "paddle.base.libpaddle"
LoDTensor.__module__ = "paddle.base.libpaddle"
LoDTensor.__name__ = LoDTensor.__qualname__ = "Tensor"  # Paddle 2.6's LoDTensor is an alias of core.Tensor
