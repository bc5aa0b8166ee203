"""paddle.nn train steps and conv forward against the same network written in native torch.

    .venv/bin/python benchmarks/bench_nn.py [--quick]
"""

import os
import sys

import numpy as np
import torch
import torch.nn.functional as TF

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paddle  # noqa: E402
from _timing import QUICK, compare  # noqa: E402


def mlp_pair():
    net = paddle.nn.Sequential(paddle.nn.Linear(784, 256), paddle.nn.ReLU(), paddle.nn.Linear(256, 10))
    loss_fn = paddle.nn.CrossEntropyLoss()
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=net.parameters())
    x = paddle.to_tensor(np.random.rand(64, 784).astype("float32"))
    y = paddle.to_tensor(np.random.randint(0, 10, (64, 1)).astype("int64"))

    def ours():
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()

    tnet = torch.nn.Sequential(torch.nn.Linear(784, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10))
    topt = torch.optim.SGD(tnet.parameters(), lr=0.01)
    tx, ty = torch.rand(64, 784), torch.randint(0, 10, (64,))

    def native():
        loss = TF.cross_entropy(tnet(tx), ty)
        loss.backward()
        topt.step()
        topt.zero_grad()

    return ours, native


class TorchLeNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(1, 6, 3, 1, 1), torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2),
            torch.nn.Conv2d(6, 16, 5, 1, 0), torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2))
        self.fc = torch.nn.Sequential(torch.nn.Linear(400, 120), torch.nn.Linear(120, 84), torch.nn.Linear(84, 10))

    def forward(self, x):
        return self.fc(torch.flatten(self.features(x), 1))


def lenet_pair():
    net = paddle.vision.models.LeNet()
    loss_fn = paddle.nn.CrossEntropyLoss()
    opt = paddle.optimizer.Adam(learning_rate=0.001, parameters=net.parameters())
    x = paddle.to_tensor(np.random.rand(64, 1, 28, 28).astype("float32"))
    y = paddle.to_tensor(np.random.randint(0, 10, (64, 1)).astype("int64"))

    def ours():
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()

    tnet = TorchLeNet()
    topt = torch.optim.Adam(tnet.parameters(), lr=0.001)
    tx, ty = torch.rand(64, 1, 28, 28), torch.randint(0, 10, (64,))

    def native():
        loss = TF.cross_entropy(tnet(tx), ty)
        loss.backward()
        topt.step()
        topt.zero_grad()

    return ours, native


def conv_pair():
    conv = paddle.nn.Conv2D(16, 32, 3, padding=1)
    x = paddle.to_tensor(np.random.rand(8, 16, 32, 32).astype("float32"))
    tconv = torch.nn.Conv2d(16, 32, 3, padding=1)
    tx = torch.rand(8, 16, 32, 32)

    def ours():
        with paddle.no_grad():
            conv(x)

    def native():
        with torch.no_grad():
            tconv(tx)

    return ours, native


def main():
    print(f"torch {torch.__version__}, 1 thread{' (quick)' if QUICK else ''}")
    compare("MLP 784-256-10 train step (b=64, SGD)", *mlp_pair(), number=20, target=1.05)
    compare("LeNet train step (b=64, Adam)", *lenet_pair(), number=5, target=1.05)
    compare("Conv2D 16->32 3x3 forward (8x32x32)", *conv_pair(), number=5, target=1.05)


if __name__ == "__main__":
    main()
