"""Role makers: who this process is (worker index, worker count, endpoints) from the launcher's environment
(``PaddleCloudRoleMaker``) or from arguments (``UserDefinedRoleMaker``). Collective mode only; the
parameter-server roles raise NotImplementedError."""

import os
import warnings

__all__ = []

_PS_MODE = ("parameter-server mode (is_collective=False with PADDLE_PSERVERS_IP_PORT_LIST set) is not "
            "implemented in paddle-compat")


class Role:
    WORKER = 1
    SERVER = 2
    HETER_WORKER = 3
    ALL = 4
    COORDINATOR = 5


def _implemented_by_subclass(self):
    raise NotImplementedError("Please implement this method in child class")


def _after_role(attr):
    """A role query answering ``self.<attr>`` once the role is generated."""

    def query(self):
        self._ensure_role()
        return getattr(self, attr)

    return query


def _role_is(role):
    def query(self):
        self._ensure_role()
        return self._role == role

    return query


def _gloo_ready():
    if _global_group_ready():
        return True
    warnings.warn("gloo is not initialized, will not communicator with other nodes")
    return False


class RoleMakerBase:
    """Interface of role makers (Paddle's abstract base)."""

    def __init__(self):
        self._worker_endpoints = []
        self._server_endpoints = []
        self._cur_endpoint = ""
        self._role_is_generated = False
        self._role = None
        self._current_id = -1

    _is_worker = _is_server = _is_first_worker = _worker_num = _server_num = _worker_index = _server_index = \
        _role_id = _node_num = _implemented_by_subclass

    def _get_trainer_endpoints(self):
        return self._worker_endpoints

    def _get_pserver_endpoints(self):
        return self._server_endpoints

    def to_string(self):
        return (f"role: {self._role}, current_id: {self._current_id}, worker_endpoints: "
                f"{self._worker_endpoints}, server_endpoints: {self._server_endpoints}")

    def _all_gather(self, input, comm_world="worker"):
        print("warning: RoleMakerBase does not have all gather worker.")
        return None

    def _all_reduce(self, input, mode="sum", comm_world="worker"):
        print("warning: RoleMakerBase does not have all reduce worker.")
        return None

    def _barrier(self, comm_world):
        print("warning: RoleMakerBase does not have barrier worker.")


def _global_group_ready():
    import torch.distributed as torch_dist

    return torch_dist.is_available() and torch_dist.is_initialized()


class PaddleCloudRoleMaker(RoleMakerBase):
    """Role from the environment the launcher sets (PADDLE_TRAINER_ID, PADDLE_TRAINER_ENDPOINTS, ...)."""

    def __init__(self, is_collective=False, **kwargs):
        super().__init__()
        self._is_collective = is_collective
        self._non_distributed = False
        self._kwargs = kwargs
        self._role_is_generated = False
        self._server_endpoints = []
        self._worker_endpoints = []
        self._local_rank = None
        self._local_device_ids = None
        self._world_device_ids = None

    def _generate_role(self):
        if not self._role_is_generated:
            if self._is_collective:
                self._collective_env()
            else:
                self._ps_env()
            self._role_is_generated = True

    def _ensure_role(self):
        if not self._role_is_generated:
            self._generate_role()

    def _collective_env(self):
        self._current_id = int(os.getenv("PADDLE_TRAINER_ID", "0"))
        self._training_role = os.getenv("PADDLE_TRAINING_ROLE", "TRAINER")
        assert self._training_role == "TRAINER"
        self._role = Role.WORKER
        endpoints = os.getenv("PADDLE_TRAINER_ENDPOINTS")
        self._cur_endpoint = os.getenv("PADDLE_CURRENT_ENDPOINT")
        if endpoints is None:
            endpoints = "127.0.0.1:6170"
            self._cur_endpoint = endpoints
            self._non_distributed = True
        self._worker_endpoints = endpoints.split(",")
        self._trainers_num = len(self._worker_endpoints)
        if os.getenv("PADDLE_AUTO_PARALLEL_CONFIG") is not None:
            self._trainers_num = int(os.getenv("PADDLE_TRAINERS_NUM"))
        self._nodes_num = len({endpoint.split(":")[0] for endpoint in self._worker_endpoints})
        self._local_rank = os.getenv("PADDLE_RANK_IN_NODE")
        self._local_device_ids = os.getenv("PADDLE_LOCAL_DEVICE_IDS")
        self._world_device_ids = os.getenv("PADDLE_WORLD_DEVICE_IDS")

    def _ps_env(self):
        if os.getenv("PADDLE_PSERVERS_IP_PORT_LIST") is not None:
            raise NotImplementedError(_PS_MODE)
        # No servers configured: Paddle treats the process as the single, non-distributed worker.
        self._server_endpoints = ""
        self._trainers_num = 1
        self._role = Role.WORKER
        self._current_id = 0
        self._nodes_num = 1
        self._non_distributed = True

    _is_worker = _role_is(Role.WORKER)
    _is_server = _role_is(Role.SERVER)
    _is_coordinator = _role_is(Role.COORDINATOR)
    _worker_index = _server_index = _role_id = _after_role("_current_id")
    _worker_num = _after_role("_trainers_num")
    _node_num = _get_node_num = _after_role("_nodes_num")
    _get_local_rank = _after_role("_local_rank")
    _get_local_device_ids = _after_role("_local_device_ids")
    _get_world_device_ids = _after_role("_world_device_ids")
    _get_trainer_endpoints = _after_role("_worker_endpoints")
    _get_pserver_endpoints = _after_role("_server_endpoints")
    _is_non_distributed = _after_role("_non_distributed")

    def _is_first_worker(self):
        self._ensure_role()
        return self._role == Role.WORKER and self._current_id == 0

    def _server_num(self):
        self._ensure_role()
        return len(self._get_pserver_endpoints())

    def _get_trainer_endpoint(self):
        self._ensure_role()
        assert self._role == Role.WORKER, "get_trainer_endpoint should be called by trainer"
        return self._cur_endpoint

    def _barrier(self, comm_world):
        # Paddle's dygraph role maker has no gloo context and only warns; with a process group we really wait.
        if _gloo_ready():
            import torch.distributed as torch_dist

            torch_dist.barrier()

    def _all_reduce(self, input, mode="sum", comm_world="worker"):
        import numpy as np

        if not _gloo_ready():
            return input  # Paddle's Gloo answers the local value when it has no context
        import torch
        import torch.distributed as torch_dist

        ops = {"sum": torch_dist.ReduceOp.SUM, "max": torch_dist.ReduceOp.MAX, "min": torch_dist.ReduceOp.MIN}
        if mode not in ops:
            raise ValueError(f"mode must be one of {list(ops)}, but got {mode!r}")
        from ....framework.program import suspend_recording

        array = np.asarray(input)
        with suspend_recording():  # called from static-graph code too: a communication, not a program op
            tensor = torch.from_numpy(array.copy())
            torch_dist.all_reduce(tensor, op=ops[mode])
        return tensor.numpy()

    def _all_gather(self, input, comm_world="worker"):
        if not _gloo_ready():
            return input
        import torch.distributed as torch_dist

        from ....framework.program import suspend_recording

        gathered = [None] * torch_dist.get_world_size()
        with suspend_recording():
            torch_dist.all_gather_object(gathered, input)
        return gathered


class UserDefinedRoleMaker(PaddleCloudRoleMaker):
    """Role from arguments: ``current_id`` and ``worker_endpoints`` (collective mode)."""

    def __init__(self, is_collective=False, init_gloo=False, **kwargs):
        super().__init__(is_collective=is_collective, init_gloo=init_gloo, **kwargs)
        self._init_gloo = init_gloo

    def _user_defined_collective_env(self):
        self._worker_endpoints = self._kwargs.get("worker_endpoints")
        self._current_id = self._kwargs.get("current_id")
        self._trainers_num = len(self._worker_endpoints)
        self._training_role = Role.WORKER
        self._nodes_num = len({endpoint.split(":")[0] for endpoint in self._worker_endpoints})

    def _generate_role(self):
        if not self._role_is_generated:
            if self._is_collective:
                self._user_defined_collective_env()
            else:
                raise NotImplementedError(
                    "UserDefinedRoleMaker(is_collective=False): " + _PS_MODE.split(" (")[0]
                    + " is not implemented in paddle-compat")
            self._role_is_generated = True
