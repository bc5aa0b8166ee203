"""``paddle.incubate.autograd``: functional differentiation on torch autograd; the primitive-operator
(``prim``) switches belong to Paddle's static graph."""

from ..._stubs import define_stubs
from .functional import Hessian, Jacobian, jvp, vjp
from .primapi import forward_grad, grad, prim2orig
from .utils import disable_prim, enable_prim, prim_enabled  # the switch itself, as Paddle's (static only)

__all__ = define_stubs(globals(), "paddle.incubate.autograd", [
    "vjp", "jvp", "Jacobian", "Hessian", "enable_prim", "disable_prim", "forward_grad", "grad", "prim2orig",
    "prim_enabled",
], "static-graph primitive operator rewriting is not implemented by paddle-compat")
