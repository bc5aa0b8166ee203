"""minimize_bfgs / minimize_lbfgs scenarios shared by ``record_incubate2.py`` (real Paddle) and
``test_incubate2.py``: each returns the optimizer's outputs as plain lists."""

import numpy as np


def _objectives(paddle):
    def quadratic(x):
        scale = paddle.to_tensor(np.array([1.0, 4.0, 9.0], dtype=str(x.dtype).split(".")[-1]))
        return paddle.sum(scale * (x - 1.0) ** 2)

    def rosenbrock(x):
        return paddle.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2)

    def exp_sum(x):
        return paddle.sum(paddle.exp(x) - 2.0 * x)

    return {"quadratic": quadratic, "rosenbrock": rosenbrock, "exp_sum": exp_sum}


STARTS = {"quadratic": [0.5, -1.0, 2.0], "rosenbrock": [-1.2, 1.0, 0.8, 1.5], "exp_sum": [1.0, -2.0]}
# Iteration counts stay where both frameworks take the same steps: near convergence (and over long float32
# runs) the last-ulp differences of the two implementations decide Paddle's tolerance tests differently.
SCENARIOS = {
    "bfgs_quadratic_f32": ("bfgs", "quadratic", "float32", {"max_iters": 6}),
    "bfgs_rosenbrock_f64": ("bfgs", "rosenbrock", "float64", {"max_iters": 100}),
    "bfgs_rosenbrock_f32_short": ("bfgs", "rosenbrock", "float32", {"max_iters": 3}),
    "bfgs_exp_sum_f64_step": ("bfgs", "exp_sum", "float64", {"initial_step_length": 0.3, "max_iters": 8}),
    "lbfgs_quadratic_f32": ("lbfgs", "quadratic", "float32", {}),
    "lbfgs_rosenbrock_f64": ("lbfgs", "rosenbrock", "float64", {"max_iters": 20}),
    # the ring wraps (iterations > history_size) but stops before Paddle's endless loop (see lbfgs.py)
    "lbfgs_rosenbrock_f64_history4_wrap": ("lbfgs", "rosenbrock", "float64", {"history_size": 4, "max_iters": 6}),
    "lbfgs_exp_sum_f32": ("lbfgs", "exp_sum", "float32", {}),
}


def run(paddle, name):
    method, objective, dtype, options = SCENARIOS[name]
    functional = paddle.incubate.optimizer.functional
    minimize = functional.minimize_bfgs if method == "bfgs" else functional.minimize_lbfgs
    x0 = paddle.to_tensor(np.array(STARTS[objective], dtype=dtype))
    outputs = minimize(_objectives(paddle)[objective], x0, dtype=dtype, **options)
    return [o.numpy().tolist() for o in outputs]
