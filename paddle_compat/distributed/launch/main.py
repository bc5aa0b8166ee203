"""Paddle's ``launch`` command line on ``torch.distributed.launcher`` (the elastic agent behind torchrun).

The agent starts, watches and stops the ranks (a rank that fails or is killed stops the whole job); each rank
starts in ``_worker``, which adds Paddle's environment variables to the agent's and writes its output to
``<log_dir>/workerlog.<local rank>``. Like Paddle's launcher, this one echoes its node's local rank 0 log to
its own stdout and, when a rank fails, prints the tail of that rank's log.
"""

import argparse
import os
import sys
import threading
import time

__all__ = []

_ENV_DEFAULTS = {  # Paddle's launcher reads these environment variables as defaults of its options
    "PADDLE_MASTER": "master", "PADDLE_DEVICES": "devices", "PADDLE_NNODES": "nnodes",
    "PADDLE_RUN_MODE": "run_mode", "PADDLE_NPROC_PER_NODE": "nproc_per_node", "PADDLE_JOB_ID": "job_id",
    "PADDLE_RANK": "rank", "PADDLE_LOG_DIR": "log_dir", "PADDLE_MAX_RESTART": "max_restart",
    "PADDLE_ELASTIC_LEVEL": "elastic_level", "PADDLE_LOG_OVERWRITE": "log_overwrite",
}
_TAIL_CHARS = 3000


def _strtobool(value):
    return str(value).lower() in ("y", "yes", "t", "true", "on", "1")


def _parser():
    parser = argparse.ArgumentParser(prog="python -m paddle.distributed.launch")
    base = parser.add_argument_group("Base Parameters")
    base.add_argument("--master", type=str, default=None, help="the master/rendezvous server, ip:port")
    base.add_argument("--legacy", type=_strtobool, default=False, help="use legacy launch")
    base.add_argument("--rank", type=int, default=-1, help="the node rank")
    base.add_argument("--log_level", type=str, default="INFO", help="log level. Default INFO")
    base.add_argument("--log_overwrite", type=_strtobool, default=False,
                      help="overwrite exits logfiles. Default False")
    base.add_argument("--sort_ip", type=_strtobool, default=False, help="rank node by ip. Default False")
    base.add_argument("--enable_gpu_log", type=_strtobool, default=True,
                      help="enable capture gpu log while running. Default True")
    base.add_argument("--nnodes", type=str, default="1", help="the number of nodes, i.e. pod/node number")
    base.add_argument("--nproc_per_node", type=int, default=None, help="the number of processes in a pod")
    base.add_argument("--log_dir", type=str, default="log", help="the path for each process's log. Default ./log")
    base.add_argument("--run_mode", type=str, default=None, help="run mode of the job, collective/ps/ps-heter")
    base.add_argument("--job_id", type=str, default="default", help="unique id of the job. Default default")
    base.add_argument("--devices", "--gpus", "--npus", "--xpus", type=str, default=None,
                      help="accelerate devices. as --gpus,npus,xpus")
    base.add_argument("--host", type=str, default=None, help="host ip")
    base.add_argument("--ips", type=str, default=None, help="nodes ips, e.g. 10.10.1.1,10.10.1.2")
    base.add_argument("--start_port", type=int, default=6070, help="fix port start with")
    base.add_argument("training_script", type=str,
                      help="the full path of py script,followed by arguments for the training script")
    base.add_argument("training_script_args", nargs=argparse.REMAINDER)
    elastic = parser.add_argument_group("Elastic Parameters")
    elastic.add_argument("--max_restart", type=int, default=3, help="the times can restart. Default 3")
    elastic.add_argument("--elastic_level", type=int, default=-1,
                         help="elastic level: -1 disable, 0 failed exit, peers hold, 1 internal restart")
    elastic.add_argument("--elastic_timeout", type=int, default=30,
                         help="seconds to wait before elastic job begin to train")
    for name, dest in _ENV_DEFAULTS.items():
        if os.environ.get(name):
            action = next(a for a in parser._actions if a.dest == dest)
            action.default = action.type(os.environ[name]) if action.type else os.environ[name]
    return parser


def _check_unsupported(args):
    if args.run_mode not in (None, "collective"):
        raise NotImplementedError(f"--run_mode {args.run_mode}: only the collective mode runs on torch's elastic "
                                  "agent (parameter-server and rpc modes are not available)")
    if args.ips and len(args.ips.split(",")) > 1:
        raise NotImplementedError("--ips with several nodes: start the launcher on each node with --master and "
                                  "--nnodes")
    if ":" in args.nnodes:
        raise NotImplementedError("--nnodes MIN:MAX (elastic node counts) is not supported; give one number")


def _free_port(host="127.0.0.1"):
    from ..spawn import _free_ports

    return _free_ports(1)[0]


def _host_ip():
    import socket

    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


class _Echo(threading.Thread):
    """Copies rank 0's log file to this process's stdout as it grows (Paddle's launcher does the same)."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.path = path
        self.stop = threading.Event()
        self.offset = 0

    def drain(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except OSError:
            return
        if data:
            self.offset += len(data)
            sys.stdout.write(data.decode(errors="replace"))
            sys.stdout.flush()

    def run(self):
        while not self.stop.wait(0.2):
            self.drain()


def _tail(path, length=_TAIL_CHARS):
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            end = f.tell()
            f.seek(max(0, end - length))
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def launch():
    """Entry point of ``python -m paddle.distributed.launch [options] script.py [script args]``."""
    import torch

    args, unknown = _parser().parse_known_args()
    if args.legacy or (not args.master and unknown):
        # Paddle hands options it does not know (and --legacy) over to the legacy fleet launcher
        if unknown:
            stamp = time.strftime("%Y-%m-%d %H:%M:%S")
            print(f"LAUNCH WARNING {stamp} Compatible mode enable with args {unknown}", flush=True)
        from ..fleet import launch as legacy

        return legacy.launch()
    if unknown:
        _parser().parse_args()  # argparse's own error for options neither launcher knows
    _check_unsupported(args)
    from torch.distributed.elastic.multiprocessing import DefaultLogsSpecs
    from torch.distributed.elastic.multiprocessing.errors import ChildFailedError
    from torch.distributed.launcher.api import LaunchConfig, elastic_launch

    devices = args.devices.split(",") if args.devices else None
    use_cuda = torch.cuda.is_available()
    nproc = args.nproc_per_node
    if nproc is None:
        nproc = len(devices) if devices else (torch.cuda.device_count() if use_cuda else 1)
    if devices is not None and use_cuda and len(devices) < nproc:
        raise ValueError(f"--devices {args.devices} names fewer devices than --nproc_per_node {nproc}")
    nnodes = int(args.nnodes)
    host = args.host or os.environ.get("POD_IP") or ("127.0.0.1" if nnodes == 1 else _host_ip())
    node_rank = int(os.environ.get("PADDLE_TRAINER_ID", args.rank))
    if nnodes > 1 and not args.master:
        raise ValueError("--master ip:port is needed with --nnodes > 1")
    master = args.master or f"{host}:{_free_port()}"
    if "://" in master:
        raise NotImplementedError(f"--master {master}: only ip:port (torch's c10d rendezvous) is supported")
    log_dir = os.path.abspath(args.log_dir)
    os.makedirs(log_dir, exist_ok=True)
    if args.log_overwrite:
        for local_rank in range(nproc):
            open(os.path.join(log_dir, f"workerlog.{local_rank}"), "w").close()
    endpoints = ",".join(f"{host}:{port}" for port in (_free_port() for _ in range(nproc)))
    os.environ.update({
        "PADDLE_NNODES": str(nnodes), "PADDLE_LOG_DIR": log_dir,
        "PADDLE_DISTRI_BACKEND": "nccl" if use_cuda else "gloo",
        "_PADDLE_COMPAT_LAUNCH_ENDPOINTS": endpoints,
        "_PADDLE_COMPAT_LAUNCH_DEVICES": ",".join(devices) if devices else "",
    })
    # elastic_level <= 0 (Paddle's default -1) ends the job on the first failure; higher levels restart it.
    max_restarts = args.max_restart if args.elastic_level > 0 else 0
    if nnodes == 1 or node_rank >= 0:
        rdzv_backend, rdzv_configs = "static", {"rank": max(node_rank, 0), "timeout": args.elastic_timeout * 10}
    else:
        rdzv_backend, rdzv_configs = "c10d", {"timeout": args.elastic_timeout * 10}
    config = LaunchConfig(
        min_nodes=nnodes, max_nodes=nnodes, nproc_per_node=nproc, run_id=args.job_id,
        rdzv_endpoint=master, rdzv_backend=rdzv_backend, rdzv_configs=rdzv_configs,
        max_restarts=max_restarts, monitor_interval=0.1, start_method="spawn",
        logs_specs=DefaultLogsSpecs(),
    )
    # The bootstrap runs as a file so that it does not import paddle itself before the script does.
    worker_args = ["-u", os.path.join(os.path.dirname(os.path.abspath(__file__)), "_worker.py"), args.training_script,
                   *args.training_script_args]
    print(f"LAUNCH INFO {time.strftime('%Y-%m-%d %H:%M:%S')} Job: {args.job_id}, mode collective, "
          f"replicas {nnodes}, nproc_per_node {nproc}, master {master}", flush=True)
    echo = _Echo(os.path.join(log_dir, "workerlog.0"))
    echo.offset = os.path.getsize(echo.path) if os.path.exists(echo.path) else 0
    echo.start()
    try:
        elastic_launch(config, sys.executable)(*worker_args)
    except ChildFailedError as failure:
        echo.stop.set()
        echo.drain()
        print(f"LAUNCH ERROR {time.strftime('%Y-%m-%d %H:%M:%S')} Container failed !!!", flush=True)
        for global_rank, record in sorted(failure.failures.items()):
            local_rank = record.local_rank
            reason = record.signal_name() if record.exitcode < 0 else f"exit code {record.exitcode}"
            print(f"rank {global_rank} (local rank {local_rank}) failed with {reason}; "
                  f"log {os.path.join(log_dir, f'workerlog.{local_rank}')}")
            print("------------------------- ERROR LOG DETAIL -------------------------")
            print(_tail(os.path.join(log_dir, f"workerlog.{local_rank}")), flush=True)
        print(f"LAUNCH INFO {time.strftime('%Y-%m-%d %H:%M:%S')} Exit code 1", flush=True)
        raise SystemExit(1) from None
    echo.stop.set()
    echo.drain()
    print(f"LAUNCH INFO {time.strftime('%Y-%m-%d %H:%M:%S')} Pod completed", flush=True)
    print(f"LAUNCH INFO {time.strftime('%Y-%m-%d %H:%M:%S')} Exit code 0", flush=True)
