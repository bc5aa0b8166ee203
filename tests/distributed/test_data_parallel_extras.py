"""DataParallel.no_sync, hybrid_parallel_util (fused_allreduce_gradients, broadcast_dp_parameters) and
DistributedBatchSampler on 2 ranks under our launcher, checked against formulas over each rank's local
gradients (Paddle's reducer averages the accumulated gradient; its helpers average / broadcast)."""

import os

import numpy as np
import pytest

from ._launch import SCRIPTS, launch, read_ranks


@pytest.fixture(scope="module")
def ranks(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("dp_extras")
    done, _, _ = launch(tmp_path, os.path.join(SCRIPTS, "dp_extras_worker.py"), str(tmp_path / "out"))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    found = read_ranks(tmp_path / "out", 2)
    return [{k: np.array(v) if isinstance(v, list) and k != "sampler_batches" else v for k, v in found[r].items()}
            for r in ("0", "1")]


def test_wrap_broadcasts_rank0_weights(ranks):
    np.testing.assert_array_equal(ranks[0]["weights_after_wrap"], ranks[1]["weights_after_wrap"])


def test_no_sync_keeps_local_gradients_then_averages_the_accumulation(ranks):
    for found in ranks:
        np.testing.assert_array_equal(found["no_sync_grad"], found["local_grad_1"])
    assert not np.allclose(ranks[0]["no_sync_grad"], ranks[1]["no_sync_grad"])
    expected = np.mean([found["local_grad_1"] + found["local_grad_2"] for found in ranks], axis=0)
    for found in ranks:
        np.testing.assert_allclose(found["accumulated_synced_grad"], expected, rtol=1e-6, atol=1e-6)


def test_fused_allreduce_gradients_averages(ranks):
    expected = np.mean([found["plain_local_grad"] for found in ranks], axis=0)
    for found in ranks:
        np.testing.assert_allclose(found["fused_grad"], expected, rtol=1e-6, atol=1e-6)


def test_broadcast_dp_parameters_from_src_rank(ranks):
    assert not np.array_equal(ranks[0]["before_broadcast"], ranks[1]["before_broadcast"])
    for found in ranks:
        np.testing.assert_array_equal(found["after_broadcast"], ranks[1]["before_broadcast"])


def test_distributed_batch_sampler_shards(ranks):
    batches = [found["sampler_batches"] for found in ranks]
    assert ranks[0]["sampler_len"] == ranks[1]["sampler_len"] == len(batches[0]) == len(batches[1]) == 3
    flat = [index for rank_batches in batches for batch in rank_batches for index in batch]
    assert sorted(set(flat)) == list(range(11)) and len(flat) == 12  # 11 samples padded to 2 x 6


def test_gloo_barrier_context(ranks):
    assert ranks[0]["gloo_barrier_done"] is True and ranks[1]["gloo_barrier_done"] is True


def test_destroy_process_group(ranks):
    for found in ranks:
        assert list(found["after_destroy_sub"]) == [True, True]  # the sub-group is gone, the global one stays
        assert list(found["after_destroy_all"]) == [False, True]


def test_find_unused_parameters(ranks):
    expected = np.mean([found["unused_branch_local_grad"] for found in ranks], axis=0)
    for found in ranks:
        np.testing.assert_allclose(found["unused_branch_used_grad"], expected, rtol=1e-6, atol=1e-6)
