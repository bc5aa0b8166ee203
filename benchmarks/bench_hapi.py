"""paddle.Model.fit on LeNet for 200 steps against a hand-written torch loop doing the same work.

    .venv/bin/python benchmarks/bench_hapi.py [--quick]
    .oracle/bin/python benchmarks/bench_hapi.py --paddle-only   # the same Model.fit under real Paddle

Both sides train on the same in-memory data (batch 64, Adam, cross-entropy, accuracy), verbose=0.
"""

import os
import sys
import time
import zlib  # noqa: F401 - real Paddle needs zlib loaded first (see --paddle-only)

import numpy as np

PADDLE_ONLY = "--paddle-only" in sys.argv
QUICK = "--quick" in sys.argv
if not PADDLE_ONLY:
    import torch
    import torch.nn.functional as TF

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from bench_nn import TorchLeNet  # noqa: E402

import paddle  # noqa: E402

STEPS = 50 if QUICK else 200
BATCH = 64


class Digits(paddle.io.Dataset):
    def __init__(self, images, labels):
        self.images, self.labels = images, labels

    def __getitem__(self, i):
        return self.images[i], self.labels[i]

    def __len__(self):
        return len(self.images)


def run_paddle(images, labels):
    model = paddle.Model(paddle.vision.models.LeNet())
    model.prepare(
        paddle.optimizer.Adam(learning_rate=0.001, parameters=model.parameters()),
        paddle.nn.CrossEntropyLoss(),
        paddle.metric.Accuracy(),
    )
    start = time.perf_counter()
    model.fit(Digits(images, labels), batch_size=BATCH, epochs=1, verbose=0, shuffle=False, num_iters=STEPS)
    return time.perf_counter() - start


def run_torch(images, labels):
    net = TorchLeNet()
    opt = torch.optim.Adam(net.parameters(), lr=0.001)
    data = torch.utils.data.TensorDataset(torch.from_numpy(images), torch.from_numpy(labels))
    loader = torch.utils.data.DataLoader(data, batch_size=BATCH, shuffle=False)
    start = time.perf_counter()
    correct = seen = 0
    for step, (x, y) in enumerate(loader):
        logits = net(x)
        loss = TF.cross_entropy(logits, y.reshape(-1))
        loss.backward()
        opt.step()
        opt.zero_grad()
        correct += int((logits.argmax(1) == y.reshape(-1)).sum())
        seen += len(y)
        float(loss)  # the loss value Model.fit logs each step
        if step + 1 == STEPS:
            break
    return time.perf_counter() - start


def main():
    rng = np.random.RandomState(0)
    images = rng.rand(STEPS * BATCH, 1, 28, 28).astype("float32")
    labels = rng.randint(0, 10, (STEPS * BATCH, 1)).astype("int64")
    if PADDLE_ONLY:
        best = min(run_paddle(images, labels) for _ in range(2 if QUICK else 3))
        print(f"Model.fit LeNet {STEPS} steps (b={BATCH}) with paddle {paddle.__version__}: {best:7.2f} s")
        return
    torch.set_num_threads(1)
    ours, native = [], []
    for _ in range(2 if QUICK else 3):
        ours.append(run_paddle(images, labels))
        native.append(run_torch(images, labels))
    ratio = min(ours) / min(native)
    print(
        f"Model.fit LeNet {STEPS} steps (b={BATCH})        ours {min(ours):7.2f} s   torch loop {min(native):7.2f} s   "
        f"ratio {ratio:5.2f}x (target <= 1.10x){'  OK' if ratio <= 1.10 else '  OVER TARGET'}"
    )


if __name__ == "__main__":
    main()
