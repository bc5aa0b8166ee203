"""``paddle.base.dygraph``: ``guard``, ``to_variable``, ``no_grad``, the dygraph switches."""

from . import base
from .base import disable_dygraph, enable_dygraph, enabled, grad, guard, no_grad, no_grad_, to_variable

__all__ = []
_ = (base, disable_dygraph, enable_dygraph, enabled, grad, guard, no_grad, no_grad_, to_variable)
