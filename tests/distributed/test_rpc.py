"""``paddle.distributed.rpc`` on torch.distributed.rpc, one worker in this process. The WorkerInfo text form
is Paddle 2.6.2's (``{name: worker0, rank: 0, ip: 127.0.0.1, port: 41319}``, seen under the oracle; the port
is random, so the test checks the pattern). Paddle aborts the whole process when the remote function raises
or the worker name is unknown; ours raises in the caller (deviation in mappings/distributed.toml)."""

import operator
import re

import paddle.distributed.rpc as rpc
import pytest

from paddle_compat.distributed.spawn import _free_ports


@pytest.fixture(scope="module")
def worker():
    import os

    os.environ["PADDLE_WORKER_ENDPOINT"] = "127.0.0.1:41319"
    try:
        rpc.init_rpc("worker0", rank=0, world_size=1, master_endpoint=f"127.0.0.1:{_free_ports(1)[0]}")
    finally:
        del os.environ["PADDLE_WORKER_ENDPOINT"]
    yield
    rpc.shutdown()


@pytest.mark.verifies("paddle.distributed.rpc.rpc_sync", "paddle.distributed.rpc.rpc_async")
def test_calls(worker):
    assert rpc.rpc_sync("worker0", operator.add, args=(2, 3)) == 5
    future = rpc.rpc_async("worker0", operator.mul, args=(4, 5))
    assert type(future).__name__ == "Future" and future.wait() == 20
    assert rpc.rpc_sync("worker0", divmod, kwargs={}, args=[7, 2], timeout=30) == (3, 1)


def test_remote_exception_raised_here(worker):
    with pytest.raises(Exception, match="division by zero"):
        rpc.rpc_sync("worker0", operator.truediv, args=(1, 0))


@pytest.mark.verifies("paddle.distributed.rpc.get_worker_info", "paddle.distributed.rpc.get_all_worker_infos",
                      "paddle.distributed.rpc.get_current_worker_info")
def test_worker_infos(worker):
    info = rpc.get_worker_info("worker0")
    assert repr(info) == str(info) == "{name: worker0, rank: 0, ip: 127.0.0.1, port: 41319}"
    assert type(info).__name__ == "WorkerInfo"
    assert (info.name, info.rank, info.ip, info.port) == ("worker0", 0, "127.0.0.1", 41319)
    assert [repr(i) for i in rpc.get_all_worker_infos()] == [repr(info)]
    assert re.fullmatch(r"\{name: worker0, rank: 0, ip: [\d.]+, port: \d+\}", repr(rpc.get_current_worker_info()))
