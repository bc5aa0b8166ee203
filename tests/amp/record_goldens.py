"""Record the AMP goldens from real Paddle 2.6.2 (run with the oracle interpreter, from the repository root):

    .oracle/bin/python tests/amp/record_goldens.py

Real Paddle disables GradScaler on a CPU place; the recorder patches the place check of
``paddle.amp.grad_scaler`` (the tracer's ``_expected_place``) so that the scaler runs its real state machine and
CPU kernels (check_finite_and_unscale, the optimizers' found_inf skip)."""

import contextlib
import io
import json
import os
import sys
import warnings

sys.path.insert(0, os.getcwd())
from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import numpy as np  # noqa: E402
import paddle  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "amp_goldens.json")
gs_module = sys.modules["paddle.amp.grad_scaler"]
real_tracer = gs_module._dygraph_tracer


class _GpuPlace:
    def is_gpu_place(self):
        return True

    def is_xpu_place(self):
        return False

    def is_custom_place(self):
        return False


class _TracerOnGpu:
    def __init__(self, tracer):
        self._tracer = tracer

    def __getattr__(self, name):
        return _GpuPlace() if name == "_expected_place" else getattr(self._tracer, name)


@contextlib.contextmanager
def scaler_enabled_on_cpu():
    gs_module._dygraph_tracer = lambda: _TracerOnGpu(real_tracer())
    try:
        yield
    finally:
        gs_module._dygraph_tracer = real_tracer


def warnings_of(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn()
    return result, [f"{w.category.__name__}: {w.message}" for w in caught]


W0 = np.array([[0.5, -1.0, 0.25], [1.5, 0.75, -0.5], [-0.25, 0.5, 1.0], [2.0, -1.5, 0.125]], "float32")
B0 = np.array([0.1, -0.2, 0.3], "float32")
X = np.array([[1.0, 2.0, -1.0, 0.5], [0.25, -0.5, 1.5, 2.0]], "float32")


def scaler_run(opt_name, style, kwargs, inf_steps, n_steps):
    paddle.seed(0)
    model = paddle.nn.Linear(4, 3)
    model.weight.set_value(W0)
    model.bias.set_value(B0)
    opt = {
        "SGD": lambda: paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters()),
        "Momentum": lambda: paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9,
                                                      parameters=model.parameters()),
        "Adam": lambda: paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters()),
    }[opt_name]()
    with scaler_enabled_on_cpu():
        scaler = paddle.amp.GradScaler(**kwargs)
    steps = []
    for i in range(n_steps):
        x = X.copy()
        if i in inf_steps:
            x[0, 1] = np.inf if i % 2 else np.nan
        out = model(paddle.to_tensor(x))
        loss = (out * out).mean()
        scaled = scaler.scale(loss)
        scaled.backward()
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            if style == "minimize":
                scaler.minimize(opt, scaled)
            elif style == "step_update":
                scaler.step(opt)
                scaler.update()
            else:  # unscale_ first (e.g. for gradient clipping), then step/update
                scaler.unscale_(opt)
                grads = [p.grad.numpy().tolist() for p in model.parameters()]
                scaler.step(opt)
                scaler.update()
        opt.clear_grad()
        record = {
            "scaled_loss": float(scaled),
            "found_inf": bool(scaler._found_inf),
            "cache_found_inf": bool(scaler._cache_founf_inf),
            "scale": float(scaler._scale),
            "incr_count": scaler._incr_count,
            "decr_count": scaler._decr_count,
            "printed": printed.getvalue(),
            "weight": model.weight.numpy().tolist(),
            "bias": model.bias.numpy().tolist(),
        }
        if style == "unscale":
            record["unscaled_grads"] = grads
        steps.append(record)
    sd = scaler.state_dict()
    sd = {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in sd.items()}
    return {"opt": opt_name, "style": style, "kwargs": kwargs, "inf_steps": sorted(inf_steps), "steps": steps,
            "state_dict": sd}


def errors():
    model = paddle.nn.Linear(4, 3)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())
    with scaler_enabled_on_cpu():
        scaler = paddle.amp.GradScaler()
    out = {}
    loss = model(paddle.to_tensor(X)).mean()
    scaler.scale(loss).backward()
    scaler.unscale_(opt)
    for name, fn in [("unscale_twice", lambda: scaler.unscale_(opt))]:
        try:
            fn()
            out[name] = None
        except Exception as e:  # noqa: BLE001
            out[name] = [type(e).__name__, str(e)]
    scaler.step(opt)
    for name, fn in [("step_twice", lambda: scaler.step(opt)), ("unscale_after_step", lambda: scaler.unscale_(opt))]:
        try:
            fn()
            out[name] = None
        except Exception as e:  # noqa: BLE001
            out[name] = [type(e).__name__, str(e)]
    for name, kw in [("incr_ratio", {"incr_ratio": 1.0}), ("decr_ratio", {"decr_ratio": 1.0})]:
        try:
            with scaler_enabled_on_cpu():
                paddle.amp.GradScaler(**kw)
            out["ctor_" + name] = None
        except Exception as e:  # noqa: BLE001
            out["ctor_" + name] = [type(e).__name__, str(e)]
    with scaler_enabled_on_cpu():
        s = paddle.amp.GradScaler()
    try:
        s.load_state_dict({})
    except Exception as e:  # noqa: BLE001
        out["load_empty"] = [type(e).__name__, str(e)]
    for setter, value in [("set_incr_ratio", 0.5), ("set_decr_ratio", 2.0)]:
        try:
            getattr(s, setter)(value)
            out[setter] = None
        except Exception as e:  # noqa: BLE001
            out[setter] = [type(e).__name__, str(e)]
    return out


def getters_setters():
    with scaler_enabled_on_cpu():
        s = paddle.amp.GradScaler(init_loss_scaling=512.0, incr_ratio=3.0, decr_ratio=0.25, incr_every_n_steps=7,
                                  decr_every_n_nan_or_inf=3, use_dynamic_loss_scaling=False)
    out = {"before": [s.is_enable(), s.is_use_dynamic_loss_scaling(), s.get_init_loss_scaling(), s.get_incr_ratio(),
                      s.get_decr_ratio(), s.get_incr_every_n_steps(), s.get_decr_every_n_nan_or_inf()]}
    s.set_init_loss_scaling(100.0)
    s.set_incr_ratio(4.0)
    s.set_decr_ratio(0.125)
    s.set_incr_every_n_steps(11)
    s.set_decr_every_n_nan_or_inf(5)
    out["after"] = [s.get_init_loss_scaling(), s.get_incr_ratio(), s.get_decr_ratio(), s.get_incr_every_n_steps(),
                    s.get_decr_every_n_nan_or_inf(), float(s._scale)]
    sd = s.state_dict()
    out["state_dict"] = {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in sd.items()}
    out["state_dict_types"] = {k: type(v).__name__ for k, v in sd.items()}
    with scaler_enabled_on_cpu():
        s2 = paddle.amp.GradScaler()
    s2.load_state_dict(sd)
    out["loaded"] = [s2.get_init_loss_scaling().item(), float(s2._scale), s2.get_incr_ratio(),
                     s2.is_use_dynamic_loss_scaling(), type(s2.get_init_loss_scaling()).__name__]
    return out


def cpu_behaviour():
    out = {}
    x = paddle.ones([2, 2])

    def cast_matmul():
        with paddle.amp.auto_cast():
            return str(paddle.matmul(x, x).dtype)

    out["auto_cast_cpu"] = warnings_of(cast_matmul)
    out["auto_cast_bf16_O2_cpu"] = warnings_of(lambda: str(
        (lambda: [paddle.amp.auto_cast(level="O2", dtype="bfloat16").__enter__(), paddle.matmul(x, x).dtype][1])()))
    s, w = warnings_of(paddle.amp.GradScaler)
    out["scaler_cpu"] = [w, s.is_enable(), s.state_dict(), s.scale(x) is x]
    out["supported"] = [paddle.amp.is_float16_supported(), paddle.amp.is_bfloat16_supported(),
                        paddle.amp.is_float16_supported("cpu"), paddle.amp.is_bfloat16_supported("cpu")]
    model = paddle.nn.Linear(2, 2)
    opt = paddle.optimizer.SGD(parameters=model.parameters())
    m2, o2 = paddle.amp.decorate(model, opt, level="O2")
    out["decorate_O2_cpu"] = [m2 is model, o2 is opt, str(model.weight.dtype)]
    out["decorate_O1"] = paddle.amp.decorate(model, level="O1") is model
    for name, fn in [
        ("decorate_bad_level", lambda: paddle.amp.decorate(model, level="O3")),
        ("decorate_bad_dtype", lambda: paddle.amp.decorate(model, level="O2", dtype="float64")),
        ("auto_cast_bad_level", lambda: paddle.amp.auto_cast(level="O5").__enter__()),
        ("auto_cast_bad_dtype", lambda: paddle.amp.auto_cast(dtype="float64").__enter__()),
        ("auto_cast_overlap", lambda: paddle.amp.auto_cast(custom_white_list=["exp"],
                                                           custom_black_list=["exp"]).__enter__()),
    ]:
        try:
            fn()
            out[name] = None
        except Exception as e:  # noqa: BLE001
            out[name] = [type(e).__name__, str(e)]
    from paddle.amp.auto_cast import _update_list

    lists = {}
    for dtype in ("float16", "bfloat16"):
        for level in ("O1", "O2", "OD"):
            w, b = _update_list(None, None, level, dtype)
            lists[f"{dtype}/{level}"] = [sorted(w), sorted(b)]
    w, b = _update_list(["exp", "relu"], ["matmul", "conv2d"], "O1", "float16")
    lists["custom"] = [sorted(w), sorted(b)]
    out["lists"] = lists
    out["white_list"] = {d: {lv: sorted(v) for lv, v in d2.items()} for d, d2 in paddle.amp.white_list().items()}
    out["black_list"] = {d: {lv: sorted(v) for lv, v in d2.items()} for d, d2 in paddle.amp.black_list().items()}
    return out


def bf16_scale_warning():
    with scaler_enabled_on_cpu():
        s = paddle.amp.GradScaler()
    warnings_of(lambda: paddle.amp.auto_cast(dtype="bfloat16").__enter__())
    x = paddle.ones([1])
    r, w = warnings_of(lambda: s.scale(x))
    out = [w, r is x, s.is_enable(), s.is_use_dynamic_loss_scaling()]
    warnings_of(lambda: paddle.amp.auto_cast(dtype="float16").__enter__())
    return out


def static_amp():
    import paddle.static.amp as samp

    out = {}
    for kw in [{}, {"dtype": "bfloat16"}, {"custom_white_list": ["exp", "relu"], "custom_black_list": ["conv2d"],
                                           "custom_black_varnames": ["x"]}]:
        lists = samp.AutoMixedPrecisionLists(**kw)
        out[json.dumps(kw, sort_keys=True)] = {
            "white": sorted(lists.white_list), "black": sorted(lists.black_list), "gray": sorted(lists.gray_list),
            "black_varnames": lists.black_varnames, "amp_dtype": lists.amp_dtype}
    try:
        samp.AutoMixedPrecisionLists(custom_white_list=["exp"], custom_black_list=["exp"])
    except Exception as e:  # noqa: BLE001
        out["overlap"] = [type(e).__name__, str(e)]
    for kw in [{}, {"custom_bf16_list": ["exp", "relu"], "custom_fp32_list": ["conv2d", "lstm"]}]:
        lists = samp.bf16.AutoMixedPrecisionListsBF16(**kw)
        out["bf16 " + json.dumps(kw, sort_keys=True)] = {
            "bf16": sorted(lists.bf16_list), "fp32": sorted(lists.fp32_list), "gray": sorted(lists.gray_list),
            "init": sorted(lists.bf16_initializer_list)}
    values = np.array([[1.0, 3.14159, -2.5e-3], [65504.0, 1e-30, -7.0]], "float32")
    out["uint16"] = samp.bf16.convert_float_to_uint16(values).tolist()
    x = paddle.ones([2])
    with samp.fp16_guard():
        y = x * 2
    with samp.bf16.bf16_guard():
        z = x + 1
    out["guards"] = [y.numpy().tolist(), str(y.dtype), z.numpy().tolist()]
    out["CustomOpLists_is_alias"] = samp.CustomOpLists is samp.AutoMixedPrecisionLists
    return out


def fd_stdout(fn):
    """Run fn, returning (result or exception, what C++ and Python printed to stdout)."""
    import tempfile

    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile(mode="w+b") as tmp:
        os.dup2(tmp.fileno(), 1)
        try:
            try:
                result = fn()
            except Exception as e:  # noqa: BLE001
                result = e
            sys.stdout.flush()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        tmp.seek(0)
        return result, tmp.read().decode()


def debugging():
    from paddle.amp import debugging as dbg

    cases = [
        ("nan_inf_check_all", [1.0, float("inf"), float("nan"), 0.0, -2.0], "float32", "CHECK_ALL"),
        ("nan_inf_check", [1.0, float("inf"), float("nan"), 0.0, -2.0], "float32", "CHECK_NAN_INF"),
        ("nan_inf_abort", [1.0, float("inf"), float("nan"), 0.0, -2.0], "float32", "CHECK_NAN_INF_AND_ABORT"),
        ("clean_check_all", [1.5, 2.0, 0.25, 7.0], "float32", "CHECK_ALL"),
        ("clean_nan_inf", [1.0, 3.0, 0.0, -2.0], "float32", "CHECK_NAN_INF"),
        ("clean_overflow", [1.0, 3.0, 0.0, -2.0], "float32", "CHECK_ALL_FOR_OVERFLOW"),
        ("clean_abort", [1.0, 3.0, 0.0, -2.0], "float32", "CHECK_NAN_INF_AND_ABORT"),
        ("fp64_check_all", [1.0, 3.0, 0.0, -2.0], "float64", "CHECK_ALL"),
        ("fp16_overflow", [30000.0, 90000.0, 0.0, -60000.0], "float16", "CHECK_ALL_FOR_OVERFLOW"),
        ("bf16_check_all", [1.0, 2.0], "bfloat16", "CHECK_ALL"),
        ("nan_only", [1.0, float("nan"), 1.0], "float32", "CHECK_NAN_INF"),
        ("int64", [1, 2], "int64", "CHECK_ALL"),
    ]
    out = {}
    for name, values, dtype, mode in cases:
        x = paddle.to_tensor(np.array(values, "float64" if dtype != "int64" else "int64")).astype(dtype)
        result, printed = fd_stdout(lambda x=x, name=name, mode=mode: dbg.check_numerics(
            x, "op_" + name, "var", dbg.DebugMode[mode]))
        if isinstance(result, Exception):
            msg = str(result).strip().splitlines()
            msg = [ln for ln in msg if "Error" in ln or "(" in ln]
            out[name] = {"error": type(result).__name__, "message": msg[-1] if msg else "", "printed": printed}
        else:
            out[name] = {"stats": result[0].numpy().tolist(), "stats_dtype": str(result[0].dtype),
                         "values": [repr(float(v)) for v in result[1].numpy()], "values_dtype": str(result[1].dtype),
                         "printed": printed}
    out["DebugMode"] = {k: v.value for k, v in dbg.DebugMode.__members__.items()}
    cfg, printed = fd_stdout(lambda: dbg.TensorCheckerConfig(enable=True, debug_mode=dbg.DebugMode.CHECK_NAN_INF,
                                                              debug_step=[1, 3]))
    out["config"] = {"printed": printed, "seed": cfg.seed, "start_step": cfg.start_step, "end_step": cfg.end_step}
    steps = []
    for _ in range(4):
        steps.append(cfg.update_and_check_step_id())
    out["config"]["steps"] = steps
    for name, fn in [("bad_debug_step", lambda: dbg.TensorCheckerConfig(enable=False, debug_step=3)),
                     ("bad_checked", lambda: dbg.TensorCheckerConfig(enable=False, checked_op_list="exp"))]:
        try:
            fn()
            out[name] = None
        except Exception as e:  # noqa: BLE001
            out[name] = [type(e).__name__, str(e)]
    _, printed = fd_stdout(lambda: dbg._print_operator_stats({"matmul_v2": ["1", "0", "2", "0"],
                                                              "relu": "0,3,1,0"}))
    out["print_operator_stats"] = printed
    return out


def main():
    golden = dict(STAMP)
    golden["debugging"] = debugging()
    golden["static_amp"] = static_amp()
    golden["bf16_scale_warning"] = bf16_scale_warning()
    golden["cpu"] = cpu_behaviour()
    runs = [
        ("SGD", "minimize", {"init_loss_scaling": 1024.0, "incr_every_n_steps": 2, "decr_every_n_nan_or_inf": 1},
         {2, 5}, 8),
        ("SGD", "step_update", {"init_loss_scaling": 1024.0, "incr_every_n_steps": 3, "decr_every_n_nan_or_inf": 2},
         {1, 2, 4, 5, 6}, 9),
        ("Momentum", "unscale", {"init_loss_scaling": 65536.0, "incr_ratio": 4.0, "decr_ratio": 0.25,
                                 "incr_every_n_steps": 2}, {3}, 7),
        ("Adam", "step_update", {"init_loss_scaling": 2.0**15, "incr_every_n_steps": 1}, {0, 3}, 6),
        ("SGD", "step_update", {"init_loss_scaling": 8.0, "use_dynamic_loss_scaling": False}, {1}, 4),
    ]
    golden["runs"] = [scaler_run(*r) for r in runs]
    golden["errors"] = errors()
    golden["getters_setters"] = getters_setters()
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
