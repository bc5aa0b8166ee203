"""``paddle.tensor.to_string``: Tensor printing (implemented in ``paddle_compat._core.printing``)."""

from .._core.printing import (  # noqa: F401
    OPTIONS as DEFAULT_PRINT_OPTIONS,
)
from .._core.printing import (
    tensor_to_string,
)

__all__ = []


def to_string(var, prefix="Tensor"):
    """The printed form of ``var`` (dygraph: the Tensor's repr)."""
    return tensor_to_string(var, prefix)
