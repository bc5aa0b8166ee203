"""group_sharded_parallel (sharding stages 2 and 3; level 'os' runs stage 2 as in Paddle) on two gloo ranks:
losses and final weights equal one process on the whole batch and plain DataParallel, from the same initial
weights (AdamW + ClipGradByGlobalNorm, 4 steps), ours and real Paddle 2.6.2's. Real Paddle asserts a GPU/XPU
device in group_sharded_parallel ("group_sharded_parallel only support gpu and xpu now"), so its references are
its single-process and 2-rank DataParallel runs of the same worker on CPU (tests/goldens/
fleet_sharding_reference.json, recorded by tests/fleet/record_sharding_golden.py)."""

import numpy as np
import pytest

from tests.distributed._launch import load_golden
from tests.fleet._ranks import run_ranks

PADDLE = load_golden("fleet_sharding_reference.json")


@pytest.fixture(scope="module")
def single(tmp_path_factory):
    return run_ranks("sharding_worker.py", ["single"], tmp_path_factory.mktemp("single"), nranks=1)[0]


def _check_against_single(results, single):
    for rank, result in enumerate(results):  # real Paddle's DataParallel ranks, same halves of the batch
        paddle_rank = PADDLE["dp"][f"rank{rank}"]
        np.testing.assert_allclose(result["losses"], paddle_rank["losses"], rtol=1e-5, atol=1e-6)
        assert result["state_keys"] == paddle_rank["state_keys"]
        for key, value in paddle_rank["state"].items():
            np.testing.assert_allclose(result["state"][key], value, rtol=1e-5, atol=1e-5, err_msg=key)
    mean_losses = np.mean([result["losses"] for result in results], axis=0)  # equal halves of the batch
    np.testing.assert_allclose(mean_losses, single["losses"], rtol=1e-6, atol=1e-7)
    for result in results:
        assert result["state_keys"] == result["reference_keys"] == list(single["state"])
        for key, value in single["state"].items():
            np.testing.assert_allclose(result["state"][key], value, rtol=1e-6, atol=1e-6, err_msg=key)


def test_single_process_reference_equals_paddle(single):
    np.testing.assert_allclose(single["losses"], PADDLE["single"]["losses"], rtol=1e-5, atol=1e-6)
    for key, value in PADDLE["single"]["state"].items():
        np.testing.assert_allclose(single["state"][key], value, rtol=1e-5, atol=1e-5, err_msg=key)


def test_data_parallel_reference(tmp_path, single):
    _check_against_single(run_ranks("sharding_worker.py", ["dp"], tmp_path), single)


@pytest.mark.parametrize("level", ["os", "os_g"])
def test_stage2_equals_single_process(tmp_path, single, level):
    results = run_ranks("sharding_worker.py", [level], tmp_path)
    _check_against_single(results, single)
    held = [result["grad_held"] for result in results]
    # Paddle's segmentation: parameters in order, each to the rank with fewest elements so far
    # (fc1.w 120 -> 0, fc1.b 15 -> 1, fc2.w 225 -> 1, fc2.b 15 -> 0, fc3.w 60 -> 0, fc3.b 4 -> 0)
    assert held[0] == [True, False, False, True, True, True]
    assert held[1] == [not h for h in held[0]]
    state_names = [{key.split("_moment1")[0] for key in result["optimizer_state_shapes"] if "_moment1" in key}
                   for result in results]
    assert state_names[0].isdisjoint(state_names[1])
    assert len(state_names[0] | state_names[1]) == 6
    for result in results:
        assert result["wrappers"] == ["GroupShardedStage2", "GroupShardedOptimizerStage2"]
        assert result["saved_equal"] and result["saved_files"] == ["model.pdmodel", "model.pdopt"]
        assert max(result["set_state_dict_round_trip"]) <= 1e-6


def test_stage3_equals_single_process(tmp_path, single):
    results = run_ranks("sharding_worker.py", ["p_g_os"], tmp_path)
    _check_against_single(results, single)
    for result in results:
        assert result["wrappers"] == ["GroupShardedStage3", "AdamW"]
        # segment_size=100: fc1.w (120) and fc2.w (225, padded to 226) are sliced in halves and freed after
        # use; fc3.w (60) and the biases stay whole
        assert result["full_sizes_after_backward"] == [0, 15, 0, 15, 60, 4]
        assert result["slice_grad_shapes"] == [[60], [15], [113], [15], [15, 4], [4]]
        assert result["optimizer_state_shapes"]["linear_1.w_0_moment1_0"] == [113]
        assert result["saved_equal"] and result["saved_files"] == ["model.pdmodel", "model.pdopt"]
        assert max(result["set_state_dict_round_trip"]) <= 1e-6


def test_stage3_exclude_layer_keeps_it_whole(tmp_path, single):
    results = run_ranks("sharding_worker.py", ["p_g_os", "exclude"], tmp_path)
    _check_against_single(results, single)
    for result in results:
        assert result["full_sizes_after_backward"] == [0, 15, 225, 15, 60, 4]
        assert result["slice_grad_shapes"] == [[60], [15], [15, 15], [15], [15, 4], [4]]


@pytest.mark.parametrize("level", ["os_g", "p_g_os"])
def test_gradient_accumulation_over_two_backwards(tmp_path, single, level):
    """Two backward passes (half the rank's batch each, loss halved) before one step: the same training."""
    _check_against_single(run_ranks("sharding_worker.py", [level, "acc"], tmp_path), single)


@pytest.mark.parametrize("level", ["os_g", "p_g_os"])
def test_sharding_groups_combined_with_dp_group_on_four_ranks(tmp_path, single, level):
    """Sharding over {0, 1} and {2, 3}, data parallel over {0, 2} and {1, 3} (group= and dp_group=), a quarter
    of the batch per rank: the same training as one process on the whole batch."""
    results = run_ranks("sharding_worker.py", [level, "dpgroup"], tmp_path, nranks=4, timeout=90)
    np.testing.assert_allclose(np.mean([r["losses"] for r in results], axis=0), single["losses"], rtol=1e-6,
                               atol=1e-7)
    for result in results:
        for key, value in single["state"].items():
            np.testing.assert_allclose(result["state"][key], value, rtol=1e-6, atol=1e-6, err_msg=key)
    if level == "os_g":  # ranks 0 and 2 own the same parameters (same place in their sharding groups)
        assert results[0]["grad_held"] == results[2]["grad_held"] != results[1]["grad_held"]


def test_arguments_checked_before_any_communication():
    import paddle
    from paddle.distributed.sharding import group_sharded_parallel

    net = paddle.nn.Linear(2, 2)
    optimizer = paddle.optimizer.SGD(parameters=net.parameters())
    with pytest.raises(AssertionError, match="The level must be os, os_g or p_g_os"):
        group_sharded_parallel(net, optimizer, "p_g")
    with pytest.raises(AssertionError, match="paddle.nn.Layer"):
        group_sharded_parallel(object(), optimizer, "os")
    with pytest.raises(NotImplementedError, match="exclude_layer"):
        group_sharded_parallel(net, optimizer, "os_g", exclude_layer=["Linear"])
