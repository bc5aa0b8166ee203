"""Run a worker script as N gloo ranks (plain subprocesses with Paddle's launcher environment on free ports,
time-bounded) and read back the rank{R}.json each one writes."""

import json
import os
import socket
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def _free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def run_ranks(script, args, out_dir, nranks=2, timeout=90):
    """Results of the ranks; one retry on fresh ports when another process took a port between our probe and
    the ranks' bind (the box is shared)."""
    try:
        return _run_ranks(script, args, out_dir, nranks, timeout)
    except AssertionError as error:
        if "address already in use" not in str(error).lower():
            raise
        return _run_ranks(script, args, out_dir, nranks, timeout)


def _run_ranks(script, args, out_dir, nranks, timeout):
    endpoints = [f"127.0.0.1:{port}" for port in _free_ports(nranks)]
    processes = []
    for rank in range(nranks):
        env = dict(os.environ, PADDLE_TRAINER_ID=str(rank), PADDLE_TRAINERS_NUM=str(nranks),
                   PADDLE_TRAINER_ENDPOINTS=",".join(endpoints), PADDLE_CURRENT_ENDPOINT=endpoints[rank],
                   OMP_NUM_THREADS="1", PYTHONPATH=ROOT, PADDLE_COMPAT="1")
        for name in ("MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "PADDLE_MASTER", "FLAGS_nccl_nrings"):
            env.pop(name, None)
        if nranks == 1:
            for name in ("PADDLE_TRAINER_ID", "PADDLE_TRAINERS_NUM", "PADDLE_TRAINER_ENDPOINTS",
                         "PADDLE_CURRENT_ENDPOINT"):
                env.pop(name)
        processes.append(subprocess.Popen([sys.executable, os.path.join(HERE, "scripts", script), *args,
                                           str(out_dir)], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT, text=True))
    outputs = []
    try:
        for process in processes:
            outputs.append(process.communicate(timeout=timeout)[0])
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
    for process, output in zip(processes, outputs):
        assert process.returncode == 0, output[-4000:]
    results = []
    for rank in range(nranks):
        with open(os.path.join(str(out_dir), f"rank{rank}.json")) as f:
            results.append(json.load(f))
    return results
