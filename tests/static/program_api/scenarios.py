"""paddle.static.Program's methods and the static helpers around programs (append_backward, gradients,
create_global_var, accuracy, (de)serialization, save/load, program state), in both interpreters (record.py with
real Paddle 2.6.2, test_program_api.py with ours). Each scenario builds its programs in a fresh unique-name guard
and returns op types, variable names and fetched values."""

import os
import tempfile

import numpy as np

from tests.golden_scenarios import registry

SCENARIOS, APIS, scenario = registry()

X = np.array([[0.2, -0.5, 0.9], [0.3, 0.7, -0.4]], dtype="float32")
LABEL = np.array([[1], [0]], dtype="int64")



def _outcome(fn):
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the exception class is the outcome
        return "!" + type(e).__name__
    return value


def _net(paddle):
    s = paddle.static
    main, startup = s.Program(), s.Program()
    main.random_seed = startup.random_seed = 7
    with s.program_guard(main, startup):
        x = s.data("x", [None, 3], "float32")
        label = s.data("label", [None, 1], "int64")
        hidden = s.nn.fc(x, 4, activation="relu")
        logits = s.nn.fc(hidden, 2)
        loss = paddle.nn.functional.cross_entropy(logits, label)
        loss = paddle.mean(loss)
    return main, startup, x, label, logits, loss


def _values(*arrays):
    """Fetched numpy arrays as nested lists (compared with a tolerance)."""
    return [np.asarray(a).tolist() for a in arrays]


def _ops(program):
    return [op.type for op in program.global_block().ops]


def _run(paddle, main, startup, fetch, scope=None):
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = scope or paddle.static.Scope() if hasattr(paddle.static, "Scope") else paddle.base.core.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        return exe.run(main, feed={"x": X, "label": LABEL}, fetch_list=fetch), scope


@scenario("paddle.static.Program.__init__", "paddle.static.Program.global_block",
          "paddle.static.Program.current_block", "paddle.static.Program.block", "paddle.static.Program.num_blocks",
          "paddle.static.Program.list_vars", "paddle.static.Program.all_parameters",
          "paddle.static.Program.random_seed", "paddle.static.Program.global_seed", "paddle.static.Program.clone",
          "paddle.static.data")
def program_structure(paddle):
    with paddle.utils.unique_name.guard():
        main, startup, x, label, logits, loss = _net(paddle)
        test = main.clone(for_test=True)
    return {"ops": _ops(main), "startup_ops": _ops(startup), "test_ops": _ops(test),
            "num_blocks": main.num_blocks, "current_is_global": main.current_block().idx == main.global_block().idx,
            "block0": main.block(0).idx, "vars": sorted(v.name for v in main.list_vars()),
            "params": [[p.name, list(p.shape)] for p in main.all_parameters()], "seed": main.random_seed,
            "data": [x.name, list(x.shape), str(x.dtype), label.name],
            "global_seed": _outcome(lambda: main.global_seed(5) or main.random_seed)}


@scenario("paddle.static.append_backward", "paddle.static.gradients")
def backward_ops(paddle):
    with paddle.utils.unique_name.guard():
        main, startup, x, label, logits, loss = _net(paddle)
        with paddle.static.program_guard(main, startup):
            pairs = paddle.static.append_backward(loss)
        grads_main = [[p.name, g.name] for p, g in pairs]
        ops = _ops(main)
    with paddle.utils.unique_name.guard():
        main2, startup2, x2, _, logits2, loss2 = _net(paddle)
        x2.stop_gradient = False
        with paddle.static.program_guard(main2, startup2):
            (gx,) = paddle.static.gradients([loss2], [x2])
        (loss_value, gx_value), _ = _run(paddle, main2, startup2, [loss2, gx])
    return {"pairs": grads_main, "ops": ops, "gx_name": gx.name, "values": _values(loss_value, gx_value)}


@scenario("paddle.static.create_global_var", "paddle.static.accuracy", "paddle.static.Program.state_dict",
          "paddle.static.Program.set_state_dict")
def vars_and_state(paddle):
    with paddle.utils.unique_name.guard():
        main, startup, x, label, logits, loss = _net(paddle)
        with paddle.static.program_guard(main, startup):
            counter = paddle.static.create_global_var([1], 3.0, "float32", persistable=True, name="counter")
            acc = paddle.static.accuracy(paddle.nn.functional.softmax(logits), label, k=1)
    (acc_value, counter_value), scope = _run(paddle, main, startup, [acc, counter])
    with paddle.static.scope_guard(scope):
        state = main.state_dict()
        keys = sorted(state)
        shapes = [list(np.array(state[k]).shape) for k in keys]
        main.set_state_dict({k: np.zeros_like(np.array(v)) for k, v in state.items()})
        zeroed = sorted(float(np.abs(np.array(v)).sum()) for v in main.state_dict().values())
    return {"values": _values(acc_value, counter_value), "keys": keys, "shapes": shapes, "zeroed": zeroed,
            "counter_name": counter.name}


@scenario("paddle.static.serialize_program", "paddle.static.deserialize_program",
          "paddle.static.serialize_persistables", "paddle.static.deserialize_persistables",
          "paddle.static.normalize_program", "paddle.static.save_to_file", "paddle.static.load_from_file")
def serialization(paddle):
    s = paddle.static
    with paddle.utils.unique_name.guard():
        main, startup, x, label, logits, loss = _net(paddle)
    (want,), scope = _run(paddle, main, startup, [logits])
    exe = s.Executor(paddle.CPUPlace())
    with s.scope_guard(scope):
        normalized = s.normalize_program(main, [x], [logits])
        program_bytes = s.serialize_program([x], [logits], program=main)
        param_bytes = s.serialize_persistables([x], [logits], exe, program=main)
    with tempfile.TemporaryDirectory() as root:
        path = os.path.join(root, "model.pdmodel")
        s.save_to_file(path, program_bytes)
        loaded_bytes = s.load_from_file(path)
    restored = s.deserialize_program(loaded_bytes)
    fresh = s.Scope() if hasattr(s, "Scope") else paddle.base.core.Scope()
    with s.scope_guard(fresh):
        s.deserialize_persistables(restored, param_bytes, exe)
        feed_name = restored.global_block().ops[0].output("Out")[0] if _ops(restored)[0] == "feed" else "x"
        fetched = [op.input("X")[0] for op in restored.global_block().ops if op.type == "fetch"]
        fetch = [v for v in restored.list_vars() if v.name in fetched]
        (got,) = exe.run(restored, feed={feed_name: X}, fetch_list=fetch)
    return {"normalized_ops": _ops(normalized), "restored_ops": _ops(restored), "same_bytes": loaded_bytes ==
            program_bytes, "values": _values(want, got)}


@scenario("paddle.static.save", "paddle.static.load", "paddle.static.load_program_state",
          "paddle.static.set_program_state")
def save_load(paddle):
    s = paddle.static
    with paddle.utils.unique_name.guard():
        main, startup, x, label, logits, loss = _net(paddle)
    (want,), scope = _run(paddle, main, startup, [logits])
    exe = s.Executor(paddle.CPUPlace())
    with tempfile.TemporaryDirectory() as root:
        prefix = os.path.join(root, "ckpt")
        with s.scope_guard(scope):
            s.save(main, prefix)
        files = sorted(os.listdir(root))
        fresh = s.Scope() if hasattr(s, "Scope") else paddle.base.core.Scope()
        with s.scope_guard(fresh):
            exe.run(startup)
            s.load(main, prefix, exe)
            (loaded,) = exe.run(main, feed={"x": X, "label": LABEL}, fetch_list=[logits])
        state = s.load_program_state(prefix)
        other = s.Scope() if hasattr(s, "Scope") else paddle.base.core.Scope()
        with s.scope_guard(other):
            exe.run(startup)
            s.set_program_state(main, state)
            (restored,) = exe.run(main, feed={"x": X, "label": LABEL}, fetch_list=[logits])
    return {"files": files, "state_keys": sorted(state), "values": _values(want, loaded, restored)}


@scenario("paddle.static.InputSpec", "paddle.static.BuildStrategy", "paddle.static.ExecutionStrategy",
          "paddle.static.CompiledProgram", "paddle.static.WeightNormParamAttr")
def static_configs(paddle):
    s = paddle.static
    spec = s.InputSpec([None, 3], "float32", "img")
    from_tensor = s.InputSpec.from_tensor(paddle.to_tensor(X), name="t")
    from_numpy = s.InputSpec.from_numpy(X)
    build = s.BuildStrategy()
    build.fuse_elewise_add_act_ops = True
    execution = s.ExecutionStrategy()
    execution.num_threads = 2
    with paddle.utils.unique_name.guard():
        main, startup, x, label, logits, loss = _net(paddle)
    compiled = s.CompiledProgram(main, build_strategy=build)
    (value,), _ = _run(paddle, compiled, startup, [logits])
    attr = s.WeightNormParamAttr(dim=0, name="wn", learning_rate=0.5)
    return {"spec": [repr(spec), spec.shape, str(spec.dtype), spec.name], "batch": repr(spec.batch(4)),
            "unbatch": repr(s.InputSpec([4, 3], "float32").unbatch()), "from_tensor": repr(from_tensor),
            "from_numpy": repr(from_numpy), "build": [build.fuse_elewise_add_act_ops, build.enable_inplace],
            "execution": [execution.num_threads], "compiled": _values(value),
            "weight_norm": [attr.dim, attr.name, attr.learning_rate]}
