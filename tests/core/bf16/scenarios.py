"""Conversions to bfloat16 on CPU, compared bit for bit (the replay tolerance of bfloat16, 1e-2, would hide a
1-ulp difference): Paddle's CPU bfloat16 keeps the upper 16 bits of the float32 value (truncation), where
torch rounds to nearest. Recorded with the oracle by ``.oracle/bin/python -m tests.core.bf16.scenarios``,
replayed in-process by ``test_bf16.py``."""

import json
import os

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "goldens.json")
VALUES = [0.1, 0.2, 1.0 + 2**-8 + 2**-9, -0.1, 3.14159, -2.7182817, 1e-3, 65504.0, 3.0e38, 1e-40]


def results(paddle):
    import numpy as np

    def f32(t):
        return [float(v) for v in t.astype("float32").numpy().ravel()]

    x32 = paddle.to_tensor(np.array(VALUES, "float32"))
    out = {
        "cast_float32": f32(paddle.cast(x32, "bfloat16")),
        "astype_float32": f32(x32.astype("bfloat16")),
        "astype_float64": f32(paddle.to_tensor(np.array(VALUES, "float64")).astype(paddle.bfloat16)),
        "astype_float16": f32(paddle.to_tensor(np.array(VALUES[:7], "float16")).astype("bfloat16")),
        "astype_int32": f32(paddle.to_tensor([257, 1023, -32769, 16777217], dtype="int32").astype("bfloat16")),
        "to_tensor_list": f32(paddle.to_tensor(VALUES, dtype="bfloat16")),
        "to_tensor_ndarray": f32(paddle.to_tensor(np.array(VALUES, "float32"), dtype="bfloat16")),
        "full": f32(paddle.full([2], 0.1, "bfloat16")) + f32(paddle.full([1], 1 / 3, "bfloat16")),
        "full_like": f32(paddle.full_like(paddle.ones([2], "bfloat16"), 0.3)),
    }
    layer = paddle.nn.Linear(2, 2)
    layer.weight.set_value(paddle.to_tensor([[0.1, 0.2], [0.3, 0.7]]))
    layer.to(dtype="bfloat16")
    out["layer_to"] = f32(layer.weight)
    x = paddle.to_tensor(VALUES[:3], stop_gradient=False)
    (x.astype("bfloat16").astype("float32") * 3).sum().backward()
    out["cast_grad"] = [float(v) for v in x.grad.numpy()]
    return out


def main():
    import sys

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    import paddle

    with open(GOLDEN, "w") as f:
        json.dump({**stamp, "results": results(paddle)}, f, indent=1)
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
