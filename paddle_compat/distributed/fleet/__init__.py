"""``paddle.distributed.fleet``: ``fleet.init`` and the worker queries, ``DistributedStrategy``, the hybrid
communicate group, ``distributed_model``/``distributed_optimizer`` (data and tensor parallel), the
tensor-parallel, pipeline and sharding layers (``meta_parallel``) and ``utils.recompute``, on torch.distributed.
Parameter-server mode and static-graph fleet are not implemented (stubs / NotImplementedError)."""

from .base.distributed_strategy import DistributedStrategy
from .base.role_maker import PaddleCloudRoleMaker, Role, UserDefinedRoleMaker
from .base.topology import CommunicateTopology, HybridCommunicateGroup
from .base.util_factory import UtilBase
from .data_generator.data_generator import MultiSlotDataGenerator, MultiSlotStringDataGenerator
from .dataset import BoxPSDataset, DatasetBase, FileInstantDataset, InMemoryDataset, QueueDataset
from .fleet import Fleet
from .model import distributed_model
from .optimizer import distributed_optimizer
from .scaler import distributed_scaler
from .utils import log_util

__all__ = [
    "CommunicateTopology", "UtilBase", "HybridCommunicateGroup", "MultiSlotStringDataGenerator",
    "UserDefinedRoleMaker", "DistributedStrategy", "Role", "MultiSlotDataGenerator", "PaddleCloudRoleMaker", "Fleet",
]
fleet = Fleet()
util = UtilBase()
# Paddle's module-level fleet functions are the bound methods of this one Fleet.
for _name in (
    "_final_strategy", "_get_applied_meta_list", "_get_applied_graph_list", "init", "is_first_worker",
    "worker_index", "worker_num", "node_num", "local_device_ids", "world_device_ids", "local_rank", "is_worker",
    "is_coordinator", "init_coordinator", "make_fl_strategy", "get_fl_client", "worker_endpoints", "server_num",
    "server_index", "server_endpoints", "is_server", "barrier_worker", "all_reduce", "init_worker",
    "init_server", "run_server", "stop_worker", "save_inference_model", "save_persistables", "save_cache_model",
    "check_save_pre_patch_done", "save_one_table", "save_dense_params", "load_model", "load_inference_model",
    "load_one_table", "minimize", "shrink", "get_hybrid_communicate_group", "save_cache_table",
    "collective_perf",
):
    globals()[_name] = getattr(fleet, _name)
rank, nranks, world_size, rank_in_node = fleet.worker_index, fleet.worker_num, fleet.worker_num, fleet.local_rank
set_log_level, get_log_level_code = log_util.set_log_level, log_util.get_log_level_code
get_log_level_name = log_util.get_log_level_name
del _name

from . import data_generator, meta_optimizers, meta_parallel, metrics, recompute, utils  # noqa: E402
