"""First code of every rank the launcher starts: Paddle's environment on top of the elastic agent's, the
rank's output into ``<log_dir>/workerlog.<local rank>``, then the training script as ``__main__``."""

import os
import runpy
import sys
import traceback


def _exchange_endpoints(environ, rank, world, current):
    """Every rank's endpoint, in rank order, through the elastic agent's store (several nodes)."""
    import datetime

    import torch.distributed as torch_dist

    store = torch_dist.TCPStore(environ["MASTER_ADDR"], int(environ["MASTER_PORT"]), world, False,
                                timeout=datetime.timedelta(seconds=300))
    store = torch_dist.PrefixStore(f"paddle_endpoints/{environ.get('TORCHELASTIC_RESTART_COUNT', '0')}", store)
    store.set(str(rank), current)
    return [store.get(str(other)).decode() for other in range(world)]


def _paddle_environment(environ):
    rank, world = environ["RANK"], environ["WORLD_SIZE"]
    local_rank, local_world = environ["LOCAL_RANK"], environ["LOCAL_WORLD_SIZE"]
    endpoints = environ.pop("_PADDLE_COMPAT_LAUNCH_ENDPOINTS", "").split(",")
    devices = environ.pop("_PADDLE_COMPAT_LAUNCH_DEVICES", "")
    current = endpoints[int(local_rank)] if int(local_rank) < len(endpoints) else ""
    if int(environ.get("PADDLE_NNODES", "1")) > 1:
        endpoints = _exchange_endpoints(environ, int(rank), int(world), current)
    paddle_env = {
        "PADDLE_MASTER": f"{environ['MASTER_ADDR']}:{environ['MASTER_PORT']}",
        "PADDLE_GLOBAL_SIZE": world, "PADDLE_LOCAL_SIZE": local_world, "PADDLE_GLOBAL_RANK": rank,
        "PADDLE_LOCAL_RANK": local_rank, "PADDLE_CURRENT_ENDPOINT": current, "PADDLE_TRAINER_ID": rank,
        "PADDLE_TRAINERS_NUM": world, "PADDLE_RANK_IN_NODE": local_rank,
        "PADDLE_TRAINER_ENDPOINTS": ",".join(endpoints),
    }
    if environ.get("PADDLE_DISTRI_BACKEND") == "nccl":
        device_list = devices.split(",") if devices else None
        paddle_env["FLAGS_selected_gpus"] = device_list[int(local_rank)] if device_list else local_rank
    return paddle_env


def main():
    os.environ.update(_paddle_environment(os.environ))
    redirect_output(os.environ["PADDLE_LOG_DIR"], os.environ["LOCAL_RANK"])
    run_script(__file__)


def redirect_output(log_dir, local_index):
    """The rank's stdout and stderr (file descriptors 1 and 2, so child processes' too) into
    ``<log_dir>/workerlog.<local_index>``."""
    log = open(os.path.join(log_dir, f"workerlog.{local_index}"), "ab", buffering=0)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(log.fileno(), 1)
    os.dup2(log.fileno(), 2)


def run_script(bootstrap_file):
    """``sys.argv[1]`` as ``__main__`` with the rest as its arguments; an exception it raises is printed with
    the script's own frames only (not ``bootstrap_file``'s or runpy's, as when it runs directly) and exits 1."""
    script = sys.argv[1]
    sys.argv = sys.argv[1:]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit:
        raise
    except BaseException as error:
        trace = error.__traceback__
        while trace is not None and trace.tb_frame.f_code.co_filename in (bootstrap_file, __file__, "<frozen runpy>"):
            trace = trace.tb_next
        traceback.print_exception(type(error), error, trace)
        sys.stderr.flush()
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
