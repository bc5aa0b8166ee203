"""Adam step on 1M parameters in 50 tensors: paddle_compat's Adam vs torch.optim.Adam(foreach=True),
same process, 1 thread. Prints the per-step times and the ratio (target <= 1.05).

    .venv/bin/python benchmarks/bench_optimizer.py
"""

import statistics
import time

import torch

torch.set_num_threads(1)

import paddle  # noqa: E402

from paddle_compat._core import Parameter  # noqa: E402

N_TENSORS = 50
TOTAL = 1_000_000
SIZE = TOTAL // N_TENSORS


def make():
    g = torch.Generator().manual_seed(0)
    return [torch.randn(SIZE, generator=g) for _ in range(N_TENSORS)], [torch.randn(SIZE, generator=g) * 1e-2
                                                                          for _ in range(N_TENSORS)]


def _time(step, n=5):
    t0 = time.perf_counter()
    for _ in range(n):
        step()
    return (time.perf_counter() - t0) / n


def bench_pair(step_a, step_b, rounds):
    """Interleaved rounds (a, b, b, a, ...) so that load changes on a shared machine hit both alike;
    returns the median per-step time of each."""
    for _ in range(3):
        step_a()
        step_b()
    ta, tb = [], []
    for r in range(rounds):
        if r % 2:
            tb.append(_time(step_b))
            ta.append(_time(step_a))
        else:
            ta.append(_time(step_a))
            tb.append(_time(step_b))
    return statistics.median(ta), statistics.median(tb)


def main(rounds=21):
    data, grads = make()
    tparams = [torch.nn.Parameter(d.clone()) for d in data]
    for p, g in zip(tparams, grads):
        p.grad = g.clone()
    topt = torch.optim.Adam(tparams, lr=1e-3, foreach=True)

    pparams = [Parameter(_data=d.clone(), name=f"p_{i}") for i, d in enumerate(data)]
    for p, g in zip(pparams, grads):
        p._t.grad = g.clone()
    popt = paddle.optimizer.Adam(learning_rate=1e-3, parameters=pparams)

    t_torch, t_ours = bench_pair(topt.step, popt.step, rounds)
    print(f"torch.optim.Adam(foreach=True): {t_torch * 1e3:.3f} ms/step")
    print(f"paddle_compat Adam            : {t_ours * 1e3:.3f} ms/step")
    print(f"ratio ours/torch              : {t_ours / t_torch:.3f}")
    return t_ours / t_torch


if __name__ == "__main__":
    main()
