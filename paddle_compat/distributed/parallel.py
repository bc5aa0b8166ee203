"""``init_parallel_env``, ``ParallelEnv``, rank queries and ``paddle.DataParallel`` (torch
DistributedDataParallel over the Layer's torch Module view when there are several ranks)."""

import contextlib
import datetime
import os
import warnings

from ..nn import Layer

__all__ = []


def _int_env(*names, default):
    for name in names:
        value = os.environ.get(name)
        if value not in (None, ""):
            return int(value)
    return default


def _cuda_available():
    import torch

    return torch.cuda.is_available()


class ParallelEnv:
    """This process's place in the job, read from Paddle's launcher environment (``PADDLE_TRAINER_ID``,
    ``PADDLE_TRAINERS_NUM``, ...; torchrun's ``RANK``/``WORLD_SIZE`` when Paddle's are absent)."""

    def __init__(self):
        self._rank = _int_env("PADDLE_TRAINER_ID", "RANK", default=0)
        self._world_size = _int_env("PADDLE_TRAINERS_NUM", "WORLD_SIZE", default=1)
        self._device_type = str(os.getenv("PADDLE_XCCL_BACKEND", ""))
        self._pg_timeout = int(os.getenv("PADDLE_PG_TIMEOUT", "1800000"))
        if self._device_type != "":
            self._device_id = int(os.getenv(f"FLAGS_selected_{self._device_type}s", "0").split(",")[0])
        elif _cuda_available():
            default = os.getenv("LOCAL_RANK", "0")
            self._device_id = int(os.getenv("FLAGS_selected_gpus", default).split(",")[0])
        # A CPU-only Paddle never sets _device_id, so reading device_id raises AttributeError there too.
        self._trainer_endpoints = os.getenv("PADDLE_TRAINER_ENDPOINTS", "").split(",")
        self._current_endpoint = os.getenv("PADDLE_CURRENT_ENDPOINT", "")
        self._nrings = int(os.getenv("FLAGS_nccl_nrings", "1"))
        assert self._nrings > 0, "nccl_nrings must be an integer greater than 0."
        assert self._nrings < 9, "nccl_nrings should be less than 9, which is enough in most scenarios."

    @property
    def rank(self):
        return self._rank

    @property
    def world_size(self):
        return self._world_size

    @property
    def device_id(self):
        return self._device_id

    @property
    def device_type(self):
        return self._device_type

    @property
    def current_endpoint(self):
        return self._current_endpoint

    @property
    def trainer_endpoints(self):
        return self._trainer_endpoints

    @property
    def nrings(self):
        return self._nrings

    @property
    def pg_timeout(self):
        return self._pg_timeout

    local_rank = rank
    nranks = world_size
    dev_id = device_id


_global_parallel_env = None


def _get_global_parallel_env():
    global _global_parallel_env
    if _global_parallel_env is None:
        _global_parallel_env = ParallelEnv()
    return _global_parallel_env


def _master_endpoint(parallel_env):
    master_addr, master_port = os.getenv("MASTER_ADDR"), os.getenv("MASTER_PORT")
    if master_addr and master_port:
        return f"{master_addr}:{master_port}"
    endpoint = os.getenv("PADDLE_MASTER") or parallel_env.trainer_endpoints[0]
    assert endpoint, (
        "The environment variable 'MASTER_ADDR' and 'MASTER_PORT' must be specified, for example "
        "'export MASTER_ADDR=127.0.0.1' and 'export MASTER_ADDR=54612'. Or you can start your training"
        "with paddle.distributed.run module.")
    return endpoint


def init_parallel_env():
    """Create the default process group from the launcher's environment (gloo on CPU, NCCL on CUDA) and
    return it; on one process warn and return None, as Paddle does."""
    from . import collective
    from .communication.group import _GroupManager

    global _global_parallel_env
    _global_parallel_env = parallel_env = ParallelEnv()
    if parallel_env.world_size < 2:
        warnings.warn("Currently not a parallel execution environment, `paddle.distributed.init_parallel_env` "
                      "will not do anything.")
        return None
    existing = _GroupManager.group_map_by_id.get(_GroupManager.global_group_id)
    if existing is not None:
        return existing
    backend = collective._resolve_backend(os.environ.get("PADDLE_DISTRI_BACKEND", "auto"))
    rank, world_size = parallel_env.rank, parallel_env.world_size
    assert rank >= 0 and world_size > rank and world_size > 1, (
        "rank must be non-negative and world_size must be the maximum rank plus one. Moreover, at least two "
        "processes are required to create a process group.")
    if backend == "nccl":
        import torch

        torch.cuda.set_device(parallel_env.device_id)
        from ..device import set_device

        set_device(f"gpu:{parallel_env.device_id}")
    timeout = datetime.timedelta(milliseconds=parallel_env.pg_timeout)
    return collective._init_default_group(backend, rank, world_size, _master_endpoint(parallel_env), timeout)


def get_rank(group=None):
    """Rank of this process in ``group`` (the global one by default; -1 when not a member)."""
    if group is not None:
        return group.rank
    return _get_global_parallel_env().rank


def get_world_size(group=None):
    """Number of ranks in ``group`` (the global one by default)."""
    if group is None:
        from .communication.group import _GroupManager

        group = _GroupManager.group_map_by_id.get(_GroupManager.global_group_id)
    if group is not None:
        return group.world_size
    return _get_global_parallel_env().world_size


def sync_params_buffers(model, comm_group=None, src_rank=0, is_model_parallel=False, fuse_params=True):
    """Broadcast ``model``'s parameters and buffers from ``src_rank`` over ``comm_group`` (in fused buffers
    when ``fuse_params``), skipping model-parallel-split and ``no_sync`` parameters like Paddle."""
    import torch
    from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors

    from .._core.tensor import wrap
    from .communication import broadcast

    model_vars = []
    for param in model._obtain_parameters_buffers().values():
        if is_model_parallel and getattr(param, "is_distributed", False):
            continue
        if getattr(param, "no_sync", False):
            continue
        model_vars.append(param._t)
    if not model_vars:
        return
    with torch.no_grad():
        if not fuse_params:
            for var in model_vars:
                broadcast(wrap(var), src=src_rank, group=comm_group, sync_op=True)
            return
        by_dtype = {}
        for var in model_vars:
            by_dtype.setdefault(var.dtype, []).append(var)
        for same_dtype in by_dtype.values():
            flat = _flatten_dense_tensors(same_dtype)
            broadcast(wrap(flat), src=src_rank, group=comm_group, sync_op=True)
            for var, synced in zip(same_dtype, _unflatten_dense_tensors(flat, same_dtype)):
                var.copy_(synced)


class DataParallel(Layer):
    """Data-parallel training of ``layers``: one process falls back to the plain layer (as Paddle does); with
    several ranks, torch ``DistributedDataParallel`` over the layer's torch view averages the gradients."""

    def __init__(self, layers, strategy=None, comm_buffer_size=25, last_comm_buffer_size=1,
                 find_unused_parameters=False, group=None):
        super().__init__(layers.full_name() + "_data_parallel")
        self._layers = layers
        self.find_unused_parameters = find_unused_parameters
        self.grad_need_sync = True
        self.group = group
        self._strategy = strategy
        self.comm_buffer_size = int(comm_buffer_size * 1024 * 1024)
        self.last_comm_buffer_size = int(last_comm_buffer_size * 1024 * 1024)
        nranks = getattr(strategy, "nranks", None) or get_world_size(group)
        self.__dict__["_ddp"] = None
        if nranks > 1:
            self.__dict__["_ddp"] = self._build_ddp(comm_buffer_size, last_comm_buffer_size, group)
        else:
            warnings.warn(
                "The program will return to single-card operation. Please check 1, whether you use spawn or "
                "fleetrun to start the program. 2, Whether it is a multi-card program. 3, Is the current "
                "environment multi-card.")

    def _build_ddp(self, comm_buffer_size, last_comm_buffer_size, group):
        import torch.distributed as torch_dist
        from torch.nn.parallel import DistributedDataParallel

        from .communication.group import is_initialized

        assert is_initialized(), ("ParallelContext must be initialized before. You should use init_parallel_env() "
                                  "beforeconstructing the DataParallel.")
        module = self._layers._torch_module()
        device_ids = None
        for param in module.parameters():
            if param.is_cuda:
                device_ids = [param.device.index]
            break
        process_group = group.process_group if group is not None else torch_dist.group.WORLD
        # Paddle's reducer groups gradients by [last_comm_buffer_size, comm_buffer_size, comm_buffer_size, ...]
        # MB (the small first group holds the gradients ready first, so communication overlaps the backward);
        # torch's per-bucket limits are the same rule.
        return DistributedDataParallel(module, device_ids=device_ids, process_group=process_group,
                                       bucket_cap_mb_list=[last_comm_buffer_size, comm_buffer_size],
                                       find_unused_parameters=self.find_unused_parameters)

    def forward(self, *inputs, **kwargs):
        ddp = self.__dict__["_ddp"]
        if ddp is None:
            return self._layers(*inputs, **kwargs)
        from ..nn.layer.layers import _to_paddle_tree, _to_torch_tree

        return _to_paddle_tree(ddp(*_to_torch_tree(inputs), **_to_torch_tree(kwargs)))

    @contextlib.contextmanager
    def no_sync(self):
        """Accumulate gradients locally (no all-reduce) for the backward passes run inside."""
        previous, self.grad_need_sync = self.grad_need_sync, False
        ddp = self.__dict__["_ddp"]
        try:
            if ddp is None:
                yield
            else:
                with ddp.no_sync():
                    yield
        finally:
            self.grad_need_sync = previous

    def scale_loss(self, loss):
        return loss

    def apply_collective_grads(self):
        return None

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix=""):
        return self._layers.state_dict(destination=destination, include_sublayers=include_sublayers,
                                       structured_name_prefix=structured_name_prefix)

    def set_state_dict(self, state_dict, use_structured_name=True):
        return self._layers.set_state_dict(state_dict, use_structured_name=use_structured_name)

    set_dict = set_state_dict
    load_dict = set_state_dict
