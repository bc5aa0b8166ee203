"""Oracle recorder for ``tests/incubate/test_incubate2.py``:

    .oracle/bin/python tests/incubate/record_incubate2.py   # -> tests/goldens/incubate2_optimizers.json

LarsMomentumOptimizer trajectories (3 steps of a least-squares loss on a Linear layer, several configurations)
and the exceptions of the static-graph meta optimizers in dygraph.
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


def main():
    sys.path.insert(0, ROOT)
    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    import paddle

    golden["lars"] = {name: lars_trajectory(paddle, config) for name, config in LARS_CONFIGS.items()}
    golden["meta_errors"] = meta_errors(paddle)
    with open(GOLDEN, "w") as f:
        json.dump(golden, f)
    print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
