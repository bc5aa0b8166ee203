"""``python -m paddle.distributed.launch``: Paddle's launcher options on torch's elastic agent."""

from .main import launch

__all__ = []
