"""LR schedulers vs real Paddle (tests/goldens/optim_lr.json): 50-step sequences within 1e-7 (in fact
equal), ReduceOnPlateau, step(epoch) closed forms, state_dict, verbose printing."""

import numpy as np
import paddle
import pytest

from ._helpers import build_sched, load_json, param_cases, spec_apis

LR = load_json("optim_lr.json")


def _apis(cfg_id):
    return spec_apis(LR["configs"][cfg_id])


def _run(name, kw, steps=50):
    s = build_sched(name, kw)
    seq = [s()]
    for _ in range(steps):
        s.step()
        seq.append(s())
    return seq


@pytest.mark.parametrize("cfg_id", param_cases(sorted(LR["configs"]), "test_lr_sequence", _apis))
def test_lr_sequence(cfg_id):
    name, kw = LR["configs"][cfg_id]
    np.testing.assert_allclose(_run(name, kw), LR["values"][cfg_id], rtol=0, atol=1e-7)


def test_every_scheduler_has_a_golden():
    covered = {v[0] for v in LR["configs"].values()} | {"ReduceOnPlateau"}
    assert covered == set(paddle.optimizer.lr.__all__) - {"LRScheduler"}


@pytest.mark.verifies("paddle.optimizer.lr.ReduceOnPlateau")
@pytest.mark.parametrize("cfg_id", ["min", "max-abs-cooldown"])
def test_reduce_on_plateau(cfg_id):
    p = LR["plateau"]
    s = paddle.optimizer.lr.ReduceOnPlateau(**p["configs"][cfg_id])
    seq = []
    for m in p["metrics"]:
        s.step(m)
        seq.append(s())
    np.testing.assert_allclose(seq, p["values"][cfg_id], rtol=0, atol=1e-12)
    assert s.state_dict() == pytest.approx(p["values"][cfg_id + "-state"])


def test_reduce_on_plateau_tensor_metric():
    s = paddle.optimizer.lr.ReduceOnPlateau(1.0, patience=0)
    s.step(paddle.to_tensor([1.0]))
    s.step(paddle.to_tensor(2.0))
    assert s() == pytest.approx(0.1)
    with pytest.raises(ValueError):
        s.step(paddle.to_tensor([1.0, 2.0]))
    with pytest.raises(TypeError):
        s.step("1.0")


@pytest.mark.parametrize("cfg_id", param_cases(sorted(LR["epoch"]), "test_step_with_epoch", _apis))
def test_step_with_epoch(cfg_id):
    name, kw = LR["configs"][cfg_id]
    s = build_sched(name, kw)
    got = []
    for e in [3, 7, 2, 15, 9, 0, 21]:
        s.step(e)
        got.append([s(), s.last_epoch])
    np.testing.assert_allclose(np.array(got, dtype=float), np.array(LR["epoch"][cfg_id], dtype=float), atol=1e-7)


@pytest.mark.parametrize("cfg_id", param_cases(sorted(LR["state_dicts"]), "test_state_dict_and_resume", _apis))
def test_state_dict_and_resume(cfg_id):
    name, kw = LR["configs"][cfg_id]
    s = build_sched(name, kw)
    for _ in range(9):
        s.step()
    assert s.state_dict() == LR["state_dicts"][cfg_id]  # pure Python: identical floats
    # a fresh scheduler resumed from Paddle's state continues like the uninterrupted one
    t = build_sched(name, kw)
    t.set_state_dict(LR["state_dicts"][cfg_id])
    if name != "CosineAnnealingWarmRestarts":  # its T_cur/T_i are not in Paddle's state_dict either
        for _ in range(5):
            s.step()
            t.step()
            assert t() == pytest.approx(s(), abs=1e-12)


def test_set_state_dict_missing_key():
    s = paddle.optimizer.lr.StepDecay(0.1, 3)
    with pytest.raises(RuntimeError, match="last_lr"):
        s.set_state_dict({"last_epoch": 3})


def test_call_last_lr_last_epoch_and_verbose(capsys):
    s = paddle.optimizer.lr.StepDecay(0.5, step_size=2, gamma=0.5, verbose=True)
    out = capsys.readouterr().out
    assert out == "Epoch 0: StepDecay set learning rate to 0.5.\n"
    s.step()
    s.step()
    assert s.last_epoch == 2 and s.last_lr == 0.25 and s() == 0.25
    assert capsys.readouterr().out.splitlines()[-1] == "Epoch 2: StepDecay set learning rate to 0.25."
    assert s.base_lr == 0.5
    assert s.set_dict == s.set_state_dict or callable(s.set_dict)


def test_bad_arguments():
    lr = paddle.optimizer.lr
    with pytest.raises(TypeError):
        lr.LRScheduler("0.1")
    with pytest.raises(ValueError):
        lr.LRScheduler(-0.1)
    with pytest.raises(ValueError):
        lr.PiecewiseDecay([], [1.0])
    with pytest.raises(ValueError):
        lr.PiecewiseDecay([2], [1.0])
    with pytest.raises(TypeError):
        lr.StepDecay(0.1, 2.5)
    with pytest.raises(ValueError):
        lr.StepDecay(0.1, 2, gamma=1.5)
    with pytest.raises(TypeError):
        lr.MultiStepDecay(0.1, 3)
    with pytest.raises(ValueError):
        lr.MultiStepDecay(0.1, [3, 2])
    with pytest.raises(TypeError):
        lr.LambdaDecay(0.1, 0.5)
    with pytest.raises(AssertionError):  # Paddle asserts
        lr.ExponentialDecay(0.1, 1.5)
    with pytest.raises(ValueError):  # ... and our assert-type errors are ValueErrors too
        lr.PolynomialDecay(0.1, decay_steps=0)
    with pytest.raises(TypeError):
        lr.LinearWarmup("x", 3, 0.0, 0.1)
    with pytest.raises(ValueError):
        lr.LinearWarmup(0.1, 3, 0.2, 0.1)
    with pytest.raises(ValueError):
        lr.ReduceOnPlateau(0.1, mode="avg")
    with pytest.raises(TypeError):
        lr.ReduceOnPlateau(lr.StepDecay(0.1, 2))
    with pytest.raises(ValueError):
        lr.OneCycleLR(1.0, 10, anneal_strategy="exp")
    with pytest.raises(ValueError):
        lr.OneCycleLR(1.0, 10, phase_pct=0.6, three_phase=True)
    with pytest.raises(TypeError):
        lr.CyclicLR(0.1, 1.0, 2, exp_gamma=1)
    with pytest.raises(ValueError):
        lr.LinearLR(0.1, 10, start_factor=0)
    with pytest.raises(ValueError):
        lr.CosineAnnealingWarmRestarts(0.1, T_0=0)
    s = lr.OneCycleLR(1.0, total_steps=3)
    for _ in range(3):
        s.step()
    with pytest.raises(ValueError, match="total steps"):
        s.step()
