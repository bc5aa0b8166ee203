"""Sparse convolution benchmark: paddle.sparse.nn.SubmConv3D (rulebook gather -> matmul -> scatter in torch ops)
on a 1%-dense 64^3 grid, 16 -> 32 channels, kernel 3, against a dense torch Conv3d over the same grid
(target: <= 0.25x of the dense time).

    .venv/bin/python benchmarks/bench_sparse.py [--quick]
"""

import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paddle  # noqa: E402
from _timing import compare  # noqa: E402


def main():
    rng = np.random.RandomState(0)
    side, channels_in, channels_out = 64, 16, 32
    cells = side ** 3
    sites = np.sort(rng.choice(cells, size=cells // 100, replace=False))
    coords = np.stack(np.unravel_index(sites, (side, side, side)))
    indices = np.concatenate([np.zeros((1, sites.size), dtype="int64"), coords]).astype("int64")
    values = rng.uniform(-1, 1, size=(sites.size, channels_in)).astype("float32")
    x = paddle.sparse.sparse_coo_tensor(paddle.to_tensor(indices), paddle.to_tensor(values),
                                        [1, side, side, side, channels_in])
    conv = paddle.sparse.nn.SubmConv3D(channels_in, channels_out, 3, padding=1)
    dense = torch.nn.Conv3d(channels_in, channels_out, 3, padding=1)
    grid = x.to_dense()._t.permute(0, 4, 1, 2, 3).contiguous()
    with torch.no_grad():
        ratio = compare(f"SubmConv3D 64^3 1% {channels_in}->{channels_out} (nnz {sites.size})",
                        lambda: conv(x), lambda: dense(grid), number=1, repeats=3 if "--quick" in sys.argv else 5,
                        target=0.25)
    return ratio


if __name__ == "__main__":
    main()
