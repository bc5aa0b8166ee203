"""Single-process auto-parallel cases (paddle.distributed.Strategy; dist tensors made without the parallel
environment: local computation works, communication raises),
run by the recorder under real Paddle 2.6.2 (tests/goldens/autop_strategy.json) and by
tests/distributed/test_auto_parallel_strategy.py under ours."""


def run():
    import copy

    import paddle.distributed as dist

    found = {}

    def case(name, fn):
        try:
            found[name] = fn()
        except Exception as error:  # noqa: BLE001 - the exception is the recorded result
            found[name] = {"error": type(error).__name__, "message": str(error)}

    def describe(strategy):
        return {"repr": repr(strategy), "to_dict": repr(strategy.to_dict()),
                "sharding": repr(strategy.sharding), "gradient_merge": repr(strategy.gradient_merge),
                "pipeline": repr(strategy.pipeline), "fused_passes": vars(strategy.fused_passes),
                "classes": [type(strategy.sharding).__module__ + "." + type(strategy.sharding).__name__,
                            type(strategy.fused_passes).__module__ + "." + type(strategy.fused_passes).__name__],
                "members": sorted(n for n in dir(strategy) if not n.startswith("__"))}

    case("default", lambda: describe(dist.Strategy()))
    case("config", lambda: describe(dist.Strategy({
        "sharding": {"enable": True, "stage": 2, "unknown": 1}, "gradient_merge": {"k_steps": 4, "avg": False},
        "pipeline": {"enable": True, "micro_batch_size": 2}, "fused_passes": {"enable": True, "dropout_add": True},
        "auto_mode": "full", "seed": 7, "other": 3})))

    def set_fields():
        strategy = dist.Strategy()
        strategy.sharding.enable = True
        strategy.sharding.degree = 2
        strategy.gradient_merge.enable = True
        strategy.pipeline.schedule_mode = "FThenB"
        strategy.fused_passes.gemm_epilogue = True
        return describe(strategy)

    case("set_fields", set_fields)
    case("get", lambda: [repr(dist.Strategy().get("auto_mode")), repr(dist.Strategy().get("_sharding")),
                         repr(dist.Strategy().get("missing", 5)), repr(dist.Strategy().sharding.get("stage"))])
    case("deepcopy", lambda: describe(copy.deepcopy(dist.Strategy({"sharding": {"enable": True}}))))
    case("bad_config", lambda: dist.Strategy([1]))
    case("bad_fuse_pass", lambda: dist.Strategy({"fused_passes": {"bad": 1}}))
    case("bad_sub_config", lambda: dist.Strategy({"sharding": [1]}))

    import paddle

    mesh = dist.ProcessMesh([0, 1], dim_names=["x"])
    a = paddle.arange(8, dtype="float32").reshape([2, 4])
    S, R, P = dist.Shard, dist.Replicate, dist.Partial

    def local(fn):
        def run_case():
            v = fn()
            return {"shape": v.shape, "placements": [str(p) for p in v.placements], "stop_gradient": v.stop_gradient,
                    "local": v._local_value().numpy().tolist(), "process_mesh": str(v.process_mesh)}
        return run_case

    def error_type(fn):
        def run_case():
            try:
                fn()
            except Exception as error:  # noqa: BLE001 - the exception type is the recorded result
                return {"error": type(error).__name__}
            return "no error"
        return run_case

    case("single_s0", local(lambda: dist.shard_tensor(a, mesh, [S(0)])))
    case("single_s1", local(lambda: dist.shard_tensor(a, mesh, [S(1)])))
    case("single_partial", local(lambda: dist.shard_tensor(a, mesh, [P()])))
    case("single_ops", local(lambda: dist.shard_tensor(a, mesh, [S(0)]) * 2 + 1))
    case("single_matmul", local(lambda: paddle.matmul(dist.shard_tensor(a, mesh, [R()]),
                                                      dist.shard_tensor(paddle.ones([4, 2]), mesh, [S(1)]))))
    case("single_sum", local(lambda: dist.shard_tensor(a, mesh, [S(0)]).sum()))
    case("single_reshard", error_type(lambda: dist.reshard(dist.shard_tensor(a, mesh, [S(0)]), mesh, [R()])))
    case("single_numpy", error_type(lambda: dist.shard_tensor(a, mesh, [S(0)]).numpy()))
    case("single_str", error_type(lambda: str(dist.shard_tensor(a, mesh, [S(0)]))))
    bad = {
        "mesh_not_list": lambda: dist.ProcessMesh("ab"),
        "mesh_dim_names_not_list": lambda: dist.ProcessMesh([0, 1], dim_names="x"),
        "mesh_duplicate_ids": lambda: dist.ProcessMesh([0, 0]),
        "mesh_negative_id": lambda: dist.ProcessMesh([-1, 0]),
        "mesh_float_id": lambda: dist.ProcessMesh([0.5, 1.0]),
        "mesh_names_length": lambda: dist.ProcessMesh([0, 1], dim_names=["x", "y"]),
        "mesh_names_unique": lambda: dist.ProcessMesh([[0, 1]], dim_names=["x", "x"]),
        "mesh_bad_dim_name": lambda: mesh.get_mesh_with_dim("z"),
        "dist_attr_bad_mesh": lambda: dist.DistAttr([0, 1], ["x"]),
        "dist_attr_specs_not_list": lambda: dist.DistAttr(mesh, "x"),
        "dist_attr_bad_spec": lambda: dist.DistAttr(mesh, [0]),
        "shard_not_int": lambda: dist.Shard("a"),
        "partial_not_reduce_type": lambda: dist.Partial(1),
        "shard_layer_no_mesh": lambda: dist.shard_layer(paddle.nn.Linear(2, 2), None),
        "reshard_dense": lambda: dist.reshard(a, mesh, [R()]),
        "shard_optimizer_none": lambda: dist.shard_optimizer(None),
    }
    for name, fn in bad.items():
        case("bad_" + name, error_type(fn))
    case("single_env", lambda: [dist.get_rank(), dist.get_world_size(), dist.is_initialized()])
    return found
