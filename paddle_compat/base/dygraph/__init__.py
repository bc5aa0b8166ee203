"""``paddle.base.dygraph``: ``guard``, ``to_variable``, ``no_grad``, the dygraph switches."""

from . import base
from .base import Tracer, disable_dygraph, enable_dygraph, enabled, grad, guard, no_grad, no_grad_, to_variable

__all__ = []
_ = (Tracer, base, disable_dygraph, enable_dygraph, enabled, grad, guard, no_grad, no_grad_, to_variable)
