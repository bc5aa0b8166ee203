"""Helpers of Paddle's legacy launcher (``python -m paddle.distributed.fleet.launch``): the cluster description
(Cluster/Pod/Trainer), device and port discovery, and starting/watching/stopping the local trainer processes.

The parameter-server launcher (``ParameterServerLauncher``) and the auto-parallel rank-mapping helpers
(``get_mapped_cluster_*``) are not provided: they drive Paddle's own parameter-server runtime and cluster
topology files, which have no torch counterpart.
"""

import logging
import os
import subprocess
import sys

from .._launch_common import (  # noqa: F401 - names Paddle's module exposes
    ClusterBase,
    JobServerBase,
    TrainerProc,
    _strtobool,
    add_arguments,
    get_backend_by_compile_flag,
    get_host_name_ip,
    lay_out_cluster,
    pull_worker_log,
    relative_device_ids,
    start_trainer,
    terminate_local_procs,
)
from .._launch_common import find_free_ports as _find_free_ports
from .._launch_common import watch_local_trainers as _watch_local_trainers

__all__ = []

logger = logging.getLogger("root")
logger.propagate = False


def _cuda_device_count():
    import torch

    return torch.cuda.device_count() if torch.cuda.is_available() else 0


class DistributeMode:
    """How the job is laid out: collective (all ranks train), parameter server, or heterogeneous PS."""

    COLLECTIVE = 0
    PS = 1
    PS_HETER = 2


class DeviceMode:
    """The kind of device each trainer runs on (Paddle redefines UNKNOWN as 3 after -1; kept)."""

    UNKNOWN = 3
    CPU = 0
    GPU = 1
    KUNLUN = 2
    XPU = 2


class Cluster(ClusterBase):
    def world_device_ids(self):
        return [[str(device) for device in trainer.accelerators] for pod in self.pods for trainer in pod.trainers]


class JobServer(JobServerBase):
    def __eq__(self, j):
        return self.endpoint == j.endpoint


class Trainer:
    def __init__(self):
        self.accelerators = []
        self.endpoint = None
        self.rank = None
        self.stage = None

    def __str__(self):
        return f"accelerator:{self.accelerators} endpoint:{self.endpoint} rank:{self.rank}"

    def __eq__(self, t):
        return (self.endpoint == t.endpoint and self.rank == t.rank
                and list(self.accelerators) == list(t.accelerators))

    def __ne__(self, t):
        return not self == t

    __hash__ = None


class Pod:
    def __init__(self):
        self.rank = self.id = self.addr = self.port = None
        self.trainers = []
        self.servers = []
        self.workers = []
        self.coordinators = []
        self.heter_workers = []
        self.accelerators = []
        self.device_mode = None

    def __str__(self):
        # Paddle's format string continues over a line break inside the literal: the spaces are part of it.
        return (f"rank:{self.rank} id:{self.id} addr:{self.addr} port:{self.port} "
                f"visible_accelerator:{self.accelerators} trainers:{[str(t) for t in self.trainers]} "
                f"servers:{[str(s) for s in self.servers]}             "
                f"workers:{[str(w) for w in self.workers]} heter_workers:{[str(h) for h in self.heter_workers]} "
                f"coordinators:{[str(c) for c in self.coordinators]}")

    def __eq__(self, pod):
        if (self.rank, self.id, self.addr, self.port) != (pod.rank, pod.id, pod.addr, pod.port):
            return False
        for mine, theirs in ((self.trainers, pod.trainers), (self.servers, pod.servers),
                             (self.workers, pod.workers)):
            if len(mine) != len(theirs) or any(a != b for a, b in zip(mine, theirs)):
                return False
        return True

    def __ne__(self, pod):
        return not self == pod

    __hash__ = None

    def parse_response(self, res_pods):
        pass

    def get_visible_accelerators(self):
        visible = ",".join(str(device) for device in self.accelerators)
        assert visible != "", f"this pod {self} can't see any accelerators"
        return visible


def get_logger(log_level=20, name="root"):
    named = logging.getLogger(name)
    named.setLevel(log_level)
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)s %(asctime)s %(filename)s:%(lineno)d] %(message)s"))
    named.addHandler(handler)
    return named


def get_cluster(node_ips, node_ip, trainer_endpoints, device_mode, devices_per_proc):
    """One pod per node ip, one trainer per entry of ``devices_per_proc``; returns (cluster, this node's pod)."""

    def new_pod():
        pod = Pod()
        pod.device_mode = device_mode
        return pod

    def new_trainer(pod, devices):
        trainer = Trainer()
        devices = list(devices) if isinstance(devices, (list, tuple)) else [devices]
        if device_mode == DeviceMode.GPU:
            trainer.accelerators.extend(devices)
            pod.accelerators.extend(devices)
        elif device_mode == DeviceMode.XPU:
            trainer.accelerators.extend(devices)
        return trainer

    return lay_out_cluster(Cluster(hdfs=None), node_ips, node_ip, trainer_endpoints, devices_per_proc, "acclerators",
                           new_pod, new_trainer)


def find_free_ports(num):
    """A set of ``num`` distinct ports the OS reports free now, or None after 400 tries."""
    return _find_free_ports(num)


def get_ports(num, offset):
    if os.environ.get("FLAGS_START_PORT") is None:
        ports = find_free_ports(num)
        return list(ports) if ports is not None else None
    start_port = int(os.environ["FLAGS_START_PORT"])
    return range(start_port + offset, start_port + offset + num, 1)


def pretty_print_envs(envs, header=None):
    """The framed two-column table the launcher logs (names right-aligned, values centred)."""
    spacing, value_width = 2, 45
    name_width = max([40] + [len(name) for name in envs])
    width = name_width + value_width + spacing
    row = "    |{:>%ds}%s{:^%ds}|\n" % (name_width, " " * spacing, value_width)
    border = "    +" + "=" * width + "+"
    text = border + "\n" + row.format(*(header or ("fleetrun Distributed Envs", "Value")))
    text += "    +" + "-" * width + "+\n"
    for name, value in envs.items():
        shown = "... " + value[-41:] if isinstance(value, str) and len(value) >= value_width else value
        text += row.format(name, str(shown))
    return f"\n{text}{border}\n"


_run_with_coverage = False


def run_with_coverage(*args):
    global _run_with_coverage
    assert len(args) <= 1, f"len(args) {len(args)} should <= 1"
    if len(args) == 1:
        assert isinstance(args[0], bool)
        _run_with_coverage = args[0]
    return _run_with_coverage


def _trainer_env(cluster, pod, local_index, trainer, inherited):
    world_devices = ",".join(":".join(ids) for ids in cluster.world_device_ids())
    env = {
        "PADDLE_TRAINER_ID": "%d" % trainer.rank,
        "PADDLE_CURRENT_ENDPOINT": f"{trainer.endpoint}",
        "PADDLE_TRAINERS_NUM": "%d" % cluster.trainers_nranks(),
        "PADDLE_TRAINER_ENDPOINTS": ",".join(cluster.trainers_endpoints()),
        "PADDLE_RANK_IN_NODE": str(local_index),
        "PADDLE_LOCAL_DEVICE_IDS": ",".join(str(device) for device in trainer.accelerators),
        "PADDLE_WORLD_DEVICE_IDS": world_devices,
    }
    for name in ("PADDLE_CLUSTER_TOPO_PATH", "PADDLE_RANK_MAPPING_PATH", "PADDLE_ENABLE_AUTO_MAPPING"):
        if inherited.get(name) is not None:
            env[name] = inherited[name]
    if trainer.accelerators:
        devices = ",".join(str(device) for device in trainer.accelerators)
        if pod.device_mode == DeviceMode.GPU:
            env["FLAGS_selected_gpus"] = devices
        env["FLAGS_selected_accelerators"] = devices
    return env


def _announce(pod, first_env, log_dir):
    logger.info(f"Local start {len(pod.trainers)} processes. First process distributed environment info "
                f"(Only For Debug): {pretty_print_envs(first_env, ('Distributed Envs', 'Value'))}")
    logger.info(f"details about PADDLE_TRAINER_ENDPOINTS can be found in {log_dir}/endpoints.log, and detail "
                f"running logs maybe found in {log_dir}/workerlog.0")


def _write_endpoints(cluster, log_dir):
    os.makedirs(log_dir, exist_ok=True)
    with open(f"{log_dir}/endpoints.log", "w") as f:
        f.write("PADDLE_TRAINER_ENDPOINTS: \n")
        f.write("\n".join(cluster.trainers_endpoints()))


def start_local_trainers(cluster, pod, training_script, training_script_args, log_dir=None, envs=None):
    """Start one ``python -u training_script`` per trainer of ``pod`` with Paddle's per-rank environment, output
    into ``<log_dir>/workerlog.<local index>`` when log_dir is given; returns their TrainerProc records."""
    current_env = dict(os.environ) if envs is None else dict(envs)
    current_env.pop("http_proxy", None)
    current_env.pop("https_proxy", None)
    procs = []
    for local_index, trainer in enumerate(pod.trainers):
        trainer_env = _trainer_env(cluster, pod, local_index, trainer, current_env)
        current_env.update(trainer_env)
        coverage = (["-m", "coverage", "run", "--branch", "-p"]
                    if run_with_coverage() or os.environ.get("WITH_COVERAGE", "OFF") == "ON" else [])
        cmd = [sys.executable, "-u", *coverage, training_script, *training_script_args]
        if local_index == 0:
            _announce(pod, trainer_env, log_dir)
        if log_dir is not None:
            _write_endpoints(cluster, log_dir)
        record = start_trainer(cmd, current_env, trainer.rank, local_index, log_dir)
        procs.append(record)
    return procs


def watch_local_trainers(procs, nranks):
    """True while some trainer runs; when one has failed, stop all and exit 1 (SystemExit)."""
    return _watch_local_trainers(procs, nranks)


def get_gpus(gpus):
    """The gpu ids to use: all visible ones when ``gpus`` is None, else ``gpus`` made relative to
    CUDA_VISIBLE_DEVICES when that is set."""
    if gpus is None:
        return [str(x) for x in range(_cuda_device_count())]
    return relative_device_ids(gpus, "CUDA_VISIBLE_DEVICES", "gpu", "gpus")


def get_xpus(xpus):
    if xpus is None:
        return []  # no XPU runtime: Paddle reports 0 XPUs on such builds
    return relative_device_ids(xpus, "XPU_VISIBLE_DEVICES", "xpu", "xpus")


def get_device_mode(backend):
    if backend == "heter" and _cuda_device_count() > 0:
        print("launch train in heter mode with GPU device.")
        return DeviceMode.GPU
    if backend == "nccl" and _cuda_device_count() > 0:
        print("launch train in GPU mode!")
        return DeviceMode.GPU
    if backend == "gloo":
        print("launch train in CPU mode")
        return DeviceMode.CPU
    raise RuntimeError("Don't supported devices")


def get_device_proc_info(args):
    """(device mode, devices of each local process) from ``args.backend``, ``args.gpus`` and
    ``args.nproc_per_node``."""
    device_mode = get_device_mode(args.backend)
    if device_mode == DeviceMode.GPU:
        gpus = get_gpus(args.gpus)
        if args.nproc_per_node is None:
            return device_mode, gpus
        assert len(gpus) % int(args.nproc_per_node) == 0, \
            f"gpus' number:{len(gpus)} mod args.nproc_per_node:{args.nproc_per_node} must == 0"
        per_proc = len(gpus) // int(args.nproc_per_node)
        return device_mode, [gpus[i:i + per_proc] for i in range(0, len(gpus), per_proc)]
    if hasattr(args, "paddle_cpuonly") and args.nproc_per_node is None:
        args.nproc_per_node = os.cpu_count()
    if args.nproc_per_node is None:
        return device_mode, [0]
    return device_mode, list(range(0, args.nproc_per_node))


def direct_start(args):
    subprocess.Popen([sys.executable, "-u", args.training_script, *args.training_script_args]).wait()


def get_custom_endpoints(origin_endpoints, offset=0):
    """``ip:port,...`` with every port moved by ``offset``."""
    assert origin_endpoints is not None
    moved = []
    for endpoint in origin_endpoints.split(","):
        ip, port = endpoint.split(":")[:2]
        moved.append(f"{ip}:{int(port) + offset}")
    return ",".join(moved)


def check_backend(backend):
    if backend not in ("nccl", "gloo", "bkcl", "auto", "heter", "xccl"):
        raise ValueError("paddle.distributed initialize error, backend argument can only be one of 'nccl', 'gloo', "
                         f"'bkcl', 'auto', 'heter', 'xccl' but got {backend}")
    import torch

    if backend == "nccl" and not torch.cuda.is_available():
        raise ValueError("paddle.distributed initialize error, your paddle is not compiled with cuda but you "
                         "assign 'nccl' as backend.")
    if backend == "bkcl":
        raise ValueError("paddle.distributed initialize error, your paddle is not compiled with xpu but you "
                         "assign 'bkcl' as backend.")


def block_windows_and_macos(backend):
    if backend != "gloo":
        return
    if sys.platform.startswith("darwin"):
        raise ValueError("You are going to using gloo on macos, but currently is not supported")
    if os.name == "nt":
        raise ValueError("You are going to using gloo on windows, but currently is not supported")
