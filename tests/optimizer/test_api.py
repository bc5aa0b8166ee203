"""API surface (names, signatures vs Paddle 2.6.2), LBFGS golden, clipping/regularizers, bad input."""

import inspect

import numpy as np
import paddle
import pytest
import torch

from paddle_compat._core import Parameter, wrap

from ._helpers import build_params, fresh_names, load_json, load_npz, loss_of, param_cases

API = load_json("optim_api.json")
META = load_json("optim_traj.json")


def _sig(f):
    return str(inspect.signature(f))


def test_all_lists_match_paddle():
    assert sorted(paddle.optimizer.__all__) == sorted(API["optimizer.__all__"])
    assert list(paddle.optimizer.lr.__all__) == API["lr.__all__"]
    assert sorted(paddle.regularizer.__all__) == sorted(API["regularizer.__all__"])
    for n in ("ClipGradByValue", "ClipGradByNorm", "ClipGradByGlobalNorm"):
        assert hasattr(paddle.nn, n)


@pytest.mark.parametrize("key", sorted(API["signatures"]))
def test_signature(key):
    want = API["signatures"][key]
    parts = key.split(".")
    mod = {"optimizer": paddle.optimizer, "lr": paddle.optimizer.lr, "regularizer": paddle.regularizer,
           "nn": paddle.nn}[parts[0]]
    obj = getattr(mod, parts[1])
    obj = getattr(obj, parts[2]) if len(parts) > 2 else obj.__init__
    if want is None:
        return
    assert _sig(obj) == want


def test_optimizer_members():
    for m in API["optimizer_methods"]:
        assert callable(getattr(paddle.optimizer.Optimizer, m)), m


def _p(shape, name, value=None, dtype=torch.float32):
    n = int(np.prod(shape))
    data = torch.linspace(-1.0, 1.0, n).reshape(shape) if value is None else torch.as_tensor(value)
    return Parameter(_data=data.to(dtype), name=name)


# --- LBFGS vs Paddle -------------------------------------------------------------------------------
@pytest.mark.verifies("paddle.optimizer.LBFGS")
@pytest.mark.parametrize("ls", param_cases(["None", "strong_wolfe"], "test_lbfgs_golden"))
def test_lbfgs_golden(ls):
    gold = load_npz("optim_lbfgs.npz")
    with fresh_names():
        params = build_params(META)
        opt = paddle.optimizer.LBFGS(learning_rate=0.5, max_iter=6, history_size=4,
                                     line_search_fn=None if ls == "None" else ls, parameters=list(params.values()))

        def closure():
            opt.clear_grad()
            loss = loss_of(META, params)
            loss.backward()
            return loss

        seq = []
        for _ in range(3):
            out = opt.step(closure)
            assert isinstance(out, paddle.Tensor)
            seq.append(np.concatenate([params[n].numpy().reshape(-1) for n in META["names"]]))
    np.testing.assert_allclose(np.stack(seq), gold[ls], rtol=1e-5, atol=1e-6)
    assert sorted(opt.state_dict()["state"]) == sorted(gold[ls + "@state_keys"].tolist())


# --- behaviour -----------------------------------------------------------------------------------
def test_step_minimize_clear_grad_and_lr_api():
    w = _p([3], "w")
    opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=[w])
    assert opt.get_lr() == 0.5
    loss = wrap((w._t ** 2).sum())
    assert opt.minimize(loss) == ([], [])  # Paddle dygraph: minimize does not run backward
    loss.backward()
    ops, pg = opt.minimize(loss)
    assert ops == [] and len(pg) == 1 and pg[0][0] is w
    np.testing.assert_allclose(w.numpy(), np.array([-1.0, 0.0, 1.0]) * 0.0, atol=1e-7)  # w - 0.5*2w = 0
    assert w.grad is not None
    opt.clear_grad()
    np.testing.assert_array_equal(w.grad.numpy(), np.zeros(3))
    opt.clear_grad(set_to_zero=False)
    assert w.grad is None
    opt.set_lr(0.1)
    assert opt.get_lr() == 0.1
    with pytest.raises(TypeError):
        opt.set_lr("0.1")
    sched = paddle.optimizer.lr.StepDecay(0.2, step_size=1, gamma=0.5)
    opt.set_lr_scheduler(sched)
    assert opt.get_lr() == 0.2
    sched.step()
    assert opt.get_lr() == 0.1
    with pytest.raises(RuntimeError):
        opt.set_lr(0.3)
    with pytest.raises(TypeError):
        opt.set_lr_scheduler(0.3)


def test_scheduler_is_read_every_step():
    w = _p([2], "w", [1.0, 1.0])
    sched = paddle.optimizer.lr.PiecewiseDecay([1], [1.0, 0.1])
    opt = paddle.optimizer.SGD(learning_rate=sched, parameters=[w])
    w._t.grad = torch.ones(2)
    opt.step()
    sched.step()
    opt.step()
    np.testing.assert_allclose(w.numpy(), [1 - 1.0 - 0.1] * 2, rtol=1e-6)


def test_stop_gradient_and_gradless_params_are_skipped():
    a, b, c = _p([2], "a", [1.0, 1.0]), _p([2], "b", [1.0, 1.0]), _p([2], "c", [1.0, 1.0])
    c.stop_gradient = True
    opt = paddle.optimizer.Adam(0.1, parameters=[a, b, c])
    a._t.grad = torch.ones(2)
    opt.step()
    assert not np.allclose(a.numpy(), 1.0) and np.allclose(b.numpy(), 1.0) and np.allclose(c.numpy(), 1.0)
    assert all(k.startswith("a_") for k in opt.state_dict())


def test_apply_gradients_and_append_regularization_ops():
    w = _p([2], "w", [1.0, -2.0])
    opt = paddle.optimizer.SGD(0.5, parameters=[w], weight_decay=paddle.regularizer.L1Decay(0.1))
    pg = opt.append_regularization_ops([(w, wrap(torch.zeros(2)))], opt.regularization)
    np.testing.assert_allclose(pg[0][1].numpy(), [0.1, -0.1])
    opt.apply_gradients([(w, wrap(torch.ones(2)))])
    np.testing.assert_allclose(w.numpy(), [1.0 - 0.5 * 1.1, -2.0 - 0.5 * 0.9], rtol=1e-6)
    assert opt.get_opti_var_name_list() == []


def test_float_weight_decay_is_l2_and_param_regularizer_wins():
    w = _p([2], "w", [1.0, 2.0])
    v = _p([2], "v", [1.0, 2.0])
    v.regularizer = paddle.regularizer.L2Decay(1.0)
    opt = paddle.optimizer.SGD(0.1, parameters=[w, v], weight_decay=0.5)
    assert isinstance(opt.regularization, paddle.regularizer.L2Decay)
    w._t.grad = torch.zeros(2)
    v._t.grad = torch.zeros(2)
    opt.step()
    np.testing.assert_allclose(w.numpy(), [1 - 0.05, 2 - 0.1], rtol=1e-6)
    np.testing.assert_allclose(v.numpy(), [1 - 0.1, 2 - 0.2], rtol=1e-6)
    assert str(paddle.regularizer.L2Decay(0.1)) == "L2Decay, coeff=0.100000"
    assert str(paddle.regularizer.L1Decay(0.2)) == "L1Decay, coeff=0.200000"


def test_clip_objects_direct():
    p1, p2 = _p([2], "p1"), _p([2], "p2")
    p2.need_clip = False
    g1, g2 = wrap(torch.tensor([3.0, 4.0])), wrap(torch.tensor([30.0, 40.0]))
    out = paddle.nn.ClipGradByGlobalNorm(1.0)([(p1, g1), (p2, g2)])
    np.testing.assert_allclose(out[0][1].numpy(), [0.6, 0.8], rtol=1e-6)
    assert out[1][1] is g2  # need_clip=False: untouched (and excluded from the global norm)
    out = paddle.nn.ClipGradByGlobalNorm(10.0, auto_skip_clip=True)([(p1, g1)])
    assert out[0][1] is g1
    out = paddle.nn.ClipGradByNorm(2.5)([(p1, g1), (p2, g2)])
    np.testing.assert_allclose(out[0][1].numpy(), [1.5, 2.0], rtol=1e-6)
    out = paddle.nn.ClipGradByValue(3.5)([(p1, g1)])
    np.testing.assert_allclose(out[0][1].numpy(), [3.0, 3.5])
    out = paddle.nn.ClipGradByValue(max=1.0, min=0.5)([(p1, wrap(torch.tensor([0.0, 2.0])))])
    np.testing.assert_allclose(out[0][1].numpy(), [0.5, 1.0])
    assert str(paddle.nn.ClipGradByGlobalNorm(1.0)) == "Gradient Clip By GlobalNorm, global_norm=1.000000"
    assert str(paddle.nn.ClipGradByNorm(1.0)) == "Gradient Clip By Norm, clip_norm=1.000000"
    assert str(paddle.nn.ClipGradByValue(1.0)) == "Clip Gradient By Value, min = -1.000000, max=1.000000"
    with pytest.raises(ValueError):
        paddle.nn.ClipGradByValue(-1.0)
    with pytest.raises(TypeError):
        paddle.nn.ClipGradByGlobalNorm(1.0, auto_skip_clip=1)


def test_grads_held_by_params_are_not_modified_by_clip_or_decay():
    w = _p([2], "w", [1.0, 1.0])
    opt = paddle.optimizer.SGD(0.1, parameters=[w], weight_decay=0.1,
                               grad_clip=paddle.nn.ClipGradByGlobalNorm(0.1))
    w._t.grad = torch.tensor([3.0, 4.0])
    opt.step()
    np.testing.assert_array_equal(w.grad.numpy(), [3.0, 4.0])


def test_multi_precision_fp16():
    w = _p([4], "w16", [0.1, 0.2, 0.3, 0.4], dtype=torch.float16)
    opt = paddle.optimizer.Momentum(0.001, parameters=[w], multi_precision=True)
    for _ in range(10):
        w._t.grad = torch.full((4,), 0.01, dtype=torch.float16)
        opt.step()
    master = opt.state_dict()["master_weights"]["w16"]
    assert master.dtype == paddle.float32
    np.testing.assert_allclose(w.numpy().astype(np.float32), master.numpy(), rtol=1e-3)
    assert w.dtype == paddle.float16
    # without master weights the update still runs (Paddle warns about poor accuracy)
    u = _p([2], "u16", [0.1, 0.2], dtype=torch.float16)
    opt = paddle.optimizer.Adam(0.01, parameters=[u])
    u._t.grad = torch.ones(2, dtype=torch.float16)
    opt.step()
    assert u.dtype == paddle.float16 and u.numpy()[0] < 0.1


def test_param_groups_apply_paddle_side_effects():
    a, b = _p([2], "ga"), _p([2], "gb")
    opt = paddle.optimizer.Momentum(0.1, parameters=[{"params": [a], "learning_rate": 0.5}, {"params": b}],
                                    weight_decay=paddle.regularizer.L1Decay(0.1))
    assert a.optimize_attr["learning_rate"] == 0.5 and b.optimize_attr["learning_rate"] == 1.0
    assert isinstance(b.regularizer, paddle.regularizer.L1Decay)
    a._t.grad = torch.ones(2)
    b._t.grad = torch.ones(2)
    opt.step()
    opt.clear_grad()
    np.testing.assert_array_equal(a.grad.numpy(), [0.0, 0.0])


# --- bad input -----------------------------------------------------------------------------------
def test_bad_parameters():
    w = _p([2], "w")
    with pytest.raises(AttributeError, match="parameters"):
        paddle.optimizer.Adam(0.1)
    with pytest.raises(TypeError, match="parameters"):
        paddle.optimizer.Adam(0.1, parameters=w)
    with pytest.raises(TypeError, match="list of dict"):
        paddle.optimizer.Adam(0.1, parameters={"params": [w]})
    with pytest.raises(TypeError, match="parameters"):
        paddle.optimizer.SGD(0.1, parameters=[w, "bias"])
    with pytest.raises(AssertionError, match="params should be set"):  # unknown keys, no 'params'
        paddle.optimizer.Adam(0.1, parameters=[{"weights": [w]}])
    with pytest.raises(ValueError, match="more than one parameter group"):
        paddle.optimizer.Adam(0.1, parameters=[{"params": [w]}, {"params": [w]}])
    with pytest.raises(TypeError, match="set"):
        paddle.optimizer.SGD(0.1, parameters=[{"params": {w}}])
    with pytest.raises(TypeError, match="'params'"):
        paddle.optimizer.SGD(0.1, parameters=[{"params": [np.zeros(2)]}])


def test_bad_learning_rate_and_hyperparameters():
    w = _p([2], "w")
    with pytest.raises(TypeError, match="learning rate"):
        paddle.optimizer.SGD(1, parameters=[w])  # Paddle: int is not accepted
    with pytest.raises(TypeError, match="learning rate"):
        paddle.optimizer.SGD("0.1", parameters=[w])
    with pytest.raises(ValueError, match="learning_rate"):
        paddle.optimizer.SGD(-0.1, parameters=[w])
    with pytest.raises(ValueError, match="learning_rate"):
        paddle.optimizer.SGD(0.1, parameters=[{"params": [w], "learning_rate": -1.0}])
    with pytest.raises(ValueError, match="beta1"):
        paddle.optimizer.Adam(0.1, beta1=1.0, parameters=[w])
    with pytest.raises(ValueError, match="epsilon"):
        paddle.optimizer.AdamW(0.1, epsilon=-1.0, parameters=[w])
    with pytest.raises(ValueError, match="rho"):
        paddle.optimizer.RMSProp(0.1, rho=-0.5, parameters=[w])
    with pytest.raises(TypeError, match="weight_decay"):
        paddle.optimizer.AdamW(0.1, parameters=[w], weight_decay=paddle.regularizer.L2Decay(0.1))
    with pytest.raises(TypeError, match="weight_decay"):
        paddle.optimizer.SGD(0.1, parameters=[w], weight_decay="l2")
    with pytest.raises(TypeError, match="grad_clip"):
        paddle.optimizer.SGD(0.1, parameters=[w], grad_clip=1.0)
    w._t.grad = torch.ones(2)
    with pytest.raises(NotImplementedError, match="subclasses"):
        paddle.optimizer.Optimizer(0.1, parameters=[w]).step()
    with pytest.raises(RuntimeError, match="strong_wolfe"):
        paddle.optimizer.LBFGS(parameters=[w], line_search_fn="armijo")


def test_scheduler_in_the_wrong_place():
    w = _p([2], "w")
    sched = paddle.optimizer.lr.StepDecay(0.1, 2)
    with pytest.raises(TypeError):
        paddle.optimizer.Adam(0.1, beta1=sched, parameters=[w])
    with pytest.raises(TypeError):
        paddle.optimizer.Adam(0.1, parameters=[w], weight_decay=sched)
    with pytest.raises(TypeError):
        paddle.optimizer.lr.StepDecay(sched, 2)
    with pytest.raises(TypeError):
        paddle.optimizer.lr.ReduceOnPlateau(sched)
    with pytest.raises(TypeError):
        paddle.optimizer.lr.OneCycleLR(sched, 10)
    with pytest.raises(TypeError):
        paddle.optimizer.LBFGS(learning_rate=sched, parameters=[w])
    opt = paddle.optimizer.SGD(0.1, parameters=[w])
    with pytest.raises(TypeError):
        opt.set_lr(sched)


def test_found_inf_auxiliary_var_skips_the_update():
    w = _p([2], "w", [1.0, 1.0])
    opt = paddle.optimizer.Adam(0.1, parameters=[w])
    w._t.grad = torch.ones(2)
    opt._set_auxiliary_var("found_inf", paddle.to_tensor(True))
    opt.step()
    np.testing.assert_array_equal(w.numpy(), [1.0, 1.0])
    opt._set_auxiliary_var("found_inf", paddle.to_tensor(False))
    opt.step()
    assert w.numpy()[0] < 1.0


def test_unknown_key_in_param_group():
    w = _p([2], "w")
    with pytest.raises(ValueError, match=r"unknown key\(s\) \['lr'\]"):
        paddle.optimizer.Adam(0.1, parameters=[{"params": [w], "lr": 0.5}])
    with pytest.raises(ValueError, match="beta1"):
        paddle.optimizer.SGD(0.1, parameters=[{"params": [w], "beta1": 0.5}])
    paddle.optimizer.Adam(0.1, parameters=[{"params": [w], "beta1": 0.5, "learning_rate": 0.1}])


def test_optimizer_name_prefixes_accumulators_and_tensor_betas():
    with fresh_names():
        w = _p([2], "linear_0.w_0")
        opt = paddle.optimizer.Adam(0.1, parameters=[w], name="opt")
        w._t.grad = torch.ones(2)
        opt.step()
        assert sorted(opt.state_dict()) == ["linear_0.w_0_opt_beta1_pow_acc_0", "linear_0.w_0_opt_beta2_pow_acc_0",
                                            "linear_0.w_0_opt_moment1_0", "linear_0.w_0_opt_moment2_0"]
        # Paddle (checked on 2.6.2): Tensor betas start the beta-power accumulators at 0.9 / 0.999
        v = _p([2], "linear_1.w_0")
        opt = paddle.optimizer.Adam(0.1, parameters=[v], beta1=paddle.to_tensor(0.8))
        v._t.grad = torch.ones(2)
        opt.step()
        sd = opt.state_dict()
    np.testing.assert_allclose(sd["linear_1.w_0_beta1_pow_acc_0"].numpy(), [0.72], rtol=1e-6)
    np.testing.assert_allclose(sd["linear_1.w_0_beta2_pow_acc_0"].numpy(), [0.998001], rtol=1e-6)
