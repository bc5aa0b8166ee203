"""``paddle.jit.dy2static``: the objects ``paddle.jit.to_static`` returns."""

from .program_translator import (  # noqa: F401
    ASTStaticFunction,
    ConcreteProgram,
    ProgramCache,
    StaticFunction,
    SymbolicStaticFunction,
)
