"""fleet.init and the hybrid communicate group in one process, against real Paddle 2.6.2's answers
(tests/goldens/fleet_strategy.json, recorded by tests/fleet/record_goldens.py)."""

import json
import os

import numpy as np
import paddle
import pytest
from paddle.distributed import fleet
from paddle.distributed.fleet.base.topology import CommunicateTopology, ParallelMode

from tools.api_diff.common import check_stamp

GOLDEN_PATH = os.path.join(os.path.dirname(__file__), "..", "goldens", "fleet_strategy.json")


@pytest.fixture(scope="module")
def golden():
    with open(GOLDEN_PATH) as f:
        data = json.load(f)
    check_stamp(data, GOLDEN_PATH)
    return data


@pytest.fixture
def initialized(fresh_fleet, monkeypatch):
    for name in ("PADDLE_TRAINER_ENDPOINTS", "PADDLE_TRAINER_ID", "PADDLE_TRAINERS_NUM", "PADDLE_RANK_IN_NODE"):
        monkeypatch.delenv(name, raising=False)
    s = fleet.DistributedStrategy()
    s.hybrid_configs = {"dp_degree": 1, "mp_degree": 1, "pp_degree": 1}
    fleet.init(is_collective=True, strategy=s, log_level="WARNING")
    return s


def test_single_process_answers(golden, initialized):
    expected = golden["single_process"]
    hcg = fleet.get_hybrid_communicate_group()
    ours = {
        "worker_index": fleet.worker_index(), "worker_num": fleet.worker_num(),
        "is_first_worker": fleet.is_first_worker(), "is_worker": fleet.is_worker(),
        "worker_endpoints": fleet.worker_endpoints(), "local_rank": fleet.local_rank(),
        "node_num": fleet.node_num(), "server_num": fleet.server_num(),
        "hcg_class": type(hcg).__module__ + "." + type(hcg).__name__,
        "parallel_mode": hcg.get_parallel_mode(),
        "global_rank": hcg.get_global_rank(),
        "dp": [hcg.get_data_parallel_rank(), hcg.get_data_parallel_world_size(),
               hcg.get_data_parallel_group().ranks, hcg.get_data_parallel_group().nranks,
               hcg.get_data_parallel_group_src_rank()],
        "mp": [hcg.get_model_parallel_rank(), hcg.get_model_parallel_world_size(),
               hcg.get_model_parallel_group().ranks, hcg.get_model_parallel_group_src_rank()],
        "pp": [hcg.get_stage_id(), hcg.get_pipe_parallel_world_size(), hcg.get_pipe_parallel_group().ranks],
        "sharding": [hcg.get_sharding_parallel_rank(), hcg.get_sharding_parallel_world_size(),
                     hcg.get_sharding_parallel_group().ranks, hcg.get_sharding_parallel_group_src_rank()],
        "sep": [hcg.get_sep_parallel_rank(), hcg.get_sep_parallel_world_size()],
        "check_group_ranks": hcg.get_check_parallel_group().ranks,
        "group_names": hcg.topology().get_hybrid_group_names(),
        "dims": hcg.topology()._dims,
    }
    model = paddle.nn.Linear(2, 3)
    optimizer = paddle.optimizer.SGD(parameters=model.parameters())
    ours["distributed_model_is_model"] = fleet.distributed_model(model) is model
    ours["distributed_optimizer_is_optimizer"] = fleet.distributed_optimizer(optimizer) is optimizer
    assert ours == expected
    assert fleet.worker_endpoints(to_string=True) == ",".join(expected["worker_endpoints"])


def test_parallel_mode_values(golden):
    assert {n: getattr(ParallelMode, n) for n in golden["parallel_modes"]} == golden["parallel_modes"]


def test_communicate_topology(golden):
    for case in golden["topologies"]:
        topo = CommunicateTopology(["data", "pipe", "sharding", "sep", "model"], case["dims"])
        names = topo.get_hybrid_group_names()
        assert topo.world_size() == case["world_size"]
        assert [list(topo.get_coord(r)) for r in range(topo.world_size())] == case["coords"]
        assert {n: topo.get_comm_list(n) for n in names} == case["comm_lists"]
        assert {n: [topo.get_axis_list(n, i) for i in range(topo.get_dim(n))] for n in names} == case["axis_lists"]
        # Paddle builds this list by iterating a set (order depends on the hash seed); its users sort it.
        assert sorted(topo.get_fused_ranks(["data", "sharding"])) == sorted(case["fused_dp_sharding"])
        assert [topo.get_rank_from_stage(r, pipe=topo.get_dim("pipe") - 1)
                for r in range(topo.world_size())] == case["rank_from_stage"]


def test_default_init_is_the_non_distributed_worker(fresh_fleet, monkeypatch):
    # Paddle 2.6.2 (checked with the oracle): fleet.init() without a server list is one worker, no endpoints.
    monkeypatch.delenv("PADDLE_PSERVERS_IP_PORT_LIST", raising=False)
    fleet.init(log_level="WARNING")
    assert (fleet.worker_index(), fleet.worker_num(), fleet.is_first_worker(), fleet.worker_endpoints(),
            fleet.server_num()) == (0, 1, True, [], 0)
    with pytest.warns(UserWarning, match="gloo is not initialized"):
        fleet.barrier_worker()
    assert fleet.get_hybrid_communicate_group().get_parallel_mode() is None


def test_role_makers():
    # values checked against the oracle: UserDefinedRoleMaker(collective) leaves its role unset, as Paddle's
    role = fleet.UserDefinedRoleMaker(is_collective=True, current_id=1,
                                      worker_endpoints=["127.0.0.1:1", "127.0.0.2:2"])
    assert (role._worker_index(), role._worker_num(), role._is_first_worker(), role._node_num(),
            role._is_worker(), role._role) == (1, 2, False, 2, False, None)
    assert fleet.Role.WORKER == 1 and fleet.Role.SERVER == 2
    with pytest.raises(ValueError, match="is_collective"):
        fleet.fleet.init(is_collective=1)
    with pytest.raises(ValueError, match="role_maker"):
        fleet.fleet.init(role_maker=object())


def test_parameter_server_mode_is_not_implemented(fresh_fleet, monkeypatch):
    monkeypatch.setenv("PADDLE_PSERVERS_IP_PORT_LIST", "127.0.0.1:6001")
    with pytest.raises(NotImplementedError, match="parameter-server"):
        fleet.init(log_level="WARNING")
    for name in ("init_worker", "init_server", "run_server", "stop_worker"):
        with pytest.raises(NotImplementedError, match=name):
            getattr(fleet, name)()


def test_util_file_shard():
    util = fleet.UtilBase()
    role = fleet.UserDefinedRoleMaker(is_collective=True, current_id=0, worker_endpoints=["a:1", "b:2"])
    util._set_role_maker(role)
    assert util.get_file_shard(["f1", "f2", "f3", "f4", "f5"]) == ["f1", "f2", "f3"]
    with pytest.raises(TypeError):
        util.get_file_shard("f1")


def test_mp_layers_single_process_equal_dense_layers(initialized):
    mp = fleet.meta_parallel
    paddle.seed(7)
    x = paddle.randn([3, 4])
    column = mp.ColumnParallelLinear(4, 6, has_bias=True)
    assert column.weight.shape == [4, 6] and column.weight.is_distributed is False
    assert mp.ColumnParallelLinear(4, 6).bias is None  # has_bias=None: no bias, as in Paddle
    np.testing.assert_allclose(column(x).numpy(), (x @ column.weight + column.bias).numpy(), rtol=1e-6)
    row = mp.RowParallelLinear(4, 6)
    np.testing.assert_allclose(row(x).numpy(), paddle.nn.functional.linear(x, row.weight, row.bias).numpy(),
                               rtol=1e-6)
    embedding = mp.VocabParallelEmbedding(10, 4)
    ids = paddle.to_tensor([[1, 9], [0, 3]])
    np.testing.assert_allclose(embedding(ids).numpy(), embedding.weight.numpy()[ids.numpy()])


def test_parallel_cross_entropy_single_process(initialized):
    # Paddle's c_softmax_with_cross_entropy has no CPU kernel: the reference is the dense softmax cross entropy.
    logits = paddle.randn([4, 6])
    logits.stop_gradient = False
    label = paddle.to_tensor([0, 5, 2, 3])
    loss = fleet.meta_parallel.ParallelCrossEntropy()(logits, label)
    assert loss.shape == [4, 1]
    reference = paddle.nn.functional.cross_entropy(logits, label.unsqueeze(-1), reduction="none")
    np.testing.assert_allclose(loss.numpy(), reference.numpy(), rtol=1e-6)
    (grad,) = paddle.grad(loss.sum(), logits)
    (reference_grad,) = paddle.grad(reference.sum(), logits)
    np.testing.assert_allclose(grad.numpy(), reference_grad.numpy(), rtol=1e-6, atol=1e-7)


def test_rng_state_tracker():
    tracker = fleet.meta_parallel.get_rng_state_tracker()
    tracker.reset()
    tracker.add("model_parallel_rng", 1234)
    with pytest.raises(ValueError, match="already exists"):
        tracker.add("other", 1234)
    paddle.seed(1)
    with tracker.rng_state():
        first = paddle.rand([3]).numpy()
    outside = paddle.rand([3]).numpy()
    paddle.seed(1234)
    np.testing.assert_array_equal(first, paddle.rand([3]).numpy())
    paddle.seed(1)
    np.testing.assert_array_equal(outside, paddle.rand([3]).numpy())  # the tracker left the global RNG alone
    with pytest.raises(ValueError, match="does not exist"):
        with tracker.rng_state("nope"):
            pass
    tracker.reset()


def _dropout_block(layer):
    def block(x):
        return paddle.nn.functional.dropout(layer(x), p=0.5)

    return block


@pytest.mark.parametrize("use_reentrant", [True, False])
def test_recompute_replays_rng_and_matches_plain_gradients(use_reentrant):
    # Reference: the same block run without recompute from the same seed (same dropout mask).
    paddle.seed(3)
    layer = paddle.nn.Linear(4, 4)
    x = paddle.randn([5, 4])
    x.stop_gradient = False
    paddle.seed(11)
    plain = _dropout_block(layer)(x)
    plain.sum().backward()
    plain_grads = [x.grad.numpy().copy(), layer.weight.grad.numpy().copy()]
    x.clear_gradient()
    layer.clear_gradients()
    paddle.seed(11)
    recomputed = fleet.utils.recompute(_dropout_block(layer), x, use_reentrant=use_reentrant)
    paddle.seed(99)  # whatever runs between forward and backward must not change the replayed mask
    recomputed.sum().backward()
    np.testing.assert_array_equal(recomputed.numpy(), plain.numpy())
    np.testing.assert_allclose(x.grad.numpy(), plain_grads[0], rtol=1e-6)
    np.testing.assert_allclose(layer.weight.grad.numpy(), plain_grads[1], rtol=1e-6)


def test_recompute_kwargs_need_non_reentrant():
    with pytest.raises(ValueError, match="use_reentrant=False"):
        fleet.utils.recompute(lambda x, y=1: x, paddle.ones([1]), y=2)


def test_recompute_sequential_matches_plain():
    paddle.seed(5)
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.ReLU(), paddle.nn.Linear(4, 2))
    x = paddle.randn([3, 4])
    x.stop_gradient = False
    model(x).sum().backward()
    expected = model[0].weight.grad.numpy().copy()
    model.clear_gradients()
    out = fleet.recompute.recompute_sequential({"segments": 2}, model, x)
    out.sum().backward()
    np.testing.assert_allclose(model[0].weight.grad.numpy(), expected, rtol=1e-6)


def test_unsupported_options_raise(initialized):
    with pytest.raises(NotImplementedError, match="fuse_matmul_bias"):
        fleet.meta_parallel.ColumnParallelLinear(4, 6, fuse_matmul_bias=True)
    with pytest.raises(NotImplementedError, match="minimize"):
        fleet.minimize(None)


def test_distributed_scaler_single_process(initialized):
    # One process is not data-parallel mode, so Paddle (and we) patch the scaler's unscale step; the step must
    # still apply the unscaled gradient. (Paddle's GradScaler disables itself on a CPU place; then nothing is
    # scaled.)
    layer = paddle.nn.Linear(2, 2)
    optimizer = paddle.optimizer.SGD(0.1, parameters=layer.parameters())
    scaler = fleet.distributed_scaler(paddle.amp.GradScaler(init_loss_scaling=4.0))
    assert "_unscale" in vars(scaler)
    start_weight = layer.weight.numpy().copy()
    loss = layer(paddle.ones([1, 2])).sum()
    scaler.scale(loss).backward()
    scaled_grad = layer.weight.grad.numpy().copy()
    scaler.step(optimizer)
    scaler.update()
    factor = 4.0 if scaler.is_enable() else 1.0
    np.testing.assert_allclose(layer.weight.numpy(), start_weight - 0.1 * scaled_grad / factor, rtol=1e-6)


def test_split_is_static_graph_only(golden):
    from paddle.distributed.fleet.layers.mpu.mp_ops import split

    x = paddle.ones([2, 4])
    for case in golden["split_errors"]:
        with pytest.raises(Exception) as info:
            split(x, *eval(case["args"]))
        assert type(info.value).__name__ == case["type"], case["args"]
        assert str(info.value) == case["message"], case["args"]
