"""What Paddle's two legacy launcher modules (``paddle.distributed.utils.launch_utils`` and
``paddle.distributed.fleet.launch_utils``) have in common: the cluster description's shared behaviour, port and host
discovery, argument helpers, and starting/watching/stopping local trainer processes. Each public module keeps its
own classes (their fields and printed forms differ, as in Paddle) built on these."""

import copy
import logging
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from contextlib import closing

logger = logging.getLogger("root")


def _strtobool(value):
    lowered = str(value).lower()
    if lowered in ("y", "yes", "t", "true", "on", "1"):
        return 1
    if lowered in ("n", "no", "f", "false", "off", "0"):
        return 0
    raise ValueError(f"invalid truth value {value!r}")


def get_backend_by_compile_flag():
    import torch

    return "nccl" if torch.cuda.is_available() else "gloo"


def get_host_name_ip():
    try:
        host_name = socket.gethostname()
        return host_name, socket.gethostbyname(host_name)
    except Exception:  # noqa: BLE001 - Paddle answers None on any resolution failure
        return None


def add_arguments(argname, type, default, help, argparser, **kwargs):  # noqa: A002 - Paddle's parameter names
    """Add ``--argname`` to ``argparser`` (bool options parse yes/no/true/false/1/0)."""
    argparser.add_argument("--" + argname, default=default, type=_strtobool if type is bool else type,
                           help=help + " Default: %(default)s.", **kwargs)


def find_free_ports(num, draws=401, linger=True):
    """A set of ``num`` distinct ports the OS reports free now, or None after ``draws`` tries (Paddle's fleet
    launcher sets SO_LINGER so a drawn port is released at once; the utils one does not)."""

    def free_port():
        with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
            if linger:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.bind(("", 0))
            return sock.getsockname()[1]

    ports = set()
    for _ in range(draws):
        ports.add(free_port())
        if len(ports) >= num:
            return ports
    print("can't find avilable port and use the specified static port now!")
    return None


def relative_device_ids(requested, variable, kind, missing_label):
    """The comma-separated device ids ``requested``, as indices into the ``variable`` (CUDA_VISIBLE_DEVICES...)
    list when that is set; a requested id not in it fails the assertion naming it as ``missing_label``."""
    visible = os.getenv(variable)
    if not visible:
        return [x.strip() for x in requested.split(",")]
    visible_list = visible.split(",")
    for device in requested.split(","):
        assert device in visible_list, f"Can't find your {missing_label} {device} in {variable}[{visible}]."
    relative = [visible_list.index(x.strip()) for x in requested.split(",")]
    logger.info(f"Change selected_{kind}s into reletive values. --ips:{requested} will change into "
                f"relative_ips:{relative} according to your {variable}:{visible_list}")
    return relative


class ClusterBase:
    def __init__(self, hdfs):
        self.job_server = self.hdfs = self.job_stage_flag = None
        self.pods = []

    def __str__(self):
        return (f"job_server:{self.job_server} pods:{[str(pod) for pod in self.pods]} "
                f"job_stage_flag:{self.job_stage_flag} hdfs:{self.hdfs}")

    def __eq__(self, cluster):
        if len(self.pods) != len(cluster.pods):
            return False
        if any(mine != theirs for mine, theirs in zip(self.pods, cluster.pods)):
            return False
        return self.job_stage_flag == cluster.job_stage_flag

    def __ne__(self, cluster):
        return not self.__eq__(cluster)

    __hash__ = None

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


def lay_out_cluster(cluster, node_ips, node_ip, trainer_endpoints, devices, devices_name, new_pod, new_trainer):
    """Fill ``cluster`` with one pod per node ip (``new_pod()``), each holding one trainer per entry of ``devices``
    (``new_trainer(pod, entry)``) at that node's endpoints, ranks counted in node order; returns (cluster, the pod of
    ``node_ip``)."""
    assert type(trainer_endpoints) is list, "trainer_endpoints must be list"
    rank = 0
    for node_rank, ip in enumerate(node_ips):
        pod = new_pod()
        pod.rank, pod.addr = node_rank, ip
        node_endpoints = trainer_endpoints[node_rank]
        assert len(node_endpoints) >= len(devices), \
            f"current trainer_endpoints size should be greater equal than {devices_name} size."
        for local_index, entry in enumerate(devices):
            trainer = new_trainer(pod, entry)
            trainer.endpoint = f"{node_endpoints[local_index]}"
            trainer.rank = rank
            rank += 1
            pod.trainers.append(trainer)
        cluster.pods.append(pod)
    return cluster, cluster.pods[node_ips.index(node_ip)]


class JobServerBase:
    def __init__(self):
        self.endpoint = None

    def __str__(self):
        return f"{self.endpoint}"

    def __ne__(self, j):
        return not self == j

    __hash__ = None


class TrainerProc:
    def __init__(self):
        self.proc = self.log_fn = self.log_offset = self.rank = self.local_rank = self.cmd = None


def start_trainer(cmd, env, rank, local_rank, log_dir):
    """Start one trainer process in its own session (so stopping it stops what it started), its output appended
    to ``<log_dir>/workerlog.<local_rank>`` when log_dir is given."""
    log_file = None
    if log_dir is not None:
        os.makedirs(log_dir, exist_ok=True)
        log_file = open("%s/workerlog.%d" % (log_dir, local_rank), "a")  # noqa: SIM115 - closed by terminate
        proc = subprocess.Popen(cmd, env=env, stdout=log_file, stderr=log_file, start_new_session=True)
    else:
        proc = subprocess.Popen(cmd, env=env, start_new_session=True)
    record = TrainerProc()
    record.proc, record.rank, record.local_rank, record.cmd = proc, rank, local_rank, cmd
    record.log_fn = log_file
    record.log_offset = log_file.tell() if log_file else None
    return record


def terminate_local_procs(procs):
    """SIGTERM each live trainer's process group, then SIGKILL whatever is still alive."""
    for proc in procs:
        if proc.proc.poll() is None:
            try:
                os.killpg(os.getpgid(proc.proc.pid), signal.SIGTERM)
            except ProcessLookupError:
                pass
            if proc.log_fn:
                proc.log_fn.close()
            logger.info(f"terminate process group gid:{proc.proc.pid}")
    deadline = time.time() + 5
    while time.time() < deadline and any(proc.proc.poll() is None for proc in procs):
        time.sleep(0.1)
    for proc in procs:
        if proc.proc.poll() is None:
            proc.proc.kill()
    for proc in procs:
        try:
            proc.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            logger.fatal("can't kill all process and exit")
            sys.exit(1)
    logger.info("terminate all the procs")


def pull_worker_log(tp):
    """Copy what the trainer wrote to its log since the last call to this process's stdout."""
    if tp.log_fn:
        with open(tp.log_fn.name, errors="replace") as log:
            log.seek(tp.log_offset, 0)
            for line in log:
                sys.stdout.write(line)
            tp.log_offset = log.tell()


def watch_local_trainers(procs, nranks, reraise_interrupt=False):
    """True while some trainer runs; when one has failed, stop all and exit 1 (SystemExit). On Ctrl-C the trainers
    are stopped and the fleet launcher returns None, the utils one re-raises (``reraise_interrupt``)."""
    failed_ranks = []
    try:
        alive = False
        for proc in procs:
            if proc.log_fn and proc.local_rank == 0:
                pull_worker_log(proc)
            returncode = proc.proc.poll()
            if returncode is None:
                alive = True
            elif returncode != 0:
                failed_ranks.append(proc.rank)
        if failed_ranks:
            terminate_local_procs(procs)
            sys.exit(1)
    except KeyboardInterrupt:
        logger.warning("KeyboardInterrupt, exit")
        terminate_local_procs(procs)
        if reraise_interrupt:
            raise
        return None
    except SystemExit:
        logger.error(f"ABORT!!! Out of all {nranks} trainers, the trainer process with rank={failed_ranks} was "
                     "aborted. Please check its log.")
        terminate_local_procs(procs)
        raise
    return alive
