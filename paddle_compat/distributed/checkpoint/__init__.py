"""``paddle.distributed.checkpoint``: save_state_dict/load_state_dict in Paddle's layout (``{id}.metadata`` +
``{rank}_{id}.distcp`` in paddle.save format) on torch.distributed.checkpoint's planners (resharding on load)."""

from .load_state_dict import load_state_dict  # noqa: F401
from .save_state_dict import save_state_dict  # noqa: F401

__all__ = []
