"""Remote calls between named workers on ``torch.distributed.rpc``.

Workers find each other through a TCP store at ``master_endpoint`` (``PADDLE_MASTER_ENDPOINT``); each
reports a ``WorkerInfo`` with Paddle's fields. ``ip``/``port`` are this worker's endpoint as Paddle computes
it (``PADDLE_WORKER_ENDPOINT``, or the host address and a free port); torch's TensorPipe agent listens on
ports of its own choosing.
"""

import os
import socket

__all__ = []

_DEFAULT_RPC_TIMEOUT = -1
_state = {"infos": None, "current": None}


class WorkerInfo:
    """A worker's ``name``, ``rank``, ``ip`` and ``port``."""

    __slots__ = ("name", "rank", "ip", "port")

    def __init__(self, name, rank, ip, port):
        self.name, self.rank, self.ip, self.port = name, rank, ip, port

    def __repr__(self):
        return f"{{name: {self.name}, rank: {self.rank}, ip: {self.ip}, port: {self.port}}}"

    __str__ = __repr__

    def __reduce__(self):
        return WorkerInfo, (self.name, self.rank, self.ip, self.port)


def _worker_endpoint():
    endpoint = os.getenv("PADDLE_WORKER_ENDPOINT")
    if endpoint:
        return endpoint
    from ..spawn import _free_ports

    try:
        ip = socket.gethostbyname(socket.gethostname())
    except OSError:
        ip = "127.0.0.1"
    return f"{ip}:{_free_ports(1)[0]}"


def init_rpc(name, rank=None, world_size=None, master_endpoint=None):
    """Start this process's RPC agent as worker ``name`` and wait for all ``world_size`` workers."""
    import torch.distributed.rpc as torch_rpc

    rank = int(os.environ["PADDLE_TRAINER_ID"]) if rank is None else rank
    world_size = int(os.environ["PADDLE_TRAINERS_NUM"]) if world_size is None else world_size
    master_endpoint = master_endpoint if master_endpoint is not None else os.environ["PADDLE_MASTER_ENDPOINT"]
    ip, port = _worker_endpoint().split(":")
    options = torch_rpc.TensorPipeRpcBackendOptions(init_method=f"tcp://{master_endpoint}",
                                                    rpc_timeout=int(os.getenv("FLAGS_stop_check_timeout", "900")))
    torch_rpc.init_rpc(name, rank=rank, world_size=world_size, rpc_backend_options=options)
    current = WorkerInfo(name, rank, ip, int(port))
    gathered = torch_rpc.api._all_gather(current)
    infos = sorted(gathered.values(), key=lambda info: info.rank)
    names = [info.name for info in infos]
    assert len(set(names)) == len(names), "The Worker name must be unique, but name `{}` is repeated."
    _state["infos"], _state["current"] = infos, current


def _timeout(timeout):
    return 0 if timeout is None or timeout <= 0 else timeout  # torch: 0 waits forever, as Paddle's -1


def rpc_sync(to, fn, args=None, kwargs=None, timeout=_DEFAULT_RPC_TIMEOUT):
    """Run ``fn(*args, **kwargs)`` on worker ``to`` and return its result (its exception is raised here)."""
    _require_init()
    import torch.distributed.rpc as torch_rpc

    return torch_rpc.rpc_sync(to, fn, args=tuple(args) if args else (), kwargs=kwargs or {},
                              timeout=_timeout(timeout))


def rpc_async(to, fn, args=None, kwargs=None, timeout=_DEFAULT_RPC_TIMEOUT):
    """Like ``rpc_sync`` but returns a future; ``wait()`` gives the result."""
    _require_init()
    import torch.distributed.rpc as torch_rpc

    return torch_rpc.rpc_async(to, fn, args=tuple(args) if args else (), kwargs=kwargs or {},
                               timeout=_timeout(timeout))


def shutdown():
    """Wait for every worker's outstanding calls, then stop this worker's agent."""
    _require_init()
    import torch.distributed.rpc as torch_rpc

    torch_rpc.shutdown()
    _state["infos"], _state["current"] = None, None


def _require_init():
    if _state["current"] is None:
        raise SystemError("(Fatal) RpcAgent is not set, please calling paddle.distributed.rpc.int_rpc() to init rpc "
                          "agent.")


def get_worker_info(name):
    _require_init()
    for info in _state["infos"]:
        if info.name == name:
            return info
    raise ValueError(f"Unknown worker name: {name}")


def get_all_worker_infos():
    _require_init()
    return list(_state["infos"])


def get_current_worker_info():
    _require_init()
    return _state["current"]
