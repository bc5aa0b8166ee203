"""A mixed workload of 20 common paddle.* ops on small tensors against the same torch calls.

    .venv/bin/python benchmarks/bench_ops.py [--quick]
"""

import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paddle  # noqa: E402
from _timing import compare  # noqa: E402


def main():
    a_np = np.random.rand(8, 16).astype("float32")
    b_np = np.random.rand(8, 16).astype("float32")
    a, b = paddle.to_tensor(a_np), paddle.to_tensor(b_np)
    ta, tb = torch.from_numpy(a_np.copy()), torch.from_numpy(b_np.copy())
    idx = paddle.to_tensor(np.array([0, 2, 5], dtype="int64"))
    tidx = torch.tensor([0, 2, 5])

    def ours():
        paddle.add(a, b)
        paddle.multiply(a, b)
        paddle.matmul(a, b, transpose_y=True)
        paddle.exp(a)
        paddle.tanh(a)
        paddle.sum(a, axis=1)
        paddle.mean(a)
        paddle.max(a, axis=0)
        paddle.reshape(a, [16, 8])
        paddle.transpose(a, [1, 0])
        paddle.concat([a, b], axis=0)
        paddle.stack([a, b])
        paddle.split(a, 2, axis=1)
        paddle.gather(a, idx)
        paddle.unsqueeze(a, 0)
        paddle.squeeze(paddle.unsqueeze(a, 0), 0)
        paddle.clip(a, 0.2, 0.8)
        paddle.argmax(a, axis=1)
        paddle.where(a > b, a, b)
        paddle.nn.functional.softmax(a)

    def native():
        torch.add(ta, tb)
        torch.mul(ta, tb)
        torch.matmul(ta, tb.t())
        torch.exp(ta)
        torch.tanh(ta)
        torch.sum(ta, dim=1)
        torch.mean(ta)
        torch.amax(ta, dim=0)
        torch.reshape(ta, (16, 8))
        torch.permute(ta, (1, 0))
        torch.cat([ta, tb], dim=0)
        torch.stack([ta, tb])
        torch.chunk(ta, 2, dim=1)
        torch.index_select(ta, 0, tidx)
        torch.unsqueeze(ta, 0)
        torch.squeeze(torch.unsqueeze(ta, 0), 0)
        torch.clamp(ta, 0.2, 0.8)
        torch.argmax(ta, dim=1)
        torch.where(ta > tb, ta, tb)
        torch.softmax(ta, dim=-1)

    compare("20 common ops on 8x16 float32", ours, native, number=200, target=1.20)
    # Reference, not a target: the same calls through the thinnest possible wrapper (unwrap `_t`, call the
    # torch function positionally, build the result with object.__new__), with none of Paddle's checks.
    # The gap between this line and the one above is what Paddle's dtype/argument checks cost.
    floor = _floor_workload(a, b, idx)
    compare("  same, wrapper floor (no Paddle checks)", floor, native, number=200)


def _floor_workload(a, b, idx):
    from paddle_compat._core.tensor import Tensor

    new, vf = object.__new__, torch._C._VariableFunctions

    def w(t):
        r = new(Tensor)
        r._t = t
        return r

    def floor():
        x, y = a._t, b._t
        w(vf.add(x, y))
        w(vf.mul(x, y))
        w(vf.matmul(x, y.mT))
        w(vf.exp(x))
        w(vf.tanh(x))
        w(vf.sum(x, 1, False))
        w(vf.mean(x))
        w(vf.amax(x, 0, False))
        w(vf.reshape(x, [16, 8]))
        w(vf.permute(x, [1, 0]))
        w(vf.cat([a._t, b._t], 0))
        w(vf.stack([a._t, b._t], 0))
        [w(p) for p in vf.chunk(x, 2, 1)]
        w(vf.index_select(x, 0, idx._t))
        w(vf.unsqueeze(x, 0))
        w(vf.squeeze(w(vf.unsqueeze(x, 0))._t, 0))
        w(vf.clamp(x, 0.2, 0.8))
        w(vf.argmax(x, 1, False))
        w(vf.where(w(vf.gt(x, y))._t, x, y))
        w(vf.softmax(x, -1))

    return floor


if __name__ == "__main__":
    main()
