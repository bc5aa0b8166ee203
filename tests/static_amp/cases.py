"""Static-graph AMP scenarios run by real Paddle (record_static_amp.py, the oracle) and by paddle-compat
(test_static_amp.py): the same Paddle code, its program structure, losses and loss-scaling state.

Only the public Paddle API is used here, so both interpreters run this file unchanged.
"""

import numpy as np

STEPS = 4
BATCH = 4


def _mlp(paddle, guard=None):
    import paddle.nn.functional as F  # noqa: N812

    x = paddle.static.data("x", [BATCH, 8], "float32")
    y = paddle.static.data("y", [BATCH, 2], "float32")
    h = F.relu(paddle.nn.Linear(8, 16)(x))
    if guard is not None:
        with guard():
            out = paddle.nn.Linear(16, 2)(h)
    else:
        out = paddle.nn.Linear(16, 2)(h)
    loss = F.mse_loss(out, y)
    return loss, {"x": (BATCH, 8), "y": (BATCH, 2)}


def _cnn(paddle, guard=None):
    import paddle.nn.functional as F  # noqa: N812

    x = paddle.static.data("img", [BATCH, 1, 6, 6], "float32")
    label = paddle.static.data("label", [BATCH, 1], "int64")
    h = paddle.nn.Conv2D(1, 3, 3)(x)
    h = paddle.nn.BatchNorm2D(3)(h)
    h = F.max_pool2d(F.relu(h), 2)
    h = paddle.flatten(h, 1)
    logits = paddle.nn.Linear(12, 3)(h)
    loss = F.cross_entropy(logits, label)
    return loss, {"img": (BATCH, 1, 6, 6), "label": ("int", BATCH, 1)}


MODELS = {"mlp": _mlp, "cnn": _cnn}


def _optimizer(paddle, name):
    if name == "sgd":
        return paddle.optimizer.SGD(learning_rate=0.1)
    if name == "momentum":
        return paddle.optimizer.Momentum(learning_rate=0.05, momentum=0.9)
    if name == "adam":
        return paddle.optimizer.Adam(learning_rate=0.01)
    if name == "adamw":
        return paddle.optimizer.AdamW(learning_rate=0.01, weight_decay=0.01)
    if name == "sgd_sched":
        return paddle.optimizer.SGD(learning_rate=paddle.optimizer.lr.StepDecay(0.1, step_size=2, gamma=0.5))
    if name == "momentum_clip":
        return paddle.optimizer.Momentum(learning_rate=0.05, momentum=0.9,
                                         weight_decay=paddle.regularizer.L2Decay(1e-3),
                                         grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5))
    raise ValueError(name)


# name -> spec. decorate: kwargs of paddle.static.amp.decorate (lists: "custom" for CustomOpLists below,
# "cleared" for default lists with an empty unsupported_list: the rewrite then casts as on a GPU build);
# bf16: use paddle.static.amp.bf16.decorate_bf16 with these kwargs; run: execute and record losses;
# inf_step: the step whose feed holds an inf (dynamic loss scaling skips it); text: keep the printed program;
# stats: keep collect_operator_stats's printout.
CASES = {
    "mlp_o1_fp16_sgd": dict(model="mlp", opt="sgd", decorate=dict(level="O1"), inf_step=2, text=True),
    "mlp_o1_fp16_custom_momentum": dict(model="mlp", opt="momentum", lists="custom", decorate=dict(
        level="O1", init_loss_scaling=128.0, incr_every_n_steps=2)),
    "mlp_o2_fp16_sgd": dict(model="mlp", opt="sgd", decorate=dict(level="O2"), inf_step=1, amp_init=True),
    "mlp_o2_fp16_adam": dict(model="mlp", opt="adam", decorate=dict(level="O2", decr_every_n_nan_or_inf=2),
                             inf_step=1, amp_init=True, text=True),
    "mlp_o1_fp16_adamw": dict(model="mlp", opt="adamw", decorate=dict(level="O1", init_loss_scaling=1024.0),
                              inf_step=0),
    "mlp_o1_bf16_sgd": dict(model="mlp", opt="sgd", decorate=dict(level="O1", dtype="bfloat16")),
    "mlp_o2_bf16_momentum": dict(model="mlp", opt="momentum", decorate=dict(level="O2", dtype="bfloat16"),
                                 amp_init=True),
    "mlp_legacy_pure_fp16": dict(model="mlp", opt="sgd", decorate=dict(
        init_loss_scaling=128.0, use_dynamic_loss_scaling=True, use_pure_fp16=True, use_fp16_guard=False),
        amp_init=True, inf_step=3),
    "mlp_static_scaling": dict(model="mlp", opt="sgd", decorate=dict(
        level="O1", init_loss_scaling=8.0, use_dynamic_loss_scaling=False), inf_step=1),
    "mlp_o1_fp16_distributed": dict(model="mlp", opt="momentum", decorate=dict(level="O1"), distributed=True,
                                    inf_step=1),
    "mlp_o2_fp16_split_calls": dict(model="mlp", opt="adam", decorate=dict(level="O2"), split=True, amp_init=True,
                                    inf_step=2),
    "mlp_o1_fp16_lr_scheduler": dict(model="mlp", opt="sgd_sched", decorate=dict(level="O1"), inf_step=1),
    "mlp_o2_fp16_clip_l2": dict(model="mlp", opt="momentum_clip", decorate=dict(level="O2"), amp_init=True,
                                inf_step=2),
    "cnn_o1_fp16_momentum": dict(model="cnn", opt="momentum", decorate=dict(level="O1", init_loss_scaling=256.0,
                                                                            incr_every_n_steps=3)),
    "cnn_o2_fp16_sgd": dict(model="cnn", opt="sgd", decorate=dict(level="O2"), amp_init=True),
    "cnn_o1_bf16_adam": dict(model="cnn", opt="adam", decorate=dict(level="O1", dtype="bfloat16")),
    "cnn_od_fp16_sgd": dict(model="cnn", opt="sgd", decorate=dict(level="OD")),
    # the rewrite itself (no GPU build: Paddle's CPU build has no low-precision kernels for these, programs only)
    "mlp_o1_fp16_cleared": dict(model="mlp", opt="sgd", lists="cleared", decorate=dict(level="O1"), run=False),
    "mlp_o1_fp16_cleared_custom": dict(model="mlp", opt="sgd", lists="cleared_custom", decorate=dict(level="O1"),
                                       run=False),
    "mlp_o1_fp16_cleared_varnames": dict(model="mlp", opt="sgd", lists="cleared_varnames", decorate=dict(level="O1"),
                                         run=False),
    "cnn_o1_fp16_cleared": dict(model="cnn", opt="momentum", lists="cleared", decorate=dict(level="O1"), run=False),
    "cnn_o1_bf16_cleared_promote": dict(model="cnn", opt="sgd", lists="cleared_bf16", decorate=dict(
        level="O1", dtype="bfloat16", use_promote=True), run=False),
    "mlp_o2_fp16_cleared": dict(model="mlp", opt="momentum", lists="cleared", decorate=dict(level="O2"), run=False,
                                text=True),
    "mlp_o2_fp16_guard_cleared": dict(model="mlp", opt="sgd", lists="cleared", guard="fp16", decorate=dict(
        level="O2", use_amp_guard=True), run=False, stats=True),
    "mlp_decorate_bf16_o1": dict(model="mlp", opt="sgd", bf16=dict(), run=False, stats=True, text=True),
    "cnn_decorate_bf16_o1": dict(model="cnn", opt="momentum", bf16=dict(), run=False),
    "mlp_decorate_bf16_pure": dict(model="mlp", opt="sgd", bf16=dict(use_pure_bf16=True), amp_init=True,
                                   fetch_extra="linear_3.tmp_1"),
}


def _lists(paddle, kind, dtype):
    amp = paddle.static.amp
    if kind == "custom":
        return amp.CustomOpLists(custom_white_list=["elementwise_add"], custom_black_list=["relu"], dtype=dtype)
    lists = amp.AutoMixedPrecisionLists(
        custom_black_list=["reduce_mean"] if kind == "cleared_custom" else None,
        custom_black_varnames=["relu_0.tmp_0"] if kind == "cleared_varnames" else None,
        dtype="bfloat16" if kind == "cleared_bf16" else dtype)
    lists.unsupported_list = set(lists._custom_black_list or ())
    return lists


def _feed(shapes, rng, inf):
    feed = {}
    for name, shape in shapes.items():
        if shape[0] == "int":
            feed[name] = rng.randint(0, 3, size=shape[1:]).astype("int64")
        else:
            feed[name] = rng.uniform(-1, 1, size=shape).astype("float32")
            if inf and name in ("x", "img"):
                feed[name][0, 0] = np.inf
    return feed


def _op_record(op):
    rec = {"type": op.type, "inputs": {k: list(op.input(k)) for k in op.input_names},
           "outputs": {k: list(op.output(k)) for k in op.output_names}, "op_role": int(op.attr("op_role"))}
    for attr in ("in_dtype", "out_dtype", "multi_precision", "incr_every_n_steps", "decr_every_n_nan_or_inf",
                 "incr_ratio", "decr_ratio", "stop_update"):
        if op.has_attr(attr):
            v = op.attr(attr)
            rec[attr] = v if isinstance(v, (bool, float)) else int(v)
    return rec


def _dtype_name(v):
    return str(v.dtype).replace("paddle.", "")


def run_case(paddle, name):
    """Build, decorate, minimize and (optionally) train one case; returns what is compared."""
    spec = CASES[name]
    static = paddle.static
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    scope = static.Scope()
    place = paddle.CPUPlace()
    out = {}
    with paddle.utils.unique_name.guard(), static.program_guard(main, startup), static.scope_guard(scope):
        guard = None
        dec = spec.get("decorate", {})
        if spec.get("bf16", {}).get("use_pure_bf16"):
            guard = static.amp.bf16.bf16_guard
        elif spec.get("guard") == "fp16":
            guard = static.amp.fp16_guard
        loss, shapes = MODELS[spec["model"]](paddle, guard)
        opt = _optimizer(paddle, spec["opt"])
        if "bf16" in spec:
            amp_opt = static.amp.bf16.decorate_bf16(opt, **spec["bf16"])
        else:
            lists = _lists(paddle, spec["lists"], dec.get("dtype", "float16")) if "lists" in spec else None
            amp_opt = static.amp.decorate(opt, lists, **dec)
        out["class"] = type(amp_opt).__module__ + "." + type(amp_opt).__name__
        if spec.get("distributed"):
            amp_opt._set_distributed(True)
        if spec.get("split"):  # backward + apply_gradients instead of minimize
            params_grads = amp_opt.backward(loss)
            out["params_grads"] = [[p.name, g.name] for p, g in params_grads]
            amp_opt.apply_gradients(params_grads)
        else:
            amp_opt.minimize(loss)
        block = main.global_block()
        out["main_ops"] = [_op_record(op) for op in block.ops]
        out["startup_ops"] = [op.type for op in startup.global_block().ops]
        out["var_dtypes"] = {v.name: _dtype_name(v) for v in block.vars.values()}
        out["persistables"] = sorted(v.name for v in block.vars.values() if v.persistable)
        scaling = amp_opt.get_loss_scaling() if hasattr(amp_opt, "get_loss_scaling") else None
        out["loss_scaling_name"] = None if scaling is None else scaling.name
        scaled = amp_opt.get_scaled_loss() if hasattr(amp_opt, "get_scaled_loss") else None
        out["scaled_loss_name"] = None if scaled is None else scaled.name
        if spec.get("text"):
            out["main_text"] = str(main)  # the printed program (variables, ops, attrs)
        if spec.get("stats"):
            import contextlib
            import io

            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                static.amp.debugging.collect_operator_stats(main)
            out["operator_stats"] = buf.getvalue()
        if not spec.get("run", True):
            return out
        exe = static.Executor(place)
        exe.run(startup)
        rng = np.random.RandomState(7)
        params = sorted(main.all_parameters(), key=lambda p: p.name)
        for p in params:
            if p.trainable:
                value = rng.uniform(-0.5, 0.5, size=p.shape).astype("float32")
                scope.find_var(p.name).get_tensor().set(value, place)
        if spec.get("amp_init"):
            amp_opt.amp_init(place, scope=scope)
        out["param_dtypes_after_init"] = {p.name: str(np.array(scope.find_var(p.name).get_tensor()).dtype)
                                          for p in params}
        data_rng = np.random.RandomState(11)
        state_names = [n for n in ("loss_scaling_0", "num_good_steps_0", "num_bad_steps_0")
                       if n in block.vars]
        losses, states = [], []
        for step in range(STEPS):
            feed = _feed(shapes, data_rng, step == spec.get("inf_step"))
            extra = [spec["fetch_extra"]] if "fetch_extra" in spec else []
            value, *fetched = exe.run(main, feed=feed, fetch_list=[loss] + extra)
            if fetched:  # a bfloat16 variable comes back as its uint16 bit patterns
                out["fetched_extra"] = [str(fetched[0].dtype), list(fetched[0].shape)]
            losses.append(float(np.asarray(value, dtype="float32").reshape(-1)[0]))
            states.append({n: np.array(scope.find_var(n).get_tensor()).astype("float64").tolist()
                           for n in state_names})
        out["losses"] = losses
        out["states"] = states
        out["param_sums"] = {p.name: float(np.abs(np.array(scope.find_var(p.name).get_tensor()).astype("float64"))
                                           .sum()) for p in params}
    paddle.disable_static()
    return out


def list_facts(paddle):
    """Facts about the op lists (sizes, the ops a CPU build supports, the effect of custom lists)."""
    amp = paddle.static.amp
    facts = {}
    for dtype in ("float16", "bfloat16"):
        lists = amp.AutoMixedPrecisionLists(dtype=dtype)
        facts[dtype] = {"n_all": len(lists.all_list), "n_unsupported": len(lists.unsupported_list),
                        "supported": sorted(lists.all_list - lists.unsupported_list),
                        "white": sorted(lists.white_list), "black": sorted(lists.black_list),
                        "gray": sorted(lists.gray_list)}
    custom = amp.CustomOpLists(custom_white_list=["elementwise_add", "softmax"], custom_black_list=["relu"],
                               custom_black_varnames=["x"])
    facts["custom"] = {"white_added": sorted(custom.white_list - amp.fp16_lists.white_list),
                       "in_black": ["relu" in custom.black_list, "softmax" in custom.black_list],
                       "in_gray": ["elementwise_add" in custom.gray_list, "relu" in custom.gray_list],
                       "relu_unsupported": "relu" in custom.unsupported_list,
                       "black_varnames": sorted(custom.black_varnames)}
    bf = amp.bf16.AutoMixedPrecisionListsBF16(custom_bf16_list=["relu"], custom_fp32_list=["matmul_v2"])
    facts["bf16_lists"] = {"bf16": sorted(bf.bf16_list), "fp32_has_matmul_v2": "matmul_v2" in bf.fp32_list,
                           "gray_has_relu": "relu" in bf.gray_list, "unsupported": sorted(bf.unsupported_list),
                           "initializers": sorted(bf.bf16_initializer_list)}
    mod = amp.bf16.amp_lists
    facts["bf16_module_lists"] = {"fp32": sorted(mod.fp32_list), "n_unsupported": len(mod.unsupported_list),
                                  "bf16": sorted(mod.bf16_list), "init": sorted(mod.bf16_initializer_list)}
    facts["fp16_utils"] = {"float_types": sorted(str(t) for t in amp.fp16_utils.FLOAT_TYPES),
                           "default_options": repr(amp.fp16_utils.DEFAULT_AMP_OPTIONS),
                           "to_bf16": amp.fp16_utils._convert_float_to_bfloat16(
                               paddle.CPUPlace(), np.array([1 + 2**-8 + 2**-10, 1 + 3 * 2**-8, -3.3],
                                                           dtype="float32")).tolist()}
    facts["uint16"] = amp.bf16.convert_float_to_uint16(
        np.array([[1.0, -2.5, 3.14159], [1e-3, 65504.0, -0.0]], dtype="float32")).tolist()
    return facts


def _expect_error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the recorded exception type is the point
        return [type(e).__name__, str(e)]
    return None


def bad_inputs(paddle):
    """Paddle's exception type and message for wrong arguments."""
    amp = paddle.static.amp
    paddle.enable_static()

    def sgd():
        return paddle.optimizer.SGD(learning_rate=0.1)

    def before_minimize(method):
        def call():
            opt = amp.decorate(sgd())
            return getattr(opt, method)(paddle.CPUPlace()) if method == "amp_init" else getattr(opt, method)()
        return call

    cases = {
        "decorate_level": lambda: amp.decorate(sgd(), level="O3"),
        "decorate_dtype": lambda: amp.decorate(sgd(), dtype="float32"),
        "decorate_o2_not_optimizer": lambda: amp.decorate(object(), level="O2"),
        "lists_dtype": lambda: amp.AutoMixedPrecisionLists(dtype="int8"),
        "lists_overlap": lambda: amp.CustomOpLists(custom_white_list=["relu"], custom_black_list=["relu"]),
        "bf16_lists_overlap": lambda: amp.bf16.AutoMixedPrecisionListsBF16(custom_bf16_list=["relu"],
                                                                         custom_fp32_list=["relu"]),
        "get_loss_scaling_early": before_minimize("get_loss_scaling"),
        "amp_init_early": before_minimize("amp_init"),
        "lowdtype_str": lambda: amp.fp16_lists.get_low_precision_dtypestr(paddle.float32),
        "lowdtype_type": lambda: amp.fp16_lists.get_low_precision_dtypestr(3.5),
    }
    def in_program(fn):
        def call():
            main, startup = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, startup):
                x = paddle.static.data("x", [2, 3], "float32")
                ints = paddle.static.data("i", [2, 3], "int32")
                scale = paddle.static.create_global_var([1], 2.0, "float32", persistable=True)
                steps = paddle.static.create_global_var([1], 0, "int32", persistable=True)
                return fn(main, x, ints, scale, steps)
        return call

    nn = amp.amp_nn
    cases.update({
        "check_finite_not_list": in_program(lambda m, x, i, s, n: nn.check_finite_and_unscale(x, s)),
        "check_finite_int": in_program(lambda m, x, i, s, n: nn.check_finite_and_unscale([i], s)),
        "update_scaling_int_scale": in_program(lambda m, x, i, s, n: nn.update_loss_scaling(
            [x], i, n, n, n, 10, 2, 2.0, 0.5)),
        "cast_model_fp32_dest": in_program(lambda m, x, i, s, n: amp.cast_model_to_fp16(m, dest_type=paddle.float32)),
        "cast_params_fp32_dest": in_program(lambda m, x, i, s, n: amp.cast_parameters_to_fp16(
            paddle.CPUPlace(), m, dest_type=paddle.float32)),
        "decorate_lowercase_level": lambda: type(amp.decorate(sgd(), level="o2", dtype="BFLOAT16")).__name__,
    })
    result = {name: _expect_error(fn) for name, fn in cases.items()}
    result["scaled_loss_early"] = amp.decorate(sgd()).get_scaled_loss()
    paddle.disable_static()
    return result
