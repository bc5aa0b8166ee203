"""``paddle.base.incubate``: only ``checkpoint`` (the auto-checkpoint of the parameter-server trainers), which
paddle-compat does not support."""

from . import checkpoint

__all__ = []
_ = checkpoint
