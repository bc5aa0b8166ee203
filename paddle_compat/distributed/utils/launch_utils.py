"""The legacy collective launcher's model of a job (``Cluster`` of ``Pod``s, each running ``Trainer``s on
devices), its construction from arguments, the per-trainer environment, and starting/watching/stopping the local
trainer processes."""

import copy
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import closing

from .log_utils import get_logger

logger = get_logger("INFO", "root")


def _strtobool(value):
    value = value.lower()
    if value in ("y", "yes", "t", "true", "on", "1"):
        return 1
    if value in ("n", "no", "f", "false", "off", "0"):
        return 0
    raise ValueError(f"invalid truth value {value!r}")


def get_backend_by_compile_flag():
    import torch

    return "nccl" if torch.cuda.is_available() else "gloo"


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
    visible = os.getenv("CUDA_VISIBLE_DEVICES")
    if visible is None or visible == "":
        return [x.strip() for x in selected_gpus.split(",")]
    visible_list = visible.split(",")
    for x in selected_gpus.split(","):
        assert x in visible_list, f"Can't find your selected_gpus {x} in CUDA_VISIBLE_DEVICES[{visible}]."
    gpus = [visible_list.index(x.strip()) for x in selected_gpus.split(",")]
    logger.info(f"Change selected_gpus into reletive values. --ips:{selected_gpus} will change into "
                f"relative_ips:{gpus} according to your CUDA_VISIBLE_DEVICES:{visible_list}")
    return gpus


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


class Cluster:
    def __init__(self, hdfs):
        self.job_server = None
        self.pods = []
        self.hdfs = None
        self.job_stage_flag = None

    def __str__(self):
        return (f"job_server:{self.job_server} pods:{[str(pod) for pod in self.pods]} "
                f"job_stage_flag:{self.job_stage_flag} hdfs:{self.hdfs}")

    def __eq__(self, cluster):
        if len(self.pods) != len(cluster.pods):
            return False
        if any(a != b for a, b in zip(self.pods, cluster.pods)):
            return False
        return self.job_stage_flag == cluster.job_stage_flag

    def __ne__(self, cluster):
        return not self.__eq__(cluster)

    def update_pods(self, cluster):
        self.pods = copy.copy(cluster.pods)

    def trainers_nranks(self):
        return len(self.trainers_endpoints())

    def pods_nranks(self):
        return len(self.pods)

    def trainers_endpoints(self):
        return [trainer.endpoint for pod in self.pods for trainer in pod.trainers]

    def pods_endpoints(self):
        endpoints = []
        for pod in self.pods:
            endpoint = f"{pod.addr}:{pod.port}"
            assert pod.port is not None and pod.addr is not None, f"{endpoint} not a valid endpoint"
            endpoints.append(endpoint)
        return endpoints

    def get_pod_by_id(self, pod_id):
        for pod in self.pods:
            if str(pod_id) == str(pod.id):
                return pod
        return None


class JobServer:
    def __init__(self):
        self.endpoint = None

    def __str__(self):
        return f"{self.endpoint}"

    def __eq__(self, j):
        return self.endpint == j.endpoint  # Paddle's spelling: comparing raises AttributeError there too

    def __ne__(self, j):
        return not self == j


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
        self.rank = None
        self.id = None
        self.addr = None
        self.port = None
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
    assert type(trainer_endpoints) is list, "trainer_endpoints must be list"
    cluster = Cluster(hdfs=None)
    rank = 0
    for node_rank, ip in enumerate(node_ips):
        pod = Pod()
        pod.rank = node_rank
        pod.addr = ip
        endpoints = trainer_endpoints[node_rank]
        assert len(endpoints) >= len(selected_gpus), \
            "current trainer_endpoints size should be greater equal than selected_gpus size."
        for i, device in enumerate(selected_gpus):
            trainer = Trainer()
            trainer.gpus.append(device)
            trainer.endpoint = "%s" % (endpoints[i])
            trainer.rank = rank
            rank += 1
            pod.trainers.append(trainer)
        cluster.pods.append(pod)
    return cluster, cluster.pods[node_ips.index(node_ip)]


def terminate_local_procs(procs):
    """Terminate the trainers, then kill those still alive (every 3 s, up to 50 rounds)."""
    for p in procs:
        if p.proc.poll() is None:
            p.proc.terminate()
            if p.log_fn:
                p.log_fn.close()
            logger.debug(f"terminate process id:{p.proc.pid}")
    time.sleep(3)
    for _ in range(50):
        alive = False
        for p in procs:
            if p.proc.poll() is None:
                os.kill(p.proc.pid, signal.SIGKILL)
                alive = True
        if not alive:
            logger.info("terminate all the procs")
            return
        time.sleep(3)
    logger.fatal("can't kill all process and exit")
    sys.exit(1)


def get_host_name_ip():
    try:
        host_name = socket.gethostname()
        return host_name, socket.gethostbyname(host_name)
    except Exception:  # noqa: BLE001 - Paddle answers None on any resolution failure
        return None


def add_arguments(argname, type, default, help, argparser, **kwargs):  # noqa: A002 - Paddle's names
    """``argparser.add_argument("--<argname>")``; a bool argument parses "true"/"false" strings."""
    argparser.add_argument("--" + argname, default=default, type=_strtobool if type is bool else type,
                           help=help + " Default: %(default)s.", **kwargs)


def find_free_ports(num):
    """A set of ``num`` ports free right now, or None after 100 draws."""

    def free_port():
        with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
            s.bind(("", 0))
            return s.getsockname()[1]

    ports = set()
    for _ in range(101):
        ports.add(free_port())
        if len(ports) >= num:
            return ports
    print("can't find avilable port and use the specified static port now!")
    return None


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


class TrainerProc:
    def __init__(self):
        self.proc = None
        self.log_fn = None
        self.log_offset = None
        self.rank = None
        self.local_rank = None
        self.cmd = None


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
        log = None
        if log_dir is not None:
            os.makedirs(log_dir, exist_ok=True)
            log = open("%s/workerlog.%d" % (log_dir, index), "a")  # noqa: SIM115 - closed by terminate
            proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=log)
        else:
            proc = subprocess.Popen(cmd, env=env)
        tp = TrainerProc()
        tp.proc, tp.rank, tp.local_rank, tp.log_fn, tp.cmd = proc, trainer.rank, index, log, cmd
        tp.log_offset = log.tell() if log else None
        procs.append(tp)
    return procs


def pull_worker_log(tp):
    """Copy what the trainer logged since the last call to our stdout."""
    if tp.log_fn:
        with open(tp.log_fn.name) as fin:
            fin.seek(tp.log_offset, 0)
            for line in fin:
                try:
                    sys.stdout.write(line)
                except UnicodeEncodeError:
                    sys.stdout.write("UnicodeEncodeError occurs at this line. Please refer to the original log file "
                                     f'"{tp.log_fn.name}"\n')
            tp.log_offset = fin.tell()


def watch_local_trainers(procs, nranks):
    """True while some trainer runs; a failed trainer stops them all and exits with status 1."""
    error_rank = []
    try:
        alive = False
        for p in procs:
            if p.log_fn and p.local_rank == 0:
                pull_worker_log(p)
            status = p.proc.poll()
            if status is None:
                alive = True
            elif status != 0:
                error_rank.append(p.rank)
        if error_rank:
            terminate_local_procs(procs)
            sys.exit(1)
    except KeyboardInterrupt:
        logger.warning("KeyboardInterrupt, exit")
        terminate_local_procs(procs)
        raise
    except BaseException:
        logger.error(f"ABORT!!! Out of all {nranks} trainers, the trainer process with rank={error_rank} was "
                     "aborted. Please check its log.")
        terminate_local_procs(procs)
        raise
    return alive


def _print_arguments(args):
    print("-----------  Configuration Arguments -----------")
    for arg, value in sorted(vars(args).items()):
        print(f"{arg}: {value}")
    print("------------------------------------------------")
