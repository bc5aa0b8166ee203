"""``paddle.distributed.rpc`` on ``torch.distributed.rpc`` (TensorPipe agent)."""

from .rpc import (
    get_all_worker_infos,
    get_current_worker_info,
    get_worker_info,
    init_rpc,
    rpc_async,
    rpc_sync,
    shutdown,
)

__all__ = ["init_rpc", "shutdown", "rpc_async", "rpc_sync", "get_worker_info", "get_all_worker_infos",
           "get_current_worker_info"]
