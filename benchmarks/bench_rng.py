"""The seeded random stream (Paddle's mt19937_64 + libstdc++ distributions, bit-exact) against torch's generator.

    .venv/bin/python benchmarks/bench_rng.py [--quick]

Model builds are timed once each, in CPU time (after ``paddle.seed(1)``, so every initializer draws Paddle's
stream) against torch filling tensors of the same parameter shapes from its own generator (the init cost a torch
build pays).
"""

import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paddle  # noqa: E402
import paddle.nn.functional as F  # noqa: E402
from _timing import QUICK, compare  # noqa: E402


def stream_ops():
    paddle.seed(1)
    torch.manual_seed(1)
    number = 2 if QUICK else 5
    compare("paddle.rand([1000,1000]) seeded", lambda: paddle.rand([1000, 1000]), lambda: torch.rand(1000, 1000),
            number)
    compare("paddle.randn([1000,1000]) seeded", lambda: paddle.randn([1000, 1000]), lambda: torch.randn(1000, 1000),
            number)
    x = paddle.ones([1000, 1000])
    tx = torch.ones(1000, 1000)
    compare("F.dropout 1M elements (training) seeded", lambda: F.dropout(x, 0.5, training=True),
            lambda: torch.nn.functional.dropout(tx, 0.5, training=True), number)


def _once(fn):
    # CPU time of this process: on a shared machine the one-shot builds would otherwise time the neighbours
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def model_build(name, build):
    paddle.seed(1)
    seeded, model = _once(build)
    shapes = [tuple(p.shape) for p in model.parameters()]
    del model

    def torch_fill():
        for shape in shapes:
            torch.empty(shape).uniform_(-0.1, 0.1)

    native, _ = _once(torch_fill)
    print(f"{name + ' build after paddle.seed(1)':<40} ours {seeded * 1e3:10.1f} ms   "
          f"torch init of the same shapes {native * 1e3:8.1f} ms   ratio {seeded / native:7.1f}x")


def main():
    stream_ops()
    from paddle.vision import models

    model_build("vgg16()", models.vgg16)
    model_build("resnet50()", models.resnet50)


if __name__ == "__main__":
    main()
