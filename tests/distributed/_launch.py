"""Run a script under our ``python -m paddle.distributed.launch`` (CPU, gloo) with a hard time limit."""

import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "scripts")
ROOT = os.path.dirname(os.path.dirname(HERE))


def child_env():
    env = dict(os.environ, PADDLE_COMPAT="1", OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1")
    for name in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT", "PADDLE_TRAINER_ID",
                 "PADDLE_TRAINERS_NUM", "PADDLE_MASTER", "PADDLE_TRAINER_ENDPOINTS", "PADDLE_CURRENT_ENDPOINT"):
        env.pop(name, None)
    return env


def launch(tmp_path, script, *script_args, nproc=2, options=(), timeout=120):
    """Returns (completed process, seconds taken, log dir)."""
    log_dir = os.path.join(str(tmp_path), "log")
    command = [sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", str(nproc),
               "--log_dir", log_dir, *options, script, *script_args]
    started = time.time()
    done = subprocess.run(command, cwd=str(tmp_path), env=child_env(), capture_output=True, text=True,
                          timeout=timeout)
    return done, time.time() - started, log_dir


def read_ranks(out_dir, nproc):
    ranks = {}
    for rank in range(nproc):
        with open(os.path.join(out_dir, f"rank{rank}.json")) as f:
            ranks[str(rank)] = json.load(f)
    return ranks


def load_golden(name):
    from tools.api_diff.common import check_stamp

    path = os.path.join(ROOT, "tests", "goldens", name)
    with open(path) as f:
        golden = json.load(f)
    check_stamp(golden, path)
    return golden
