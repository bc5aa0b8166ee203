"""Static-mode programs written in plain Paddle 2.x: run by the oracle (record_static.py, real Paddle 2.6.2) to
write goldens, and by tests/static/test_engine.py (paddle-compat) to compare with them. Weights and data come
from numpy seeds and are set through ``paddle.static.global_scope()``, so both sides start from the same values."""

import numpy as np

STEPS = 20
BATCH = 8


def batches(seed=0, steps=STEPS, batch=BATCH):
    rng = np.random.RandomState(seed)
    out = []
    for _ in range(steps):
        x = rng.uniform(-1, 1, (batch, 4)).astype("float32")
        y = (x @ np.array([[0.5], [-1.0], [2.0], [0.25]], "float32") + 0.1).astype("float32")
        out.append((x, y))
    return out


def init_weights(program, scope, seed=1):
    """Deterministic values for every parameter of ``program`` (sorted by name)."""
    rng = np.random.RandomState(seed)
    import paddle

    values = {}
    for p in sorted(program.global_block().all_parameters(), key=lambda p: p.name):
        a = rng.uniform(-0.5, 0.5, tuple(p.shape)).astype("float32")
        scope.find_var(p.name).get_tensor().set(a, paddle.CPUPlace())
        values[p.name] = a
    return values


def build_mlp(paddle, optimizer_factory=None, with_test=True, layer="linear"):
    """data -> Linear (or static.nn.fc) -> relu -> Linear (fc) -> mse; optional minimize; returns the pieces."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 4], "float32")
        y = paddle.static.data("y", [-1, 1], "float32")
        if layer == "fc":
            hidden = paddle.static.nn.fc(x, 8, activation="relu")
            out = paddle.static.nn.fc(hidden, 1)
        else:
            hidden = paddle.nn.functional.relu(paddle.nn.Linear(4, 8)(x))
            out = paddle.nn.Linear(8, 1)(hidden)
        loss = paddle.nn.functional.mse_loss(out, y)
        test = main.clone(for_test=True) if with_test else None
        opt = None
        if optimizer_factory is not None:
            opt = optimizer_factory(paddle)
            opt.minimize(loss)
    return {"main": main, "startup": startup, "test": test, "x": x, "y": y, "out": out, "loss": loss, "opt": opt}


OPTIMIZERS = {
    "sgd": lambda paddle: paddle.optimizer.SGD(learning_rate=0.1),
    "momentum": lambda paddle: paddle.optimizer.Momentum(learning_rate=0.05, momentum=0.9),
    "adam": lambda paddle: paddle.optimizer.Adam(learning_rate=0.01),
    "adamw": lambda paddle: paddle.optimizer.AdamW(learning_rate=0.01, weight_decay=0.05),
    "sgd_l2": lambda paddle: paddle.optimizer.SGD(learning_rate=0.1, weight_decay=paddle.regularizer.L2Decay(0.01)),
    "sgd_clip": lambda paddle: paddle.optimizer.SGD(learning_rate=0.1,
                                                    grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5)),
    "sgd_stepdecay": lambda paddle: paddle.optimizer.SGD(
        learning_rate=paddle.optimizer.lr.StepDecay(learning_rate=0.1, step_size=4, gamma=0.5)),
}


TRAIN_CASES = sorted(OPTIMIZERS) + ["sgd_fc", "adam_fc"]


def train(paddle, name, steps=STEPS):
    """Build the MLP with optimizer ``name`` (``<opt>_fc``: with static.nn.fc layers), set seeded weights, run
    ``steps`` steps; returns the record."""
    from paddle.utils import unique_name

    layer = "fc" if name.endswith("_fc") else "linear"
    with unique_name.guard():
        parts = build_mlp(paddle, OPTIMIZERS[name[:-3] if layer == "fc" else name], layer=layer)
    scope = paddle.static.Scope()
    exe = paddle.static.Executor(paddle.CPUPlace())
    losses = []
    with paddle.static.scope_guard(scope):
        exe.run(parts["startup"])
        init_weights(parts["main"], scope)
        for x, y in batches(steps=steps):
            (loss,) = exe.run(parts["main"], feed={"x": x, "y": y}, fetch_list=[parts["loss"]])
            losses.append(float(loss))
            lr = parts["opt"]._learning_rate
            if not isinstance(lr, float):
                lr.step()
        x, y = batches(seed=5, steps=1)[0]
        (test_loss, out) = exe.run(parts["test"], feed={"x": x, "y": y}, fetch_list=[parts["loss"], parts["out"]])
    return {
        "losses": losses,
        "test_loss": float(test_loss),
        "test_out": out.tolist(),
        "main_ops": [op.type for op in parts["main"].global_block().ops],
        "main_roles": [op.attr("op_role") for op in parts["main"].global_block().ops],
        "persistables": {v.name: [list(v.shape), v.stop_gradient] for v in parts["main"].list_vars()
                         if v.persistable},
        "startup_ops": [op.type for op in parts["startup"].global_block().ops],
        "test_ops": [op.type for op in parts["test"].global_block().ops],
        "main_vars": list(parts["main"].global_block().vars),
        "test_vars": list(parts["test"].global_block().vars),
        "startup_vars": list(parts["startup"].global_block().vars),
    }


def gradients_record(paddle):
    """``paddle.static.gradients`` of the MLP loss w.r.t. the input and a hidden value, and append_backward."""
    from paddle.utils import unique_name

    with unique_name.guard():
        parts = build_mlp(paddle, None, with_test=False)
        parts["x"].stop_gradient = False
        with paddle.static.program_guard(parts["main"], parts["startup"]):
            gx, gout = paddle.static.gradients([parts["loss"]], [parts["x"], parts["out"]])
    scope = paddle.static.Scope()
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(scope):
        exe.run(parts["startup"])
        init_weights(parts["main"], scope)
        x, y = batches(steps=1)[0]
        gx_v, gout_v, loss = exe.run(parts["main"], feed={"x": x, "y": y}, fetch_list=[gx, gout, parts["loss"]])
    return {"gx": gx_v.tolist(), "gout": gout_v.tolist(), "loss": float(loss), "gx_name": gx.name,
            "gout_name": gout.name, "ops": [op.type for op in parts["main"].global_block().ops]}


def inference_model(paddle, path_prefix):
    """Save the MLP (seeded weights) with save_inference_model; returns the outputs on a fixed input."""
    from paddle.utils import unique_name

    with unique_name.guard():
        parts = build_mlp(paddle, None, with_test=False)
    scope = paddle.static.Scope()
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(scope):
        exe.run(parts["startup"])
        init_weights(parts["main"], scope)
        x = batches(seed=7, steps=1)[0][0]
        (out,) = exe.run(parts["main"], feed={"x": x, "y": np.zeros((BATCH, 1), "float32")},
                         fetch_list=[parts["out"]])
        paddle.static.save_inference_model(path_prefix, [parts["x"]], [parts["out"]], exe, program=parts["main"])
    return x, out


def load_and_run(paddle, path_prefix, x):
    scope = paddle.static.Scope()
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(scope):
        program, feed_names, fetch_targets = paddle.static.load_inference_model(path_prefix, exe)
        (out,) = exe.run(program, feed={feed_names[0]: x}, fetch_list=fetch_targets)
    return feed_names, [t.name for t in fetch_targets], [op.type for op in program.global_block().ops], out


def bad_inputs(paddle):
    """{case: [exception type name, message]} for the Executor's bad-input cases."""
    from paddle.utils import unique_name

    with unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 4], "float32")
            out = paddle.nn.Linear(4, 2)(x)
        other = paddle.static.Program()
        with paddle.static.program_guard(other, paddle.static.Program()):
            q = paddle.static.data("q", [3], "float32")
    exe = paddle.static.Executor(paddle.CPUPlace())
    ok = np.ones((2, 4), "float32")
    cases = {
        "before_startup": lambda: exe.run(main, feed={"x": ok}, fetch_list=[out]),
        "fetch_other_program": lambda: exe.run(main, feed={"x": ok}, fetch_list=[q]),
        "fetch_unknown_name": lambda: exe.run(main, feed={"x": ok}, fetch_list=["nope"]),
        "feed_wrong_shape": lambda: exe.run(main, feed={"x": np.ones((2, 3), "float32")}, fetch_list=[out]),
        "feed_wrong_rank": lambda: exe.run(main, feed={"x": np.ones((2, 4, 1), "float32")}, fetch_list=[out]),
        "feed_wrong_dtype": lambda: exe.run(main, feed={"x": np.ones((2, 4), "float64")}, fetch_list=[out]),
        "feed_int_dtype": lambda: exe.run(main, feed={"x": np.ones((2, 4), "int64")}, fetch_list=[out]),
        "feed_missing": lambda: exe.run(main, feed={}, fetch_list=[out]),
        "fetch_int": lambda: exe.run(main, feed={"x": ok}, fetch_list=[3]),
    }
    record = {}
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        for name, fn in cases.items():
            if name == "fetch_other_program":
                exe.run(startup)
            try:
                fn()
                record[name] = ["no error", ""]
            except Exception as e:  # noqa: BLE001 - recording what is raised
                record[name] = [type(e).__name__, str(e)]
    return record


def reprs(paddle):
    """Printed forms of static variables, a parameter, an op and a name_scope'd op."""
    from paddle.utils import unique_name

    with unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 4], "float32")
            out = paddle.nn.Linear(4, 2)(x)
            with paddle.static.name_scope("block"):
                act = paddle.nn.functional.relu(out)
    block = main.global_block()
    with unique_name.guard():
        mlp = build_mlp(paddle, None)["main"]
    import re

    train_strs = {}
    for opt in ("sgd", "momentum", "adam", "adamw"):
        with unique_name.guard():
            train = build_mlp(paddle, OPTIMIZERS[opt], with_test=False)["main"]
        train_strs[opt] = re.sub(r"op_namescope = /optimizer(_\d+)?/", "op_namescope = /optimizer_N/", str(train))
    return {"x": str(x), "param": str(block.var("linear_0.w_0")), "out": str(out), "relu_op": str(block.ops[-1]),
            "mlp_program": str(mlp), "empty_program": str(paddle.static.Program()), "train_programs": train_strs,
            "act_name": act.name, "shape": list(out.shape), "names": list(block.vars),
            "stop_gradient": [x.stop_gradient, out.stop_gradient], "persistable": [x.persistable,
                                                                                  block.var("linear_0.w_0").persistable]}


def creation_and_compare(paddle):
    """Creation ops, a comparison with a Python scalar and to_tensor in static mode: op types, names, values."""
    from paddle.utils import unique_name

    with unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            c = paddle.mean(x) > 0
            f = paddle.full([1], 0, "int64")
            z = paddle.zeros([2, 3])
            t = paddle.to_tensor([1.0, 2.0])
            r = paddle.reshape(x, [-1, 1]) * 2.0
            s = paddle.shape(x)
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        values = exe.run(main, feed={"x": np.arange(15, dtype="float32").reshape(5, 3)}, fetch_list=[c, f, z, t, r, s])
    return {"ops": [op.type for op in main.global_block().ops], "vars": list(main.global_block().vars),
            "values": [v.tolist() for v in values], "dtypes": [str(v.dtype) for v in values],
            "shapes": [list(v.shape) for v in (c, f, z, t, r, s)]}


def op_attrs(paddle):
    """Paddle's attrs of common recorded ops (op_* bookkeeping attrs left out)."""
    from paddle.utils import unique_name

    with unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 4], "float32")
            z = paddle.nn.functional.relu(paddle.nn.Linear(4, 3)(x))
            paddle.mean(z)
            paddle.sum(z, axis=1, keepdim=True)
            r = paddle.reshape(z, [-1, 3, 1])
            paddle.transpose(r, [1, 0, 2])
            _ = z * 2.0 + 1.0
            _ = z - 0.5
            paddle.nn.functional.softmax(z, axis=-1)
            paddle.concat([z, z], axis=1)
            paddle.unsqueeze(z, 1)
    return [[op.type, {k: v for k, v in sorted(op.all_attrs().items())
                       if not k.startswith("op_") and k != "with_quant_attr"}]
            for op in main.global_block().ops]


def ema_record(paddle):
    """ExponentialMovingAverage: SGD steps with update(), then test losses with apply() and after restore."""
    from paddle.utils import unique_name

    with unique_name.guard():
        parts = build_mlp(paddle, None)
        with paddle.static.program_guard(parts["main"], parts["startup"]):
            paddle.optimizer.SGD(learning_rate=0.1).minimize(parts["loss"])
            ema = paddle.static.ExponentialMovingAverage(0.9)
            ema.update()
    scope = paddle.static.Scope()
    exe = paddle.static.Executor(paddle.CPUPlace())
    out = {}
    with paddle.static.scope_guard(scope):
        exe.run(parts["startup"])
        init_weights(parts["main"], scope)
        for x, y in batches(steps=5):
            exe.run(parts["main"], feed={"x": x, "y": y}, fetch_list=[parts["loss"]])
        x, y = batches(seed=5, steps=1)[0]
        with ema.apply(exe):
            out["applied"] = float(exe.run(parts["test"], feed={"x": x, "y": y}, fetch_list=[parts["loss"]])[0])
        out["restored"] = float(exe.run(parts["test"], feed={"x": x, "y": y}, fetch_list=[parts["loss"]])[0])
    return out


def cnn_record(paddle, steps=8):
    """Conv2D -> BatchNorm2D -> relu -> MaxPool2D -> flatten -> Linear -> cross_entropy, Momentum: losses of a
    few steps from seeded weights (trainable parameters), eval output, parameter names and op types."""
    from paddle.utils import unique_name

    with unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            img = paddle.static.data("img", [None, 1, 6, 6], "float32")
            label = paddle.static.data("label", [None, 1], "int64")
            h = paddle.nn.Conv2D(1, 2, 3, padding=1)(img)
            h = paddle.nn.functional.relu(paddle.nn.BatchNorm2D(2)(h))
            h = paddle.flatten(paddle.nn.MaxPool2D(2, 2)(h), 1)
            logits = paddle.nn.Linear(18, 3)(h)
            loss = paddle.nn.functional.cross_entropy(logits, label)
            test = main.clone(for_test=True)
            paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9).minimize(loss)
    rng = np.random.RandomState(3)
    scope = paddle.static.Scope()
    exe = paddle.static.Executor(paddle.CPUPlace())
    losses = []
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for p in sorted(main.all_parameters(), key=lambda p: p.name):
            if p.trainable:
                scope.find_var(p.name).get_tensor().set(rng.uniform(-0.5, 0.5, tuple(p.shape)).astype("float32"),
                                                         paddle.CPUPlace())
        for _ in range(steps):
            x = rng.rand(4, 1, 6, 6).astype("float32")
            y = rng.randint(0, 3, (4, 1)).astype("int64")
            losses.append(float(exe.run(main, feed={"img": x, "label": y}, fetch_list=[loss])[0]))
        x = rng.rand(4, 1, 6, 6).astype("float32")
        (test_logits,) = exe.run(test, feed={"img": x, "label": np.zeros((4, 1), "int64")}, fetch_list=[logits])
    return {"losses": losses, "test_logits": test_logits.tolist(),
            "params": sorted([p.name, list(p.shape), p.trainable] for p in main.all_parameters()),
            "forward_ops": [op.type for op in test.global_block().ops]}


def _adam_parts(paddle):
    from paddle.utils import unique_name

    with unique_name.guard():
        return build_mlp(paddle, OPTIMIZERS["adam"])


def checkpoint_save(paddle, prefix):
    """Adam-train the MLP 3 steps from seeded weights and paddle.static.save it; returns the eval output."""
    parts = _adam_parts(paddle)
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(parts["startup"])
        init_weights(parts["main"], paddle.static.global_scope())
        for x, y in batches(steps=3):
            exe.run(parts["main"], feed={"x": x, "y": y}, fetch_list=[parts["loss"]])
        paddle.static.save(parts["main"], prefix)
        x, y = batches(seed=6, steps=1)[0]
        (out,) = exe.run(parts["test"], feed={"x": x, "y": y}, fetch_list=[parts["out"]])
    return out.tolist()


def checkpoint_load(paddle, prefix):
    """paddle.static.load a checkpoint into a fresh Adam MLP: eval output, then one more training step's loss
    (which reads the restored Adam moments and beta powers)."""
    parts = _adam_parts(paddle)
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(parts["startup"])
        paddle.static.load(parts["main"], prefix, exe)
        x, y = batches(seed=6, steps=1)[0]
        (out,) = exe.run(parts["test"], feed={"x": x, "y": y}, fetch_list=[parts["out"]])
        losses = []
        for xb, yb in batches(seed=8, steps=2):
            losses.append(float(exe.run(parts["main"], feed={"x": xb, "y": yb}, fetch_list=[parts["loss"]])[0]))
    return {"out": out.tolist(), "losses": losses}


def auc_record(paddle):
    """paddle.static.auc over three runs (global and sliding-window AUC), small num_thresholds."""
    from paddle.utils import unique_name

    with unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            pred = paddle.static.data("pred", [None, 2], "float32")
            label = paddle.static.data("label", [None, 1], "int64")
            auc_out, batch_auc, _ = paddle.static.auc(pred, label, num_thresholds=31, slide_steps=2)
    rng = np.random.RandomState(11)
    exe = paddle.static.Executor(paddle.CPUPlace())
    out = []
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        for _ in range(4):
            p1 = rng.rand(16, 1).astype("float32")
            pred_v = np.concatenate([1 - p1, p1], axis=1)
            lab = (rng.rand(16, 1) < p1).astype("int64")
            a, b = exe.run(main, feed={"pred": pred_v, "label": lab}, fetch_list=[auc_out, batch_auc])
            out.append([float(a), float(b)])
    return {"values": out, "ops": [op.type for op in main.global_block().ops]}


def weight_norm_record(paddle):
    """static.nn.fc with a WeightNormParamAttr (dim=None): parameter names/shapes and 3 SGD losses."""
    from paddle.utils import unique_name

    with unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 4], "float32")
            attr = paddle.static.WeightNormParamAttr(dim=None, name="wn",
                                                     initializer=paddle.nn.initializer.Constant(0.5))
            out = paddle.static.nn.fc(x, 3, weight_attr=attr)
            loss = paddle.mean(out * out)
            paddle.optimizer.SGD(0.1).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    rng = np.random.RandomState(0)
    res = {"params": sorted([p.name, list(p.shape)] for p in main.all_parameters()), "losses": []}
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        for _ in range(3):
            res["losses"].append(float(exe.run(main, feed={"x": rng.rand(5, 4).astype("float32")},
                                               fetch_list=[loss])[0]))
    return res


def cnn_inference_model(paddle, path_prefix):
    """save_inference_model of an eval-mode Conv2D/BatchNorm2D/MaxPool2D/Linear network with seeded weights;
    returns the input and the saving program's output."""
    from paddle.utils import unique_name

    with unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            img = paddle.static.data("img", [None, 1, 6, 6], "float32")
            h = paddle.nn.Conv2D(1, 2, 3, padding=1)(img)
            h = paddle.nn.functional.relu(paddle.nn.BatchNorm2D(2)(h))
            h = paddle.flatten(paddle.nn.MaxPool2D(2, 2)(h), 1)
            logits = paddle.nn.Linear(18, 3)(h)
    rng = np.random.RandomState(4)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for p in sorted(main.all_parameters(), key=lambda p: p.name):
            low = 0.5 if p.name.endswith("w_2") else -0.5  # running variance stays positive
            scope.find_var(p.name).get_tensor().set(rng.uniform(low, low + 1.0, tuple(p.shape)).astype("float32"),
                                                     paddle.CPUPlace())
        test = main.clone(for_test=True)
        x = rng.rand(3, 1, 6, 6).astype("float32")
        (out,) = exe.run(test, feed={"img": x}, fetch_list=[logits])
        paddle.static.save_inference_model(path_prefix, [img], [logits], exe, program=test)
    return x, out
