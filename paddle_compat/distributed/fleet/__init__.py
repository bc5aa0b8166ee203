"""``paddle.distributed.fleet``: ``fleet.init`` and the worker queries, ``DistributedStrategy``, the hybrid
communicate group, ``distributed_model``/``distributed_optimizer`` (data and tensor parallel), the
tensor-parallel, pipeline and sharding layers (``meta_parallel``) and ``utils.recompute``, on torch.distributed.
Parameter-server mode and static-graph fleet are not implemented (stubs / NotImplementedError)."""

from ..._stubs import define_stubs as _define_stubs
from .base.distributed_strategy import DistributedStrategy
from .base.role_maker import PaddleCloudRoleMaker, Role, UserDefinedRoleMaker
from .base.topology import CommunicateTopology, HybridCommunicateGroup
from .base.util_factory import UtilBase
from .fleet import Fleet
from .model import distributed_model
from .optimizer import distributed_optimizer
from .scaler import distributed_scaler
from .utils import log_util

__all__ = [
    "CommunicateTopology", "UtilBase", "HybridCommunicateGroup", "MultiSlotStringDataGenerator",
    "UserDefinedRoleMaker", "DistributedStrategy", "Role", "MultiSlotDataGenerator", "PaddleCloudRoleMaker", "Fleet",
]
_define_stubs(globals(), "paddle.distributed.fleet", [
    "MultiSlotStringDataGenerator", "MultiSlotDataGenerator", "BoxPSDataset",
    "DatasetBase", "FileInstantDataset", "InMemoryDataset", "QueueDataset",
], "fleet datasets and data generators are a later milestone")

fleet = Fleet()
_final_strategy = fleet._final_strategy
_get_applied_meta_list = fleet._get_applied_meta_list
_get_applied_graph_list = fleet._get_applied_graph_list
init = fleet.init
is_first_worker = fleet.is_first_worker
worker_index = fleet.worker_index
worker_num = fleet.worker_num
node_num = fleet.node_num
rank = fleet.worker_index
nranks = fleet.worker_num
world_size = fleet.worker_num
local_device_ids = fleet.local_device_ids
world_device_ids = fleet.world_device_ids
local_rank = fleet.local_rank
rank_in_node = local_rank
is_worker = fleet.is_worker
is_coordinator = fleet.is_coordinator
init_coordinator = fleet.init_coordinator
make_fl_strategy = fleet.make_fl_strategy
get_fl_client = fleet.get_fl_client
worker_endpoints = fleet.worker_endpoints
server_num = fleet.server_num
server_index = fleet.server_index
server_endpoints = fleet.server_endpoints
is_server = fleet.is_server
util = UtilBase()
barrier_worker = fleet.barrier_worker
all_reduce = fleet.all_reduce
init_worker = fleet.init_worker
init_server = fleet.init_server
run_server = fleet.run_server
stop_worker = fleet.stop_worker
save_inference_model = fleet.save_inference_model
save_persistables = fleet.save_persistables
save_cache_model = fleet.save_cache_model
check_save_pre_patch_done = fleet.check_save_pre_patch_done
save_one_table = fleet.save_one_table
save_dense_params = fleet.save_dense_params
load_model = fleet.load_model
load_inference_model = fleet.load_inference_model
load_one_table = fleet.load_one_table
minimize = fleet.minimize
shrink = fleet.shrink
get_hybrid_communicate_group = fleet.get_hybrid_communicate_group
set_log_level = log_util.set_log_level
get_log_level_code = log_util.get_log_level_code
get_log_level_name = log_util.get_log_level_name
save_cache_table = fleet.save_cache_table
collective_perf = fleet.collective_perf

from . import meta_optimizers, meta_parallel, recompute, utils  # noqa: E402
