"""The legacy collective launcher's model of a job (``Cluster`` of ``Pod``s, each running ``Trainer``s on
devices), its construction from arguments, the per-trainer environment, and starting/watching/stopping the local
trainer processes."""

import os
import sys

from .. import _launch_common as _common
from .log_utils import get_logger

logger = get_logger("INFO", "root")

TrainerProc = _common.TrainerProc
add_arguments = _common.add_arguments
get_backend_by_compile_flag = _common.get_backend_by_compile_flag
get_host_name_ip = _common.get_host_name_ip
pull_worker_log = _common.pull_worker_log
terminate_local_procs = _common.terminate_local_procs


def get_cluster_from_args(args, selected_gpus):
    """The cluster of ``args.cluster_node_ips`` with one trainer per selected device on each node."""
    node_ips = [x.strip() for x in args.cluster_node_ips.split(",")]
    node_ip = args.node_ip
    node_rank = node_ips.index(node_ip)
    logger.debug(f"parsed from args:node_ips:{node_ips} node_ip:{node_ip} node_rank:{node_rank}")
    if not args.use_paddlecloud and len(node_ips) <= 1 and args.started_port is None:
        free_ports = find_free_ports(len(selected_gpus))
        if free_ports is not None:
            free_ports = list(free_ports)
    else:
        start = 6070 if args.started_port is None else args.started_port
        free_ports = list(range(start, start + len(selected_gpus)))
    trainer_endpoints = [["%s:%d" % (ip, port) for port in free_ports] for ip in node_ips]
    return get_cluster(node_ips, node_ip, trainer_endpoints, selected_gpus)


def get_gpus(selected_gpus):
    """The device ids to use: all visible CUDA devices, or ``selected_gpus`` made relative to
    ``CUDA_VISIBLE_DEVICES`` when that is set."""
    if selected_gpus is None:
        import torch

        return [str(x) for x in range(torch.cuda.device_count() if torch.cuda.is_available() else 0)]
    return _common.relative_device_ids(selected_gpus, "CUDA_VISIBLE_DEVICES", "gpu", "selected_gpus")


class Hdfs:
    def __init__(self):
        self.hdfs_ugi = None
        self.hdfs_name = None
        self.hdfs_path = None

    def is_valid(self):
        return None not in (self.hdfs_ugi, self.hdfs_name, self.hdfs_path)

    def __str__(self):
        return f"hdfs_ugi:{self.hdfs_ugi} hdfs_name:{self.hdfs_name} hdfs_path{self.hdfs_path}"

    def __eq__(self, n):
        return (self.hdfs_ugi, self.hdfs_name, self.hdfs_path) == (n.hdfs_ugi, n.hdfs_name, n.hdfs_path)

    def __ne__(self, n):
        return not self == n


class Cluster(_common.ClusterBase):
    pass


class JobServer(_common.JobServerBase):
    def __eq__(self, j):
        return self.endpint == j.endpoint  # Paddle's spelling: comparing raises AttributeError there too


class Trainer:
    def __init__(self):
        self.gpus = []
        self.endpoint = None
        self.rank = None

    def __str__(self):
        return f"gpu:{self.gpus} endpoint:{self.endpoint} rank:{self.rank}"

    def __eq__(self, t):
        return list(self.gpus) == list(t.gpus) and self.endpoint == t.endpoint and self.rank == t.rank

    def __ne__(self, t):
        return not self == t

    def get_rank(self):
        return self.rank


class Pod:
    def __init__(self):
        self.rank = self.id = self.addr = self.port = None
        self.trainers = []
        self.gpus = []

    def __str__(self):
        return (f"rank:{self.rank} id:{self.id} addr:{self.addr} port:{self.port} visible_gpu:{self.gpus} "
                f"trainers:{[str(t) for t in self.trainers]}")

    def __eq__(self, pod):
        if (self.rank, self.id, self.addr, self.port) != (pod.rank, pod.id, pod.addr, pod.port):
            logger.debug(f"pod {self} != {pod}")
            return False
        if len(self.trainers) != len(pod.trainers):
            logger.debug(f"trainers {self.trainers} != {pod.trainers}")
            return False
        for mine, theirs in zip(self.trainers, pod.trainers):
            if mine != theirs:
                logger.debug(f"trainer {mine} != {theirs}")
                return False
        return True

    def __ne__(self, pod):
        return not self == pod

    def parse_response(self, res_pods):
        pass

    def get_visible_gpus(self):
        visible = ",".join(f"{g}" for g in self.gpus)
        assert visible != "", f"this pod {self} can't see any gpus"
        return visible


def get_cluster(node_ips, node_ip, trainer_endpoints, selected_gpus):
    """``(cluster, this node's pod)``: one pod per node, one trainer per selected device, ranks in node order."""

    def new_trainer(pod, device):
        trainer = Trainer()
        trainer.gpus.append(device)
        return trainer

    return _common.lay_out_cluster(Cluster(hdfs=None), node_ips, node_ip, trainer_endpoints, selected_gpus,
                                   "selected_gpus", Pod, new_trainer)


def find_free_ports(num):
    """A set of ``num`` ports free right now, or None after 100 draws."""
    return _common.find_free_ports(num, draws=101, linger=False)


def _prepare_trainer_env(cluster, trainer, backend=None):
    """The ``PADDLE_*`` environment of one trainer process for the communication ``backend``."""
    if backend is None:
        backend = get_backend_by_compile_flag()
    common = {"PADDLE_TRAINER_ID": "%d" % trainer.rank, "PADDLE_CURRENT_ENDPOINT": "%s" % trainer.endpoint,
              "PADDLE_TRAINERS_NUM": "%d" % cluster.trainers_nranks(),
              "PADDLE_TRAINER_ENDPOINTS": ",".join(cluster.trainers_endpoints())}
    devices = ",".join(str(g) for g in trainer.gpus)
    if backend == "bkcl":
        return {"FLAGS_selected_xpus": devices, **common}
    if backend == "nccl":
        return {"FLAGS_selected_gpus": devices, **common}
    if backend == "gloo":
        return {**common, "PADDLE_DISTRI_BACKEND": backend}
    if backend == "xccl":
        raise RuntimeError("(Unavailable) backend 'xccl' needs a registered custom device, and none is registered")
    raise ValueError("backend must be one of 'gloo, nccl, bkcl'")


def start_local_trainers(cluster, pod, training_script, training_script_args, log_dir=None):
    """Start one ``python -u training_script`` per trainer of ``pod`` (logs in ``log_dir/workerlog.<i>``)."""
    env = dict(os.environ)
    env.pop("http_proxy", None)
    env.pop("https_proxy", None)
    procs = []
    for index, trainer in enumerate(pod.trainers):
        trainer_env = _prepare_trainer_env(cluster, trainer)
        env.update(trainer_env)
        logger.debug(f"trainer proc env:{env}")
        cmd = [sys.executable, "-u", training_script] + training_script_args
        logger.info(f"start trainer proc:{cmd} env:{trainer_env}")
        procs.append(_common.start_trainer(cmd, env, trainer.rank, index, log_dir))
    return procs


def watch_local_trainers(procs, nranks):
    """True while some trainer runs; a failed trainer stops them all and exits with status 1."""
    return _common.watch_local_trainers(procs, nranks, reraise_interrupt=True)


def _print_arguments(args):
    print("-----------  Configuration Arguments -----------")
    for arg, value in sorted(vars(args).items()):
        print(f"{arg}: {value}")
    print("------------------------------------------------")
