"""``paddle.distributed.utils``: helpers of the legacy collective launcher (``launch_utils``), loggers,
NCCL version checks and the MoE all-to-all exchanges (``moe_utils``)."""

__all__ = []
