"""Paddle's shape-changing in-place ops (reshape_, squeeze_, unsqueeze_, Tensor.flatten_) change x in place: its
inplace_version goes up, and a backward through an op that saved x before raises RuntimeError (PermissionDenied)
(PaddleVideo's causal MoViNet reshape_s an activation's output). Shared by the recorder and the test.

    .oracle/bin/python -m tests.core.inplace_shape.scenarios   # writes fixtures/golden.json (real Paddle only)
"""

import os

import numpy as np

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "golden.json")
OPS = {
    "reshape_": lambda paddle, y: paddle.reshape_(y, [4, 3]),
    "squeeze_": lambda paddle, y: paddle.squeeze_(y, 0),
    "unsqueeze_": lambda paddle, y: paddle.unsqueeze_(y, 0),
    "Tensor.flatten_": lambda paddle, y: y.flatten_(),
    "Tensor.reshape_": lambda paddle, y: y.reshape_([12]),
    "reshape_ to its own shape": lambda paddle, y: paddle.reshape_(y, list(y.shape)),
}
# producers whose backward needs their output in both frameworks, one that needs only its input, and a chain
PRODUCERS = {
    "exp": lambda paddle, x: paddle.exp(x),
    "tanh": lambda paddle, x: paddle.tanh(x),
    "sigmoid": lambda paddle, x: paddle.nn.functional.sigmoid(x),
    "relu": lambda paddle, x: paddle.nn.functional.relu(x),
    "scale": lambda paddle, x: x * 2.0,
    "transpose_exp": lambda paddle, x: paddle.exp(x).t(),
}


def outcomes(paddle):
    """{"<producer> <op>": [inplace_version after, "ok" + grad sum | "!<exception>: <message head>"]}."""
    out = {}
    for pname, produce in PRODUCERS.items():
        for oname, op in OPS.items():
            shape = [1, 3, 4] if oname == "squeeze_" and pname != "transpose_exp" else [3, 4]
            x = paddle.to_tensor(np.linspace(-1, 1, 12).astype("float32").reshape(shape), stop_gradient=False)
            y = produce(paddle, x)
            if oname == "squeeze_" and pname == "transpose_exp":
                y = y.unsqueeze(0)
            z = op(paddle, y)
            row = [int(y.inplace_version), z is y]
            try:
                (z * z).sum().backward()
                row.append(f"ok {float(x.grad.abs().sum()):.4f}")
            except Exception as e:  # noqa: BLE001 - the exception class and message are the outcome
                row.append(f"!{type(e).__name__}: {str(e).splitlines()[0]}")
            out[f"{pname} {oname}"] = row
    return out


if __name__ == "__main__":
    from tests.golden_scenarios import record_outcomes

    record_outcomes(GOLDEN, outcomes)
