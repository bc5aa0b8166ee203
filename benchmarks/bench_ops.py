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


if __name__ == "__main__":
    main()
