"""``paddle.base.executor``: the static-graph Executor and scopes, static graph only."""

from .._stubs import define_stubs

__all__ = define_stubs(globals(), "paddle.base.executor", ["Executor", "global_scope", "scope_guard"],
                       "static graph mode (paddle.enable_static) is a later milestone")
