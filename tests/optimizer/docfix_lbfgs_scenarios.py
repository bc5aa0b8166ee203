"""LBFGS scenarios run identically by real Paddle (recording) and by paddle-compat (replay).

Record (oracle): ``.oracle/bin/python -m tests.optimizer.docfix_lbfgs_scenarios`` writes
tests/goldens/docfix_lbfgs.json; tests/optimizer/test_docfix_lbfgs.py replays it.
"""

import json
import os

import numpy as np

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "goldens", "docfix_lbfgs.json")

# name -> (LBFGS keyword arguments, number of step() calls, model)
SCENARIOS = {
    "linear_wolfe_iter1": (dict(learning_rate=1, max_iter=1, line_search_fn="strong_wolfe"), 6, "linear"),
    "linear_wolfe_iter8_hist3": (dict(learning_rate=1.0, max_iter=8, history_size=3,
                                      line_search_fn="strong_wolfe"), 3, "linear"),
    "linear_plain_iter5": (dict(learning_rate=0.5, max_iter=5), 3, "linear"),
    "scalar_wolfe_docstring": (dict(learning_rate=1, max_iter=1, line_search_fn="strong_wolfe"), 10, "scalar"),
    "rosenbrock_wolfe": (dict(learning_rate=1, max_iter=20, line_search_fn="strong_wolfe"), 2, "rosen"),
}


def run(name):
    import paddle

    kwargs, steps, model = SCENARIOS[name]
    rng = np.random.RandomState(7)
    losses = []
    if model == "linear":
        w = paddle.create_parameter([6, 4], "float32")
        b = paddle.create_parameter([4], "float32")
        w.set_value(rng.randn(6, 4).astype("float32") * 0.3)
        b.set_value(rng.randn(4).astype("float32") * 0.1)
        params = [w, b]
        x = paddle.to_tensor(rng.rand(8, 6).astype("float32"))
        y = paddle.to_tensor(rng.rand(8, 4).astype("float32") * 2)

        def forward():
            return paddle.nn.functional.mse_loss(paddle.matmul(x, w) + b, y)
    elif model == "scalar":
        w = paddle.create_parameter([1], "float32")
        w.set_value(rng.rand(1).astype("float32"))
        params = [w]
        xs = rng.rand(steps).astype("float32")
        state = {"i": 0}

        def forward():
            xi = paddle.to_tensor(xs[state["i"]:state["i"] + 1])
            return paddle.nn.functional.mse_loss(w * xi, 2 * xi)
    else:
        w = paddle.create_parameter([2], "float32")
        w.set_value(np.array([-1.2, 1.0], "float32"))
        params = [w]

        def forward():
            return (1 - w[0]) ** 2 + 100 * (w[1] - w[0] ** 2) ** 2

    opt = paddle.optimizer.LBFGS(parameters=params, **kwargs)

    def closure():
        loss = forward()
        losses.append(float(loss))
        opt.clear_grad()
        loss.backward()
        return loss

    returned = []
    for i in range(steps):
        if model == "scalar":
            state["i"] = i
        returned.append(float(opt.step(closure)))
    st = opt.state_dict()["state"]
    return {
        "losses": losses,
        "returned": returned,
        "func_evals": st["func_evals"],
        "n_iter": st["n_iter"],
        "params": [p.numpy().ravel().tolist() for p in params],
        "alpha": float(st["alpha"]),
        "history": len(st["old_yk"]),
    }


def main():
    from tools.api_diff.common import oracle_stamp

    out = dict(oracle_stamp())
    out["scenarios"] = {name: run(name) for name in SCENARIOS}
    with open(GOLDEN, "w") as f:
        json.dump(out, f, indent=1)
    print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
