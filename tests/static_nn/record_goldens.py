"""Records ``tests/goldens/staticnn_layers.json`` from real Paddle 2.6.2 (run with the oracle interpreter):

    .oracle/bin/python -m tests.static_nn.record_goldens           # staticnn_layers.json
    .oracle/bin/python -m tests.static_nn.record_goldens --base    # staticnn_base.json (paddle.base scenarios)

For every case of ``cases.py``: the parameters each ``paddle.static.nn`` function creates (names, shapes, dtypes),
the op types of the main and startup programs (with the initializer attributes), the output variables, and --
with weights set through the scope to fixed values -- the fetched outputs and the persistable variables after
one ``Executor.run``; for the training cases, the losses of SGD steps and the final parameters. Also the
exceptions of bad arguments and what each function does in dygraph mode.
"""

import json
import os

import numpy as np

from tools.api_diff.common import ROOT, oracle_stamp

from .cases import BAD_CASES, CASES, DYGRAPH_CASES, TRAIN_CASES, TRAIN_STEPS

GOLDEN = os.path.join(ROOT, "tests", "goldens", "staticnn_layers.json")
BASE_GOLDEN = os.path.join(ROOT, "tests", "goldens", "staticnn_base.json")
INIT_ATTRS = {"fill_constant": ("value",), "uniform_random": ("min", "max"), "gaussian_random": ("mean", "std"),
              "truncated_gaussian_random": ("mean", "std")}


def dtype_name(dtype):
    return str(dtype).replace("paddle.", "")


def fixed_array(shape, dtype, seed):
    rng = np.random.RandomState(seed)
    if dtype == "int64":
        return rng.randint(0, 5, shape).astype("int64")
    return rng.uniform(-1, 1, shape).astype(dtype)


def fixed_weight(shape, dtype, seed):
    # positive: variances and data_norm's batch sizes must be
    return np.random.RandomState(1000 + seed).uniform(0.1, 1.0, shape).astype(dtype)


def record_case(paddle, name, inputs, build, values):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
        data = [paddle.static.data(n, s, d) for n, s, d in inputs]
        out = build(paddle, *data)
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    block = main.global_block()
    params = [[p.name, list(p.shape), dtype_name(p.dtype)] for p in block.all_parameters()]
    startup_ops = []
    for op in startup.global_block().ops:
        attrs = {a: op.attr(a) for a in INIT_ATTRS.get(op.type, ())}
        startup_ops.append([op.type, op.output_arg_names, attrs])
    entry = {
        "inputs": [[n, s, d] for n, s, d in inputs],
        "params": params,
        "main_ops": [op.type for op in block.ops],
        "startup_ops": startup_ops,
        "outputs": [[o.name, list(o.shape), dtype_name(o.dtype)] for o in outs],
        "values": values,
    }
    persistables = sorted(v.name for v in block.vars.values()
                          if v.persistable and v.type == paddle.base.core.VarDesc.VarType.LOD_TENSOR)
    feed = {}
    for i, (n, s, d) in enumerate(inputs):
        feed[n] = fixed_array([2 if e == -1 else e for e in s], d, i)
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        weights = {}
        for k, vname in enumerate(persistables):
            tensor = scope.find_var(vname).get_tensor()
            current = np.array(tensor)
            weights[vname] = fixed_weight(current.shape, current.dtype, k)
            tensor.set(weights[vname], paddle.CPUPlace())
        try:
            fetched = exe.run(main, feed=feed, fetch_list=outs + persistables)
        except Exception as e:  # noqa: BLE001 - e.g. sparse_embedding's table lookup outside a PS job
            entry["run_error"] = [type(e).__name__, str(e)[:300]]
            return entry
    entry["feed"] = {k: v.tolist() for k, v in feed.items()}
    entry["weights"] = {k: [list(v.shape), str(v.dtype), v.ravel().tolist()] for k, v in weights.items()}
    if values:
        entry["fetched"] = [np.asarray(f).tolist() for f in fetched[:len(outs)]]
        entry["persistables_after"] = {n: np.asarray(f).ravel().tolist()
                                       for n, f in zip(persistables, fetched[len(outs):])}
    return entry


def record_train(paddle, inputs, build):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
        data = [paddle.static.data(n, s, d) for n, s, d in inputs]
        loss = build(paddle, *data)
        paddle.optimizer.SGD(learning_rate=0.1).minimize(loss)
    block = main.global_block()
    params = sorted(p.name for p in block.all_parameters())
    feed = {n: fixed_array(s, d, i) for i, (n, s, d) in enumerate(inputs)}
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        weights = {}
        for k, name in enumerate(params):
            tensor = scope.find_var(name).get_tensor()
            current = np.array(tensor)
            weights[name] = fixed_weight(current.shape, current.dtype, k)
            tensor.set(weights[name], paddle.CPUPlace())
        losses = [float(exe.run(main, feed=feed, fetch_list=[loss])[0]) for _ in range(TRAIN_STEPS)]
        final = {n: np.array(scope.find_var(n).get_tensor()).ravel().tolist() for n in params}
    return {"inputs": [[n, s, d] for n, s, d in inputs], "feed": {k: v.tolist() for k, v in feed.items()},
            "weights": {k: [list(v.shape), str(v.dtype), v.ravel().tolist()] for k, v in weights.items()},
            "losses": losses, "final": final}


def record_bad(paddle, inputs, build):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
        data = [paddle.static.data(n, s, d) for n, s, d in inputs]
        try:
            build(paddle, *data)
        except Exception as e:  # noqa: BLE001 - recording whatever Paddle raises
            return {"error": type(e).__name__, "message": str(e)[:300]}
    return {"error": None}


def record_dygraph(paddle, build, values):
    try:
        out = build(paddle)
    except Exception as e:  # noqa: BLE001
        return {"error": type(e).__name__, "message": str(e)[:300]}
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    entry = {"error": None, "container": type(out).__name__,
             "shapes": [list(o.shape) for o in outs], "dtypes": [dtype_name(o.dtype) for o in outs]}
    if values:
        entry["values"] = [o.numpy().tolist() for o in outs]
    return entry


def record_base(stamp):
    import paddle

    from .base_scenarios import SCENARIOS

    golden = dict(stamp)
    golden["base_names"] = sorted(n for n in dir(paddle.base) if not n.startswith("_"))
    golden["scenarios"] = {}
    for name, scenario in SCENARIOS.items():
        try:
            golden["scenarios"][name] = scenario(paddle)
        except Exception as e:  # noqa: BLE001 - recording what Paddle raises
            golden["scenarios"][name] = {"error": type(e).__name__, "message": str(e)[:300]}
    with open(BASE_GOLDEN, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print(f"wrote {BASE_GOLDEN}: {len(golden['scenarios'])} scenarios")


def main():
    import sys

    stamp = oracle_stamp()
    if "--base" in sys.argv:
        record_base(stamp)
        return
    import paddle

    golden = dict(stamp)
    golden["dygraph"] = {name: record_dygraph(paddle, build, values) for name, build, values in DYGRAPH_CASES}
    paddle.enable_static()
    golden["cases"] = {name: record_case(paddle, name, inputs, build, values)
                       for name, inputs, build, values in CASES}
    golden["bad"] = {name: record_bad(paddle, inputs, build) for name, inputs, build in BAD_CASES}
    golden["train"] = {name: record_train(paddle, inputs, build) for name, inputs, build in TRAIN_CASES}
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)
    print(f"wrote {GOLDEN}: {len(golden['cases'])} cases, {len(golden['bad'])} bad, {len(golden['dygraph'])} dygraph")


if __name__ == "__main__":
    main()
