"""``paddle.distributed.spawn`` on torch.multiprocessing: one process per rank, each with Paddle's launcher
environment (``PADDLE_TRAINER_ID``, ``PADDLE_TRAINERS_NUM``, endpoints, backend) set before ``func`` runs."""

import os
import socket
import warnings

__all__ = []

_SUPPORTED_OPTIONS = ("start_method", "ips", "gpus", "xpus", "print_config", "backend")
_DEPRECATED_OPTIONS = ("selected_devices", "started_port", "cluster_node_ips", "node_ip", "use_paddlecloud")


def _free_ports(count):
    """Ports the OS reports free now (bound to port 0, then released)."""
    sockets, ports = [], []
    try:
        for _ in range(count):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind(("127.0.0.1", 0))
            sockets.append(sock)
            ports.append(sock.getsockname()[1])
    finally:
        for sock in sockets:
            sock.close()
    return ports


def _check_options(options):
    for key in options:
        if key in _SUPPORTED_OPTIONS:
            continue
        if key in _DEPRECATED_OPTIONS:
            warnings.warn(f"The config option ({key}) of `paddle.distributed.spawn` is deprecated. Please use the "
                          "latest config options stated in the `spawn` API documentation.", DeprecationWarning)
        else:
            raise ValueError(f"The config option ({key}) of `paddle.distributed.spawn` is not supported.")
    for key in ("xpus",):
        if options.get(key) is not None:
            raise NotImplementedError(f"paddle.distributed.spawn: option {key!r} (XPU devices) is not available "
                                      "on torch")


def _rank_environments(nprocs, options):
    import torch

    backend = options.get("backend", "auto")
    if backend == "auto":
        backend = "nccl" if torch.cuda.is_available() else "gloo"
    if backend not in ("gloo", "nccl"):
        raise NotImplementedError(f"paddle.distributed.spawn: backend {backend!r} is not available on torch "
                                  "(use 'gloo' or 'nccl')")
    ip = (options.get("ips") or options.get("cluster_node_ips") or "127.0.0.1").split(",")
    if len(ip) > 1:
        raise NotImplementedError("paddle.distributed.spawn starts processes on this node only; several `ips` "
                                  "need python -m paddle.distributed.launch on each node")
    ip = ip[0].strip()
    devices = None
    if backend == "nccl":
        selected = options.get("gpus") or options.get("selected_devices")
        visible = os.getenv("CUDA_VISIBLE_DEVICES") or ",".join(str(i) for i in range(torch.cuda.device_count()))
        visible = visible.split(",")
        if selected is None:
            if len(visible) < nprocs:
                raise RuntimeError(f"the number of visible devices({len(visible)}) is less than the number of spawn "
                                   f"processes({nprocs}), please ensure that the correct `nprocs` argument is passed "
                                   "or the environment variable `CUDA_VISIBLE_DEVICES` is correctly configured.")
            devices = [str(i) for i in range(nprocs)]
        else:
            devices = selected.split(",")
            if len(devices) != nprocs:
                raise ValueError(f"The number of selected devices({selected}) is not equal to the number of spawn "
                                 f"processes({nprocs}), please ensure that the correct `nprocs` and `gpus` "
                                 "arguments are passed.")
    else:
        warnings.warn("Your model will be trained under CPUONLY mode by using GLOO,because CPUPlace is specified "
                      "manually or your installed PaddlePaddle only support CPU Device.")
    started_port = options.get("started_port")
    ports = list(range(int(started_port), int(started_port) + nprocs)) if started_port else _free_ports(nprocs)
    endpoints = [f"{ip}:{port}" for port in ports]
    environments = []
    for rank in range(nprocs):
        env = {"PADDLE_TRAINER_ID": str(rank), "PADDLE_CURRENT_ENDPOINT": endpoints[rank],
               "PADDLE_TRAINERS_NUM": str(nprocs), "PADDLE_TRAINER_ENDPOINTS": ",".join(endpoints),
               "PADDLE_DISTRI_BACKEND": backend, "PADDLE_MASTER": endpoints[0]}
        if devices is not None:
            env["FLAGS_selected_gpus"] = devices[rank]
        environments.append(env)
    if options.get("print_config"):
        print(f"spawn: backend={backend} nprocs={nprocs} endpoints={endpoints}")
    return environments


def _run_rank(index, func, args, environments, return_queues):
    os.environ.pop("http_proxy", None)
    os.environ.pop("https_proxy", None)
    # torchrun's variables of an enclosing job would override Paddle's master address in init_parallel_env.
    for name in ("MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "LOCAL_RANK"):
        os.environ.pop(name, None)
    os.environ.update(environments[index])
    result = func(*args)
    return_queues[index].put(result)


class MultiprocessContext:
    """The spawned processes; ``join(timeout)`` as Paddle's (True once all ended; raises the first failure
    with its traceback, after terminating the others). ``return_queues[i].get()`` gives rank i's result."""

    def __init__(self, torch_context, return_queues):
        self._context = torch_context
        self.processes = torch_context.processes
        self.error_queues = torch_context.error_files
        self.return_queues = return_queues

    def join(self, timeout=None):
        from torch.multiprocessing import ProcessExitedException, ProcessRaisedException

        try:
            return self._context.join(timeout)
        except ProcessExitedException as e:  # Paddle raises a plain Exception with its own wording
            how = f"signal {e.signal_name}" if e.signal_name else f"exit code {e.exit_code}"
            raise Exception(f"Process {e.error_index} terminated with {how}.") from None
        except ProcessRaisedException as e:
            trace = str(e).split("terminated with the following error:\n", 1)[-1]
            rule = "-" * 46
            raise Exception(f"\n\n{rule}\nProcess {e.error_index} terminated with the following error:\n{rule}\n\n"
                            f"{trace}") from None


def spawn(func, args=(), nprocs=-1, join=True, daemon=False, **options):
    """Start ``nprocs`` processes running ``func(*args)``, each as one rank of a data-parallel job."""
    import multiprocessing

    import torch
    import torch.multiprocessing as torch_mp

    _check_options(options)
    if nprocs == -1:
        nprocs = torch.cuda.device_count() if torch.cuda.is_available() else multiprocessing.cpu_count()
    environments = _rank_environments(nprocs, options)
    start_method = options.get("start_method") or "spawn"
    mp_context = multiprocessing.get_context(start_method)
    return_queues = [mp_context.SimpleQueue() for _ in range(nprocs)]
    torch_context = torch_mp.start_processes(_run_rank, args=(func, tuple(args), environments, return_queues),
                                             nprocs=nprocs, join=False, daemon=daemon, start_method=start_method)
    context = MultiprocessContext(torch_context, return_queues)
    if not join:
        return context
    while not context.join():
        pass
    return context
