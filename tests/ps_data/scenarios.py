"""Scenarios run unchanged by real Paddle 2.6.2 (record_goldens.py, oracle interpreter) and by paddle-compat
(the tests): fleet data generators, entry attributes, fleet metrics, slot datasets, device-absent APIs, the dygraph
line search and small distributed helpers. Each returns JSON-serialisable data; errors are recorded as
``{"error": type name, "message": text}``."""

import contextlib
import io
import os
import sys


def _outcome(call):
    try:
        value = call()
    except Exception as e:  # noqa: BLE001 - both sides record whatever is raised
        return {"error": type(e).__name__, "message": str(e)}
    return {"value": value}


def _stdout_of(call):
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        result = _outcome(call)
    result["stdout"] = buffer.getvalue()
    return result


# ---------------------------------------------------------------- data generators
def data_generators():
    import paddle.distributed.fleet as fleet
    import paddle.distributed.fleet.data_generator as dg

    def make(base, samples, batch=None, batch_fn=None):
        class Gen(base):
            def generate_sample(self, line):
                def local_iter():
                    yield from samples(line)
                return local_iter

            if batch_fn is not None:
                def generate_batch(self, samples_):
                    def local_iter():
                        yield from batch_fn(samples_)
                    return local_iter

        gen = Gen()
        if batch is not None:
            gen.set_batch(batch)
        return gen

    out = {}
    ints = lambda line: [[("words", [1, 2, 3]), ("label", [1])], [("words", [4]), ("label", [0])]]  # noqa: E731
    mixed = lambda line: [[("a", [1, 2]), ("b", [3])], [("a", [0.5, 7]), ("b", [2])], [("a", [3]), ("b", [1.25])]]  # noqa: E731
    out["multislot_memory"] = _stdout_of(lambda: make(fleet.MultiSlotDataGenerator, ints).run_from_memory())
    gen = make(fleet.MultiSlotDataGenerator, mixed, batch=2)
    out["multislot_float_promotion"] = _stdout_of(gen.run_from_memory)
    out["multislot_proto_info"] = gen._proto_info
    out["multislot_tuple_zip"] = _stdout_of(lambda: make(
        fleet.MultiSlotDataGenerator, lambda line: [(("x", [5, 6]), ("y", [1.0])), zip(["x", "y"], [[7], [2]])]
    ).run_from_memory())
    out["string_memory"] = _stdout_of(lambda: make(
        fleet.MultiSlotStringDataGenerator, lambda line: [[("w", ["1926", "08", "17"]), ("l", ["1"])]]
    ).run_from_memory())

    def from_stdin(base, text, samples, batch=None, batch_fn=None):
        saved = sys.stdin
        sys.stdin = io.StringIO(text)
        try:
            return _stdout_of(make(base, samples, batch, batch_fn).run_from_stdin)
        finally:
            sys.stdin = saved

    split_ints = lambda line: [[("ids", [int(x) for x in line.split()]), ("n", [len(line.split())])]]  # noqa: E731
    out["multislot_stdin"] = from_stdin(fleet.MultiSlotDataGenerator, "3 4 5\n6\n7 8\n", split_ints, batch=2)
    out["multislot_stdin_batch_fn"] = from_stdin(
        fleet.MultiSlotDataGenerator, "1 2\n3\n4 5 6\n", split_ints, batch=2,
        batch_fn=lambda samples: [[(n, v + [9]) for n, v in s] for s in reversed(samples)])
    out["multislot_skip_none"] = _stdout_of(lambda: make(
        fleet.MultiSlotDataGenerator, lambda line: [None, [("a", [1])], None, [("a", [2, 3])]]).run_from_memory())
    errors = {
        "not_list": lambda line: ["abc"],
        "name_not_str": lambda line: [[(1, [1])]],
        "elements_not_list": lambda line: [[("a", (1, 2))]],
        "empty_elements": lambda line: [[("a", [])]],
        "bad_element": lambda line: [[("a", ["x"])]],
        "field_count_changes": lambda line: [[("a", [1])], [("a", [1]), ("b", [2])]],
        "field_name_changes": lambda line: [[("a", [1])], [("b", [1])]],
        "bad_element_after_float": lambda line: [[("a", [1.5])], [("a", ["x"])]],
        "bad_element_second_line": lambda line: [[("a", [1])], [("a", ["x"])]],
    }
    for name, samples in errors.items():
        gen = make(fleet.MultiSlotDataGenerator, samples)
        out["error_" + name] = _stdout_of(gen.run_from_memory)
        out["error_" + name + "_proto_info"] = gen._proto_info
    out["string_not_list"] = _stdout_of(lambda: make(
        fleet.MultiSlotStringDataGenerator, lambda line: [5]).run_from_memory())
    base = dg.DataGenerator()
    out["base_gen_str"] = _outcome(lambda: base._gen_str([("a", [1])]))
    out["base_generate_sample"] = _outcome(lambda: base.generate_sample("x"))
    out["base_batch_size"] = base.batch_size_
    out["base_generate_batch"] = _outcome(lambda: list(base.generate_batch([1, 2])()))
    out["module_names"] = sorted(n for n in ("DataGenerator", "MultiSlotDataGenerator", "MultiSlotStringDataGenerator")
                                 if hasattr(dg, n))
    out["class_modules"] = [fleet.MultiSlotDataGenerator.__module__, fleet.MultiSlotStringDataGenerator.__module__]
    return out


# ---------------------------------------------------------------- entry attributes
def entry_attrs():
    import paddle.distributed as dist

    calls = {
        "prob": lambda: dist.ProbabilityEntry(0.1)._to_attr(),
        "prob_small": lambda: dist.ProbabilityEntry(1e-07)._to_attr(),
        "prob_int": lambda: dist.ProbabilityEntry(1)._to_attr(),
        "prob_one": lambda: dist.ProbabilityEntry(1.0)._to_attr(),
        "prob_zero": lambda: dist.ProbabilityEntry(0.0)._to_attr(),
        "count": lambda: dist.CountFilterEntry(10)._to_attr(),
        "count_zero": lambda: dist.CountFilterEntry(0)._to_attr(),
        "count_negative": lambda: dist.CountFilterEntry(-1)._to_attr(),
        "count_float": lambda: dist.CountFilterEntry(1.5)._to_attr(),
        "count_bool": lambda: dist.CountFilterEntry(True)._to_attr(),
        "show_click": lambda: dist.ShowClickEntry("show", "click")._to_attr(),
        "show_click_bad": lambda: dist.ShowClickEntry("show", 1)._to_attr(),
        "base": lambda: __import__("paddle.distributed.entry_attr", fromlist=["x"]).EntryAttr()._to_attr(),
    }
    out = {name: _outcome(call) for name, call in calls.items()}
    out["modules"] = [dist.ProbabilityEntry.__module__, dist.CountFilterEntry.__module__,
                      dist.ShowClickEntry.__module__]
    return out


# ---------------------------------------------------------------- fleet metrics
def fleet_metrics():
    import numpy as np
    import paddle
    from paddle.distributed.fleet import metrics

    class LocalUtil:  # one worker: the reduction is the identity, as Paddle's Gloo without peers
        def all_reduce(self, value, mode="sum", comm_world="worker"):
            return np.array(value)

    util = LocalUtil()
    pos = np.array([[3.0, 1.0, 0.0, 5.0, 2.0]])
    neg = np.array([[1.0, 4.0, 2.0, 0.0, 1.0]])
    out = {
        "auc": metrics.auc(pos, neg, util=util),
        "auc_one_class": metrics.auc(pos, neg * 0, util=util),
        "auc_empty": metrics.auc(pos * 0, neg * 0, util=util),
        "sum": metrics.sum(np.array([[1.5, 2.0], [3.0, 4.0]]), util=util).tolist(),
        "max": metrics.max(np.array([1, 5, 3]), util=util).tolist(),
        "min": metrics.min(np.array([1.0, -5.0]), util=util).tolist(),
        "mae": metrics.mae(np.array([6.0]), np.array([4]), util=util),
        "mse": metrics.mse(np.array([9.0, 1.0]), np.array([3]), util=util),
        "rmse": metrics.rmse(np.array([8.0]), np.array([2.0]), util=util),
        "acc": metrics.acc(np.array([7]), np.array([10]), util=util),
    }
    scope = paddle.static.global_scope()
    place = paddle.CPUPlace()
    scope.var("ps_pos").get_tensor().set(pos.astype("int64"), place)
    scope.var("ps_neg").get_tensor().set(neg.astype("int64"), place)
    scope.var("ps_err").get_tensor().set(np.array([2.0, 0.0], "float32"), place)
    scope.var("ps_total").get_tensor().set(np.array([4], "int64"), place)
    out["auc_by_name"] = metrics.auc("ps_pos", "ps_neg", util=util)
    out["mae_by_name"] = metrics.mae("ps_err", "ps_total", util=util)
    out["sum_by_name"] = metrics.sum("ps_err", util=util).tolist()
    out["missing_name"] = _outcome(lambda: metrics.sum("ps_nowhere", util=util))
    out["no_util"] = _outcome(lambda: metrics.sum(np.array([1.0])))
    return out


# ---------------------------------------------------------------- slot datasets
def write_slot_files(root):
    files = {
        "a.txt": "2 1 2 1 0.5\n1 3 1 1.5\n3 4 5 6 1 2.5\n",
        "b.txt": "1 7 1 3.5\n",
        "c.txt": "2 10 20 1 -1.0\n1 30 1 0.25\n1 40 1 8.0\n",
    }
    paths = {}
    for name, text in files.items():
        paths[name] = os.path.join(root, name)
        with open(paths[name], "w") as f:
            f.write(text)
    return paths


def _static_vars(prefix):
    import paddle

    ids = paddle.static.data(name=prefix + "ids", shape=[-1, 1], dtype="int64", lod_level=1)
    label = paddle.static.data(name=prefix + "label", shape=[-1, 1], dtype="float32")
    return ids, label


def dataset_descs():
    import paddle
    import paddle.base as base
    import paddle.distributed as dist
    import paddle.distributed.fleet as fleet

    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            ids, label = _static_vars("d_")
            dense = paddle.static.data(name="d_dense", shape=[-1, 3], dtype="float32")
            out = {}
            out["in_memory_fresh"] = dist.InMemoryDataset()._desc()
            ds = dist.InMemoryDataset()
            ds.init(batch_size=4, thread_num=2, use_var=[ids, label, dense], pipe_command="sed 's/x/\"y\"/'",
                    input_type=1, queue_num=3)
            out["in_memory_init"] = ds._desc()
            out["in_memory_attrs"] = [ds.thread_num, ds.queue_num, ds.is_user_set_queue_num, ds.parse_ins_id]
            ds.update_settings(batch_size=8, pipe_command="cat", parse_ins_id=True, parse_content=True,
                               fleet_send_batch_size=16)
            out["in_memory_updated"] = ds._desc()
            out["in_memory_updated_attrs"] = [ds.parse_ins_id, ds.parse_content, ds.fleet_send_batch_size]
            queue = dist.QueueDataset()
            queue.init(batch_size=2, use_var=[ids])
            out["queue"] = queue._desc()
            out["file_instant"] = fleet.FileInstantDataset()._desc()
            out["dataset_base"] = fleet.DatasetBase()._desc()
            box = dist.BoxPSDataset()
            out["boxps_fresh"] = box._desc()
            out["bad_dtype"] = _outcome(lambda: dist.QueueDataset().init(
                use_var=[paddle.static.data(name="d_int32", shape=[-1, 1], dtype="int32")]))
            old = base.DatasetFactory().create_dataset("InMemoryDataset")
            old.set_use_var([ids, label])
            old.set_batch_size(3)
            old.set_thread(2)
            old.set_pipe_command("cat")
            old.set_rank_offset("r\n\\'")
            old.set_so_parser_name("parser.so")
            old.set_pv_batch_size(7)
            old.set_input_type(0)
            out["base_in_memory"] = old.desc()
            out["factory_default"] = type(base.DatasetFactory().create_dataset()).__name__
            out["factory_unknown"] = _outcome(lambda: base.DatasetFactory().create_dataset("NoSuchDataset"))
            out["base_queue_local_shuffle"] = _outcome(lambda: base.DatasetFactory().create_dataset().local_shuffle())
            out["base_queue_global_shuffle"] = _outcome(
                lambda: base.DatasetFactory().create_dataset().global_shuffle())
            out["base_file_instant_local_shuffle"] = _outcome(
                lambda: base.DatasetFactory().create_dataset("FileInstantDataset").local_shuffle())
            out["modules"] = [dist.InMemoryDataset.__module__, dist.QueueDataset.__module__,
                              base.InMemoryDataset.__module__, base.DatasetFactory.__module__]
            out["same_objects"] = [dist.InMemoryDataset is fleet.InMemoryDataset,
                                   dist.QueueDataset is fleet.QueueDataset, dist.BoxPSDataset is fleet.BoxPSDataset]
            return out
    finally:
        paddle.disable_static()


def dataset_sizes(root):
    import paddle
    import paddle.distributed as dist

    paths = write_slot_files(root)
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            ids, label = _static_vars("s_")
            ds = dist.InMemoryDataset()
            ds.init(batch_size=2, thread_num=1, use_var=[ids, label], pipe_command="cat")
            ds.set_filelist([paths["a.txt"], paths["b.txt"]])
            ds.load_into_memory()  # (Paddle crashes asking sizes before the first load)
            out = {}
            out["loaded"] = int(ds.get_memory_data_size())
            out["shuffle_size_after_load"] = int(ds.get_shuffle_data_size())
            ds.local_shuffle()
            out["after_local_shuffle"] = int(ds.get_memory_data_size())
            ds.release_memory()
            out["released"] = int(ds.get_memory_data_size())
            filtered = dist.InMemoryDataset()
            filtered.init(batch_size=2, use_var=[ids, label], pipe_command="grep -v '^1 '")
            filtered.set_filelist([paths["a.txt"], paths["c.txt"]])
            filtered.load_into_memory()
            out["piped"] = int(filtered.get_memory_data_size())
            return out
    finally:
        paddle.disable_static()


# ---------------------------------------------------------------- device-absent APIs
def device_absent():
    import paddle
    import paddle.base as base
    import paddle.static as static

    out = {}
    paddle.enable_static()
    try:
        out["ipu_strategy"] = _outcome(lambda: static.IpuStrategy())
        out["ipu_compiled_program"] = _outcome(lambda: static.IpuCompiledProgram())
        out["ipu_compiled_program_args"] = _outcome(lambda: static.IpuCompiledProgram(static.default_main_program()))

        def guard():
            with static.ipu_shard_guard(index=0, stage=1):
                pass

        out["ipu_shard_guard_enter"] = _outcome(guard)
        out["ipu_shard_guard_create"] = _outcome(lambda: type(static.ipu_shard_guard()).__name__)
        wrapped = static.set_ipu_shard(lambda x: x + 1, index=1, stage=1)
        out["set_ipu_shard_function"] = type(wrapped).__name__
        out["set_ipu_shard_function_call"] = _outcome(lambda: wrapped(1))
        out["set_ipu_shard_not_callable"] = _outcome(lambda: static.set_ipu_shard(3))
    finally:
        paddle.disable_static()
    layer = paddle.nn.Linear(2, 2)
    patched = static.set_ipu_shard(layer, index=0)
    out["set_ipu_shard_layer"] = [patched is layer, type(patched).__name__,
                                  isinstance(patched, paddle.nn.Linear)]
    out["set_ipu_shard_layer_call"] = _outcome(lambda: patched(paddle.ones([1, 2])).shape)
    out["custom_place_bad_args"] = _outcome(lambda: base.CustomPlace(1, 0))
    out["custom_place_no_args"] = _outcome(lambda: base.CustomPlace())
    out["same_objects"] = [static.IpuStrategy is base.IpuStrategy, static.set_ipu_shard is base.set_ipu_shard,
                           paddle.framework.CustomPlace is base.CustomPlace]
    out["modules"] = [static.IpuStrategy.__module__, static.IpuCompiledProgram.__module__,
                      static.ipu_shard_guard.__module__, static.set_ipu_shard.__module__]
    return out


# ---------------------------------------------------------------- dygraph line search
def line_search():
    import numpy as np
    import paddle
    from paddle.incubate.optimizer import line_search_dygraph as ls

    def quadratic(x):
        a = paddle.to_tensor([[3.0, 0.5], [0.5, 1.0]], dtype="float64")
        b = paddle.to_tensor([1.0, -2.0], dtype="float64")
        return 0.5 * (x * paddle.matmul(a, x)).sum() - (b * x).sum(), paddle.matmul(a, x) - b

    def rosenbrock(x):
        x0, x1 = x[0], x[1]
        value = (1 - x0) ** 2 + 100 * (x1 - x0 ** 2) ** 2
        grad = paddle.stack([-2 * (1 - x0) - 400 * x0 * (x1 - x0 ** 2), 200 * (x1 - x0 ** 2)])
        return value, grad

    def run(func, start, alpha, scale_direction=1.0, **kwargs):
        x = paddle.to_tensor(start, dtype="float64")
        loss, grad = func(x)
        d = -grad * scale_direction
        gtd = paddle.dot(grad, d)
        loss_new, grad_new, step, evals = ls._strong_wolfe(
            lambda xk, t, dk: func(xk + t * dk), x, alpha, d, loss, grad, gtd, **kwargs)
        as_list = lambda v: np.asarray(v.numpy() if hasattr(v, "numpy") else v).tolist()  # noqa: E731
        return {"loss": as_list(loss_new), "grad": as_list(grad_new), "alpha": as_list(step), "evals": evals}

    out = {
        "quadratic_accepts_first": run(quadratic, [0.0, 0.0], 1.0),
        "quadratic_long_step_zoom": run(quadratic, [0.0, 0.0], 5.0),
        "quadratic_short_step_extrapolates": run(quadratic, [2.0, 2.0], 0.01),
        "rosenbrock": run(rosenbrock, [-1.2, 1.0], 1.0),
        "rosenbrock_small_max_ls": run(rosenbrock, [-1.2, 1.0], 1.0, max_ls=3),
        "rosenbrock_tight_c2": run(rosenbrock, [0.5, 0.5], 1.0, c2=0.1),
    }
    t = lambda v: paddle.to_tensor(v, dtype="float64")  # noqa: E731
    cubic = ls._cubic_interpolate(t(0.0), t(1.0), t(-2.0), t(1.0), t(0.5), t(1.0))
    out["cubic"] = float(cubic)
    out["cubic_bounds"] = float(ls._cubic_interpolate(t(0.0), t(1.0), t(-2.0), t(1.0), t(0.5), t(1.0),
                                                      bounds=(0.6, 0.9)))
    out["cubic_no_real_min"] = float(ls._cubic_interpolate(t(0.0), t(0.0), t(1.0), t(1.0), t(0.0), t(-1.0)))
    return out


# ---------------------------------------------------------------- small helpers
def small_helpers(root):
    import importlib
    import json
    import pickle

    import paddle
    import paddle.distributed.communication.stream as stream
    from paddle.distributed import backup_env, parallel_helper
    from paddle.distributed.communication.stream import all_to_all
    from paddle.distributed.rpc import internal
    from paddle.utils import dlpack

    out = {}
    path = os.path.join(root, "backup_env.json")
    with open(path, "w") as f:
        json.dump({"PS_HELPER_ONLY_IN_FILE": "from-file", "PS_HELPER_BOTH": "file"}, f)
    saved = {k: os.environ.get(k) for k in ("PADDLE_BACKUP_ENV_PATH", "PS_HELPER_BOTH")}
    os.environ["PADDLE_BACKUP_ENV_PATH"] = path
    os.environ["PS_HELPER_BOTH"] = "env"
    try:
        backup_env.g_backup_envs = None
        out["backup_env"] = [backup_env.getenv_or_backup("PS_HELPER_ONLY_IN_FILE"),
                             backup_env.getenv_or_backup("PS_HELPER_BOTH"),
                             backup_env.getenv_or_backup("PS_HELPER_NOWHERE", "dflt"),
                             sorted(backup_env.g_backup_envs)]
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        backup_env.g_backup_envs = None
    call = internal.PythonFunc(func=max, args=(3, 9), kwargs={"key": None})
    out["rpc_internal"] = [internal._run_py_func(call), internal._deserialize(internal._serialize({"a": [1, 2]})),
                           internal._serialize((1, "x")) == pickle.dumps((1, "x")), list(internal.PythonFunc._fields)]
    out["parallel_helper"] = [parallel_helper._is_data_parallel_mode(), parallel_helper._is_parallel_ctx_initialized(),
                              _outcome(parallel_helper._init_parallel_ctx)]
    out["stream_all_to_all"] = [all_to_all.alltoall is stream.alltoall,
                                all_to_all.alltoall_single is stream.alltoall_single]
    out["dlpack_check_type_ok"] = _outcome(lambda: dlpack.check_type(1, "x", (int,), "op"))
    paddle.enable_static()
    try:
        out["dlpack_check_type_bad"] = _outcome(lambda: dlpack.check_type(1, "x", (str,), "op", "extra"))
    finally:
        paddle.disable_static()
    fa = importlib.import_module("paddle.nn.functional.flash_attention")
    out["flash_attention_layer_helper"] = fa.LayerHelper is paddle.base.layer_helper.LayerHelper
    return out


# ---------------------------------------------------------------- DataFeedDesc
_FEED_FILES = {
    "multislot": 'name: "MultiSlotDataFeed"\nbatch_size: 2\nmulti_slot_desc {\n  slots {\n    name: "words"\n'
                 '    type: "uint64"\n    is_dense: false\n    is_used: false\n  }\n  slots {\n    name: "label"\n'
                 '    type: "float"\n    is_dense: false\n    is_used: false\n    shape: [1, -1]\n  }\n}\n',
    "compact_escapes": "# comment line\nname: 'MultiSlotDataFeed' batch_size: 0x10\n"
                       "multi_slot_desc < slots { name: \"a\\tb\\303\\251\" type: \"uint64\" is_used: true "
                       "shape: 3 shape: 4 } uid_slot: \"uid\" >\nthread_num: 3 input_type: 1\n",
    "in_memory": 'name: "MultiSlotInMemoryDataFeed"\nmulti_slot_desc {\n  slots { name: "x" type: "float" }\n}\n',
    "sets_pipe_command": 'name: "MultiSlotDataFeed"\npipe_command: "cat"\n',
    "unknown_field": 'name: "MultiSlotDataFeed"\nbogus: 1\n',
    "unknown_slot_field": 'multi_slot_desc {\n  slots { name: "x" colour: "red" }\n}\n',
    "duplicate_scalar": 'name: "MultiSlotDataFeed"\nbatch_size: 1\nbatch_size: 2\n',
    "duplicate_slot_field": 'multi_slot_desc {\n  slots { name: "x" name: "y" }\n}\n',
}


def data_feed_desc(root):
    import paddle.base as base

    out = {}
    for name, text in _FEED_FILES.items():
        path = os.path.join(root, name + ".prototxt")
        with open(path, "w") as f:
            f.write(text)
        created = _outcome(lambda path=path: base.DataFeedDesc(path))
        if "error" in created:
            out[name] = {"error": created["error"], "message": created["message"]}
            continue
        desc = created["value"]
        result = {"initial": desc.desc()}
        desc.set_batch_size(64)
        result["dense"] = _outcome(lambda desc=desc: desc.set_dense_slots(["words"]))
        result["used"] = _outcome(lambda desc=desc: desc.set_use_slots(["words", "label"]))
        result["missing_slot"] = _outcome(lambda desc=desc: desc.set_use_slots(["nowhere"]))["error"]
        result["final"] = desc.desc()
        out[name] = result
    out["module"] = base.DataFeedDesc.__module__
    return out


# ---------------------------------------------------------------- trainer descriptions
def trainer_descs():
    import paddle.base as base

    class Var:
        def __init__(self, name):
            self.name = name

    class Worker:  # the device-worker protocol a trainer calls in _gen_trainer_desc
        def _set_infer(self, infer):
            self.infer = infer

        def _set_program(self, program):
            self.program = program

        def _gen_worker_desc(self, trainer_desc):
            trainer_desc.device_worker_name = "HogwildWorker"

    out = {}
    for name in ("TrainerDesc", "MultiTrainer", "DistMultiTrainer", "PipelineTrainer", "HeterXpuTrainer",
                 "HeterPipelineTrainer"):
        trainer = getattr(base, name)()
        trainer._set_thread(4)
        result = {"fresh_text": str(trainer), "fresh_bytes": trainer._desc().hex()}
        trainer._set_debug(True)
        trainer._set_fetch_var_and_info([Var("loss"), Var("acc")], ["Loss", "Acc"], 7)
        trainer._set_scale_datanorm(0.1)
        trainer._set_mpi_rank(-1)
        trainer._set_dump_fields(["a", "b"])
        trainer._set_dump_fields_path("/tmp/dump")
        trainer._set_worker_places([0, 1])
        trainer._set_trainers([2, 3])
        trainer._set_trainer_id(1)
        trainer._set_heter_info((1, 2, ["s"], ["r"]))
        trainer._set_adjust_ins_weight({"need_adjust": True, "nid_adjw_ratio": 1e-07, "nid_slot": "n\"1"})
        trainer._set_copy_table_config({"need_copy": True, "src_sparse_tables": 1, "dest_sparse_tables": [2],
                                        "src_var_list": ["x"], "dest_var_list": ["y"], "dependency_map": {5: 6}})
        trainer._set_loss_names(["loss"])
        trainer._set_scale_sparse_grad_with_batch_size(False)
        trainer._set_dump_fields_mode("a")
        result["set_text"] = str(trainer)
        result["set_bytes"] = trainer._desc().hex()
        if name != "TrainerDesc":
            trainer._set_device_worker(Worker())
            result["gen_without_program"] = _outcome(trainer._gen_trainer_desc)
            trainer._set_program("program")
            result["gen"] = _outcome(trainer._gen_trainer_desc)
            result["gen_text"] = str(trainer)
        result["module"] = type(trainer).__module__
        out[name] = result
    bad = base.MultiTrainer()
    out["bad_thread"] = _outcome(lambda: bad._set_thread("4"))
    out["bad_debug"] = _outcome(lambda: bad._set_debug(None))
    out["bad_dump_fields"] = _outcome(lambda: bad._set_dump_fields([3]))
    out["bad_copy_lengths"] = _outcome(lambda: bad._set_copy_table_config({"src_dense_tables": [1, 2],
                                                                             "dest_dense_tables": [3]}))
    out["bad_dependency"] = _outcome(lambda: base.MultiTrainer()._set_copy_table_config(
        {"dependency_map": {1: [2, 3]}}))
    out["range"] = _outcome(lambda: bad._set_thread(2 ** 40))
    return out


SCENARIOS = {
    "trainer_descs": lambda root: trainer_descs(),
    "data_feed_desc": data_feed_desc,
    "data_generators": lambda root: data_generators(),
    "entry_attrs": lambda root: entry_attrs(),
    "fleet_metrics": lambda root: fleet_metrics(),
    "dataset_descs": lambda root: dataset_descs(),
    "dataset_sizes": dataset_sizes,
    "device_absent": lambda root: device_absent(),
    "line_search": lambda root: line_search(),
    "small_helpers": small_helpers,
}
