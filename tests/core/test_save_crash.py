"""paddle.save under SIGKILL: the target is never corrupt, dead writers' temp files are cleaned by the next
good save, and the saved file's mode follows the umask as a plain open() would (issue 15)."""

import os
import signal
import time

import numpy as np
import paddle
import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork to kill writers mid-save")


def _temps(directory):
    return [n for n in os.listdir(directory) if n.endswith(".tmp")]


def _kill_mid_save(obj, path, directory):
    pid = os.fork()
    if pid == 0:  # child: save, then linger so a slow save is still killed
        try:
            paddle.save(obj, path)
            time.sleep(5)
        finally:
            os._exit(0)
    deadline = time.monotonic() + 10
    while not _temps(directory) and time.monotonic() < deadline:
        time.sleep(0.0005)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def test_killed_saves_leave_no_debris_and_no_corrupt_target(tmp_path):
    good = {"w": paddle.to_tensor(np.arange(6, dtype="float32").reshape([2, 3]))}
    big = {f"p{i}": paddle.to_tensor(np.full([256, 1024], i, dtype="float32")) for i in range(8)}  # 8 MiB
    path = str(tmp_path / "model.pdparams")
    paddle.save(good, path)
    for _ in range(30):
        _kill_mid_save(big, path, str(tmp_path))
        loaded = paddle.load(path)  # always a whole file: the old one or the new one
        assert set(loaded) in ({"w"}, set(big))
    assert _temps(str(tmp_path)), "no writer was killed mid-save: the test did not exercise anything"
    old_umask = os.umask(0o022)
    try:
        paddle.save(good, path)
    finally:
        os.umask(old_umask)
    assert _temps(str(tmp_path)) == []
    np.testing.assert_array_equal(paddle.load(path)["w"].numpy(), good["w"].numpy())
    assert os.stat(path).st_mode & 0o777 == 0o644


def test_live_writer_temp_file_is_not_removed(tmp_path):
    path = str(tmp_path / "x.pdparams")
    from paddle_compat.framework.io import _temp_prefix

    live = tmp_path / (_temp_prefix(path) + f"{os.getppid()}.abc.tmp")  # our parent is alive
    live.write_bytes(b"partial")
    paddle.save({"a": paddle.to_tensor([1.0])}, path)
    assert live.exists()


@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_saved_mode_follows_umask(tmp_path, umask, mode):
    path = str(tmp_path / "m.pdparams")
    old = os.umask(umask)
    try:
        paddle.save({"a": paddle.to_tensor([1.0])}, path)
    finally:
        os.umask(old)
    assert os.stat(path).st_mode & 0o777 == mode
