"""GradScaler against real Paddle 2.6.2 (tests/amp/fixtures/amp_goldens.json, recorded by
tests/amp/record_goldens.py): scale sequences, found_inf, skipped steps, parameters after each step, printed
messages, errors, getters/setters and state_dict. Real Paddle's scaler only runs on a GPU place; the recorder
patched its place check, and these tests enable ours on CPU with PADDLE_COMPAT_CPU_AMP."""

import contextlib
import io
import json
import os
import warnings

import numpy as np
import paddle
import pytest

from tools.api_diff.common import check_stamp

PATH = os.path.join(os.path.dirname(__file__), "fixtures", "amp_goldens.json")
with open(PATH) as _f:
    GOLDEN = json.load(_f)
check_stamp(GOLDEN, PATH)

W0 = np.array([[0.5, -1.0, 0.25], [1.5, 0.75, -0.5], [-0.25, 0.5, 1.0], [2.0, -1.5, 0.125]], "float32")
B0 = np.array([0.1, -0.2, 0.3], "float32")
X = np.array([[1.0, 2.0, -1.0, 0.5], [0.25, -0.5, 1.5, 2.0]], "float32")


@pytest.fixture(autouse=True)
def _float16_amp_dtype(monkeypatch):
    """Paddle's GradScaler.scale reads the dtype of the last auto_cast: float16 in the recorder."""
    monkeypatch.delenv("PADDLE_COMPAT_CPU_AMP", raising=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with paddle.amp.auto_cast(dtype="float16"):
            pass


def _scaler(monkeypatch, **kwargs):
    monkeypatch.setenv("PADDLE_COMPAT_CPU_AMP", "float16")
    try:
        return paddle.amp.GradScaler(**kwargs)
    finally:
        monkeypatch.delenv("PADDLE_COMPAT_CPU_AMP")


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e)]
    return None


@pytest.mark.parametrize("run", GOLDEN["runs"], ids=[f"{r['opt']}-{r['style']}-{i}" for i, r in
                                                     enumerate(GOLDEN["runs"])])
@pytest.mark.verifies("paddle.amp.GradScaler")
def test_scaler_sequence(run, monkeypatch):
    model = paddle.nn.Linear(4, 3)
    model.weight.set_value(W0)
    model.bias.set_value(B0)
    opt = {
        "SGD": lambda: paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters()),
        "Momentum": lambda: paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9,
                                                      parameters=model.parameters()),
        "Adam": lambda: paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters()),
    }[run["opt"]]()
    scaler = _scaler(monkeypatch, **run["kwargs"])
    for i, want in enumerate(run["steps"]):
        x = X.copy()
        if i in run["inf_steps"]:
            x[0, 1] = np.inf if i % 2 else np.nan
        out = model(paddle.to_tensor(x))
        loss = (out * out).mean()
        scaled = scaler.scale(loss)
        scaled.backward()
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            if run["style"] == "minimize":
                scaler.minimize(opt, scaled)
            elif run["style"] == "step_update":
                scaler.step(opt)
                scaler.update()
            else:
                scaler.unscale_(opt)
                grads = [p.grad.numpy().tolist() for p in model.parameters()]
                scaler.step(opt)
                scaler.update()
        opt.clear_grad()
        where = f"step {i}"
        np.testing.assert_allclose(float(scaled), want["scaled_loss"], rtol=1e-6, err_msg=where)
        assert bool(scaler._found_inf) == want["found_inf"], where
        assert bool(scaler._cache_founf_inf) == want["cache_found_inf"], where
        assert float(scaler._scale) == want["scale"], where
        assert (scaler._incr_count, scaler._decr_count) == (want["incr_count"], want["decr_count"]), where
        assert printed.getvalue() == want["printed"], where
        np.testing.assert_allclose(model.weight.numpy(), np.array(want["weight"], "float32"), rtol=1e-6, atol=1e-7,
                                   err_msg=where)
        np.testing.assert_allclose(model.bias.numpy(), np.array(want["bias"], "float32"), rtol=1e-6, atol=1e-7,
                                   err_msg=where)
        if run["style"] == "unscale":
            for got, exp in zip(grads, want["unscaled_grads"]):
                # on overflow Paddle's CPU kernel multiplies by 0 from the first non-finite gradient on (NaN/0)
                np.testing.assert_allclose(np.array(got), np.array(exp), rtol=1e-6, atol=1e-7, err_msg=where)
    sd = {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in scaler.state_dict().items()}
    assert sd == run["state_dict"]


@pytest.mark.verifies("paddle.amp.GradScaler")
def test_scaler_errors(monkeypatch):
    want = GOLDEN["errors"]
    model = paddle.nn.Linear(4, 3)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())
    scaler = _scaler(monkeypatch)
    scaler.scale(model(paddle.to_tensor(X)).mean()).backward()
    scaler.unscale_(opt)
    assert _err(lambda: scaler.unscale_(opt)) == want["unscale_twice"]
    scaler.step(opt)
    assert _err(lambda: scaler.step(opt)) == want["step_twice"]
    assert _err(lambda: scaler.unscale_(opt)) == want["unscale_after_step"]
    assert _err(lambda: _scaler(monkeypatch, incr_ratio=1.0)) == want["ctor_incr_ratio"]
    assert _err(lambda: _scaler(monkeypatch, decr_ratio=1.0)) == want["ctor_decr_ratio"]
    s = _scaler(monkeypatch)
    assert _err(lambda: s.load_state_dict({})) == want["load_empty"]
    assert _err(lambda: s.set_incr_ratio(0.5)) == want["set_incr_ratio"]
    assert _err(lambda: s.set_decr_ratio(2.0)) == want["set_decr_ratio"]


@pytest.mark.verifies("paddle.amp.GradScaler")
def test_getters_setters_state_dict(monkeypatch):
    want = GOLDEN["getters_setters"]
    s = _scaler(monkeypatch, init_loss_scaling=512.0, incr_ratio=3.0, decr_ratio=0.25, incr_every_n_steps=7,
                decr_every_n_nan_or_inf=3, use_dynamic_loss_scaling=False)
    assert [s.is_enable(), s.is_use_dynamic_loss_scaling(), s.get_init_loss_scaling(), s.get_incr_ratio(),
            s.get_decr_ratio(), s.get_incr_every_n_steps(), s.get_decr_every_n_nan_or_inf()] == want["before"]
    s.set_init_loss_scaling(100.0)
    s.set_incr_ratio(4.0)
    s.set_decr_ratio(0.125)
    s.set_incr_every_n_steps(11)
    s.set_decr_every_n_nan_or_inf(5)
    assert [s.get_init_loss_scaling(), s.get_incr_ratio(), s.get_decr_ratio(), s.get_incr_every_n_steps(),
            s.get_decr_every_n_nan_or_inf(), float(s._scale)] == want["after"]
    sd = s.state_dict()
    assert {k: type(v).__name__ for k, v in sd.items()} == want["state_dict_types"]
    assert {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in sd.items()} == want["state_dict"]
    s2 = _scaler(monkeypatch)
    s2.load_state_dict(sd)
    assert [s2.get_init_loss_scaling().item(), float(s2._scale), s2.get_incr_ratio(),
            s2.is_use_dynamic_loss_scaling(), type(s2.get_init_loss_scaling()).__name__] == want["loaded"]


@pytest.mark.verifies("paddle.amp.GradScaler")
def test_bfloat16_disables_dynamic_scaling(monkeypatch):
    s = _scaler(monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with paddle.amp.auto_cast(dtype="bfloat16"):
            pass
    x = paddle.ones([1])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = s.scale(x)
    got = [[f"{w.category.__name__}: {w.message}" for w in caught], r is x, s.is_enable(),
           s.is_use_dynamic_loss_scaling()]
    assert got == GOLDEN["bf16_scale_warning"]


@pytest.mark.verifies("paddle.amp.GradScaler")
def test_scaler_is_disabled_on_cpu_by_default():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        s = paddle.amp.GradScaler()
    x = paddle.ones([2, 2])
    got = [[f"{w.category.__name__}: {w.message}" for w in caught], s.is_enable(), s.state_dict(), s.scale(x) is x]
    assert got == GOLDEN["cpu"]["scaler_cpu"]
