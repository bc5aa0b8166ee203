"""Record optimizer / LR-scheduler goldens from REAL Paddle (run with the oracle interpreter):

    .oracle/bin/python -m tools.api_diff.record_optim

Writes (all under tests/goldens/):
  optim_traj.json / optim_traj.npz   parameter trajectories: every optimizer x {no decay, L2, global-norm
                                     clip} x {constant lr, scheduler} plus feature configs; 20 steps on a
                                     fixed 4-3-2 tanh MLP (MSE on fixed data); params after every step and
                                     ("<cfg>@grad") the raw gradients Paddle computed before every step, so the
                                     replay can feed Paddle's exact gradients and test the optimizer alone
                                     (float32 forward/backward rounding differs between frameworks and Adam-type
                                     updates amplify it on near-zero gradients).
  optim_lr.json                      LR sequences (50 steps) of every scheduler, several configs each.
  optim_resume_*.pdparams/.pdopt     state after 10 steps (saved by paddle.save) + optim_resume.npz with
                                     the 10 following steps, to check that Paddle's files resume here.
The config specs are data (JSON): the replay tests build the same objects from them.
"""

import json
import os

import numpy as np

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "goldens")
STEPS = 20

rng = np.random.RandomState(1234)
INIT = {
    "linear_0.w_0": rng.uniform(-0.8, 0.8, (4, 3)).astype("float32"),
    "linear_0.b_0": rng.uniform(-0.2, 0.2, (3,)).astype("float32"),
    "linear_1.w_0": rng.uniform(-0.8, 0.8, (3, 2)).astype("float32"),
    "linear_1.b_0": rng.uniform(-0.2, 0.2, (2,)).astype("float32"),
}
X = rng.uniform(-1, 1, (8, 4)).astype("float32")
Y = rng.uniform(-1, 1, (8, 2)).astype("float32")
NAMES = list(INIT)

OPTIMIZERS = {
    "SGD": {"learning_rate": 0.1},
    "Momentum": {"learning_rate": 0.05, "momentum": 0.9},
    "Adam": {"learning_rate": 0.01},
    "AdamW": {"learning_rate": 0.01, "weight_decay": 0.05},
    "Adamax": {"learning_rate": 0.02},
    "Adagrad": {"learning_rate": 0.05},
    "Adadelta": {"learning_rate": 0.5},
    "RMSProp": {"learning_rate": 0.01},
    "Lamb": {"learning_rate": 0.01},
}
SCHED = {"StepDecay": {"learning_rate": None, "step_size": 5, "gamma": 0.5}}


def traj_configs():
    cfgs = {}
    for opt, kw in OPTIMIZERS.items():
        for reg in ("none", "l2", "clip"):
            for lr in ("const", "sched"):
                k = dict(kw)
                if reg == "l2":
                    if opt == "AdamW":
                        k["weight_decay"] = 0.1
                    elif opt == "Lamb":
                        k["lamb_weight_decay"] = 0.1
                    else:
                        k["weight_decay"] = 0.01 if opt != "Momentum" else {"L2Decay": 0.01}
                if reg == "clip":
                    k["grad_clip"] = {"ClipGradByGlobalNorm": {"clip_norm": 0.5}}
                if lr == "sched":
                    k["learning_rate"] = {"StepDecay": {"learning_rate": kw["learning_rate"], "step_size": 5,
                                                        "gamma": 0.5}}
                cfgs[f"{opt}-{reg}-{lr}"] = {"opt": opt, "kwargs": k}
    extra = {
        "Momentum-nesterov-rescale": ("Momentum", {"learning_rate": 0.05, "momentum": 0.8, "use_nesterov": True,
                                                   "rescale_grad": 0.5, "weight_decay": 0.02}),
        "Momentum-nesterov": ("Momentum", {"learning_rate": 0.05, "momentum": 0.8, "use_nesterov": True,
                                           "weight_decay": 0.02}),
        "Momentum-L1": ("Momentum", {"learning_rate": 0.05, "weight_decay": {"L1Decay": 0.01}}),
        "SGD-L1": ("SGD", {"learning_rate": 0.1, "weight_decay": {"L1Decay": 0.02}}),
        "SGD-clipnorm": ("SGD", {"learning_rate": 0.1, "grad_clip": {"ClipGradByNorm": {"clip_norm": 0.3}}}),
        "SGD-clipvalue": ("SGD", {"learning_rate": 0.1,
                                  "grad_clip": {"ClipGradByValue": {"max": 0.05, "min": -0.02}}}),
        "SGD-globalnorm-autoskip": ("SGD", {"learning_rate": 0.1, "grad_clip": {
            "ClipGradByGlobalNorm": {"clip_norm": 0.8, "auto_skip_clip": True}}}),
        "RMSProp-centered-momentum": ("RMSProp", {"learning_rate": 0.01, "rho": 0.9, "epsilon": 1e-4,
                                                  "momentum": 0.5, "centered": True}),
        "Adam-betas": ("Adam", {"learning_rate": 0.02, "beta1": 0.8, "beta2": 0.95, "epsilon": 1e-3,
                                "weight_decay": {"L1Decay": 0.01}}),
        "AdamW-decayfun": ("AdamW", {"learning_rate": 0.01, "weight_decay": 0.3,
                                     "apply_decay_param_fun": "w_only"}),
        "Adagrad-init": ("Adagrad", {"learning_rate": 0.05, "epsilon": 1e-3, "initial_accumulator_value": 0.1}),
        "Adadelta-rho": ("Adadelta", {"learning_rate": 1.0, "rho": 0.8, "epsilon": 1e-4}),
        "Lamb-exclude-bias": ("Lamb", {"learning_rate": 0.01, "lamb_weight_decay": 0.1,
                                       "exclude_from_weight_decay_fn": "bias"}),
        "Lamb-exclude-always": ("Lamb", {"learning_rate": 0.01, "lamb_weight_decay": 0.1,
                                         "exclude_from_weight_decay_fn": "bias", "always_adapt": True}),
        "Adamax-betas": ("Adamax", {"learning_rate": 0.02, "beta1": 0.8, "beta2": 0.9, "epsilon": 1e-3}),
        # per-parameter attributes (ParamAttr): learning_rate multiplier, regularizer, need_clip
        "Adam-paramattr": ("Adam", {"learning_rate": 0.01, "weight_decay": 0.01,
                                    "grad_clip": {"ClipGradByGlobalNorm": {"clip_norm": 0.3}},
                                    "_param_attrs": {"linear_0.w_0": {"learning_rate": 0.5,
                                                                      "regularizer": {"L1Decay": 0.05}},
                                                     "linear_1.b_0": {"need_clip": False}}}),
        "Momentum-paramattr-l2": ("Momentum", {"learning_rate": 0.05, "weight_decay": 0.01,
                                               "_param_attrs": {"linear_1.w_0": {"regularizer": {"L2Decay": 0.2},
                                                                                 "learning_rate": 2.0}}}),
        # parameter groups: per-group learning_rate multiplier / weight_decay / hyper-parameters
        "Adam-groups": ("Adam", {"learning_rate": 0.01, "weight_decay": 0.01, "parameters": [
            {"params": ["linear_0.w_0", "linear_0.b_0"], "learning_rate": 0.5, "beta1": 0.8},
            {"params": ["linear_1.w_0", "linear_1.b_0"], "weight_decay": {"L1Decay": 0.02}}]}),
        "SGD-groups-clip": ("SGD", {"learning_rate": 0.1, "parameters": [
            {"params": ["linear_0.w_0", "linear_0.b_0"],
             "grad_clip": {"ClipGradByGlobalNorm": {"clip_norm": 0.1}}},
            {"params": ["linear_1.w_0", "linear_1.b_0"], "learning_rate": 2.0, "weight_decay": 0.1}]}),
        "Momentum-groups": ("Momentum", {"learning_rate": 0.05, "momentum": 0.9, "weight_decay": 0.01,
                                         "parameters": [
                                             {"params": ["linear_0.w_0", "linear_0.b_0"], "momentum": 0.5},
                                             {"params": ["linear_1.w_0", "linear_1.b_0"],
                                              "weight_decay": 0.1, "learning_rate": 0.5}]}),
        "AdamW-groups": ("AdamW", {"learning_rate": 0.01, "weight_decay": 0.1, "parameters": [
            {"params": ["linear_0.w_0", "linear_0.b_0"], "weight_decay": 0.5},
            {"params": ["linear_1.w_0", "linear_1.b_0"], "learning_rate": 0.3}]}),
        "Adam-warmup-cosine": ("Adam", {"learning_rate": {"LinearWarmup": {
            "learning_rate": {"CosineAnnealingDecay": {"learning_rate": 0.02, "T_max": 10}},
            "warmup_steps": 5, "start_lr": 0.0, "end_lr": 0.02}}}),
        "Adam-float64": ("Adam", {"learning_rate": 0.01, "_dtype": "float64"}),
    }
    for k, (opt, kw) in extra.items():
        cfgs[k] = {"opt": opt, "kwargs": kw}
    return cfgs


def _named_fns(name):
    return {
        "w_only": lambda n: n.endswith("w_0"),
        "bias": lambda p: p.name.endswith("b_0"),
    }[name]


def build_obj(paddle, spec):
    """{"ClassName": kwargs} -> object from paddle.optimizer.lr / paddle.regularizer / paddle.nn clip."""
    if not isinstance(spec, dict):
        return spec
    (cls, kw), = spec.items()
    if cls in ("L1Decay", "L2Decay"):
        return getattr(paddle.regularizer, cls)(kw)
    if cls.startswith("ClipGrad"):
        return getattr(paddle.nn, cls)(**kw)
    kw = {k: build_obj(paddle, v) for k, v in kw.items()}
    return getattr(paddle.optimizer.lr, cls)(**kw)


def build_params(paddle, dtype="float32"):
    params = {}
    for n, v in INIT.items():
        p = paddle.create_parameter(list(v.shape), dtype, name=n)
        p.set_value(v.astype(dtype))
        params[n] = p
    return params


def forward_loss(paddle, params, x, y):
    h = paddle.tanh(paddle.matmul(x, params["linear_0.w_0"]) + params["linear_0.b_0"])
    out = paddle.matmul(h, params["linear_1.w_0"]) + params["linear_1.b_0"]
    return paddle.mean((out - y) ** 2)


def build_optimizer(paddle, cfg, params):
    kw = dict(cfg["kwargs"])
    kw.pop("_dtype", None)
    attrs = kw.pop("_param_attrs", {})
    for pname, a in attrs.items():
        p = params[pname]
        if "learning_rate" in a:
            p.optimize_attr["learning_rate"] = a["learning_rate"]
        if "regularizer" in a:
            p.regularizer = build_obj(paddle, a["regularizer"])
        if "need_clip" in a:
            p.need_clip = a["need_clip"]
    groups = kw.pop("parameters", None)
    if groups is None:
        kw["parameters"] = list(params.values())
    else:
        kw["parameters"] = [
            {k: ([params[n] for n in v] if k == "params" else build_obj(paddle, v)) for k, v in g.items()}
            for g in groups]
    for k in ("learning_rate", "weight_decay", "grad_clip"):
        if k in kw:
            kw[k] = build_obj(paddle, kw[k])
    for k in ("apply_decay_param_fun", "exclude_from_weight_decay_fn"):
        if k in kw:
            kw[k] = _named_fns(kw[k])
    return getattr(paddle.optimizer, cfg["opt"])(**kw)


def run_traj(paddle, cfg, steps=STEPS):
    dtype = cfg["kwargs"].get("_dtype", "float32")
    params = build_params(paddle, dtype)
    opt = build_optimizer(paddle, cfg, params)
    x = paddle.to_tensor(X.astype(dtype))
    y = paddle.to_tensor(Y.astype(dtype))
    out, grads = [], []
    for _ in range(steps):
        loss = forward_loss(paddle, params, x, y)
        loss.backward()
        grads.append(np.concatenate([params[n].grad.numpy().reshape(-1) for n in NAMES]))
        opt.step()
        opt.clear_grad()
        if not isinstance(opt._learning_rate, float):
            opt._learning_rate.step()
        out.append(np.concatenate([params[n].numpy().reshape(-1) for n in NAMES]))
    return np.stack(out), np.stack(grads)


LR_CONFIGS = {
    "NoamDecay-a": ("NoamDecay", {"d_model": 64, "warmup_steps": 10}),
    "NoamDecay-b": ("NoamDecay", {"d_model": 0.01, "warmup_steps": 20, "learning_rate": 2.0}),
    "PiecewiseDecay-a": ("PiecewiseDecay", {"boundaries": [3, 10, 20], "values": [1.0, 0.5, 0.1, 0.01]}),
    "NaturalExpDecay-a": ("NaturalExpDecay", {"learning_rate": 0.5, "gamma": 0.1}),
    "InverseTimeDecay-a": ("InverseTimeDecay", {"learning_rate": 0.5, "gamma": 0.3}),
    "PolynomialDecay-a": ("PolynomialDecay", {"learning_rate": 0.5, "decay_steps": 20}),
    "PolynomialDecay-cycle": ("PolynomialDecay", {"learning_rate": 0.5, "decay_steps": 7, "end_lr": 0.01,
                                                  "power": 2.0, "cycle": True}),
    "LinearWarmup-float": ("LinearWarmup", {"learning_rate": 0.5, "warmup_steps": 10, "start_lr": 0.0,
                                            "end_lr": 0.5}),
    "LinearWarmup-sched": ("LinearWarmup", {"learning_rate": {"ExponentialDecay": {"learning_rate": 0.5,
                                                                                   "gamma": 0.9}},
                                            "warmup_steps": 7, "start_lr": 0.1, "end_lr": 0.4}),
    "ExponentialDecay-a": ("ExponentialDecay", {"learning_rate": 0.5, "gamma": 0.9}),
    "MultiStepDecay-a": ("MultiStepDecay", {"learning_rate": 0.5, "milestones": [5, 12, 30], "gamma": 0.3}),
    "StepDecay-a": ("StepDecay", {"learning_rate": 0.5, "step_size": 7}),
    "LambdaDecay-a": ("LambdaDecay", {"learning_rate": 0.5, "lr_lambda": "pow95"}),
    "MultiplicativeDecay-a": ("MultiplicativeDecay", {"learning_rate": 0.5, "lr_lambda": "const95"}),
    "CosineAnnealingDecay-a": ("CosineAnnealingDecay", {"learning_rate": 0.5, "T_max": 10}),
    "CosineAnnealingDecay-b": ("CosineAnnealingDecay", {"learning_rate": 0.5, "T_max": 7, "eta_min": 0.05}),
    "OneCycleLR-cos": ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 50}),
    "OneCycleLR-linear3": ("OneCycleLR", {"max_learning_rate": 0.5, "total_steps": 60, "divide_factor": 10.0,
                                          "end_learning_rate": 0.001, "phase_pct": 0.2,
                                          "anneal_strategy": "linear", "three_phase": True}),
    "CyclicLR-tri": ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 5}),
    "CyclicLR-tri2": ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 4,
                                   "step_size_down": 6, "mode": "triangular2"}),
    "CyclicLR-exp": ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 3,
                                  "mode": "exp_range", "exp_gamma": 0.9}),
    "LinearLR-a": ("LinearLR", {"learning_rate": 0.5, "total_steps": 20}),
    "LinearLR-b": ("LinearLR", {"learning_rate": 0.5, "total_steps": 10, "start_factor": 0.5,
                                "end_factor": 0.1}),
    "CosineAnnealingWarmRestarts-a": ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 5}),
    "CosineAnnealingWarmRestarts-b": ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 3,
                                                                      "T_mult": 2, "eta_min": 0.01}),
}
LAMBDAS = {"pow95": lambda e: 0.95**e, "const95": lambda e: 0.95}
PLATEAU_METRICS = [1.0, 0.9, 0.9, 0.95, 0.95, 0.97, 0.99, 0.8, 0.8, 0.8, 0.8, 0.81, 0.85, 0.9, 0.95] * 3


def build_sched(paddle, name, kw):
    kw = dict(kw)
    if "lr_lambda" in kw:
        kw["lr_lambda"] = LAMBDAS[kw["lr_lambda"]]
    kw = {k: build_obj(paddle, v) for k, v in kw.items()}
    return getattr(paddle.optimizer.lr, name)(**kw)


def run_lr(paddle, name, kw, steps=50):
    s = build_sched(paddle, name, kw)
    seq = [s()]
    for _ in range(steps):
        s.step()
        seq.append(s())
    return seq


def run_lbfgs(paddle, ls):
    params = build_params(paddle)
    opt = paddle.optimizer.LBFGS(learning_rate=0.5, max_iter=6, history_size=4, line_search_fn=ls,
                                 parameters=list(params.values()))
    x, y = paddle.to_tensor(X), paddle.to_tensor(Y)

    def closure():
        opt.clear_grad()
        loss = forward_loss(paddle, params, x, y)
        loss.backward()
        return loss

    seq = []
    for _ in range(3):
        opt.step(closure)
        seq.append(np.concatenate([params[n].numpy().reshape(-1) for n in NAMES]))
    return np.stack(seq), np.array(sorted(opt.state_dict()["state"]))


def run_resume(paddle, key, cfg):
    params = build_params(paddle)
    opt = build_optimizer(paddle, cfg, params)
    x, y = paddle.to_tensor(X), paddle.to_tensor(Y)
    seq, grads = [], []
    for i in range(20):
        if i == 10:
            paddle.save(dict(params), os.path.join(OUT, f"optim_resume_{key}.pdparams"))
            paddle.save(opt.state_dict(), os.path.join(OUT, f"optim_resume_{key}.pdopt"))
        loss = forward_loss(paddle, params, x, y)
        loss.backward()
        if i >= 10:
            grads.append(np.concatenate([params[n].grad.numpy().reshape(-1) for n in NAMES]))
        opt.step()
        opt.clear_grad()
        if not isinstance(opt._learning_rate, float):
            opt._learning_rate.step()
        if i >= 10:
            seq.append(np.concatenate([params[n].numpy().reshape(-1) for n in NAMES]))
    return np.stack(seq), np.stack(grads)


def main():
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    import paddle

    paddle.set_device("cpu")
    os.makedirs(OUT, exist_ok=True)
    cfgs = traj_configs()
    arrays = {}
    for name, cfg in cfgs.items():
        with paddle.utils.unique_name.guard():
            arrays[name], arrays[name + "@grad"] = run_traj(paddle, cfg)
    np.savez_compressed(os.path.join(OUT, "optim_traj.npz"), **arrays)
    meta = {**stamp, "names": NAMES, "init": {k: v.tolist() for k, v in INIT.items()}, "x": X.tolist(), "y": Y.tolist(),
            "steps": STEPS, "configs": cfgs}
    with open(os.path.join(OUT, "optim_traj.json"), "w") as f:
        json.dump(meta, f, indent=1)

    lr = {**stamp, "configs": {k: [n, kw] for k, (n, kw) in LR_CONFIGS.items()}, "values": {}}
    for k, (n, kw) in LR_CONFIGS.items():
        lr["values"][k] = run_lr(paddle, n, kw)
    # ReduceOnPlateau (driven by a metric sequence), and step(epoch) closed forms
    rop = {"min": {"learning_rate": 1.0, "patience": 2, "factor": 0.5},
           "max-abs-cooldown": {"learning_rate": 1.0, "mode": "max", "patience": 1, "threshold": 0.01,
                                "threshold_mode": "abs", "cooldown": 2, "min_lr": 0.1}}
    lr["plateau"] = {"metrics": PLATEAU_METRICS, "configs": rop, "values": {}}
    for k, kw in rop.items():
        s = paddle.optimizer.lr.ReduceOnPlateau(**kw)
        seq = []
        for m in PLATEAU_METRICS:
            s.step(m)
            seq.append(s())
        lr["plateau"]["values"][k] = seq
        lr["plateau"]["values"][k + "-state"] = {a: (float(b) if b is not None else None)
                                                 for a, b in s.state_dict().items()}
    epoch_cfgs = ["CosineAnnealingDecay-b", "StepDecay-a", "CosineAnnealingWarmRestarts-b", "LinearLR-b"]
    lr["epoch"] = {}
    for k in epoch_cfgs:
        n, kw = LR_CONFIGS[k]
        s = build_sched(paddle, n, kw)
        seq = []
        for e in [3, 7, 2, 15, 9, 0, 21]:
            s.step(e)
            seq.append([s(), s.last_epoch])
        lr["epoch"][k] = seq
    lr["state_dicts"] = {}
    for k in ("LinearWarmup-sched", "CosineAnnealingWarmRestarts-b", "OneCycleLR-cos"):
        n, kw = LR_CONFIGS[k]
        s = build_sched(paddle, n, kw)
        for _ in range(9):
            s.step()
        lr["state_dicts"][k] = s.state_dict()
    with open(os.path.join(OUT, "optim_lr.json"), "w") as f:
        json.dump(lr, f, indent=1)

    # resumption: 10 steps, save, 10 more
    resume = {}
    for key, cfg in (("adam", cfgs["Adam-clip-sched"]), ("momentum", cfgs["Momentum-l2-const"]),
                     ("adamw", cfgs["AdamW-l2-sched"])):
        with paddle.utils.unique_name.guard():
            resume[key], resume[key + "@grad"] = run_resume(paddle, key, cfg)
    np.savez_compressed(os.path.join(OUT, "optim_resume.npz"), **resume)
    # LBFGS: closure-driven; 3 steps on the MLP, with and without the strong-Wolfe line search
    lb = {}
    for ls in (None, "strong_wolfe"):
        with paddle.utils.unique_name.guard():
            lb[str(ls)], lb[str(ls) + "@state_keys"] = run_lbfgs(paddle, ls)
    np.savez_compressed(os.path.join(OUT, "optim_lbfgs.npz"), **lb)

    # API surface: __all__ lists and signatures
    import inspect

    def sig(f):
        try:
            return str(inspect.signature(f))
        except (TypeError, ValueError):
            return None

    api = {"optimizer.__all__": list(paddle.optimizer.__all__), "lr.__all__": list(paddle.optimizer.lr.__all__),
           "regularizer.__all__": list(paddle.regularizer.__all__), "signatures": {}}
    public = [m for m in dir(paddle.optimizer.Optimizer) if not m.startswith("_")]
    api["optimizer_methods"] = public
    for n in paddle.optimizer.__all__:
        c = getattr(paddle.optimizer, n)
        api["signatures"][f"optimizer.{n}"] = sig(c.__init__)
        for m in public:
            api["signatures"][f"optimizer.{n}.{m}"] = sig(getattr(c, m))
    for n in paddle.optimizer.lr.__all__:
        c = getattr(paddle.optimizer.lr, n)
        api["signatures"][f"lr.{n}"] = sig(c.__init__)
        for m in ("step", "state_dict", "set_state_dict", "get_lr", "__call__"):
            api["signatures"][f"lr.{n}.{m}"] = sig(getattr(c, m))
    for n in ("L1Decay", "L2Decay"):
        api["signatures"][f"regularizer.{n}"] = sig(getattr(paddle.regularizer, n).__init__)
    for n in ("ClipGradByValue", "ClipGradByNorm", "ClipGradByGlobalNorm"):
        api["signatures"][f"nn.{n}"] = sig(getattr(paddle.nn, n).__init__)
    api.update(stamp)
    with open(os.path.join(OUT, "optim_api.json"), "w") as f:
        json.dump(api, f, indent=1)
    print(f"recorded {len(arrays)} trajectories, {len(lr['values'])} lr sequences, {len(resume)} resumptions")


def check_ours(directory):
    """Reverse direction, by hand: load .pdparams/.pdopt written by paddle_compat (after 10 steps of the
    resume configs, fed Paddle's recorded gradients) into real Paddle, continue 10 steps with the
    recorded gradients and compare with the golden continuation."""
    import paddle

    gold = dict(np.load(os.path.join(OUT, "optim_resume.npz")))
    cfgs = traj_configs()
    for key, cfg in (("adam", cfgs["Adam-clip-sched"]), ("momentum", cfgs["Momentum-l2-const"]),
                     ("adamw", cfgs["AdamW-l2-sched"])):
        with paddle.utils.unique_name.guard():
            params = build_params(paddle)
            for n, v in paddle.load(os.path.join(directory, f"{key}.pdparams")).items():
                params[n].set_value(v)
            opt = build_optimizer(paddle, cfg, params)
            opt.set_state_dict(paddle.load(os.path.join(directory, f"{key}.pdopt")))
            seq = []
            for i in range(10):
                g = gold[key + "@grad"][i]
                off = 0
                for n in NAMES:
                    k = int(np.prod(params[n].shape))
                    params[n].grad = paddle.to_tensor(g[off:off + k].reshape(params[n].shape))
                    off += k
                opt.step()
                opt.clear_grad()
                if not isinstance(opt._learning_rate, float):
                    opt._learning_rate.step()
                seq.append(np.concatenate([params[n].numpy().reshape(-1) for n in NAMES]))
        err = np.abs(np.stack(seq) - gold[key]).max()
        print(f"{key}: paddle resumed from paddle_compat's files; max abs diff vs golden = {err:.3g}")


if __name__ == "__main__":
    import sys

    if len(sys.argv) > 2 and sys.argv[1] == "--check-ours":
        check_ours(sys.argv[2])
    else:
        main()
