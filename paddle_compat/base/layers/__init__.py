"""``paddle.base.layers``: what is left of fluid.layers in 2.6.2 (``math_op_patch``, ``io``,
``layer_function_generator``); the layer functions themselves moved to ``paddle.static.nn`` and ``paddle``."""

from . import io, layer_function_generator, math_op_patch

__all__ = []
_ = (io, layer_function_generator, math_op_patch)
