"""Shared helpers of the optimizer replay tests: build the golden model/optimizers from the JSON specs
written by tools/api_diff/record_optim.py (run on real Paddle)."""

import os
import pickle

import numpy as np
import paddle
import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib
import torch

from paddle_compat._core import Parameter, wrap

GOLD = os.path.join(os.path.dirname(__file__), "..", "goldens")
MAPPING = os.path.join(os.path.dirname(__file__), "..", "..", "mappings", "optimizer.toml")


def load_json(name):
    from tools.api_diff.common import load_golden_json

    return load_golden_json(os.path.join(GOLD, name))


def load_npz(name):
    return dict(np.load(os.path.join(GOLD, name)))


def load_pickle(name):
    with open(os.path.join(GOLD, name), "rb") as f:
        return pickle.load(f)


def xfails():
    try:
        with open(MAPPING, "rb") as f:
            return tomllib.load(f).get("xfail", {})
    except FileNotFoundError:
        return {}


def param_cases(ids, prefix, apis=None):
    """pytest params; ``apis(id)`` -> the public APIs the case verifies against Paddle's goldens."""
    xf = xfails()
    out = []
    for i in ids:
        reason = xf.get(f"{prefix}[{i}]")
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        if apis is not None:
            marks.append(pytest.mark.verifies(*apis(i)))
        out.append(pytest.param(i, id=i, marks=marks))
    return out


LR_NAMES = ("CosineAnnealingDecay", "CosineAnnealingWarmRestarts", "CyclicLR", "ExponentialDecay", "InverseTimeDecay",
            "LambdaDecay", "LinearLR", "LinearWarmup", "MultiStepDecay", "MultiplicativeDecay", "NaturalExpDecay",
            "NoamDecay", "OneCycleLR", "PiecewiseDecay", "PolynomialDecay", "ReduceOnPlateau", "StepDecay")


def spec_apis(spec, *extra):
    """Public API names (for the ``verifies`` marker) of the schedulers / regularizers / clips in a golden
    config (nested {ClassName: kwargs} dicts and [name, kwargs] pairs), plus ``extra``."""
    names = set(extra)

    def walk(v):
        if isinstance(v, dict):
            for k, w in v.items():
                walk(k)
                walk(w)
        elif isinstance(v, (list, tuple)):
            for w in v:
                walk(w)
        elif isinstance(v, str):
            if v in LR_NAMES:
                names.add(f"paddle.optimizer.lr.{v}")
            elif v in ("L1Decay", "L2Decay"):
                names.add(f"paddle.regularizer.{v}")
            elif v.startswith("ClipGrad"):
                names.add(f"paddle.nn.{v}")

    walk(spec)
    return sorted(names)


def traj_apis(cfg, *extra):
    """APIs a trajectory config verifies: its optimizer, schedulers, regularizers, gradient clips."""
    return spec_apis(cfg["kwargs"], f"paddle.optimizer.{cfg['opt']}", *extra)


def fresh_names():
    """Reset accumulator name counters so names end in ``_0`` (as in a fresh Paddle process)."""
    from paddle_compat.optimizer import optimizer as _opt

    _opt._local_counters.clear()
    un = getattr(paddle.utils, "unique_name", None)
    guard = getattr(un, "guard", None)
    return guard() if guard is not None else _Null()


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


LAMBDAS = {"pow95": lambda e: 0.95**e, "const95": lambda e: 0.95}
FNS = {"w_only": lambda n: n.endswith("w_0"), "bias": lambda p: p.name.endswith("b_0")}


def build_obj(spec):
    if not isinstance(spec, dict):
        return spec
    ((cls, kw),) = spec.items()
    if cls in ("L1Decay", "L2Decay"):
        return getattr(paddle.regularizer, cls)(kw)
    if cls.startswith("ClipGrad"):
        return getattr(paddle.nn, cls)(**kw)
    kw = {k: build_obj(v) for k, v in kw.items()}
    return getattr(paddle.optimizer.lr, cls)(**kw)


def build_sched(name, kw):
    kw = dict(kw)
    if "lr_lambda" in kw:
        kw["lr_lambda"] = LAMBDAS[kw["lr_lambda"]]
    kw = {k: build_obj(v) for k, v in kw.items()}
    return getattr(paddle.optimizer.lr, name)(**kw)


def build_params(meta, dtype="float32"):
    params = {}
    for n in meta["names"]:
        v = np.asarray(meta["init"][n], dtype=np.float32).astype(dtype)
        params[n] = Parameter(_data=torch.from_numpy(v.copy()), name=n)
    return params


def build_optimizer(cfg, params):
    kw = dict(cfg["kwargs"])
    kw.pop("_dtype", None)
    for pname, a in kw.pop("_param_attrs", {}).items():
        p = params[pname]
        if "learning_rate" in a:
            p.optimize_attr["learning_rate"] = a["learning_rate"]
        if "regularizer" in a:
            p.regularizer = build_obj(a["regularizer"])
        if "need_clip" in a:
            p.need_clip = a["need_clip"]
    groups = kw.pop("parameters", None)
    if groups is None:
        kw["parameters"] = list(params.values())
    else:
        kw["parameters"] = [{k: ([params[n] for n in v] if k == "params" else build_obj(v)) for k, v in g.items()}
                            for g in groups]
    for k in ("learning_rate", "weight_decay", "grad_clip"):
        if k in kw:
            kw[k] = build_obj(kw[k])
    for k in ("apply_decay_param_fun", "exclude_from_weight_decay_fn"):
        if k in kw:
            kw[k] = FNS[kw[k]]
    return getattr(paddle.optimizer, cfg["opt"])(**kw)


def loss_of(meta, params, dtype="float32"):
    x = torch.tensor(meta["x"], dtype=getattr(torch, dtype))
    y = torch.tensor(meta["y"], dtype=getattr(torch, dtype))
    h = torch.tanh(x @ params["linear_0.w_0"]._t + params["linear_0.b_0"]._t)
    out = h @ params["linear_1.w_0"]._t + params["linear_1.b_0"]._t
    return wrap(((out - y) ** 2).mean())


def flat(meta, params):
    return np.concatenate([params[n].numpy().reshape(-1) for n in meta["names"]])


def set_grads(meta, params, flat_grad):
    """Give every parameter the gradient Paddle computed (recorded by the oracle)."""
    off = 0
    for n in meta["names"]:
        p = params[n]
        k = p._t.numel()
        g = torch.from_numpy(np.ascontiguousarray(flat_grad[off:off + k])).reshape(p._t.shape)
        p._t.grad = g.to(p._t.dtype).clone()
        off += k


def train(meta, params, opt, steps, dtype="float32", grads=None):
    """``steps`` optimizer steps; gradients from ``grads`` (Paddle's, recorded) when given, else backward()."""
    seq = []
    for i in range(steps):
        if grads is None:
            loss_of(meta, params, dtype).backward()
        else:
            set_grads(meta, params, grads[i])
        opt.step()
        opt.clear_grad()
        if not isinstance(opt._learning_rate, float):
            opt._learning_rate.step()
        seq.append(flat(meta, params))
    return np.stack(seq)
