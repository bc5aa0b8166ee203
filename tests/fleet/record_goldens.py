"""Record fleet goldens from real Paddle 2.6.2 (run with the oracle interpreter, from the repo root):

    .oracle/bin/python -m tests.fleet.record_goldens

The oracle's protobuf 3.20 (pure-python implementation) lacks ``google.protobuf.pyext._message``, which
Paddle's ``DistributedStrategy.__repr__`` imports for any strategy with a ``*_configs`` section switched on
(``a_sync`` is on by default), so ``print(strategy)`` raises ImportError there. We supply that module with the
pure-python repeated-scalar container so Paddle's own ``__repr__`` code runs unchanged.
"""

import contextlib
import io
import json
import os
import sys
import tempfile
import types

from tools.api_diff.common import oracle_stamp

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "goldens", "fleet_strategy.json")

CONFIG_NAMES = [
    "amp_configs", "recompute_configs", "gradient_merge_configs", "sharding_configs", "pipeline_configs",
    "tensor_parallel_configs", "lamb_configs", "lars_configs", "dgc_configs", "localsgd_configs",
    "adaptive_localsgd_configs", "a_sync_configs", "qat_configs", "trainer_desc_configs", "gradient_scale_configs",
]
SCALAR_NAMES = [
    "amp", "recompute", "localsgd", "dgc", "gradient_merge", "lars", "lamb", "pipeline", "elastic", "auto",
    "a_sync", "sync_nccl_allreduce", "nccl_comm_num", "use_hierarchical_allreduce",
    "hierarchical_allreduce_inter_nranks", "sync_batch_norm", "fuse_all_reduce_ops", "fuse_grad_size_in_MB",
    "_fuse_grad_size_in_TFLOPS", "cudnn_exhaustive_search", "conv_workspace_size_limit",
    "cudnn_batchnorm_spatial_persistent", "adaptive_localsgd", "fp16_allreduce", "sharding",
    "last_comm_group_size_MB", "find_unused_parameters", "tensor_parallel", "without_graph_optimization",
    "fuse_grad_size_in_num", "_calc_comm_same_stream", "asp", "fuse_grad_merge", "semi_auto", "adam_d2sum",
    "auto_search", "heter_ccl_mode", "is_fl_ps_mode", "is_with_coordinator", "qat", "split_data",
]

CONFIGURE = """
s.amp = True
s.amp_configs = {"init_loss_scaling": 1024.0, "custom_white_list": ["matmul", "relu"], "use_pure_fp16": True}
s.recompute = True
s.recompute_configs = {"checkpoints": ["x", "y"], "enable_offload": True, "checkpoint_shape": [4, 8]}
s.gradient_merge = True
s.gradient_merge_configs = {"k_steps": 4, "avg": False}
s.sharding = True
s.sharding_configs = {"sharding_degree": 2, "stage": 2, "segment_broadcast_MB": 16.5}
s.pipeline = True
s.pipeline_configs = {"micro_batch_size": 2, "accumulate_steps": 4}
s.hybrid_configs = {"dp_degree": 2, "mp_degree": 2, "pp_degree": 1, "pp_configs": {"dp_comm_overlap": True}}
s.tensor_parallel = True
s.tensor_parallel_configs = {"tensor_parallel_degree": 2}
s.lamb = True
s.lamb_configs = {"lamb_weight_decay": 0.02, "exclude_from_weight_decay": ["bias"]}
s.dgc = True
s.dgc_configs = {"rampup_begin_step": 10, "sparsity": [0.5, 0.9]}
s.a_sync = False
s.find_unused_parameters = True
s.fuse_grad_size_in_MB = 64
s.last_comm_group_size_MB = 2.5
"""

ERROR_CASES = [
    's.amp_configs = {"bogus": 1}',
    's.recompute_configs = {"bogus": 1}',
    's.gradient_merge_configs = {"bogus": 1}',
    's.hybrid_configs = {"bogus_degree": 2}',
    's.sharding_configs = {"stage": "two"}',
    's.amp_configs = {"init_loss_scaling": "big"}',
    's.amp_configs = {"use_pure_fp16": 1}',
    's.pipeline_configs = {"micro_batch_size": 1.5}',
    's.a_sync = 1',
    's.fp16_allreduce = 1',
    's.last_comm_group_size_MB = 0',
    's.qat = 1',
    's.not_a_field = 1',
    's.amp_configs = {"custom_white_list": [1]}',
    's.amp_configs = {"use_pure_fp16": 1.5}',
    's.amp_configs = {"custom_white_list": "abc"}',
    's.hybrid_configs = {"mp_configs": {"bogus": 1, "sync_grad": True}}',
    's.hybrid_configs = {"sharding_configs": {"split_param": True}, "dp_degree": 2, "order": ["dp", "mp"]}',
    's.sharding_configs = {"segment_anchors": None, "stage": 3}',
    's.recompute_configs = {"refined_ops_patterns": [{"main_ops": ["matmul"], "num": 2}, {"num": 1}]}',
    's.pipeline_configs = {"schedule_mode": b"FThenB"}',
    's.lars_configs = {"lars_coeff": 1e-40}',
    's.dgc_configs = {"rampup_step": True}',
]

WARN_CASES = ['s.amp = 1', 's.nccl_comm_num = "2"', 's.fuse_grad_size_in_MB = 1.5']


def _patch_protobuf_pyext():
    from google.protobuf.internal import containers

    module = types.ModuleType("google.protobuf.pyext._message")
    module.RepeatedScalarContainer = containers.RepeatedScalarFieldContainer
    sys.modules["google.protobuf.pyext._message"] = module
    import google.protobuf.pyext

    google.protobuf.pyext._message = module


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    return {"__message_text__": str(value)}


def _strategy_record(s):
    return {
        "configs": {name: _jsonable(getattr(s, name)) for name in CONFIG_NAMES},
        "hybrid_configs": _jsonable(s.hybrid_configs),
        "scalars": {name: getattr(s, name) for name in SCALAR_NAMES},
        "repr": str(s),
        "hybrid_parallel_order": list(s.hybrid_parallel_order),
        "sync_param_name": list(s.sync_param_name),
    }


def main():
    stamp = oracle_stamp()
    _patch_protobuf_pyext()
    import paddle
    from paddle.distributed import fleet
    from paddle.distributed.fleet.base.topology import CommunicateTopology

    golden = dict(stamp)
    s = fleet.DistributedStrategy()
    golden["default"] = _strategy_record(s)
    exec(CONFIGURE, {"s": s})
    golden["configure_code"] = CONFIGURE
    golden["configured"] = _strategy_record(s)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "s.prototxt")
        s.save_to_prototxt(path)
        with open(path) as f:
            golden["configured_prototxt"] = f.read()
        loaded = fleet.DistributedStrategy()
        loaded.load_from_prototxt(path)
        golden["loaded_repr_equal"] = str(loaded) == str(s)

    errors = []
    for code in ERROR_CASES:
        s = fleet.DistributedStrategy()
        try:
            exec(code, {"s": s})
            errors.append({"code": code, "type": None, "message": None, "after": _jsonable(_after(s, code))})
        except Exception as exc:  # noqa: BLE001 - recording whatever Paddle raises
            errors.append({"code": code, "type": type(exc).__name__, "message": str(exc)})
    golden["errors"] = errors
    warns = []
    for code in WARN_CASES:
        s = fleet.DistributedStrategy()
        exec(code, {"s": s})
        warns.append({"code": code, "after": _jsonable(_after(s, code))})
    golden["ignored_with_warning"] = warns

    # fleet.init in one process (no launcher environment)
    s = fleet.DistributedStrategy()
    s.hybrid_configs = {"dp_degree": 1, "mp_degree": 1, "pp_degree": 1}
    fleet.init(is_collective=True, strategy=s)
    hcg = fleet.get_hybrid_communicate_group()
    golden["single_process"] = {
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
        "distributed_model_is_model": None,
        "distributed_optimizer_is_optimizer": None,
    }
    model = paddle.nn.Linear(2, 3)
    optimizer = paddle.optimizer.SGD(parameters=model.parameters())
    golden["single_process"]["distributed_model_is_model"] = fleet.distributed_model(model) is model
    golden["single_process"]["distributed_optimizer_is_optimizer"] = fleet.distributed_optimizer(optimizer) is optimizer
    golden["parallel_modes"] = {name: getattr(fleet.base.topology.ParallelMode, name)
                                for name in dir(fleet.base.topology.ParallelMode) if name.isupper()}

    topologies = []
    for dims in ([2, 2, 1, 1, 2], [1, 2, 2, 1, 2], [2, 1, 2, 1, 1]):
        topo = CommunicateTopology(["data", "pipe", "sharding", "sep", "model"], dims)
        topologies.append({
            "dims": dims, "world_size": topo.world_size(),
            "coords": [list(topo.get_coord(r)) for r in range(topo.world_size())],
            "comm_lists": {n: topo.get_comm_list(n) for n in topo.get_hybrid_group_names()},
            "axis_lists": {n: [topo.get_axis_list(n, i) for i in range(topo.get_dim(n))]
                           for n in topo.get_hybrid_group_names()},
            "fused_dp_sharding": topo.get_fused_ranks(["data", "sharding"]),
            "rank_from_stage": [topo.get_rank_from_stage(r, pipe=topo.get_dim("pipe") - 1)
                                for r in range(topo.world_size())],
        })
    golden["topologies"] = topologies

    split_errors = []
    x = paddle.ones([2, 4])
    for args in ([[4, 6], "linear"], [[4], "linear"], [[4, 6], "conv"], [(4, 6), "embedding"], [4, "linear"]):
        try:
            paddle.distributed.split(x, *args)
            split_errors.append({"args": repr(args), "type": None})
        except Exception as exc:  # noqa: BLE001 - recording whatever Paddle raises
            split_errors.append({"args": repr(args), "type": type(exc).__name__, "message": str(exc)})
    golden["split_errors"] = split_errors

    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print("wrote", GOLDEN)


def _after(s, code):
    name = code.split("=")[0].strip()[2:]
    return getattr(s, name, None)


if __name__ == "__main__":
    with contextlib.redirect_stderr(io.StringIO()):
        pass
    main()
