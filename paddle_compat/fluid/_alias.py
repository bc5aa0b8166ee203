"""The machinery of ``paddle.fluid``: a module's names resolved lazily from a table of 2.6.2 paths, and a clear
error for fluid names that have no same-behaving object in 2.6.2."""

import importlib

__all__ = ["resolve", "missing", "same_names"]


def resolve(path):
    """``"paddle.static.nn.conv2d"`` -> that object of paddle-compat (``paddle`` is ``paddle_compat``)."""
    module_path, _, attr = path.rpartition(".")
    try:
        return importlib.import_module("paddle_compat" + path[len("paddle"):])  # a submodule
    except ModuleNotFoundError:
        pass
    return getattr(importlib.import_module("paddle_compat" + module_path[len("paddle"):]), attr)


def same_names(names_by_module):
    """``{"paddle.static": "Program Executor"}`` -> ``{"Program": "paddle.static.Program", ...}``."""
    return {name: f"{module}.{name}" for module, names in names_by_module.items() for name in names.split()}


def missing(module, name, hints):
    hint = hints.get(name)
    where = f"; in Paddle 2.6 use {hint}" if hint else ""
    return AttributeError(
        f"module '{module}' has no attribute '{name}': paddle.fluid was removed in Paddle 2.6 and paddle-compat "
        f"keeps only the fluid names whose 2.6 counterpart is the same API (see mappings/base.toml){where}")


def make_getattr(module_name, table, hints, namespace):
    def __getattr__(name):
        if name in table:
            value = resolve(table[name])
            namespace[name] = value
            return value
        if name.startswith("__"):
            raise AttributeError(name)
        raise missing(module_name, name, hints)

    return __getattr__
