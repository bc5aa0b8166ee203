"""``paddle.distributed`` on torch.distributed: process groups (gloo on CPU, NCCL on CUDA), collectives on our
Tensors' torch storage, ``spawn`` on torch.multiprocessing, ``python -m paddle.distributed.launch`` on torch's
elastic agent, and ``paddle.DataParallel`` on DistributedDataParallel."""

from . import communication, entry_attr, io, rpc
from .collective import is_available, new_group
from .communication import (
    P2POp,
    ReduceOp,
    all_gather,
    all_gather_object,
    all_reduce,
    alltoall,
    alltoall_single,
    barrier,
    batch_isend_irecv,
    broadcast,
    broadcast_object_list,
    destroy_process_group,
    gather,
    get_backend,
    get_group,
    irecv,
    is_initialized,
    isend,
    recv,
    reduce,
    reduce_scatter,
    scatter,
    scatter_object_list,
    send,
    wait,
)
from .communication import stream
from .entry_attr import CountFilterEntry, ProbabilityEntry, ShowClickEntry
from .fleet.dataset import BoxPSDataset, InMemoryDataset, QueueDataset
from .parallel_with_gloo import gloo_barrier, gloo_init_parallel_env, gloo_release
from .parallel import DataParallel, ParallelEnv, get_rank, get_world_size, init_parallel_env
from .spawn import spawn

__all__ = [
    "spawn", "scatter", "gather", "scatter_object_list", "broadcast", "broadcast_object_list", "ParallelEnv",
    "new_group", "init_parallel_env", "get_world_size", "get_group", "all_gather", "all_gather_object",
    "barrier", "all_reduce", "alltoall", "alltoall_single", "send", "reduce", "recv", "ReduceOp", "wait",
    "get_rank", "is_initialized", "destroy_process_group", "isend", "irecv", "reduce_scatter", "is_available",
    "get_backend", "gloo_init_parallel_env", "gloo_barrier", "gloo_release",
    "CountFilterEntry", "ShowClickEntry", "ProbabilityEntry", "InMemoryDataset", "QueueDataset",
]
from .auto_parallel.api import (  # noqa: E402
    DistAttr, Strategy, dtensor_from_fn, reshard, shard_layer, shard_optimizer, shard_tensor,
)
from .auto_parallel._dist_model import to_static  # noqa: E402
from .auto_parallel.interface import shard_op  # noqa: E402
from .auto_parallel.placement_type import Partial, Placement, ReduceType, Replicate, Shard  # noqa: E402
from .auto_parallel.process_mesh import ProcessMesh  # noqa: E402
from .checkpoint.load_state_dict import load_state_dict  # noqa: E402
from .checkpoint.save_state_dict import save_state_dict  # noqa: E402

__all__ += ["ProcessMesh", "DistAttr", "shard_tensor", "dtensor_from_fn", "reshard", "shard_layer", "ReduceType",
            "Placement", "Shard", "Replicate", "Partial", "save_state_dict", "load_state_dict", "shard_optimizer",
            "Strategy", "shard_op", "to_static"]

from . import fleet  # noqa: E402
from .fleet.base.topology import ParallelMode  # noqa: E402
from .fleet.layers.mpu.mp_ops import split  # noqa: E402
from .sharding import group_sharded_parallel, save_group_sharded_model  # noqa: E402

__all__ += ["split", "ParallelMode"]
from .launch.main import launch  # noqa: E402  (the function, as in Paddle, not the package)

__all__.insert(1, "launch")


def _register_paddle_names():
    # Imported after `import paddle` (this namespace is lazy): register our loaded submodules under their
    # paddle.* names now, as the facade does for modules loaded before it. Otherwise a first
    # `import paddle.distributed.launch.main` would rebind `paddle.distributed.launch` from the launch
    # function (Paddle's attribute) to the package.
    import sys

    paddle = sys.modules.get("paddle")
    if paddle is None or getattr(paddle, "__file__", None) != sys.modules["paddle_compat"].__file__:
        return
    for name, module in list(sys.modules.items()):
        if name.startswith(__name__ + "."):
            sys.modules.setdefault("paddle" + name[len("paddle_compat"):], module)


_register_paddle_names()
