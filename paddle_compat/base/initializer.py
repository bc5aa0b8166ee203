"""``paddle.base.initializer``: the global initializer switch (the initializers live in paddle.nn.initializer)."""

from ..nn.initializer import (
    _global_bias_initializer,
    _global_weight_initializer,
    set_global_initializer,
)

__all__ = ["set_global_initializer"]
_ = (_global_bias_initializer, _global_weight_initializer)
