"""``Fleet``: the object behind ``fleet.init`` and the ``fleet.*`` functions (collective mode in dynamic graph:
role from the launcher's environment, the default process group, and the hybrid-parallel groups)."""

import copy
import os

from .base import topology as tp
from .base.distributed_strategy import DistributedStrategy
from .base.role_maker import PaddleCloudRoleMaker, RoleMakerBase
from .utils.log_util import logger, set_log_level

__all__ = []

_PS = "is the parameter-server mode, which is not implemented in paddle-compat"
_STATIC = "is static-graph (paddle.static) training, which is not implemented in paddle-compat"


class Fleet:
    """Unified API for distributed training; use the module-level ``fleet.init`` and friends."""

    def __init__(self):
        self._role_maker = None
        self.strategy_compiler = None
        self._is_collective = False
        self._runtime_handle = None
        self._util = None
        self._context = {}
        self._hcg = None
        self._user_defined_strategy = DistributedStrategy.__new__(DistributedStrategy)
        self.user_defined_optimizer = None

    def init(self, role_maker=None, is_collective=False, strategy=None, log_level="INFO"):
        """Read this process's role, create the default process group (world size > 1) and the hybrid
        communicate group from ``strategy.hybrid_configs``."""
        from .. import parallel

        set_log_level(log_level)
        if strategy is None:
            strategy = DistributedStrategy()
        self._user_defined_strategy = copy.deepcopy(strategy)
        if role_maker is None:
            if not isinstance(is_collective, bool):
                raise ValueError(
                    f"`is_collective` should be instance of `bool`, but got {type(is_collective)}")
            self._is_collective = is_collective
            self._role_maker = PaddleCloudRoleMaker(is_collective=is_collective)
        elif isinstance(role_maker, RoleMakerBase):
            self._role_maker = role_maker
            self._is_collective = role_maker._is_collective
        else:
            raise ValueError(f"`role_maker` should be subclass of `RoleMakerBase`, but got {type(role_maker)}")
        self._role_maker._generate_role()
        from . import util

        util._set_role_maker(self._role_maker)
        import torch.distributed as torch_dist

        if torch_dist.is_available() and torch_dist.is_initialized():
            logger.warning("The dygraph parallel environment has been initialized.")
        else:
            if "FLAGS_nccl_nrings" in os.environ:
                logger.warning(
                    "You have set the environment variable FLAGS_nccl_nrings outside the program, so the "
                    "nccl_comm_num in DistributedStrategy will not take effect here.")
            else:
                os.environ["FLAGS_nccl_nrings"] = str(self._user_defined_strategy.nccl_comm_num)
            parallel.init_parallel_env()
        if self._user_defined_strategy.heter_ccl_mode:
            raise NotImplementedError("DistributedStrategy.heter_ccl_mode is not implemented in paddle-compat")
        if tp._HYBRID_PARALLEL_GROUP is None:
            self._init_hybrid_parallel_env()
        else:
            logger.warning("The dygraph hybrid parallel environment has been initialized.")
            self._hcg = tp._HYBRID_PARALLEL_GROUP
        return None

    def _init_hybrid_parallel_env(self):
        from .. import parallel

        configs = self._user_defined_strategy.hybrid_configs
        self.hybrid_configs = configs
        self.dp_degree = configs["dp_degree"]
        self.mp_degree = configs["mp_degree"]
        self.pp_degree = configs["pp_degree"]
        self.sep_degree = configs["sep_degree"]
        self.sharding_degree = configs["sharding_degree"]
        assert self.mp_degree >= 0, "mp_degree should be greater or equal to 0"
        assert self.pp_degree >= 0, "pp_degree should be greater or equal to 0"
        assert self.sep_degree >= 0, "sep_degree should be greater or equal to 0"
        assert self.sharding_degree >= 0, "sharding_degree should be greater or equal to 0"
        self.mp_degree = max(self.mp_degree, 1)
        self.pp_degree = max(self.pp_degree, 1)
        self.sep_degree = max(self.sep_degree, 1)
        if self.dp_degree < 0:
            self.dp_degree = parallel.get_world_size() // (self.mp_degree * self.pp_degree)
        self.dp_degree = max(self.dp_degree, 1)
        degrees = {"dp": ("data", self.dp_degree), "pp": ("pipe", self.pp_degree),
                   "sharding": ("sharding", self.sharding_degree), "mp": ("model", self.mp_degree),
                   "sep": ("sep", self.sep_degree)}
        order = self._user_defined_strategy.hybrid_parallel_order
        if sorted(order) != sorted(degrees):
            raise AssertionError("The order of hybrid_config setting is incorrect.")
        names = [degrees[key][0] for key in order]
        dims = [degrees[key][1] for key in order]
        self._topology = tp.CommunicateTopology(hybrid_group_names=names, dims=dims)
        self._hcg = tp.HybridCommunicateGroup(self._topology)
        if self.mp_degree > 1:
            from .layers.mpu.random import model_parallel_random_seed

            seed = self._user_defined_strategy.tensor_parallel_configs["tensor_init_seed"]
            model_parallel_random_seed(None if seed == -1 else seed)

    def get_hybrid_communicate_group(self):
        assert self._hcg is not None
        return self._hcg

    def server_num(self):
        return len(self._role_maker._get_pserver_endpoints())

    def barrier_worker(self):
        self._role_maker._barrier("worker")

    def all_reduce(self, input, mode="sum"):
        return self._role_maker._all_reduce(input, mode, "worker")

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        raise NotImplementedError(f"fleet.minimize {_STATIC}")


def _named_method(method, name):
    method.__name__ = name
    method.__qualname__ = f"Fleet.{name}"
    return method


def _unsupported(name, reason, takes_arguments=True):
    def message():
        return f"fleet.{name} {reason}"

    if takes_arguments:
        def method(self, *args, **kwargs):
            raise NotImplementedError(message())
    else:  # Paddle's signature is (self)
        def method(self):
            raise NotImplementedError(message())
    return _named_method(method, name)


def _role_query(name, role_maker_method):
    def method(self):
        return getattr(self._role_maker, role_maker_method)()

    return _named_method(method, name)


def _endpoint_list(name, role_maker_method):
    def method(self, to_string=False):
        endpoints = getattr(self._role_maker, role_maker_method)()
        return ",".join(endpoints) if to_string else endpoints

    return _named_method(method, name)


# Fleet method -> the role maker's query it answers with
for _name, _query in {
    "is_first_worker": "_is_first_worker", "worker_index": "_worker_index", "worker_num": "_worker_num",
    "node_num": "_get_node_num", "local_rank": "_get_local_rank", "local_device_ids": "_get_local_device_ids",
    "world_device_ids": "_get_world_device_ids", "is_worker": "_is_worker", "is_coordinator": "_is_coordinator",
    "server_index": "_server_index", "is_server": "_is_server",
}.items():
    setattr(Fleet, _name, _role_query(_name, _query))
Fleet.worker_endpoints = _endpoint_list("worker_endpoints", "_get_trainer_endpoints")
Fleet.server_endpoints = _endpoint_list("server_endpoints", "_get_pserver_endpoints")
for _name in ("_final_strategy", "_get_applied_meta_list", "_get_applied_graph_list"):
    setattr(Fleet, _name, _unsupported(_name, _STATIC, takes_arguments=False))


for _name in ("init_worker", "init_server", "run_server", "stop_worker", "save_cache_model",
              "save_cache_table", "save_one_table", "save_dense_params", "load_model", "load_one_table",
              "shrink", "init_coordinator", "make_fl_strategy", "get_fl_client", "check_save_pre_patch_done"):
    setattr(Fleet, _name, _unsupported(_name, _PS))
for _name in ("save_inference_model", "save_persistables", "load_inference_model", "collective_perf"):
    setattr(Fleet, _name, _unsupported(_name, _STATIC))
del _name, _query
