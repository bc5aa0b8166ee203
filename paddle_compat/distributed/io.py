"""``paddle.distributed.io``: saving and loading a static program's persistable variables (one LoDTensor file per
variable, or all in one file sorted by name, as Paddle's save/save_combine ops write them) and loading a
``__model__`` inference program with its parameters. Programs split over parameter servers
(``_is_distributed``) need Paddle's PS runtime and are refused."""

import os

import numpy as np

from ..base import core
from ..base.framework import dygraph_not_support, static_only

__all__ = []

_PS = ("{} of a program distributed over parameter servers needs Paddle's parameter-server runtime, which "
       "paddle-compat does not have")


def _load_distributed_persistables(executor, dirname, main_program=None):
    raise NotImplementedError(_PS.format("load_persistables"))


def _save_distributed_persistables(executor, dirname, main_program):
    raise NotImplementedError(_PS.format("save_persistables"))


def is_persistable(var):
    """Whether ``var`` is saved (feed/fetch lists and readers never are)."""
    var_type = core.VarDesc.VarType
    if getattr(var, "type", None) in (var_type.FEED_MINIBATCH, var_type.FETCH_LIST, var_type.READER):
        return False
    return var.persistable


def _persistables(main_program):
    from ..static import default_main_program

    program = main_program if main_program is not None else default_main_program()
    return [v for v in program.list_vars() if is_persistable(v)]


def _scope():
    from ..static import global_scope

    return global_scope()


def load_persistables(executor, dirname, main_program=None, filename=None):
    """Load every persistable variable of ``main_program`` (default: the default main program) from
    ``dirname/<name>`` files, or from the single file ``dirname/filename``, into the global scope."""
    if main_program is not None and getattr(main_program, "_is_distributed", False):
        return _load_distributed_persistables(executor, dirname=dirname, main_program=main_program)
    from .._proto.tensor_stream import read_tensors

    variables = _persistables(main_program)
    scope = _scope()
    if filename is None:
        loaded = []
        for var in variables:
            path = os.path.join(dirname, var.name)
            if not os.path.exists(path):
                raise RuntimeError(f"(NotFound) Cannot open file {path} for load op, please check whether the file "
                                   "is normal.")
            with open(path, "rb") as f:
                loaded.append((var.name, read_tensors(f.read(), 1, source=path, names=[var.name])[0]))
    else:
        path = os.path.join(dirname, filename)
        if not os.path.exists(path):
            raise RuntimeError(f"(Unavailable) Load operator fail to open file {path}, please check whether the "
                               "model file is complete or damaged.")
        names = sorted(v.name for v in variables)
        with open(path, "rb") as f:
            loaded = list(zip(names, read_tensors(f.read(), len(names), source=path, names=names)))
    from .._core.place import CPUPlace
    from .._proto.framework import VarTypeType

    for name, (array, lod, data_type) in loaded:
        if data_type == VarTypeType.BF16:
            raise NotImplementedError(f"load_persistables: bfloat16 variable {name} (scope tensors are set from "
                                      "numpy arrays, which have no bfloat16)")
        tensor = scope.var(name).get_tensor()
        tensor.set(array, CPUPlace())
        if lod:
            tensor.set_lod([list(level) for level in lod])


@dygraph_not_support
def save_persistables(executor, dirname, main_program=None, filename=None):
    """Save every persistable variable of ``main_program`` held by the global scope to ``dirname/<name>`` files,
    or to the single file ``dirname/filename`` (variables sorted by name)."""
    if main_program is not None and getattr(main_program, "_is_distributed", False):
        return _save_distributed_persistables(executor, dirname=dirname, main_program=main_program)
    from .._proto.tensor_stream import write_tensors

    scope = _scope()
    values = {}
    for var in _persistables(main_program):
        found = scope.find_var(var.name)
        if found is None:
            raise RuntimeError(f"(NotFound) Variable {var.name} is not found in the scope: run the startup program "
                               "first")
        values[var.name] = np.array(found.get_tensor())
    os.makedirs(dirname, exist_ok=True)
    if filename is None:
        for name, array in values.items():
            with open(os.path.join(dirname, name), "wb") as f:
                f.write(write_tensors([array]))
    else:
        with open(os.path.join(dirname, filename), "wb") as f:
            f.write(write_tensors([values[name] for name in sorted(values)]))
    return None


@static_only
def load_inference_model_distributed(dirname, executor, model_filename=None, params_filename=None,
                                     pserver_endpoints=None):
    """``[program, feed names, fetch variables]`` of the inference program ``dirname/model_filename`` (default
    ``__model__``) with its parameters loaded; with ``dirname=None``, ``model_filename`` holds the program bytes."""
    from ..static import Program

    if dirname is not None:
        load_dirname = os.path.normpath(dirname)
        if not os.path.isdir(load_dirname):
            raise ValueError("There is no directory named '%s'" % dirname)
        model_path = os.path.join(load_dirname, os.path.basename(model_filename or "__model__"))
        if params_filename is not None:
            params_filename = os.path.basename(params_filename)
        with open(model_path, "rb") as f:
            program_bytes = f.read()
    else:
        if params_filename is None:
            raise ValueError("The path of params cannot be None when the directory path is None.")
        load_dirname = dirname
        program_bytes = model_filename
    program = Program.parse_from_string(program_bytes)
    load_persistables(executor, load_dirname, program, params_filename)
    block = program.global_block()
    feeds = sorted((op.attr("col"), op.output("Out")[0]) for op in block.ops if op.type == "feed")
    fetches = sorted((op.attr("col"), op.input("X")[0]) for op in block.ops if op.type == "fetch")
    return [program, [name for _col, name in feeds], [block.var(name) for _col, name in fetches]]
