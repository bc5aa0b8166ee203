"""``paddle.incubate.autograd.utils``: the static-graph switch of primitive-operator differentiation
(``enable_prim`` / ``disable_prim`` / ``prim_enabled``) and helpers that read static operators' variables.

The switch is kept as Paddle keeps it; paddle-compat's static engine differentiates with torch autograd either
way (same values). Helpers that need Paddle's operator compatibility tables (``phi_ops_map``) raise
NotImplementedError naming them."""

import typing

from ...base import framework

INT_DTYPE_2_STRING = {0: "bool", 1: "int16", 2: "int32", 3: "int64", 4: "float16", 5: "float32", 6: "float64",
                      20: "uint8", 21: "int8", 23: "complex64", 24: "complex128"}


class PrimOption:
    def __init__(self):
        self.enable_prim = False

    def get_status(self):
        return self.enable_prim

    def set_status(self, flag):
        self.enable_prim = flag


prim_option = PrimOption()


@framework.static_only
def prim_enabled():
    """Whether differentiation through primitive operators is on (static graph only; off by default)."""
    return prim_option.get_status()


@framework.static_only
def enable_prim():
    """Turn differentiation through primitive operators on (static graph only)."""
    prim_option.set_status(True)


@framework.static_only
def disable_prim():
    """Turn differentiation through primitive operators off (static graph only)."""
    prim_option.set_status(False)


def get_var_block(block, names, is_tensor_list=None):
    """The variable(s) of ``block`` named in ``names``: None for none, one variable (or a one-item list with
    ``is_tensor_list``) for one, a list otherwise."""
    assert isinstance(names, list)
    if not names:
        return None
    if len(names) == 1:
        return [block.var(names[0])] if is_tensor_list else block.var(names[0])
    return [block.var(name) for name in names]


def get_input_var_list(op):
    if op.input_names is None:
        return []
    return [get_var_block(op.block, op.input(n)) for n in sorted(op.input_names)]


def get_output_var_list(op):
    if op.output_names is None:
        return []
    return [get_var_block(op.block, op.output(n)) for n in sorted(op.output_names)]


def _solve_arg(item):
    """``"int axis = 0"`` -> ``("int", "axis")``."""
    arg_type, arg_name = item.split("=")[0].strip().split()
    return arg_type.strip(), arg_name.strip()


def _needs_op_tables(name):
    def refuse(*args, **kwargs):
        raise NotImplementedError(f"paddle.incubate.autograd.utils.{name} reads Paddle's operator compatibility "
                                  "tables (phi_ops_map), which paddle-compat does not have")

    refuse.__name__ = refuse.__qualname__ = name
    return refuse


_get_attr_value = _needs_op_tables("_get_attr_value")
_get_args_values = _needs_op_tables("_get_args_values")
prepare_python_api_arguments = _needs_op_tables("prepare_python_api_arguments")
map_output_for_composite = _needs_op_tables("map_output_for_composite")


def flatten(inp):
    """Nested lists/tuples of variables -> a flat list (None kept)."""
    if inp is None or isinstance(inp, framework.Variable):
        return [inp]
    flattened = []
    for part in inp:
        flattened += flatten(part)
    return flattened


def flatten_and_remove_none(inp):
    return [var for var in flatten(inp) if var is not None]


def as_tensors(xs):
    if isinstance(xs, framework.Variable):
        return (xs,)
    if isinstance(xs, typing.Sequence):
        return tuple(xs)
    return xs
