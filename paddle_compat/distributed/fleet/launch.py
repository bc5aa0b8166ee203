"""``python -m paddle.distributed.fleet.launch``: Paddle's legacy launcher (collective mode) on torch's elastic
agent (``torch.distributed.launcher``).

The cluster, the endpoints and each rank's environment are Paddle's (``launch_utils``/``cloud_utils``); the
agent starts, watches and stops the local ranks, so a failing rank stops the whole node with exit code 1. The
parameter-server, heterogeneous, elastic (etcd) and auto-mapping modes drive Paddle's own runtimes and raise
NotImplementedError naming their option.
"""

import json
import os
import shutil
import signal
import sys
import tempfile
from argparse import REMAINDER, ArgumentParser

from . import cloud_utils, launch_utils
from .launch_utils import (  # noqa: F401 - DeviceMode: a name Paddle's module exposes
    DeviceMode,
    DistributeMode,
    block_windows_and_macos,
    check_backend,
    find_free_ports,
    get_cluster,
    get_host_name_ip,
    get_logger,
    logger,
)

__all__ = []

# Options only the parameter-server modes read (Paddle picks the PS launcher when any is on the command line).
_PS_OPTIONS = ("servers", "workers", "coordinators", "heter_workers", "heter_devices", "worker_num",
               "coordinator_num", "server_num", "heter_worker_num", "http_port")


def _print_arguments(args):
    print("-----------  Configuration Arguments -----------")
    for name, value in sorted(vars(args).items()):
        print(f"{name}: {value}")
    print("------------------------------------------------")


def _parse_args():
    parser = ArgumentParser(description="start paddle training using multi-process mode.")
    base = parser.add_argument_group("Base Parameters")
    base.add_argument("--log_dir", type=str, default="log",
                      help="The path for each process's log. Default --log_dir=log/")
    base.add_argument("--backend", type=str, default=os.environ.get("PADDLE_DISTRI_BACKEND", "auto"),
                      help="Specifize the backend, can be gloo|nccl|bkcl|auto|heter. Default auto (nccl on CUDA)")
    base.add_argument("--nproc_per_node", type=int, default=None,
                      help="The number of processes to launch on a node (each bound to one or more gpus).")
    base.add_argument("--run_mode", type=str, default=None, help="run mode of job, can be:collective/ps/ps-heter")
    # Paddle's CUDA builds have these two; they are kept on every machine so that GPU command lines parse.
    base.add_argument("--gpus", type=str, default=None,
                      help="It's for gpu training. --gpus=\"0,1,2,3\" launches four processes, one per gpu.")
    base.add_argument("--selected_gpus", dest="gpus")
    base.add_argument("training_script", type=str,
                      help="The training script to launch in parallel, followed by its arguments")
    base.add_argument("training_script_args", nargs=REMAINDER)

    collective = parser.add_argument_group("Collective Parameters")
    collective.add_argument("--ips", type=str, default="127.0.0.1",
                            help="Paddle cluster nodes ips, such as 192.168.0.16,192.168.0.17..")
    collective.add_argument("--cluster_topo_path", type=str, default=None,
                            help="json file of the cluster topology (auto parallel)")
    collective.add_argument("--rank_mapping_path", type=str, default=None,
                            help="json file mapping processes to machines (auto parallel)")
    collective.add_argument("--enable_auto_mapping", type=bool, default=False,
                            help="Set true to enable the lazy launch for auto-parallel scenario.")

    ps = parser.add_argument_group("Parameter-Server Parameters")
    ps.add_argument("--servers", type=str, default="", help="User defined servers ip:port")
    ps.add_argument("--workers", type=str, default="", help="User defined workers ip:port")
    ps.add_argument("--coordinators", type=str, default="", help="User defined coordinators ip:port")
    ps.add_argument("--heter_workers", type=str, default="",
                    help="User defined heter workers in each stage ip1:port1;ip2:port2")
    ps.add_argument("--heter_devices", type=str, default="", help="User defined heter devices in each stage")
    ps.add_argument("--worker_num", type=int, help="number of workers")
    ps.add_argument("--coordinator_num", type=int, help="number of coordinators")
    ps.add_argument("--server_num", type=int, help="number of servers")
    ps.add_argument("--heter_worker_num", type=str, help="number of heter_workers in each stage 1;2;3")
    ps.add_argument("--http_port", type=int, help="Gloo http Port")

    elastic = parser.add_argument_group("Elastic Parameters")
    elastic.add_argument("--elastic_server", type=str, help="etcd server host:port")
    elastic.add_argument("--elastic_pre_hook", type=str, help="elastic pre_hook shell cmd")
    elastic.add_argument("--job_id", type=str, help="job unique id")
    elastic.add_argument("--np", type=int, help="job pod/node number")
    elastic.add_argument("--scale", type=int, default=0, help="scale np")
    elastic.add_argument("--host", type=str, help="bind host, default to POD_IP env")
    elastic.add_argument("--force", type=bool, default=False, help="update np force")
    known_args, _ = parser.parse_known_args()
    return known_args


def _refuse_unsupported(args):
    if args.run_mode in ("ps", "ps-heter"):
        raise NotImplementedError(f"--run_mode {args.run_mode}: the parameter-server launcher (Paddle's PS "
                                  "runtime) is not available; only the collective mode runs")
    given = [f"--{name}" for name in _PS_OPTIONS if getattr(args, name) not in (None, "")]
    if given:
        raise NotImplementedError(f"{', '.join(given)}: the parameter-server launcher (Paddle's PS runtime) is "
                                  "not available; only the collective mode runs")
    if args.backend == "heter":
        raise NotImplementedError("--backend heter: heterogeneous parameter-server training is not available")
    if _elastic_requested(args):
        raise NotImplementedError("--elastic_server: Paddle's etcd-based elastic launcher is not available")
    if args.enable_auto_mapping:
        raise NotImplementedError("--enable_auto_mapping: auto-parallel rank mapping is not available")


def _elastic_requested(args):
    return bool((args.elastic_server or os.getenv("PADDLE_ELASTIC_SERVER"))
                and (args.job_id or os.getenv("PADDLE_ELASTIC_JOB_ID"))
                and (args.np or os.getenv("PADDLE_ELASTIC_NP")))


def _cuda_available():
    import torch

    return torch.cuda.is_available()


def infer_backend(args):
    if args.backend == "auto":
        args.backend = "nccl" if _cuda_available() else "gloo"


def which_distributed_mode(args):
    """Collective unless a parameter-server option or run mode is given (those raise NotImplementedError)."""
    infer_backend(args)
    if args.run_mode is not None:
        assert args.run_mode in ["collective", "ps", "ps-heter"]
    _refuse_unsupported(args)
    return DistributeMode.COLLECTIVE


def cpuonly_check(args):
    if args.ips and len(args.ips.split(",")) > 1:
        raise RuntimeError(f"CPUONLY launch only support single trainer, that is len(ips)=1, but got {args.ips}.")
    if args.run_mode:
        assert args.run_mode == "cpuonly", "CPUONLY launch only support run mode is CPUONLY"
    if args.servers:
        raise RuntimeError("CPUONLY launch can't have --servers as arguments.")
    return True


def get_cluster_from_args(args, device_mode, devices_per_proc):
    """The cluster of ``--ips`` (this node found by ``--host`` or its own ip): free ports on one node outside
    PaddleCloud, else consecutive ports from FLAGS_START_PORT (default 6070)."""
    node_ips = [ip.strip() for ip in args.ips.split(",")]
    if len(node_ips) == 1:
        node_ip = node_ips[0]
    else:
        node_ip = args.host if args.host else get_host_name_ip()[1]
    assert node_ip in node_ips, f"Can't find your local ip {{{node_ip}}} in node_ips: {{{node_ips}}}"
    if not cloud_utils.use_paddlecloud() and len(node_ips) <= 1 and os.environ.get("FLAGS_START_PORT") is None:
        ports = find_free_ports(len(devices_per_proc))
        if ports is not None:
            ports = list(ports)
            logger.info(f"find free ports:{ports}")
    else:
        start_port = int(os.environ.get("FLAGS_START_PORT", 6070))
        ports = list(range(start_port, start_port + len(devices_per_proc)))
    trainer_endpoints = [["%s:%d" % (ip, port) for port in ports] for ip in node_ips]
    return get_cluster(node_ips, node_ip, trainer_endpoints, device_mode, devices_per_proc)


def get_cluster_info(args):
    if args.backend == "gloo":
        cpuonly_check(args)
    # (with --backend gloo on a CUDA machine Paddle runs the CPU layout and leaves --gpus unused; so do we)
    if args.gpus and args.backend == "gloo" and not _cuda_available():
        raise RuntimeError(f"--gpus {args.gpus}: no CUDA device is available (the gloo/CPU launcher runs one "
                           "process per --nproc_per_node instead)")
    device_mode, devices_per_proc = launch_utils.get_device_proc_info(args)
    start_port = int(os.environ.get("FLAGS_START_PORT", 6170))
    if cloud_utils.use_paddlecloud() and cloud_utils.get_trainers_num() != 1:
        return cloud_utils.get_cloud_cluster(args.ips, device_mode, devices_per_proc, start_port)
    return get_cluster_from_args(args, device_mode, devices_per_proc)


def get_global_envs(args, tmp_dir):
    global_envs = dict(os.environ)
    global_envs["PADDLE_WITH_GLOO"] = str(os.getenv("PADDLE_WITH_GLOO", "0"))
    global_envs["PADDLE_GLOO_RENDEZVOUS"] = "3"
    global_envs["PADDLE_GLOO_FS_PATH"] = tmp_dir
    global_envs["PADDLE_DISTRI_BACKEND"] = args.backend
    return global_envs


def _run_on_agent(cluster, pod, args, envs):
    """Start the pod's trainers through torch's elastic agent; SystemExit(1) when one of them fails."""
    from torch.distributed.elastic.multiprocessing import DefaultLogsSpecs
    from torch.distributed.elastic.multiprocessing.errors import ChildFailedError
    from torch.distributed.launcher.api import LaunchConfig, elastic_launch

    from ..launch.main import _Echo, _tail
    from . import _launch_worker

    envs = dict(envs)
    envs.pop("http_proxy", None)
    envs.pop("https_proxy", None)
    rank_envs = [launch_utils._trainer_env(cluster, pod, index, trainer, envs)
                 for index, trainer in enumerate(pod.trainers)]
    launch_utils._announce(pod, rank_envs[0], args.log_dir)
    log_dir = None
    if args.log_dir is not None:
        launch_utils._write_endpoints(cluster, args.log_dir)
        log_dir = os.path.abspath(args.log_dir)
    # The agent's workers start from this process's environment plus the agent's variables; the bootstrap
    # turns that into ``envs`` exactly (the agent's variables go unless ``envs`` has them too).
    overrides = {name: value for name, value in envs.items()
                 if os.environ.get(name) != value or _launch_worker.is_agent_variable(name)}
    removed = [name for name in os.environ if name not in envs]
    plan = {"ranks": rank_envs, "overrides": overrides, "removed": removed, "log_dir": log_dir}
    config = LaunchConfig(min_nodes=1, max_nodes=1, nproc_per_node=len(pod.trainers), run_id="paddle_legacy",
                          rdzv_endpoint=f"127.0.0.1:{next(iter(find_free_ports(1)))}", rdzv_backend="static",
                          rdzv_configs={"rank": 0, "timeout": 300}, max_restarts=0, monitor_interval=0.1,
                          start_method="spawn", logs_specs=DefaultLogsSpecs())
    bootstrap = os.path.abspath(_launch_worker.__file__)
    echo = None
    if log_dir is not None:
        echo = _Echo(os.path.join(log_dir, "workerlog.0"))
        echo.offset = os.path.getsize(echo.path) if os.path.exists(echo.path) else 0
        echo.start()
    os.environ["_PADDLE_COMPAT_FLEET_LAUNCH"] = json.dumps(plan)
    try:
        elastic_launch(config, sys.executable)("-u", bootstrap, args.training_script, *args.training_script_args)
    except ChildFailedError as failure:
        if echo is not None:
            echo.stop.set()
            echo.drain()
        # The agent also lists the ranks it stopped itself (SIGTERM); Paddle names only those that failed.
        failed = sorted(failure.failures.items())
        failed = [item for item in failed if item[1].exitcode != -signal.SIGTERM] or failed
        logger.error(f"ABORT!!! Out of all {cluster.trainers_nranks()} trainers, the trainer process with "
                     f"rank={[pod.trainers[record.local_rank].rank for _, record in failed]} was aborted. "
                     "Please check its log.")
        for _, record in failed:
            if log_dir is not None:
                path = os.path.join(log_dir, f"workerlog.{record.local_rank}")
                print(f"------------------------- {path} (last lines) -------------------------")
                print(_tail(path), flush=True)
        logger.warning("Terminating... exit")
        raise SystemExit(1) from None
    finally:
        os.environ.pop("_PADDLE_COMPAT_FLEET_LAUNCH", None)
    if echo is not None:
        echo.stop.set()
        echo.drain()
    logger.info("Local processes completed.")
    logger.debug(f"POD info:{pod}")


def launch_collective(args):
    tmp_dir = tempfile.mkdtemp()
    try:
        cluster, pod = get_cluster_info(args)
        _run_on_agent(cluster, pod, args, get_global_envs(args, tmp_dir))
    finally:
        shutil.rmtree(tmp_dir, ignore_errors=True)


def launch_ps(args, distribute_mode):
    raise NotImplementedError("the parameter-server launcher (Paddle's PS runtime) is not available; only the "
                              "collective mode runs")


def launch():
    """Entry point of ``python -m paddle.distributed.fleet.launch [options] training_script [script args]``:
    one process per device (``--gpus``) or per ``--nproc_per_node`` on CPU (gloo), each with Paddle's
    PADDLE_TRAINER_ID/PADDLE_TRAINER_ENDPOINTS/... environment and its output in ``<log_dir>/workerlog.N``."""
    args = _parse_args()
    get_logger()
    _print_arguments(args)
    if args.backend == "auto":
        distribute_mode = which_distributed_mode(args)
    else:
        assert args.run_mode == "collective" or args.run_mode is None, \
            "When backend is not 'auto', run mode must be collective"
        check_backend(args.backend)
        _refuse_unsupported(args)
        distribute_mode = DistributeMode.COLLECTIVE
    if args.backend == "gloo":
        logger.warning("launch start with CPUONLY mode")
    block_windows_and_macos(args.backend)
    if distribute_mode == DistributeMode.COLLECTIVE:
        launch_collective(args)
    else:
        launch_ps(args, distribute_mode)


if __name__ == "__main__":
    if sys.argv[0] is None:  # run through the paddle -> paddle_compat alias, whose spec has no origin
        sys.argv[0] = os.path.join(os.path.dirname(cloud_utils.__file__), "launch.py")
    launch()
