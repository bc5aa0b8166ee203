"""``paddle.distributed`` (milestone: collectives and fleet on torch.distributed).

Real now: the process-environment queries Paddle scripts and ``paddle.Model`` read on one process.
"""

import os

from .._stubs import define_stubs

_MILESTONE = "collectives/fleet on torch.distributed are a later milestone"


def _torch_dist():
    import torch.distributed as dist

    return dist if dist.is_available() and dist.is_initialized() else None


def get_rank(group=None):
    dist = _torch_dist()
    if dist is not None:
        return dist.get_rank(group)
    return int(os.environ.get("PADDLE_TRAINER_ID", os.environ.get("RANK", 0)))


def get_world_size(group=None):
    dist = _torch_dist()
    if dist is not None:
        return dist.get_world_size(group)
    return int(os.environ.get("PADDLE_TRAINERS_NUM", os.environ.get("WORLD_SIZE", 1)))


def is_initialized():
    return _torch_dist() is not None


def is_available():
    import torch.distributed as dist

    return dist.is_available()


class ParallelEnv:
    """Rank/world-size/device of this process, read from Paddle's (or torchrun's) environment."""

    @property
    def rank(self):
        return get_rank()

    local_rank = rank

    @property
    def world_size(self):
        return get_world_size()

    nranks = world_size

    @property
    def device_id(self):
        return int(os.environ.get("FLAGS_selected_gpus", os.environ.get("LOCAL_RANK", 0)))

    dev_id = device_id

    @property
    def device_type(self):
        return os.environ.get("PADDLE_XCCL_BACKEND", "gpu")

    @property
    def current_endpoint(self):
        return os.environ.get("PADDLE_CURRENT_ENDPOINT", "")

    @property
    def trainer_endpoints(self):
        endpoints = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "")
        return endpoints.split(",") if endpoints else []

    @property
    def nrings(self):
        return int(os.environ.get("FLAGS_nccl_nrings", "1"))


from . import fleet
from .parallel import DataParallel

__all__ = ["get_rank", "get_world_size", "is_initialized", "is_available", "ParallelEnv"]
__all__ += define_stubs(globals(), "paddle.distributed", [
    "io", "spawn", "launch", "scatter", "gather", "scatter_object_list", "broadcast", "broadcast_object_list",
    "new_group", "init_parallel_env", "gloo_init_parallel_env", "gloo_barrier", "gloo_release", "QueueDataset",
    "split", "CountFilterEntry", "ShowClickEntry", "get_group", "all_gather", "all_gather_object",
    "InMemoryDataset", "barrier", "all_reduce", "alltoall", "alltoall_single", "send", "reduce", "recv",
    "ReduceOp", "wait", "ProbabilityEntry", "ParallelMode", "destroy_process_group", "isend", "irecv",
    "reduce_scatter", "get_backend", "ProcessMesh", "DistAttr", "shard_tensor", "dtensor_from_fn", "reshard",
    "shard_layer", "ReduceType", "Placement", "Shard", "Replicate", "Partial", "save_state_dict",
    "load_state_dict", "shard_optimizer", "to_static", "Strategy",
], _MILESTONE)
