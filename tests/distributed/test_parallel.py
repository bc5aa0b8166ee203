"""``paddle.DataParallel`` on torch DDP and the single-process behaviour of ``paddle.distributed``, against
real Paddle 2.6.2 (tests/goldens/distributed_parallel.json, recorded by tests/distributed/record_goldens.py)."""

import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

from ._launch import SCRIPTS, child_env, launch, load_golden, read_ranks

TOLERANCE = 1e-6


@pytest.fixture(scope="module")
def golden():
    return load_golden("distributed_parallel.json")


@pytest.fixture(scope="module")
def two_ranks(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("dp")
    done, _, _ = launch(tmp_path, os.path.join(SCRIPTS, "dp_worker.py"), str(tmp_path / "out"))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return read_ranks(tmp_path / "out", 2)


@pytest.fixture(scope="module")
def one_rank(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("dp1")
    env = dict(child_env(), PADDLE_TRAINERS_NUM="1")
    subprocess.run([sys.executable, os.path.join(SCRIPTS, "dp_worker.py"), str(tmp_path / "out")], env=env,
                   check=True, timeout=120, capture_output=True)
    return read_ranks(tmp_path / "out", 1)["0"]


def _max_difference(weights_a, weights_b):
    return max(float(np.abs(np.array(weights_a[k]) - np.array(weights_b[k])).max()) for k in weights_a)


@pytest.mark.verifies("paddle.DataParallel")
@pytest.mark.parametrize("rank", ["0", "1"])
def test_two_ranks_as_paddle(two_ranks, golden, rank):
    ours, theirs = two_ranks[rank], golden["two_ranks"][rank]
    np.testing.assert_allclose(ours["losses"], theirs["losses"], rtol=0, atol=TOLERANCE)
    assert _max_difference(ours["weights"], theirs["weights"]) <= TOLERANCE
    assert ours["state_dict_keys"] == theirs["state_dict_keys"]
    assert ours["parameter_names"] == theirs["parameter_names"]


def test_two_ranks_equal_one_rank_on_whole_batch(two_ranks, one_rank, golden):
    # Each step: the mean of the two half-batch losses is the whole-batch loss (equal halves, mean loss), and
    # the averaged gradients give the same weights on every rank as training on the whole batch.
    mean_losses = (np.array(two_ranks["0"]["losses"]) + np.array(two_ranks["1"]["losses"])) / 2
    np.testing.assert_allclose(mean_losses, one_rank["losses"], rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(one_rank["losses"], golden["one_rank"]["0"]["losses"], rtol=0, atol=TOLERANCE)
    for rank in ("0", "1"):
        assert _max_difference(two_ranks[rank]["weights"], one_rank["weights"]) <= TOLERANCE


@pytest.mark.verifies("paddle.distributed.init_parallel_env")
def test_single_process_init_parallel_env(golden):
    import paddle.distributed as dist

    expected = golden["single_process"]["init_parallel_env"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        returned = dist.init_parallel_env()
    assert repr(returned) == expected["returned"]
    assert [str(w.message) for w in caught] == expected["warnings"]
    assert [w.category.__name__ for w in caught] == expected["categories"]


@pytest.mark.verifies("paddle.distributed.ParallelEnv", "paddle.distributed.get_rank",
                      "paddle.distributed.get_world_size", "paddle.distributed.is_initialized")
def test_single_process_queries(golden, monkeypatch):
    import paddle.distributed as dist
    import torch

    for name in ("PADDLE_TRAINER_ID", "PADDLE_TRAINERS_NUM", "PADDLE_TRAINER_ENDPOINTS", "PADDLE_CURRENT_ENDPOINT",
                 "RANK", "WORLD_SIZE", "PADDLE_XCCL_BACKEND"):
        monkeypatch.delenv(name, raising=False)
    expected = golden["single_process"]
    env = dist.ParallelEnv()
    found = {"rank": env.rank, "world_size": env.world_size, "device_type": env.device_type,
             "current_endpoint": env.current_endpoint, "trainer_endpoints": env.trainer_endpoints,
             "nrings": env.nrings, "has_device_id": hasattr(env, "_device_id")}
    if torch.cuda.is_available():  # the oracle is a CPU build; a CUDA build of Paddle has a device_id
        found["has_device_id"] = False
    assert found == expected["parallel_env"]
    queries = {"rank": dist.get_rank(), "world_size": dist.get_world_size(),
               "is_initialized": dist.is_initialized(), "is_available": dist.is_available()}
    assert queries == expected["queries"]


@pytest.mark.verifies("paddle.DataParallel")
def test_single_process_data_parallel(golden):
    import paddle

    expected = golden["single_process"]["data_parallel"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = paddle.DataParallel(paddle.nn.Linear(2, 3))
    assert [str(w.message) for w in caught] == expected["warnings"]
    assert list(model.state_dict().keys()) == expected["state_dict_keys"]
    assert [n for n, _ in model.named_parameters()] == expected["parameter_names"]
    assert [n for n, _ in model.named_sublayers()] == expected["sublayer_names"]


def test_hybrid_parallel_util_names(golden):
    import paddle.distributed.fleet.utils.hybrid_parallel_util as hpu

    for name in golden["single_process"]["hybrid_parallel_util"]:
        assert callable(getattr(hpu, name)), name


@pytest.mark.verifies("paddle.distributed.new_group", "paddle.distributed.barrier", "paddle.distributed.get_backend",
                      "paddle.distributed.destroy_process_group")
def test_uninitialized_errors(golden):
    import paddle
    import paddle.distributed as dist

    calls = {"all_reduce": lambda: dist.all_reduce(paddle.ones([2])), "barrier": dist.barrier,
             "new_group": lambda: dist.new_group([0, 1]), "get_backend": dist.get_backend,
             "destroy_process_group": dist.destroy_process_group,
             "broadcast": lambda: dist.broadcast(paddle.ones([1]), 0)}
    for name, call in calls.items():
        try:
            found = {"value": repr(call())}
        except Exception as error:  # noqa: BLE001 - the exception is the compared result
            found = {"error": type(error).__name__, "message": str(error)}
        assert found == golden["single_process"]["uninitialized"][name], name
