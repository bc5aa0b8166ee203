"""paddle.jit.to_static train step vs torch.compile of the same model written in torch, same backend, same run.

    .venv/bin/python benchmarks/bench_jit.py [--backend inductor|aot_eager|eager] [--quick]

Step = compiled forward + cross-entropy, backward, Adam step, clear grads (batch 64, LeNet on 1x28x28); a
second line leaves out the optimizer step (the two Adam implementations differ in cost).
One thread, interleaved repeats, min-of-N; prints the ratio against the target (<= 1.10x).
"""

import argparse
import time

import torch

torch.set_num_threads(1)

import paddle  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--backend", default="inductor")
parser.add_argument("--quick", action="store_true")
args = parser.parse_args()
REPEATS, STEPS = (5, 10) if args.quick else (15, 20)
BATCH = 64


class TorchLeNet(torch.nn.Module):
    """paddle.vision.models.LeNet, written in torch."""

    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(1, 6, 3, 1, 1), torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2),
            torch.nn.Conv2d(6, 16, 5, 1, 0), torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2))
        self.fc = torch.nn.Sequential(torch.nn.Linear(400, 120), torch.nn.Linear(120, 84), torch.nn.Linear(84, 10))

    def forward(self, x):
        return self.fc(torch.flatten(self.features(x), 1))


def paddle_setup():
    paddle.seed(0)
    net = paddle.vision.models.LeNet()
    loss_fn = paddle.nn.CrossEntropyLoss()
    opt = paddle.optimizer.Adam(learning_rate=1e-3, parameters=net.parameters())

    @paddle.jit.to_static(backend=None if args.backend == "inductor" else args.backend)
    def forward_loss(x, y):
        return loss_fn(net(x), y)

    x = paddle.randn([BATCH, 1, 28, 28])
    y = paddle.randint(0, 10, [BATCH, 1])

    def step():
        loss = forward_loss(x, y)
        loss.backward()
        opt.step()
        opt.clear_grad()
        return loss

    def fwd_bwd():
        loss = forward_loss(x, y)
        loss.backward()
        opt.clear_grad()
        return loss

    return step, fwd_bwd


def torch_setup():
    torch.manual_seed(0)
    net = TorchLeNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    @torch.compile(backend=args.backend)
    def forward_loss(x, y):
        return torch.nn.functional.cross_entropy(net(x), y)

    x = torch.randn(BATCH, 1, 28, 28)
    y = torch.randint(0, 10, (BATCH,))

    def step():
        loss = forward_loss(x, y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        return loss

    def fwd_bwd():
        loss = forward_loss(x, y)
        loss.backward()
        opt.zero_grad()
        return loss

    return step, fwd_bwd


def timed(step):
    start = time.perf_counter()
    for _ in range(STEPS):
        step()
    return (time.perf_counter() - start) / STEPS


def main():
    import os

    os.environ["PADDLE_COMPAT_JIT_BACKEND"] = args.backend
    ours, native = paddle_setup(), torch_setup()
    for label, a, b in (("train step (fwd+loss, bwd, Adam)", ours[0], native[0]),
                        ("fwd+loss+bwd only", ours[1], native[1])):
        for _ in range(3):  # compile + warm up
            a()
            b()
        o, n = [], []
        for _ in range(REPEATS):
            o.append(timed(a))
            n.append(timed(b))
        ratio = min(o) / min(n)
        print(f"LeNet {label} (batch {BATCH}, backend {args.backend}): to_static {min(o) * 1e3:.3f} ms   "
              f"torch.compile {min(n) * 1e3:.3f} ms   ratio {ratio:.2f}x (target <= 1.10x)"
              f"{'  OK' if ratio <= 1.10 else '  OVER TARGET'}")


if __name__ == "__main__":
    main()
