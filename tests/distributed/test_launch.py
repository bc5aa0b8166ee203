"""``python -m paddle.distributed.launch`` (ours, on torch's elastic agent): a failing or killed rank ends the
job quickly, non-zero, with the rank's error shown; Paddle's options that cannot run here raise."""

import os
import sys

import pytest

from ._launch import SCRIPTS, launch


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
    (["--legacy", "1"], "--legacy"),
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
