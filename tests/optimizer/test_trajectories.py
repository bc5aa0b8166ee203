"""Replay of real-Paddle optimizer trajectories (tests/goldens/optim_traj.*): 20 steps, rtol 1e-5."""

import numpy as np
import pytest

from ._helpers import build_optimizer, build_params, fresh_names, load_json, load_npz, param_cases, train, traj_apis

META = load_json("optim_traj.json")
GOLD = load_npz("optim_traj.npz")


def _apis(cfg_id):
    return traj_apis(META["configs"][cfg_id])


@pytest.mark.parametrize("cfg_id", param_cases(sorted(META["configs"]), "test_trajectory", _apis))
def test_trajectory(cfg_id):
    cfg = META["configs"][cfg_id]
    dtype = cfg["kwargs"].get("_dtype", "float32")
    with fresh_names():
        params = build_params(META, dtype)
        opt = build_optimizer(cfg, params)
        got = train(META, params, opt, META["steps"], dtype, grads=GOLD[cfg_id + "@grad"])
    want = GOLD[cfg_id]
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7, err_msg=cfg_id)


@pytest.mark.parametrize("cfg_id", param_cases(sorted(META["configs"]), "test_trajectory_real_backward"))
def test_trajectory_real_backward(cfg_id):
    """End to end: our own forward/backward (torch) instead of Paddle's recorded gradients."""
    cfg = META["configs"][cfg_id]
    dtype = cfg["kwargs"].get("_dtype", "float32")
    with fresh_names():
        params = build_params(META, dtype)
        opt = build_optimizer(cfg, params)
        got = train(META, params, opt, META["steps"], dtype)
    np.testing.assert_allclose(got, GOLD[cfg_id], rtol=1e-5, atol=1e-7, err_msg=cfg_id)
