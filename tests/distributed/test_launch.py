"""``python -m paddle.distributed.launch`` (ours, on torch's elastic agent): a failing or killed rank ends the
job quickly, non-zero, with the rank's error shown; Paddle's options that cannot run here raise."""

import os
import sys

import pytest

from ._launch import SCRIPTS, child_env, launch


def test_two_nodes(tmp_path):
    """Two launchers (one per node, --nnodes 2 --master --rank) make one 2-rank job; every rank sees the
    endpoints of all ranks."""
    import json
    import subprocess

    from paddle_compat.distributed.spawn import _free_ports

    master = f"127.0.0.1:{_free_ports(1)[0]}"
    nodes = []
    for node_rank in (0, 1):
        command = [sys.executable, "-m", "paddle.distributed.launch", "--nnodes", "2", "--master", master,
                   "--rank", str(node_rank), "--nproc_per_node", "1", "--host", "127.0.0.1",
                   "--log_dir", str(tmp_path / f"log{node_rank}"), os.path.join(SCRIPTS, "env_worker.py")]
        nodes.append(subprocess.Popen(command, cwd=str(tmp_path), env=child_env(), stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT, text=True))
    outputs = [node.communicate(timeout=120)[0] for node in nodes]
    assert [node.returncode for node in nodes] == [0, 0], outputs
    envs = [json.loads(next(line for line in out.splitlines() if line.startswith("ENV "))[4:]) for out in outputs]
    assert [env["PADDLE_TRAINER_ID"] for env in envs] == ["0", "1"]
    assert all(env["PADDLE_TRAINERS_NUM"] == env["PADDLE_GLOBAL_SIZE"] == "2" for env in envs)
    assert all(env["PADDLE_NNODES"] == "2" and env["PADDLE_LOCAL_RANK"] == "0" for env in envs)
    endpoints = envs[0]["PADDLE_TRAINER_ENDPOINTS"].split(",")
    assert envs[1]["PADDLE_TRAINER_ENDPOINTS"] == envs[0]["PADDLE_TRAINER_ENDPOINTS"] and len(endpoints) == 2
    assert [env["PADDLE_CURRENT_ENDPOINT"] for env in envs] == endpoints


@pytest.mark.parametrize("mode", ["raise", "kill"])
def test_failed_rank_ends_job(tmp_path, mode):
    done, seconds, log_dir = launch(tmp_path, os.path.join(SCRIPTS, "fault_worker.py"), mode, timeout=90)
    output = done.stdout + done.stderr
    assert done.returncode != 0
    assert seconds < 60, seconds
    if mode == "raise":
        assert "ValueError: rank 1 failed on purpose" in output
        with open(os.path.join(log_dir, "workerlog.1")) as f:
            assert "rank 1 failed on purpose" in f.read()
    else:
        assert "SIGKILL" in output
    assert "rank 1 (local rank 1) failed" in output
    assert "rank 0 waits in all_reduce" in done.stdout  # rank 0's log is echoed, as Paddle's launcher does


@pytest.mark.parametrize("options, message", [
    (["--run_mode", "ps"], "--run_mode ps"),
    (["--nnodes", "1:2"], "--nnodes MIN:MAX"),
    (["--master", "etcd://127.0.0.1:2379"], "only ip:port"),
])
def test_unsupported_options_raise(monkeypatch, options, message):
    from paddle.distributed.launch.main import launch as run_launcher

    monkeypatch.setattr(sys, "argv", ["launch", *options, "train.py"])
    with pytest.raises(NotImplementedError, match=message.replace("-", "\\-")):
        run_launcher()


def test_paddle_launch_is_the_function():
    import paddle.distributed as dist

    assert callable(dist.launch) and dist.launch.__name__ == "launch"


def test_init_parallel_env_under_torchrun(tmp_path):
    import subprocess

    from paddle_compat.distributed.spawn import _free_ports

    command = [sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2",
               "--master_port", str(_free_ports(1)[0]), "--monitor_interval", "0.1",
               os.path.join(SCRIPTS, "torchrun_worker.py")]
    done = subprocess.run(command, cwd=str(tmp_path), env=child_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    # both ranks write to the same pipe, so their lines can run together: split on the marker, not on newlines
    lines = sorted("TORCHRUN" + part.rstrip("\n") for part in done.stdout.split("TORCHRUN")[1:])
    assert lines == [
        "TORCHRUN rank=0 world=2 sum=3.0 backend=GLOO group=rank: 0, nranks: 2, id: 0, ranks: 0, 1; name: _default_pg",
        "TORCHRUN rank=1 world=2 sum=3.0 backend=GLOO group=rank: 1, nranks: 2, id: 0, ranks: 0, 1; name: _default_pg",
    ]
