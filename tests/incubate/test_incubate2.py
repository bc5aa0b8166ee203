"""LarsMomentumOptimizer trajectories and the static-graph meta optimizers' dygraph errors against real Paddle
2.6.2 (``tests/goldens/incubate2_optimizers.json``, recorded by ``record_incubate2.py``)."""

import os
import sys

import numpy as np
import paddle
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import minimize_cases  # noqa: E402
import record_incubate2 as recorder  # noqa: E402

from tools.api_diff.common import load_golden_json  # noqa: E402

GOLDEN = load_golden_json(recorder.GOLDEN)


@pytest.mark.parametrize("name", sorted(recorder.LARS_CONFIGS))
def test_lars_momentum_trajectory(name):
    ours = recorder.lars_trajectory(paddle, recorder.LARS_CONFIGS[name])
    for step, (got, expected) in enumerate(zip(ours, GOLDEN["lars"][name])):
        for key in ("weight", "bias"):
            np.testing.assert_allclose(got[key], expected[key], rtol=1e-5, atol=1e-6, err_msg=f"{name} step {step}")


def test_meta_optimizers_refuse_dygraph_as_paddle():
    assert recorder.meta_errors(paddle) == GOLDEN["meta_errors"]


def test_module_paths():
    io = paddle.incubate.optimizer
    assert io.LarsMomentumOptimizer.__module__ == "paddle.incubate.optimizer.lars_momentum"
    assert io.GradientMergeOptimizer.__module__ == "paddle.incubate.optimizer.gradient_merge"
    assert io.DistributedFusedLamb.__module__ == "paddle.incubate.optimizer.distributed_fused_lamb"


def test_multi_precision_is_refused():
    layer = paddle.nn.Linear(2, 2)
    with pytest.raises(NotImplementedError, match="multi_precision"):
        paddle.incubate.optimizer.LarsMomentumOptimizer(0.1, 0.9, parameter_list=layer.parameters(),
                                                        multi_precision=True)


def test_graph_reindex_counts_of_two_edge_types():
    assert recorder.reindex_two_edge_types(paddle) == GOLDEN["reindex_two_edge_types"]


def test_constant_derivatives_keep_paddle_stop_gradient():
    assert recorder.derivative_stop_gradient(paddle) == GOLDEN["derivative_stop_gradient"]


@pytest.mark.parametrize("name", sorted(minimize_cases.SCENARIOS))
def test_minimize_matches_paddle(name):
    ours, expected = minimize_cases.run(paddle, name), GOLDEN["minimize"][name]
    assert ours[0] == expected[0] and ours[1] == expected[1], (name, ours[:2], expected[:2])  # converged, calls
    # float32: the same steps, rounded differently (Rosenbrock's gradient amplifies that ~100x)
    tolerance = 1e-4 if minimize_cases.SCENARIOS[name][2] == "float32" else 1e-9
    for got, want in zip(ours[2:], expected[2:]):
        np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance, err_msg=name)


def test_lbfgs_stops_where_paddle_loops_forever():
    x0 = paddle.to_tensor(np.array(minimize_cases.STARTS["rosenbrock"]))
    with pytest.raises(RuntimeError, match="history_size"):
        paddle.incubate.optimizer.functional.minimize_lbfgs(
            lambda x: paddle.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2), x0, history_size=3,
            max_iters=100, dtype="float64")
