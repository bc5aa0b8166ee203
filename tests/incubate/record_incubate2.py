"""Oracle recorder for ``tests/incubate/test_incubate2.py``:

    .oracle/bin/python tests/incubate/record_incubate2.py   # -> tests/goldens/incubate2_optimizers.json

LarsMomentumOptimizer trajectories (3 steps of a least-squares loss on a Linear layer, several configurations)
the exceptions of the static-graph meta optimizers in dygraph, graph_reindex over two edge types, and
stop_gradient of constant Jacobian / Hessian entries, minimize_bfgs / minimize_lbfgs runs (minimize_cases.py).
"""

import json
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "goldens", "incubate2_optimizers.json")
LARS_CONFIGS = {
    "default": {},
    "exclude_bias": {"exclude_from_weight_decay": ["b_0"], "lars_coeff": 0.01},
    "rescale_epsilon": {"rescale_grad": 0.5, "epsilon": 1e-3, "lars_weight_decay": 0.01},
    "no_weight_decay": {"lars_weight_decay": 0.0},
    "zero_start": {"zero_weight": True},
}


def lars_trajectory(paddle, config):
    config = dict(config)
    zero = config.pop("zero_weight", False)
    rng = np.random.RandomState(3)
    layer = paddle.nn.Linear(3, 2)
    layer.weight.set_value((np.zeros([3, 2]) if zero else rng.uniform(-1, 1, [3, 2])).astype("float32"))
    layer.bias.set_value(rng.uniform(-1, 1, [2]).astype("float32"))
    x = paddle.to_tensor(rng.uniform(-1, 1, [5, 3]).astype("float32"))
    y = paddle.to_tensor(rng.uniform(-1, 1, [5, 2]).astype("float32"))
    opt = paddle.incubate.optimizer.LarsMomentumOptimizer(0.1, 0.9, parameter_list=layer.parameters(), **config)
    steps = []
    for _ in range(3):
        loss = ((layer(x) - y) ** 2).mean()
        loss.backward()
        opt.minimize(loss)
        opt.clear_grad()
        steps.append({"weight": layer.weight.numpy().tolist(), "bias": layer.bias.numpy().tolist()})
    return steps


def meta_errors(paddle):
    io = paddle.incubate.optimizer
    layer = paddle.nn.Linear(2, 2)
    makers = {
        "GradientMergeOptimizer": lambda: io.GradientMergeOptimizer(
            paddle.optimizer.SGD(0.1, parameters=layer.parameters()), k_steps=2),
        "RecomputeOptimizer": lambda: io.RecomputeOptimizer(paddle.optimizer.SGD(0.1, parameters=layer.parameters())),
        "PipelineOptimizer": lambda: io.PipelineOptimizer(paddle.optimizer.SGD(0.1, parameters=layer.parameters())),
        "DistributedFusedLamb": lambda: io.DistributedFusedLamb(0.1, parameters=layer.parameters()),
    }
    out = {}
    for name, make in makers.items():
        try:
            make()
            out[name] = None
        except BaseException as error:  # noqa: BLE001 - recording whatever Paddle raises
            out[name] = {"type": type(error).__name__, "message": str(error)}
    return out


def reindex_two_edge_types(paddle):
    """graph_reindex with the counts of two edge types back to back (len(count) == 2 * len(x))."""
    x = paddle.to_tensor([0, 1, 2], dtype="int64")
    neighbors = paddle.to_tensor([8, 9, 0, 4, 7, 6, 7, 0, 2, 3, 5, 1], dtype="int64")
    count = paddle.to_tensor([2, 3, 2, 1, 3, 1], dtype="int32")
    return [t.numpy().tolist() for t in paddle.incubate.graph_reindex(x, neighbors, count)]


def derivative_stop_gradient(paddle):
    """stop_gradient of Jacobian / Hessian entries whose derivative is constant."""
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    jacobian = paddle.incubate.autograd.Jacobian(lambda t: t * 2.0, x)
    hessian = paddle.incubate.autograd.Hessian(lambda t: (t * t).sum(), x)
    return {"jacobian": jacobian[:].stop_gradient, "hessian": hessian[:].stop_gradient,
            "hessian_row": hessian[0].stop_gradient, "hessian_values": hessian[:].numpy().tolist()}


def main():
    sys.path.insert(0, ROOT)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    import paddle

    golden["lars"] = {name: lars_trajectory(paddle, config) for name, config in LARS_CONFIGS.items()}
    golden["meta_errors"] = meta_errors(paddle)
    golden["reindex_two_edge_types"] = reindex_two_edge_types(paddle)
    golden["derivative_stop_gradient"] = derivative_stop_gradient(paddle)
    import minimize_cases

    golden["minimize"] = {name: minimize_cases.run(paddle, name) for name in minimize_cases.SCENARIOS}
    with open(GOLDEN, "w") as f:
        json.dump(golden, f)
    print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
