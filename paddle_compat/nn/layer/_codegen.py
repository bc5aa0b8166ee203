"""Families of layers written once: a table row per class, compiled at import into plain methods.

Paddle's layers keep exact per-class signatures (``Conv1D(..., data_format='NCL')``,
``AvgPool3D(..., data_format='NCDHW')``, ``CELU(alpha=1.0, name=None)``) around a shared body. Generating the
``def`` from the signature text gives each class a real function with Paddle's parameters and defaults (so
``inspect.signature`` and positional calls behave as written by hand) and no per-call cost: no ``*args``
binding, no wrapper between ``Layer.__call__`` and the work.
"""

import functools
import inspect
import sys


def compile_functions(source, env, where, module):
    """Runs ``source`` (``def`` statements) as if written in ``module``, with the names of ``env`` bound as closure
    variables (not globals: torch.compile guards a function's globals as attributes of its module); returns the
    functions it defines by name. ``where`` names the family in tracebacks."""
    names = sorted(env)
    body = "".join(f"    {line}\n" for line in source.splitlines())
    made = f"{{k: v for k, v in locals().items() if k not in {names!r}}}"
    outer = f"def _family({', '.join(names)}):\n{body}    return {made}\n"
    namespace = {}
    code = compile(outer, f"<paddle_compat layer family: {where}>", "exec")
    exec(code, sys.modules[module].__dict__, namespace)  # noqa: S102
    return namespace["_family"](**env)


def _call_arguments(signature, env, drop=()):
    """``p=p`` for each parameter of ``signature`` but those in ``drop`` (``*args``/``**kwargs`` passed on as
    such)."""
    probe = compile_functions(f"def probe({signature}): pass", env, "signature", __name__)["probe"]
    out = []
    for p in inspect.signature(probe).parameters.values():
        if p.name in drop:
            continue
        if p.kind is p.VAR_POSITIONAL:
            out.append(f"*{p.name}")
        elif p.kind is p.VAR_KEYWORD:
            out.append(f"**{p.name}")
        else:
            out.append(f"{p.name}={p.name}")
    return out


def forwarding_init(target, signature, owner, env=None, drop=(), **fixed):
    """``def __init__(self, <signature>)`` that calls ``target(self, **fixed, <each parameter by name>)``: a
    subclass with Paddle's exact signature over the base constructor that does the work. ``fixed`` values must
    be literals (their ``repr`` is compiled in); parameters named in ``drop`` are accepted and not passed on;
    ``owner`` is the class name, for ``__qualname__``."""
    env = {**(env or {}), "_target": target}
    args = [f"{k}={v!r}" for k, v in fixed.items()] + _call_arguments(signature, env, drop)
    source = f"def __init__(self, {signature}):\n    _target(self, {', '.join(args)})\n"
    init = compile_functions(source, env, f"{owner}.__init__", target.__module__)["__init__"]
    init.__qualname__ = f"{owner}.__init__"
    return init


def functional_layer(
    name, module, fn, signature, stores, *, inputs="x", call=None, extra_repr=None, before="", after="", env=None
):
    """A ``Layer`` subclass over one functional, from a table row:

    - ``__init__(self, <signature>)`` runs ``Layer.__init__`` and keeps ``stores`` (space-separated ``attr=param``,
      or ``param`` alone for ``self.param = param``; ``param`` may be an expression) in that order;
    - ``forward(self, <inputs>)`` returns ``fn(<call>)``; the default call passes the inputs, then each stored
      value by its parameter name (by its attribute name where it was stored from an expression);
    - ``extra_repr`` (when given) is an f-string over ``self``;
    - ``before`` / ``after``: statements (argument checks) run before / after ``Layer.__init__``, as Paddle orders
      them (a check after it has already drawn the layer's unique name).
    """
    from .layers import Layer

    pairs = _store_pairs(stores)
    if call is None:
        call = ", ".join([inputs] + [f"{param if param.isidentifier() else attr}=self.{attr}" for attr, param in pairs])
    lines = [f"def __init__(self, {signature}):"]
    lines += [f"    {line}" for line in before.splitlines()]
    lines += ["    _layer_init(self)"] + [f"    {line}" for line in after.splitlines()]
    lines += [f"    self.{attr} = {param}" for attr, param in pairs]
    lines += [f"def forward(self, {inputs}):", f"    return _fn({call})"]
    if extra_repr is not None:
        lines += ["def extra_repr(self):", f"    return f{extra_repr!r}"]
    env = {**(env or {}), "_fn": fn, "_layer_init": Layer.__init__}
    methods = compile_functions("\n".join(lines) + "\n", env, name, module)
    for method_name, method in methods.items():
        method.__qualname__ = f"{name}.{method_name}"
    return type(name, (Layer,), {"__module__": module, "__qualname__": name, **methods})


@functools.cache
def _store_pairs(stores):
    return tuple(tuple(s.split("=")) if "=" in s else (s, s) for s in stores.split())


def keep_arguments(layer, arguments, stores):
    """``layer.<attr> = arguments[<param>]`` for each ``attr=param`` (or ``param`` alone) of ``stores``, in order:
    how Paddle's layer constructors keep their arguments. ``arguments`` is the constructor's ``locals()``."""
    for attr, param in _store_pairs(stores):
        setattr(layer, attr, arguments[param])
