"""``paddle.utils.dlpack``: DLPack capsules in and out, without copies, through ``torch.utils.dlpack``."""

import torch

from .._core.tensor import Tensor, wrap
from ..framework.misc import in_dynamic_mode as in_dygraph_mode  # noqa: F401 - Paddle's module exposes it

__all__ = ["to_dlpack", "from_dlpack"]


def to_dlpack(x):
    """Encode the Tensor ``x`` as a DLPack ``PyCapsule`` sharing its memory."""
    from torch.utils.dlpack import to_dlpack as _torch_to_dlpack

    if not isinstance(x, Tensor):
        raise TypeError(f"The type of 'x' in to_dlpack must be paddle.Tensor, but received {type(x)}.")
    return _torch_to_dlpack(x._t.detach())


def from_dlpack(dlpack):
    """Decode a DLPack ``PyCapsule`` into a Tensor over the same memory (a bool tensor comes back as uint8,
    as in Paddle)."""
    from torch.utils.dlpack import from_dlpack as _torch_from_dlpack

    kind = type(dlpack)
    if not (kind.__module__ == "builtins" and kind.__name__ == "PyCapsule"):
        raise TypeError(f"The type of 'dlpack' in from_dlpack must be PyCapsule object, but received {kind}.")
    try:
        t = _torch_from_dlpack(dlpack)
    except RuntimeError as e:
        raise ValueError(f"(InvalidArgument) {e}") from None
    if t.dtype is torch.bool:
        t = t.view(torch.uint8)
    return wrap(t)


def __getattr__(name):
    # Paddle's module imports check_type from paddle.base.data_feeder; paddle.base loads only on first use here.
    if name == "check_type":
        from ..base.data_feeder import check_type

        return check_type
    if name == "LoDTensor":  # Paddle's module imports core's LoDTensor too
        from ..base.executor import LoDTensor

        return LoDTensor
    raise AttributeError(f"module 'paddle.utils.dlpack' has no attribute '{name}'")
