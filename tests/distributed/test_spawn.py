"""``paddle.distributed.spawn`` on torch.multiprocessing: 2 CPU ranks with Paddle's environment."""

import os

import paddle.distributed as dist
import pytest

from ._launch import child_env


def _all_reduce_rank(offset):
    import paddle
    import paddle.distributed as dist

    dist.init_parallel_env()
    x = paddle.to_tensor([float(dist.get_rank() + offset)])
    dist.all_reduce(x)
    env = dist.ParallelEnv()
    return [float(x.numpy()[0]), env.rank, env.world_size, len(env.trainer_endpoints),
            os.environ["PADDLE_DISTRI_BACKEND"]]


def _fail_on_last_rank(nprocs):
    import paddle.distributed as dist

    if dist.ParallelEnv().rank == nprocs - 1:
        raise ValueError(f"spawned rank {nprocs - 1} failed on purpose")


@pytest.fixture
def clean_env(monkeypatch):
    for name in set(os.environ) - set(child_env()):
        monkeypatch.delenv(name)


@pytest.mark.verifies("paddle.distributed.spawn")
def test_spawn_all_reduce(clean_env):
    context = dist.spawn(_all_reduce_rank, args=(5,), nprocs=2)
    results = sorted(queue.get() for queue in context.return_queues)
    assert results == [[11.0, 0, 2, 2, "gloo"], [11.0, 1, 2, 2, "gloo"]]


def test_spawn_failure_raises_with_traceback(clean_env):
    # one process keeps the test cheap; the failure path is the same for any rank
    with pytest.raises(Exception, match="spawned rank 0 failed on purpose"):
        dist.spawn(_fail_on_last_rank, args=(1,), nprocs=1)


def test_spawn_rejects_unknown_option():
    with pytest.raises(ValueError, match=r"The config option \(bogus\) of `paddle.distributed.spawn` is not"):
        dist.spawn(_fail_on_last_rank, args=(2,), nprocs=2, bogus=1)
