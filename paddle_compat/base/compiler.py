"""``paddle.base.compiler``: compiled static programs, static graph only."""

from .._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.base.compiler", [
    "CompiledProgram", "BuildStrategy", "ExecutionStrategy", "IpuCompiledProgram", "IpuStrategy",
], "static graph mode (paddle.enable_static) is a later milestone")
