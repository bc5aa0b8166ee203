"""Scenarios run unchanged by real Paddle 2.6.2 (record_goldens.py) and by paddle-compat (the tests):
paddle.framework.io_utils, paddle.tensor.layer_function_generator, paddle.distributed.utils and
paddle.distributed.cloud_utils. Each returns JSON-serialisable data."""

import argparse
import contextlib
import io
import os
import pickle


def _outcome(call):
    try:
        value = call()
    except Exception as e:  # noqa: BLE001 - both sides record whatever is raised
        return {"error": type(e).__name__, "message": str(e)}
    return {"value": value}


@contextlib.contextmanager
def _env(**values):
    saved = {k: os.environ.get(k) for k in values}
    for k, v in values.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def io_utils():
    import numpy as np
    import paddle
    from paddle.framework import io_utils as u

    out = {}
    buffer = io.BytesIO(b"abcdef")
    buffer.seek(2)

    def failing_read():
        with u._open_file_buffer(buffer, "rb") as f:
            f.read(3)
            raise KeyError("boom")

    out["reader_rewinds"] = [_outcome(failing_read)["error"], buffer.tell()]
    out["bad_mode"] = _outcome(lambda: u._open_file_buffer(io.BytesIO(), "a"))
    out["kinds"] = [type(u._open_file_buffer(io.BytesIO(), "wb")).__name__,
                    type(u._open_file_buffer(io.BytesIO(), "rb")).__name__,
                    u._is_file_path("x"), u._is_file_path(io.BytesIO()), u._is_memory_buffer(io.BytesIO()),
                    u._is_memory_buffer("x")]
    big = {"w": np.arange(6, dtype="float32"), "n": 3}
    out["unpack_small"] = sorted(u._unpack_saved_dict(dict(big), 2))
    packed = {"a@@.0": np.array([1.0, 2.0]), "a@@.1": np.array([3.0, 4.0]), "b": 1,
              "UnpackBigParamInfor@@": {"a": {"OriginShape": (2, 2), "slices": ["a@@.0", "a@@.1"]}}}
    restored = u._pack_loaded_dict(packed)
    out["pack"] = {k: (v.tolist() if hasattr(v, "tolist") else v) for k, v in sorted(restored.items())}
    out["dygraph_static_save"] = _outcome(lambda: u._legacy_static_save({"a": 1}, io.BytesIO()))
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            x = paddle.static.data("io_x", [2, 3])
            w = paddle.static.create_parameter([2], "float32")
            g = paddle.static.create_global_var([1], 1.0, "float32", persistable=True)
            out["predicates"] = [[u.is_persistable(v), u.is_parameter(v), u.is_belong_to_optimizer(v)]
                                 for v in (x, w, g)]
            target = io.BytesIO()
            u._legacy_static_save({"a": np.arange(3.0), "t": paddle.to_tensor([1.5]) if False else np.ones(2)},
                                  target, protocol=2)
            loaded = pickle.loads(target.getvalue())
            out["static_save"] = {k: v.tolist() for k, v in sorted(loaded.items())}
        with u._load_program_scope():
            out["scope_program_blocks"] = paddle.static.default_main_program().num_blocks
    finally:
        paddle.disable_static()
    return out


def layer_function_generator():
    import numpy as np
    import paddle
    from paddle.tensor import layer_function_generator as g

    out = {
        "convert": [g._convert_(n) for n in ("HelloWorld", "helloWorld", "HTTPServerError", "conv2D", "a1B", "x")],
        "escape_math": [g.escape_math(t) for t in ("a $$x^2$$ b", "$$a$$ and $$b$$", "no math", "$single$")],
        "attr_types": [g._type_to_str_(i) for i in range(18)],
    }
    x = paddle.to_tensor(np.array([0.25, 1.0, 4.0], dtype="float32"))
    values = {}
    for op in ("sqrt", "exp", "abs", "square", "tanh", "sigmoid", "rsqrt", "floor", "ceil", "reciprocal"):
        fn = g.generate_activation_fn(op)
        values[op] = [fn.__name__, fn.__module__, np.asarray(fn(x).numpy(), dtype="float64").tolist()]
    out["activation"] = values
    inplace = g.generate_inplace_fn("sqrt_")
    y = paddle.to_tensor(np.array([4.0, 9.0], dtype="float32"))
    result = inplace(y)
    out["inplace"] = [inplace.__name__, inplace.__doc__, y.numpy().tolist(), result is y]

    def documented():
        """Doc."""

    g.add_sample_code(documented, "\n    Examples: x")
    out["sample_code"] = documented.__doc__
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            ints = paddle.static.data("lfg_x", [2], "int32")
            out["static_float_only"] = _outcome(lambda: g.generate_activation_fn("sqrt")(ints))
            out["static_abs_accepts_int"] = _outcome(lambda: str(g.generate_activation_fn("abs")(ints).dtype))
    finally:
        paddle.disable_static()
    return out


def distributed_utils():
    import logging

    import paddle
    from paddle.distributed.utils import launch_utils as lu
    from paddle.distributed.utils import log_utils, moe_utils, nccl_utils

    out = {}
    cluster, pod = lu.get_cluster(["10.0.0.1", "10.0.0.2"], "10.0.0.2",
                                  [["10.0.0.1:6170", "10.0.0.1:6171"], ["10.0.0.2:6170", "10.0.0.2:6171"]], ["0", "1"])
    out["cluster"] = [str(cluster), str(pod), cluster.trainers_endpoints(), cluster.trainers_nranks(),
                      cluster.pods_nranks(), pod.rank, [t.get_rank() for t in pod.trainers]]
    out["pods_endpoints"] = _outcome(cluster.pods_endpoints)
    pod.port = 8000
    cluster.pods[0].port = 7000
    out["pods_endpoints_set"] = _outcome(cluster.pods_endpoints)
    same, _ = lu.get_cluster(["10.0.0.1", "10.0.0.2"], "10.0.0.1",
                             [["10.0.0.1:6170", "10.0.0.1:6171"], ["10.0.0.2:6170", "10.0.0.2:6171"]], ["0", "1"])
    out["equality"] = [cluster == same, cluster != same, cluster.pods[1].trainers[0] == same.pods[1].trainers[0]]
    out["pod_by_id"] = [cluster.get_pod_by_id(None) is cluster.pods[0], cluster.get_pod_by_id("nope")]
    out["visible_gpus"] = _outcome(pod.get_visible_gpus)
    pod.gpus = [0, 3]
    out["visible_gpus_set"] = pod.get_visible_gpus()
    out["too_few_endpoints"] = _outcome(lambda: lu.get_cluster(["a"], "a", [["a:1"]], ["0", "1"]))
    out["not_a_list"] = _outcome(lambda: lu.get_cluster(["a"], "a", (("a:1",),), ["0"]))
    trainer = cluster.pods[1].trainers[1]
    out["env"] = {b: _outcome(lambda b=b: lu._prepare_trainer_env(cluster, trainer, b))
                  for b in ("nccl", "gloo", "bkcl", "mpi")}
    hdfs = lu.Hdfs()
    out["hdfs"] = [str(hdfs), hdfs.is_valid(), hdfs == lu.Hdfs()]
    out["job_server"] = [str(lu.JobServer()), _outcome(lambda: lu.JobServer() == lu.JobServer())["error"]]
    parser = argparse.ArgumentParser()
    lu.add_arguments("use_x", bool, False, "Use x.", parser)
    lu.add_arguments("count", int, 3, "How many.", parser)
    parsed = parser.parse_args(["--use_x", "true", "--count", "7"])
    out["arguments"] = [parsed.use_x, parsed.count, parser.parse_args([]).use_x,
                        [a.help for a in parser._actions if a.dest in ("use_x", "count")]]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        lu._print_arguments(argparse.Namespace(b=2, a="x"))
    out["print_arguments"] = printed.getvalue()
    ports = lu.find_free_ports(3)
    out["free_ports"] = [len(ports), type(ports).__name__]
    with _env(CUDA_VISIBLE_DEVICES="4,5,6"):
        out["gpus_relative"] = lu.get_gpus("5,6")
        out["gpus_missing"] = _outcome(lambda: lu.get_gpus("7"))
    with _env(CUDA_VISIBLE_DEVICES=None):
        out["gpus_selected"] = lu.get_gpus("1,2")
    args = argparse.Namespace(cluster_node_ips="10.1.1.1,10.1.1.2", node_ip="10.1.1.2", use_paddlecloud=False,
                              started_port=7100)
    cluster2, pod2 = lu.get_cluster_from_args(args, ["0", "1"])
    out["from_args"] = [str(cluster2), str(pod2)]
    out["nccl_version_str"] = [nccl_utils.get_nccl_version_str(v) for v in (2804, 2708, 21602, 22703, 999)]
    logger = log_utils.get_logger(logging.WARNING, "ps_extras_logger")
    out["logger"] = [logger.level, logger.propagate, len(logger.handlers),
                     logger.handlers[0].formatter._fmt, type(logger.handlers[0]).__name__]
    x = paddle.ones([4, 2])
    counts = paddle.to_tensor([2, 2], dtype="int64")
    out["moe_cpu"] = [_outcome(lambda: moe_utils.global_scatter(x, counts, counts))["error"],
                      _outcome(lambda: moe_utils.global_gather(x, counts, counts))["error"]]
    return out


def cloud_utils():
    import argparse as ap

    from paddle.distributed import cloud_utils as cu

    out = {}
    base = {"PADDLE_TRAINERS": "10.2.0.1,10.2.0.2", "POD_IP": "10.2.0.2", "PADDLE_TRAINER_ID": "1",
            "TRAINER_PORTS_NUM": "2", "DISTRIBUTED_TRAINER_ENDPOINTS": None, "PADDLE_PORT": None}
    with _env(**base):
        cluster, pod = cu.get_cloud_cluster("127.0.0.1", "10.2.0.2", 6200, ["0", "1"])
        out["default_ports"] = [str(cluster), str(pod)]
    with _env(**dict(base, PADDLE_PORT="9000")):
        cluster, pod = cu.get_cloud_cluster("127.0.0.1", "10.2.0.2", 6200, ["0", "1"])
        out["cloud_port"] = [str(cluster), str(pod)]
    with _env(**dict(base, DISTRIBUTED_TRAINER_ENDPOINTS="10.2.0.1:1,10.2.0.1:2,10.2.0.2:3,10.2.0.2:4")):
        cluster, pod = cu.get_cloud_cluster("127.0.0.1", "10.2.0.2", None, ["0", "1"])
        out["given_endpoints"] = [str(cluster), str(pod)]
    with _env(**dict(base, POD_IP=None)):
        out["no_pod_ip"] = _outcome(lambda: cu.get_cloud_cluster("127.0.0.1", "x", 1, ["0"]))
    with _env(PADDLE_TRAINERS_NUM="3"):
        out["trainers_num"] = cu._get_trainers_num()
    with _env(PADDLE_TRAINERS_NUM=None, CUDA_VISIBLE_DEVICES=None):
        args = ap.Namespace(selected_devices="0,1", use_paddlecloud=False, cluster_node_ips="127.0.0.1",
                            node_ip="127.0.0.1", started_port=6400)
        cluster, pod = cu.get_cluster_and_pod(args)
        out["cluster_and_pod"] = [str(cluster), str(pod)]
    return out


def incubate_autograd():
    import paddle
    import paddle.incubate.autograd as autograd
    from paddle.incubate.autograd import primitives, utils

    names = ("abs", "add", "broadcast_shape", "cast", "concat", "fill_constant", "gather", "logsumexp", "maximum",
             "minimum", "reshape", "tile", "uniform", "zeros_like", "assign", "sum", "max")
    out = {"primitives_are_public": [getattr(primitives, n) is getattr(paddle, n, getattr(paddle.tensor, n, None))
                                     for n in names]}
    out["dygraph"] = [_outcome(f) for f in (utils.enable_prim, utils.disable_prim, utils.prim_enabled)]
    out["same_switch"] = [autograd.enable_prim is utils.enable_prim, autograd.prim_enabled is utils.prim_enabled]
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            states = [utils.prim_enabled()]
            utils.enable_prim()
            states += [utils.prim_enabled(), utils.prim_option.get_status()]
            utils.disable_prim()
            states.append(utils.prim_enabled())
            out["switch"] = states
            x = paddle.static.data("prim_x", [2])
            y = paddle.static.data("prim_y", [3])
            block = paddle.static.default_main_program().global_block()
            out["helpers"] = [
                [v.name for v in utils.flatten([x, [None, (y, x)]]) if v is not None],
                len(utils.flatten([x, [None, (y, x)]])),
                [v.name for v in utils.flatten_and_remove_none([x, [None, (y, x)]])],
                [v.name for v in utils.as_tensors(x)], [v.name for v in utils.as_tensors([y, x])],
                utils.as_tensors(3),
                utils.get_var_block(block, []), utils.get_var_block(block, ["prim_x"]).name,
                [v.name for v in utils.get_var_block(block, ["prim_x"], is_tensor_list=True)],
                [v.name for v in utils.get_var_block(block, ["prim_x", "prim_y"])],
                [utils._solve_arg(a) for a in ("Tensor x", " int axis = 0", "IntArray shape={}")],
                utils.INT_DTYPE_2_STRING,
            ]
    finally:
        paddle.disable_static()
    return out


def shard_op():
    import paddle
    import paddle.distributed as dist

    out = {}
    mesh = dist.ProcessMesh([[0, 1], [2, 3]], dim_names=["x", "y"])
    mesh1 = dist.ProcessMesh([[0], [1]], dim_names=["x", "y"])
    x = paddle.ones([4, 4])
    helper = dist.shard_op(lambda a: a + 1, mesh, [["x", None]], [[None, "y"]])
    out["call"] = helper(x).numpy().tolist()
    out["type"] = [type(helper).__name__, type(helper).__module__.rsplit(".", 1)[-1]]
    out["mappings"] = [helper._in_dims_mappings, helper._out_dims_mappings,
                       dist.shard_op(paddle.add, mesh1, [["x", "y"], None])._in_dims_mappings]
    out["no_mesh"] = _outcome(lambda: dist.shard_op(paddle.add))
    out["bad_mesh"] = _outcome(lambda: dist.shard_op(paddle.add, 3))
    out["bad_spec"] = _outcome(lambda: dist.shard_op(paddle.add, mesh, ["x"]))
    out["bad_dim"] = _outcome(lambda: dist.shard_op(paddle.add, mesh, [["z"]]))
    out["in_count"] = _outcome(lambda: dist.shard_op(paddle.add, mesh, [["x"]])(x, x))
    out["out_count"] = _outcome(lambda: dist.shard_op(lambda a: (a, a), mesh, None, [["x"]])(x))
    out["not_tensor"] = _outcome(lambda: dist.shard_op(lambda a: 3, mesh)(x))
    out["tuple"] = [t.shape for t in dist.shard_op(lambda a: (a, a * 2), mesh)(x)]
    with mesh:
        out["mesh_context"] = dist.shard_op(paddle.add)._process_mesh == mesh
    return out


def dist_to_static():
    import paddle
    import paddle.distributed as dist

    layer = paddle.nn.Linear(4, 2)
    opt = paddle.optimizer.SGD(0.1, parameters=layer.parameters())
    return {
        "cpu_build": _outcome(lambda: dist.to_static(layer, None, paddle.nn.MSELoss(), opt)),
        "bad_layer": _outcome(lambda: dist.to_static(3, None)),
        "bad_loss": _outcome(lambda: dist.to_static(layer, None, 3)),
        "bad_optimizer": _outcome(lambda: dist.to_static(layer, None, paddle.nn.MSELoss(), 3)),
        "bad_strategy": _outcome(lambda: dist.to_static(layer, None, strategy=3))["error"],
        "module": dist.to_static.__module__,
    }


def fleet_runtime():
    import logging

    import paddle.distributed.fleet.runtime as rt
    from paddle.distributed.fleet.runtime.runtime_base import RuntimeBase

    records = []

    class Collect(logging.Handler):
        def emit(self, record):
            records.append([record.levelname, record.name, record.getMessage()])

    handler = Collect()
    logging.getLogger().addHandler(handler)
    try:
        runtime = rt.CollectiveRuntime()
        runtime._set_basic_info({"role_maker": None})
        results = [getattr(runtime, m)() for m in ("_init_worker", "_run_worker", "_init_server", "_run_server",
                                                   "_stop_worker", "_save_persistables", "_save_inference_model")]
    finally:
        logging.getLogger().removeHandler(handler)
    base = RuntimeBase()
    return {
        "modules": [rt.CollectiveRuntime.__module__, rt.ParameterServerRuntime.__module__,
                    rt.TheOnePSRuntime.__module__],
        "collective": [results, records, runtime.context],
        "base": [base._run_worker(), base._init_server(1, a=2), base._run_server(), base._stop_worker(),
                 base._save_inference_model(), base._save_persistables()],
        "bases": [issubclass(rt.CollectiveRuntime, RuntimeBase), issubclass(rt.ParameterServerRuntime, RuntimeBase),
                  issubclass(rt.TheOnePSRuntime, RuntimeBase)],
        "ps_fresh": [rt.ParameterServerRuntime()._communicator, rt.TheOnePSRuntime()._server_sub_program],
    }


SCENARIOS = {
    "fleet_runtime": fleet_runtime,
    "dist_to_static": dist_to_static,
    "shard_op": shard_op,
    "incubate_autograd": incubate_autograd,
    "io_utils": io_utils,
    "layer_function_generator": layer_function_generator,
    "distributed_utils": distributed_utils,
    "cloud_utils": cloud_utils,
}
