"""Optimizer state_dict: Paddle's names, resuming from real Paddle's .pdparams/.pdopt, round trips,
and clear errors for a state dict that belongs to another model."""

import os

import numpy as np
import paddle
import pytest
import torch

from ._helpers import (
    GOLD,
    build_optimizer,
    build_params,
    fresh_names,
    load_json,
    load_npz,
    load_pickle,
    param_cases,
    set_grads,
    train,
    traj_apis,
)

META = load_json("optim_traj.json")
TRAJ = load_npz("optim_traj.npz")
RESUME = load_npz("optim_resume.npz")
CASES = {"adam": "Adam-clip-sched", "momentum": "Momentum-l2-const", "adamw": "AdamW-l2-sched"}


def _apis(*members):
    return lambda key: traj_apis(META["configs"][CASES[key]], *members)


def _raw_pdopt(key):
    d = load_pickle(f"optim_resume_{key}.pdopt")
    d.pop("StructuredToParameterName@@", None)
    return d


@pytest.mark.parametrize("key", param_cases(sorted(CASES), "test_state_dict_keys_and_values_match_paddle",
                                            _apis("paddle.optimizer.Optimizer.state_dict")))
def test_state_dict_keys_and_values_match_paddle(key):
    cfg = META["configs"][CASES[key]]
    with fresh_names():
        params = build_params(META)
        opt = build_optimizer(cfg, params)
        assert opt.state_dict() == ({"LR_Scheduler": opt._learning_rate.state_dict()}
                                    if "LR_Scheduler" in _raw_pdopt(key) else {})
        train(META, params, opt, 10, grads=TRAJ[CASES[key] + "@grad"])
        ours = opt.state_dict()
    want = _raw_pdopt(key)
    assert set(ours) == set(want)
    for k, v in want.items():
        if k == "LR_Scheduler":
            assert ours[k] == v
            continue
        assert isinstance(ours[k], paddle.Tensor) and ours[k].name == k
        np.testing.assert_allclose(ours[k].numpy(), v, rtol=1e-5, atol=1e-7, err_msg=k)
        assert ours[k].numpy().dtype == v.dtype and ours[k].shape == list(v.shape)


@pytest.mark.parametrize("via", ["pickle", pytest.param("paddle.load", marks=pytest.mark.verifies("paddle.load"))])
@pytest.mark.parametrize("key", param_cases(sorted(CASES), "test_resume_from_real_paddle_files",
                                            _apis("paddle.optimizer.Optimizer.set_state_dict")))
def test_resume_from_real_paddle_files(key, via):
    cfg = META["configs"][CASES[key]]
    if via == "paddle.load":
        pstate = paddle.load(os.path.join(GOLD, f"optim_resume_{key}.pdparams"))
        ostate = paddle.load(os.path.join(GOLD, f"optim_resume_{key}.pdopt"))
    else:
        pstate = load_pickle(f"optim_resume_{key}.pdparams")
        ostate = load_pickle(f"optim_resume_{key}.pdopt")
    with fresh_names():
        params = build_params(META)
        for n, p in params.items():
            v = pstate[n]
            p._t.data.copy_(torch.from_numpy(np.asarray(v.numpy() if hasattr(v, "numpy") else v)))
        opt = build_optimizer(cfg, params)
        opt.set_state_dict(ostate)  # before the first step: held, consumed when accumulators are created
        got = train(META, params, opt, 10, grads=RESUME[key + "@grad"])
    np.testing.assert_allclose(got, RESUME[key], rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("key", sorted(CASES))
def test_set_state_dict_after_first_step_and_roundtrip(key):
    cfg = META["configs"][CASES[key]]
    grads = TRAJ[CASES[key] + "@grad"]
    with fresh_names():
        params = build_params(META)
        opt = build_optimizer(cfg, params)
        train(META, params, opt, 10, grads=grads)
        state = {k: (v.numpy().copy() if isinstance(v, paddle.Tensor) else v) for k, v in opt.state_dict().items()}
        snapshot = {n: p.numpy().copy() for n, p in params.items()}
        ref = train(META, params, opt, 5, grads=grads[10:])
    with fresh_names():
        params2 = build_params(META)
        opt2 = build_optimizer(cfg, params2)
        set_grads(META, params2, np.zeros_like(grads[0]))
        train(META, params2, opt2, 1, grads=grads[:1])  # accumulators exist now: set_state_dict writes into them
        for n, p in params2.items():
            p._t.data.copy_(torch.from_numpy(snapshot[n]))
        opt2.set_state_dict(state)
        got = train(META, params2, opt2, 5, grads=grads[10:])
    np.testing.assert_allclose(got, ref, rtol=0, atol=0)


def test_state_dict_of_another_model_is_rejected():
    ostate = paddle.load(os.path.join(GOLD, "optim_resume_adam.pdopt"))
    with fresh_names():
        p = paddle_compat_param([5, 7], "fc_9.w_0")
        opt = paddle.optimizer.Adam(0.01, parameters=[p], learning_rate_scheduler_free=True) if False else None
        sched = paddle.optimizer.lr.StepDecay(0.01, 5)
        opt = paddle.optimizer.Adam(sched, parameters=[p])
        opt.set_state_dict(ostate)
        p._t.grad = torch.ones(5, 7)
        with pytest.raises(AssertionError, match=r"fc_9.w_0_moment1_0 should in state dict"):
            opt.step()


def test_state_dict_with_wrong_shape_is_rejected():
    ostate = _raw_pdopt("momentum")
    with fresh_names():
        p = paddle_compat_param([4, 4], "linear_0.w_0")
        opt = paddle.optimizer.Momentum(0.1, parameters=[p])
        p._t.grad = torch.ones(4, 4)
        opt.step()
        with pytest.raises(AssertionError, match="shape"):
            opt.set_state_dict(ostate)


def test_missing_lr_scheduler_state():
    with fresh_names():
        p = paddle_compat_param([2], "w")
        opt = paddle.optimizer.SGD(paddle.optimizer.lr.StepDecay(0.1, 2), parameters=[p])
        with pytest.raises(KeyError, match="LR_Scheduler"):
            opt.set_state_dict({})


def test_master_weights_in_state_dict():
    with fresh_names():
        p = paddle_compat_param([3], "h_0.w_0", dtype=torch.float16)
        opt = paddle.optimizer.Adam(0.1, parameters=[p], multi_precision=True)
        p._t.grad = torch.ones(3, dtype=torch.float16)
        opt.step()
        sd = opt.state_dict()
    assert "master_weights" in sd and sd["master_weights"]["h_0.w_0"].dtype == paddle.float32
    assert "h_0.w_0_fp32_master_0_moment1_0" in sd
    assert sd["h_0.w_0_fp32_master_0_moment1_0"].dtype == paddle.float32


def paddle_compat_param(shape, name, dtype=torch.float32):
    from paddle_compat._core import Parameter

    return Parameter(_data=torch.linspace(-1, 1, int(np.prod(shape)), dtype=torch.float32).reshape(shape).to(dtype),
                     name=name)
