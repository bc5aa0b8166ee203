"""The static-graph objects that dygraph code still touches: ``Program``, ``Block``, ``Variable``, ``Parameter``.

In Paddle 2.6.2 dygraph, ``Tensor.block`` is the global block of the default main program (PaddleSeg passes
``param.block`` to initializers), ``paddle.static.default_main_program()`` answers an empty program, and
``isinstance(tensor, Variable)`` is True (model code tests it to accept tensors). Those parts are real here;
anything that builds or runs a static graph (``append_op``, ``create_var``, ``clone``...) raises
NotImplementedError naming the API: static mode is a later milestone (issue static).
Kept free of heavy imports: ``paddle.static`` imports it on the ``import paddle`` path.
"""

import contextlib

__all__ = ["Program", "Block", "Variable", "Parameter", "default_main_program", "default_startup_program",
           "program_guard", "switch_main_program", "switch_startup_program", "static_only_error"]

_STATIC = "static graph mode (paddle.enable_static) is a later milestone of paddle-compat"


def static_only_error(qualname):
    return NotImplementedError(f"{qualname} builds or runs a static graph; {_STATIC}.")


def _tensor_class():
    from .._core.tensor import Tensor

    return Tensor


def _param_class():
    from .._core.tensor import Parameter as EagerParamBase

    return EagerParamBase


class Block:
    """One block of a Program; in dygraph only the empty global block exists."""

    def __init__(self, program, idx):
        self.program = program
        self.idx = idx
        self.parent_idx = -1
        self.forward_block_idx = -1
        self.backward_block_idx = -1
        self.vars = {}
        self.ops = []

    def to_string(self, throw_on_error=False, with_details=False):
        return (f"{{ // block_idx:{self.idx}  parent_idx:{self.parent_idx}  forward_idx:{self.forward_block_idx}  "
                f"backward_idx:{self.backward_block_idx}\n\n}}")

    __str__ = __repr__ = to_string

    def var(self, name):
        if not isinstance(name, str):
            raise TypeError(f"var require string as parameter, but get {type(name)} instead.")
        if name not in self.vars:
            raise ValueError(f"var {name} not in this block")
        return self.vars[name]

    def has_var(self, name):
        return name in self.vars

    def all_parameters(self):
        return []

    def iter_parameters(self):
        return iter(())

    def _static(self, what):
        raise static_only_error(f"paddle.base.framework.Block.{what}")

    def create_var(self, *args, **kwargs):
        self._static("create_var")

    def create_parameter(self, *args, **kwargs):
        self._static("create_parameter")

    def append_op(self, *args, **kwargs):
        self._static("append_op")

    def _prepend_op(self, *args, **kwargs):
        self._static("_prepend_op")

    def _insert_op(self, *args, **kwargs):
        self._static("_insert_op")

    def _remove_op(self, *args, **kwargs):
        self._static("_remove_op")

    def _remove_var(self, *args, **kwargs):
        self._static("_remove_var")


class Program:
    """A Program holding only its global block: what dygraph code can observe of one."""

    def __init__(self):
        self.blocks = [Block(self, 0)]
        self.current_block_idx = 0
        self.random_seed = 0

    def global_seed(self, seed=0):
        global _global_program_seed
        _global_program_seed = seed
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

    def list_vars(self):
        return iter(())

    def all_parameters(self):
        return []

    def to_string(self, throw_on_error=False, with_details=False):
        return "".join(b.to_string(throw_on_error, with_details) + "\n" for b in self.blocks)

    __str__ = __repr__ = to_string

    def clone(self, for_test=False):
        copy = Program()  # nothing was recorded into it in dygraph: a copy is another empty program
        copy.random_seed = self.random_seed
        return copy

    def state_dict(self, mode="all", scope=None):
        raise static_only_error("paddle.static.Program.state_dict")

    def set_state_dict(self, state_dict, scope=None):
        raise static_only_error("paddle.static.Program.set_state_dict")

    @staticmethod
    def parse_from_string(binary_str):
        raise static_only_error("paddle.static.Program.parse_from_string")


class _VariableMeta(type):
    # Paddle 2.6.2: in dygraph, isinstance(tensor, Variable) is True (its metaclass checks for eager tensors)
    def __instancecheck__(cls, instance):
        return isinstance(instance, _tensor_class()) or type.__instancecheck__(cls, instance)


class _ParameterMeta(_VariableMeta):
    def __instancecheck__(cls, instance):
        return isinstance(instance, _param_class()) or type.__instancecheck__(cls, instance)




class Variable(metaclass=_VariableMeta):
    """A static-graph variable; in dygraph every ``paddle.Tensor`` counts as one for ``isinstance``."""

    def __init__(self, block, type=None, name=None, shape=None, dtype=None, lod_level=None,  # noqa: A002
                 capacity=None, persistable=None, error_clip=None, stop_gradient=False, is_data=False,
                 need_check_feed=False, belong_to_optimizer=False, **kwargs):
        raise static_only_error("paddle.static.Variable")


class Parameter(Variable, metaclass=_ParameterMeta):
    """A static-graph parameter; in dygraph every Layer parameter (``EagerParamBase``) counts as one."""

    def __init__(self, block, shape, dtype, type=None, **kwargs):  # noqa: A002
        raise static_only_error("paddle.base.framework.Parameter")


_global_program_seed = 0
_main_program = Program()
_startup_program = Program()


def default_main_program():
    return _main_program


def default_startup_program():
    return _startup_program


def switch_main_program(program):
    global _main_program
    previous, _main_program = _main_program, program
    return previous


def switch_startup_program(program):
    global _startup_program
    previous, _startup_program = _startup_program, program
    return previous


@contextlib.contextmanager
def program_guard(main_program, startup_program=None):
    """Switch the default programs inside the ``with`` block (in dygraph, ops still run eagerly, as in Paddle)."""
    previous_main = switch_main_program(main_program)
    if startup_program is not None:
        previous_startup = switch_startup_program(startup_program)
    try:
        yield
    finally:
        switch_main_program(previous_main)
        if startup_program is not None:
            switch_startup_program(previous_startup)


for _cls in (Block, Program, Variable, Parameter):
    _cls.__module__ = "paddle.base.framework"
del _cls
