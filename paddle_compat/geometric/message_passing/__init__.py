"""``paddle.geometric.message_passing``."""

from . import send_recv, utils  # noqa: F401 - Paddle's submodules
from .send_recv import send_u_recv, send_ue_recv, send_uv

__all__ = ["send_u_recv", "send_ue_recv", "send_uv"]
