"""``to_static``'s result on ``torch.compile``.

``full_graph=False`` (Paddle 2.6's default, its bytecode translator with fallback) is ``torch.compile`` with
graph breaks allowed; ``full_graph=True`` (Paddle's AST translator, one program) is ``fullgraph=True``. The
compiled callable takes and returns torch tensors; the Paddle wrappers are rebuilt on both sides of it, so dynamo
inlines the Paddle-level code (Layer calls, functional ops) into the graph.
"""

import inspect
import logging
import os
import textwrap
import threading
import types
import warnings
import weakref
from operator import attrgetter

import torch

from ..._core.tensor import Tensor, wrap
from ...framework.misc import _Mode as _StaticMode
from ...nn.layer.layers import _to_paddle_tree, _to_torch_tree
from . import error as _error

__all__ = ["StaticFunction", "SymbolicStaticFunction", "ASTStaticFunction", "ConcreteProgram", "ProgramCache"]

_state = threading.local()
_ignored_modules = set()
# functions marked by not_to_static: dynamo runs them eagerly (a graph break around each call)
_NOT_TO_STATIC_ATTR = "_paddle_compat_not_to_static"

# torch backends accepted in addition to Paddle's 'CINN' / None (an extension: Paddle's backends are its own)
_TORCH_BACKENDS = ("inductor", "eager", "aot_eager", "aot_eager_decomp_partition", "cudagraphs")


def to_static_enabled():
    return getattr(_state, "enabled", True)


def set_to_static_enabled(flag):
    _state.enabled = flag


def resolve_backend(backend):
    """Paddle's backend name -> a torch.compile backend. None -> $PADDLE_COMPAT_JIT_BACKEND or inductor."""
    if backend is None:
        return os.environ.get("PADDLE_COMPAT_JIT_BACKEND", "inductor")
    if backend == "CINN":
        return "inductor"
    if isinstance(backend, str) and backend in _TORCH_BACKENDS:
        return backend
    raise ValueError(f"The backend of to_static should be 'CINN' or None, but received {backend}.")


def _make_runner(function, instance, label):
    """A fresh code object per StaticFunction: dynamo keeps its cache on the code object, so two decorated
    functions never share (and exhaust) one cache."""
    if instance is None:
        def runner(*targs, **tkwargs):
            return _to_torch_tree(function(*_to_paddle_tree(targs), **_to_paddle_tree(tkwargs)))
    else:
        def runner(*targs, **tkwargs):
            return _to_torch_tree(function(instance, *_to_paddle_tree(targs), **_to_paddle_tree(tkwargs)))
    runner.__code__ = runner.__code__.replace(co_name=f"to_static_{label}")
    runner.__name__ = runner.__qualname__ = f"to_static_{label}"
    return runner


_CAPTURE_ERRORS = (torch._dynamo.exc.Unsupported, torch._dynamo.exc.TorchRuntimeError, torch._dynamo.exc.UserError)


def _suppress_errors_var():
    """The context variable behind ``torch._dynamo.config.suppress_errors`` (set/reset per call costs ~0.1 us;
    the config module's setattr ~1 us each way); None where torch's config module is built differently."""
    try:
        entry = torch._dynamo.config._config["suppress_errors"]
        var = entry.user_override
        var.get()
    except (AttributeError, KeyError, TypeError, LookupError):
        return None
    if entry.alias is not None or entry.env_value_force is not _config_unset():
        return None
    return var


def _config_unset():
    from torch.utils import _config_module

    return getattr(_config_module, "_UNSET_SENTINEL", None)


_SUPPRESS_ERRORS = _suppress_errors_var()
_calls_running = 0  # > 0 while a to_static call runs (torch's compile-time log is silenced then)


class _SilenceCompilerLog(logging.Filter):
    """Inside to_static, torch's compile-time log is the translator's business, not the user's: dynamo logs each
    frame it could not compile ("WON'T CONVERT ...", with its internal traceback) before running it eagerly,
    fake tensors log the op that failed before the eager run raises Paddle's error, graph breaks log advice on
    torch settings. Paddle prints none of these; TORCH_LOGS (torch's own switch) shows them."""

    def filter(self, record):
        return _calls_running <= 0 or bool(os.environ.get("TORCH_LOGS"))


# dynamo's advice when a frame calls a C builtin it cannot trace (sys.audit from pdb, ...): it then runs that code
# eagerly, which is what Paddle's translator does silently
warnings.filterwarnings("ignore", message="Dynamo does not know how to trace the builtin", category=UserWarning)

for _name in ("torch._dynamo.convert_frame", "torch._dynamo.variables.tensor", "torch._subclasses.fake_tensor",
              "torch._dynamo.symbolic_convert", "torch._guards"):
    logging.getLogger(_name).addFilter(_SilenceCompilerLog())


class ConcreteProgram:
    """What one trace produced: ``main_program`` is the captured ``torch.fx.GraphModule``."""

    def __init__(self, inputs, outputs, parameters, function, main_program, startup_program=None, **kwargs):
        self.inputs = inputs
        self.outputs = outputs
        self.parameters = parameters
        self.function = function
        self.main_program = main_program
        self.startup_program = startup_program
        self.kwargs = kwargs

    def __repr__(self):
        return f"ConcreteProgram(function={getattr(self.function, '__name__', self.function)}, inputs={self.inputs})"


class ProgramCache:
    """The graphs compiled for one StaticFunction, oldest first."""

    def __init__(self):
        self._programs = []

    def __len__(self):
        return len(self._programs)

    def __iter__(self):
        return iter(self._programs)

    def concrete_programs(self):
        return list(self._programs)

    def last(self):
        if not self._programs:
            raise ValueError("No valid cache.")
        return self._programs[-1]


def _spec_of(x, name):
    from ...static.input import InputSpec

    if isinstance(x, Tensor):
        return InputSpec(x.shape, x.dtype, name, x.stop_gradient)
    return x


class StaticFunction:
    def __init__(self, function, input_spec=None, **kwargs):
        if inspect.ismethod(function):
            self._dygraph_function = function.__func__
            self._class_instance = function.__self__
        else:
            self._dygraph_function = function
            self._class_instance = None
        if input_spec is not None and not isinstance(input_spec, (list, tuple)):
            raise TypeError(
                f"The type of 'input_spec' should be one of [list, tuple], but received {type(input_spec)}.")
        self._input_spec = None if input_spec is None else list(input_spec)
        self._kwargs = kwargs
        self._torch_backend = resolve_backend(kwargs.get("backend"))
        self._training = True
        self._compiled = None
        self._program_cache = ProgramCache()
        self._descriptor_cache = weakref.WeakKeyDictionary()
        self._property = kwargs.get("property", False)
        self._debugger = _calls_debugger(self._dygraph_function)
        self.__name__ = getattr(self._dygraph_function, "__name__", type(self).__name__)
        self.__doc__ = getattr(self._dygraph_function, "__doc__", None)
        self.__wrapped__ = self._dygraph_function

    _full_graph = False

    # -- binding (``@to_static`` on a method) ------------------------------------------------------
    def __get__(self, instance, owner):
        if instance is None:
            return self
        try:
            bound = self._descriptor_cache.get(instance)
        except TypeError:  # not weak-referenceable
            bound = None
        if bound is None:
            bound = self._clone(self._dygraph_function.__get__(instance, owner))
            try:
                self._descriptor_cache[instance] = bound
            except TypeError:
                pass
        return bound

    def _clone(self, function=None):
        return type(self)(function if function is not None else self._dygraph_function, self._input_spec,
                          **self._kwargs)

    # -- calling -----------------------------------------------------------------------------------
    def _recording_backend(self):
        backend = self._torch_backend
        program_cache = self._program_cache
        sf = self

        def recording_backend(gm, example_inputs):
            program_cache._programs.append(ConcreteProgram(
                inputs=sf._input_specs_of_last_call(), outputs=None, parameters=sf._parameters(),
                function=sf.dygraph_function, main_program=gm))
            if sf._full_graph:
                sf._log_captured(gm)
            if backend == "eager":
                return gm.forward
            from torch._dynamo.backends.registry import lookup_backend

            return lookup_backend(backend)(gm, example_inputs)

        return recording_backend

    def _log_captured(self, gm):
        """set_verbosity / set_code_level output of Paddle's AST translator: the source once, then the code of
        each captured graph (torch.fx Python, what runs in place of Paddle's transformed code)."""
        from .. import api

        if not getattr(self, "_source_logged", False):
            self._source_logged = True
            try:
                source = inspect.getsource(self._dygraph_function)
            except (OSError, TypeError):
                source = None
            if source is not None:
                api.translator_log(1, "Source code: \n" + textwrap.dedent(source))
        api.translator_log_code(f"The captured graph of '{self.__name__}' (torch.fx code, in place of the "
                                f"transformed code):\n{gm.code.strip()}\n")

    def _compiled_runner(self):
        if self._compiled is None:
            label = "".join(c if c.isalnum() else "_" for c in self.__name__) + f"_{id(self):x}"
            runner = _make_runner(self._dygraph_function, self._class_instance, label)
            self._compiled = torch.compile(runner, fullgraph=self._full_graph, backend=self._recording_backend())
        return self._compiled

    _last_input_spec = None
    _last_args = ()
    _with_graph_breaks = False  # full_graph=True whose capture failed: compiled with graph breaks since

    def _input_specs_of_last_call(self):
        """Built only when a graph is compiled (a per-call InputSpec would cost more than the call itself)."""
        if self._last_input_spec is not None:
            return self._last_input_spec
        return [_spec_of(a, f"_jst.{i}.x") for i, a in enumerate(self._last_args)]

    def __call__(self, *args, **kwargs):
        if self._property:
            raise RuntimeError("Can not call the func when property=True.")
        if not to_static_enabled() or self._debugger or _is_ignored(self._dygraph_function):
            return self._call_dygraph_function(*args, **kwargs)
        if _StaticMode.static:
            raise RuntimeError(
                f"Failed to run the callable object {self.dygraph_function} decorated by '@paddle.jit.to_static', "
                "because it is NOT in dynamic mode. Please disable the static graph mode to enter dynamic mode with "
                "the following API: paddle.disable_static().")
        if torch.compiler.is_compiling():
            # called while another to_static function is being captured: its Python joins that graph (as Paddle
            # translates a callee as part of its caller)
            return self._call_dygraph_function(*args, **kwargs)
        self._last_args = args
        self._last_kwargs = kwargs
        self._last_input_spec = None
        compiled = self._compiled_runner()
        targs, tkwargs = _to_torch_tree(args), _to_torch_tree(kwargs)
        global _calls_running
        if not self._full_graph or self._with_graph_breaks:
            # Paddle's bytecode translator runs what it cannot translate eagerly: a frame dynamo fails to
            # compile (a fake-tensor error in a Paddle op, a Python error) runs as plain Python, once, so the op's
            # own eager error (Paddle's class and message) or the user's exception is what propagates.
            token = _SUPPRESS_ERRORS.set(True) if _SUPPRESS_ERRORS is not None else None
            _calls_running += 1
            try:
                return _to_paddle_tree(compiled(*targs, **tkwargs))
            except Exception as error:  # noqa: BLE001 - re-raised with torch's frames unlinked
                failure = error
            finally:
                _calls_running -= 1
                if token is not None:
                    _SUPPRESS_ERRORS.reset(token)
            if isinstance(failure, torch._dynamo.exc.TorchDynamoException) or _error.raised_by_compiled_graph(failure):
                # not suppressed by dynamo (a higher-order op's capture error: the top frame never ran), or a kernel
                # of the first graph failed (an index out of range): the eager run raises the Paddle op's error
                return self._eager_or_raise(args, kwargs, transform=self._full_graph)
            if self._full_graph:
                raise _error.transformed_code_error(failure) from None
            raise _error.strip_internal_frames(failure)
        _calls_running += 1
        try:
            return _to_paddle_tree(compiled(*targs, **tkwargs))
        except Exception as error:  # noqa: BLE001 - classified below
            failure = error
        finally:
            _calls_running -= 1
        return self._after_full_graph_failure(failure, args, kwargs, targs, tkwargs)

    def _after_full_graph_failure(self, error, args, kwargs, targs, tkwargs):
        """Capture failed (nothing ran) or the graph failed: the eager run tells the user's own error (raised
        as Paddle's translator reports it) from a capture limitation (then: one rewrite of tensor ``if``s to
        torch.cond, else graph breaks, as before)."""
        if isinstance(error, _CAPTURE_ERRORS) and not getattr(self, "_tried_cond", False):
            self._tried_cond = True
            from .convert_if import convert_tensor_ifs

            converted = convert_tensor_ifs(self._dygraph_function)
            if converted is not None:
                label = "".join(c if c.isalnum() else "_" for c in self.__name__) + f"_{id(self):x}_cond"
                runner = _make_runner(converted, self._class_instance, label)
                candidate = torch.compile(runner, fullgraph=True, backend=self._recording_backend())
                try:
                    out = candidate(*targs, **tkwargs)
                except Exception:  # noqa: BLE001 - not capturable either, or failing: the eager run decides
                    pass
                else:
                    self._compiled = candidate
                    return _to_paddle_tree(out)
        result = self._eager_or_raise(args, kwargs, transform=True)
        if isinstance(error, (torch._dynamo.exc.TorchDynamoException, *_CAPTURE_ERRORS)):
            warnings.warn(f"to_static(full_graph=True): {self.__name__} could not be captured as one graph "
                          f"({_error.capture_failure_summary(error)}); compiling it with graph breaks.",
                          stacklevel=3)
            label = "".join(c if c.isalnum() else "_" for c in self.__name__) + f"_{id(self):x}_breaks"
            runner = _make_runner(self._dygraph_function, self._class_instance, label)
            self._compiled = torch.compile(runner, fullgraph=False, backend=self._recording_backend())
            self._with_graph_breaks = True
        return result

    def _eager_or_raise(self, args, kwargs, transform):
        """Runs the Python function once, eagerly; its error is raised as Paddle's translator raises it."""
        try:
            # not set_stance: this may run inside another to_static function's graph-broken frame
            return torch._dynamo.disable(self._call_dygraph_function, recursive=True)(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - the user's own error
            failure = error
        if transform:
            raise _error.transformed_code_error(failure) from None
        raise _error.strip_internal_frames(failure)

    def _call_dygraph_function(self, *args, **kwargs):
        if self._class_instance is not None:
            return self._dygraph_function(self._class_instance, *args, **kwargs)
        return self._dygraph_function(*args, **kwargs)

    def _parameters(self):
        instance = self._class_instance
        return list(instance.parameters()) if hasattr(instance, "parameters") else []

    # -- Paddle's members --------------------------------------------------------------------------
    @property
    def dygraph_function(self):
        if self._class_instance is not None:
            return self._dygraph_function.__get__(self._class_instance)
        return self._dygraph_function

    def rollback(self):
        """Restores the original function (and a Layer's ``forward``) and returns it."""
        instance = self._class_instance
        if instance is None:
            return self._dygraph_function
        name = self._dygraph_function.__name__
        if instance.__dict__.get(name) is self:
            del instance.__dict__[name]
        return getattr(instance, name)

    def train(self):
        if self._class_instance is not None and hasattr(self._class_instance, "training"):
            raise RuntimeError(f"Failed to switch train mode. {self.dygraph_function} is a Layer's method, "
                               f"please use Layer.train() to switch train mode.")
        self._training = True

    def eval(self):
        if self._class_instance is not None and hasattr(self._class_instance, "training"):
            raise RuntimeError(f"Failed to switch eval mode. {self.dygraph_function} is a Layer's method, "
                               f"please use Layer.eval() to switch eval mode.")
        self._training = False

    def _is_train_mode(self):
        if self._class_instance is not None and hasattr(self._class_instance, "training"):
            return self._class_instance.training
        return self._training

    is_property = property(attrgetter("_property"))

    def __repr__(self):
        return f"<{type(self).__name__} of {self.dygraph_function!r}>"


def _raise_when_sot(member):
    raise RuntimeError(f"Can't call {member} when full_graph=False. Use paddle.jit.to_static(full_graph=True) "
                       f"instead.")


class SymbolicStaticFunction(StaticFunction):
    """``full_graph=False``: torch.compile with graph breaks; program objects are not available (as Paddle)."""

    _full_graph = False

    def __init__(self, function, input_spec=None, **kwargs):
        if input_spec is not None:
            # attributed to this line (no stacklevel), so shown once per process with the source line
            # "warnings.warn(", as Paddle's is
            warnings.warn(
                "full_graph=False don't support input_spec arguments. It will not produce any effect.\n"
                "You can set full_graph=True, then you can assign input spec.\n")
        super().__init__(function, input_spec, **kwargs)

    @property
    def code(self):
        _raise_when_sot("code")

    @property
    def concrete_program(self):
        _raise_when_sot("concrete_program")

    def concrete_program_specify_input_spec(self, *args, **kwargs):
        _raise_when_sot("concrete_program_specify_input_spec")

    def get_concrete_program(self, *args, **kwargs):
        _raise_when_sot("get_concrete_program")

    def get_concrete_program_with_cache_key(self, *args, **kwargs):
        _raise_when_sot("get_concrete_program_with_cache_key")

    def get_traced_count(self):
        _raise_when_sot("get_traced_count")

    @property
    def inputs(self):
        _raise_when_sot("inputs")

    @property
    def outputs(self):
        _raise_when_sot("outputs")

    @property
    def main_program(self):
        _raise_when_sot("main_program")

    @property
    def program_cache(self):
        _raise_when_sot("program_cache")

    @property
    def function_spec(self):
        _raise_when_sot("function_spec ")


class ASTStaticFunction(StaticFunction):
    """``full_graph=True``: one graph (``torch.compile(fullgraph=True)``); a graph break is an error."""

    _full_graph = True

    @property
    def code(self):
        return inspect.getsource(self._dygraph_function)

    @property
    def program_cache(self):
        return self._program_cache

    @property
    def concrete_program(self):
        return self.concrete_program_specify_input_spec()

    def concrete_program_specify_input_spec(self, input_spec=None, with_hook=False, is_prim_infer=False):
        if len(self._program_cache) == 0:
            spec = input_spec if input_spec is not None else self._input_spec
            if spec is None:
                raise ValueError(
                    f"No valid transformed program for {self._bound_function_spec()}.\n\t    Please specific "
                    f"`input_spec` in `@paddle.jit.to_static` or feed input tensor to call the decorated function "
                    f"at once.\n")
            self.get_concrete_program(*spec)
        return self._program_cache.last()

    def get_concrete_program(self, *args, **kwargs):
        """Traces the function for these inputs (Tensors or InputSpecs) without running it, and returns
        ``(concrete_program, partial_program_layer)`` as Paddle does (the second item is the compiled callable)."""
        from ...static.input import InputSpec

        example = [_example_from_spec(a) if isinstance(a, InputSpec) else a for a in args]
        self._last_input_spec = [a if isinstance(a, InputSpec) else _spec_of(a, f"_jst.{i}.x")
                                 for i, a in enumerate(args)]
        label = "".join(c if c.isalnum() else "_" for c in self.__name__) + "_export"
        runner = _make_runner(self._dygraph_function, self._class_instance, label)
        import torch._dynamo as dynamo

        gm, _ = dynamo.export(runner)(*_to_torch_tree(example), **_to_torch_tree(kwargs))
        program = ConcreteProgram(inputs=self._last_input_spec, outputs=None, parameters=self._parameters(),
                                  function=self.dygraph_function, main_program=gm)
        self._program_cache._programs.append(program)
        return program, self._compiled_runner()

    def get_concrete_program_with_cache_key(self, cached_key):
        return self.get_concrete_program(*cached_key)

    def get_traced_count(self):
        return len(self._program_cache)

    inputs = property(attrgetter("concrete_program.inputs"))
    outputs = property(attrgetter("concrete_program.outputs"))
    main_program = property(attrgetter("concrete_program.main_program"))

    @property
    def function_spec(self):
        return FunctionSpec(self._dygraph_function, self._input_spec)

    def _bound_function_spec(self):
        """Paddle's spec of the function as decorated: a method's signature without ``self``."""
        function = self._dygraph_function
        if self._class_instance is not None:
            function = types.MethodType(function, self._class_instance)
        return FunctionSpec(function, self._input_spec)


class FunctionSpec:
    def __init__(self, function, input_spec=None):
        self._dygraph_function = function
        self._input_spec = input_spec

    @property
    def input_spec(self):
        return self._input_spec

    def __repr__(self):
        sig = inspect.signature(self._dygraph_function)
        args = ", ".join(sig.parameters)
        spec = tuple(self._input_spec) if self._input_spec is not None else None
        return f"function: {self._dygraph_function.__name__}({args}), input_spec: {spec}"


def _example_from_spec(spec, batch=2):
    """A zero tensor for an InputSpec: -1 dims become ``batch`` (torch.export needs >= 2 for a dynamic dim)."""
    from ..._core.dtypes import to_torch_dtype

    shape = [batch if d == -1 else d for d in spec.shape]
    t = torch.zeros(shape, dtype=to_torch_dtype(spec.dtype))
    out = wrap(t)
    out.stop_gradient = spec.stop_gradient
    return out


def _calls_debugger(function):
    """The function's own code calls pdb.set_trace()/breakpoint(): it then runs as plain Python, so the debugger
    stops in the user's frame with its real name and steps line by line (compiled, it would stop in a dynamo
    resume function after a graph break)."""
    code = getattr(function, "__code__", None)
    if code is None:
        return False
    names = set(code.co_names)
    return "breakpoint" in names or ("set_trace" in names and ("pdb" in names or "pdb" in code.co_varnames))


def _is_ignored(function):
    return getattr(function, _NOT_TO_STATIC_ATTR, False)


def mark_not_to_static(function):
    """Dynamo runs the function eagerly wherever it is called from compiled code."""
    try:
        setattr(function, _NOT_TO_STATIC_ATTR, True)
    except AttributeError:
        pass
    return torch._dynamo.disable(function, recursive=True)


def ignore_modules(modules):
    """Paddle's SOT leaves these modules' code untranslated; dynamo already runs library code by its own skip
    rules, so the list is kept for ``paddle.jit`` callers to inspect."""
    for module in modules:
        _ignored_modules.add(module)
