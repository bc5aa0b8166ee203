"""Process groups (``new_group``) on torch.distributed; the default group is made by ``init_parallel_env``."""

import datetime
import os

from .communication.group import Group, _add_new_group, _get_global_group, _GroupManager

__all__ = []

_default_group_name = "_default_pg"
_valid_backend_list = ["nccl", "gloo", "heter", "xccl", "bkcl"]
_default_timeout = datetime.timedelta(seconds=1800)
_default_backend = None
_start_ring_id = 0


def _reset():
    global _default_backend, _start_ring_id
    _default_backend = None
    _start_ring_id = 0


def _barrier_quietly(torch_dist):
    try:
        torch_dist.barrier()
    except Exception:  # noqa: BLE001 - a peer that already died
        pass


def _destroy_at_exit():
    import threading

    import torch.distributed as torch_dist

    if not torch_dist.is_initialized():
        return
    if torch_dist.get_world_size() > 1 and torch_dist.get_backend() == "gloo":
        # Let every rank arrive first: a rank that tears its gloo pairs down while a peer still uses them makes
        # the peer's gloo thread throw, which aborts that process at exit. A peer that never arrives has failed
        # (or is stuck in a collective the launcher will end): then leave the group to the process's end.
        waiter = threading.Thread(target=_barrier_quietly, args=(torch_dist,), daemon=True)
        waiter.start()
        waiter.join(10)
        if waiter.is_alive():
            return
    try:
        from .communication.group import _GroupManager, destroy_process_group

        if _GroupManager.group_map_by_id:
            destroy_process_group()
        else:
            torch_dist.destroy_process_group()
    except Exception:  # noqa: BLE001 - best effort at exit; the process is ending either way
        pass


def _new_ring_id():
    # Paddle numbers new groups after the nccl rings it reserves (at least 9), so the first is 10.
    global _start_ring_id
    from .parallel import _get_global_parallel_env

    _start_ring_id += 1
    return _start_ring_id + max(_get_global_parallel_env().nrings, 9)


def _resolve_backend(backend):
    import torch

    if backend in (None, "auto"):
        return "nccl" if torch.cuda.is_available() else "gloo"
    if backend not in ("nccl", "gloo"):
        raise NotImplementedError(
            f"backend {backend!r} is not available in paddle-compat: torch.distributed offers 'gloo' (CPU) "
            "and 'nccl' (CUDA)")
    return backend


def _make_group(rank, gid, ranks, pg, name, backend):
    group = Group(rank, gid, ranks, pg=pg, name=name)
    group._backend_name = backend.upper()
    return group


def _init_default_group(backend, rank, world_size, master_endpoint, timeout):
    import torch.distributed as torch_dist

    if not torch_dist.is_initialized():
        if os.environ.get("MASTER_ADDR") and os.environ.get("MASTER_PORT"):
            # torchrun / our launcher: torch's env:// rendezvous (it reuses the elastic agent's store).
            init_method = "env://"
        else:
            init_method = f"tcp://{master_endpoint}"
        torch_dist.init_process_group(backend, init_method=init_method, rank=rank, world_size=world_size,
                                      timeout=timeout)
        import atexit

        # Tear torch's group down before the interpreter does: gloo threads still alive at static destruction
        # occasionally abort the process ("terminate called without an active exception").
        atexit.register(_destroy_at_exit)
    global _default_backend
    _default_backend = backend
    group = _make_group(rank, _GroupManager.global_group_id, list(range(world_size)), torch_dist.group.WORLD,
                        _default_group_name, backend)
    _add_new_group(group)
    return group


def new_group(ranks=None, backend=None, timeout=_default_timeout):
    """A group of ``ranks`` (global ranks); like Paddle, every rank calls it, members or not."""
    import torch.distributed as torch_dist

    from .communication.group import is_initialized

    assert is_initialized(), (
        "Call paddle.distributed.init_parallel_env first to initialize the distributed environment.")
    global_group = _get_global_group()
    gid = _new_ring_id()
    name = _default_group_name + str(gid)
    backend = _default_backend if backend is None else _resolve_backend(backend)
    if ranks is None:
        ranks = global_group.ranks
    assert len(ranks) <= len(global_group.ranks), (
        "Size of new group must be less than or equal to that of the default global group.")
    ranks = sorted(ranks)
    pg = None
    rank = -1
    if len(ranks) > 1:
        # torch needs every rank of the world to enter new_group, members or not.
        torch_pg = torch_dist.new_group(ranks, timeout=timeout, backend=backend)
        if global_group.rank in ranks:
            rank = ranks.index(global_group.rank)
            pg = torch_pg
    group = _make_group(rank, gid, ranks, pg, name, backend)
    _add_new_group(group)
    return group


def is_available():
    import torch.distributed as torch_dist

    return torch_dist.is_available()
