"""paddle.optimizer.LBFGS trajectories vs real Paddle (tests/goldens/docfix_lbfgs.json, recorded by
``.oracle/bin/python -m tests.optimizer.docfix_lbfgs_scenarios``)."""

import json
import os

import numpy as np
import pytest

from tests.optimizer._helpers import param_cases
from tests.optimizer.docfix_lbfgs_scenarios import GOLDEN, SCENARIOS, run
from tools.api_diff.common import check_stamp

with open(GOLDEN) as _f:
    _GOLD = json.load(_f)
check_stamp(_GOLD, os.path.relpath(GOLDEN))

# The scalar and Rosenbrock losses are exact on both sides and must agree bit for bit.
_BIT_EXACT = {"scalar_wolfe_docstring", "rosenbrock_wolfe"}


@pytest.mark.verifies("paddle.optimizer.LBFGS")
@pytest.mark.parametrize("name", param_cases(sorted(SCENARIOS), "test_lbfgs_trajectory"))
def test_lbfgs_trajectory(name):
    ours, paddle_ = run(name), _GOLD["scenarios"][name]
    for key in ("func_evals", "n_iter", "history"):
        assert ours[key] == paddle_[key], key
    assert len(ours["losses"]) == len(paddle_["losses"])
    if name in _BIT_EXACT:
        assert ours == paddle_
        return
    for got, want in zip(ours["params"], paddle_["params"]):
        np.testing.assert_allclose(got, want, rtol=0, atol=0)
    np.testing.assert_allclose(ours["losses"], paddle_["losses"], rtol=1e-6, atol=1e-7)


def test_lbfgs_state_keys_and_minimize():
    import paddle

    w = paddle.create_parameter([2], "float32")
    opt = paddle.optimizer.LBFGS(parameters=[w], line_search_fn="strong_wolfe")

    def closure():
        loss = (w * w).sum()
        opt.clear_grad()
        loss.backward()
        return loss

    out = opt.step(closure)
    assert isinstance(out, paddle.Tensor) and not out.stop_gradient
    assert set(opt.state_dict()["state"]) >= {"func_evals", "n_iter", "d", "alpha", "old_yk", "old_sk", "ro",
                                              "H_diag", "prev_flat_grad", "prev_loss"}
    with pytest.raises(NotImplementedError):
        opt.minimize(out)
