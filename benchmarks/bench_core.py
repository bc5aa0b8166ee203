"""Hot-path cost of the paddle-compat Tensor wrapper against native torch, measured in the same run.

    .venv/bin/python benchmarks/bench_core.py [--quick]

One thread, interleaved repeats, min-of-N per measurement; prints each ratio and its target.
"""

import subprocess
import sys
import timeit

import torch

torch.set_num_threads(1)

import paddle  # noqa: E402

QUICK = "--quick" in sys.argv
REPEATS = 10 if QUICK else 60


def best(stmt, number, glb):
    t = timeit.Timer(stmt, globals=glb)
    return t.timeit(number) / number


def compare(name, ours, native, number, glb, target=None):
    o, n = [], []
    for _ in range(REPEATS):  # interleaved: both see the same machine state
        o.append(best(ours, number, glb))
        n.append(best(native, number, glb))
    ratio = min(o) / min(n)
    flag = "" if target is None else ("  OK" if ratio <= target else "  OVER TARGET")
    tgt = "" if target is None else f" (target <= {target:.2f}x)"
    print(f"{name:<34} ours {min(o) * 1e6:9.2f} us   torch {min(n) * 1e6:9.2f} us   ratio {ratio:5.2f}x{tgt}{flag}")
    return ratio


def import_time():
    def run(mod):
        code = f"import time; t=time.perf_counter(); import {mod}; print(time.perf_counter()-t)"
        return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                    check=True).stdout.strip().splitlines()[-1])

    o, n = [], []
    for _ in range(3 if QUICK else 5):
        n.append(run("torch"))
        o.append(run("paddle"))
    print(f"{'import paddle vs import torch':<34} ours {min(o) * 1e3:9.1f} ms   torch {min(n) * 1e3:9.1f} ms   "
          f"ratio {min(o) / min(n):5.2f}x")


def chain_ours(a):
    return ((a * 2.0 + 1.0).reshape([4, 16]).transpose([1, 0])).sum(axis=0)


def chain_torch(a):
    return ((a * 2.0 + 1.0).reshape(4, 16).permute(1, 0)).sum(dim=0)


def main():
    import_time()
    ta, tb = torch.rand(4), torch.rand(4)
    pa, pb = paddle.to_tensor(ta.numpy()), paddle.to_tensor(tb.numpy())
    g = {"pa": pa, "pb": pb, "ta": ta, "tb": tb, "torch": torch, "paddle": paddle}
    compare("a + b (4 x float32)", "pa + pb", "ta + tb", 2000, g, 1.25)
    compare("a * 2.0 (4 x float32, scalar)", "pa * 2.0", "ta * 2.0", 2000, g)
    t8 = torch.rand(8, 8)
    p8 = paddle.to_tensor(t8.numpy())
    g.update(p8=p8, t8=t8, chain_ours=chain_ours, chain_torch=chain_torch)
    try:
        chain_ours(p8)
        compare("8x8 chain (*,+,reshape,T,sum)", "chain_ours(p8)", "chain_torch(t8)", 500, g, 1.15)
    except (AttributeError, TypeError) as e:
        print(f"8x8 chain: skipped, a Tensor method is missing ({e})")
    m1, m2 = torch.rand(256, 256), torch.rand(256, 256)
    q1, q2 = paddle.to_tensor(m1.numpy()), paddle.to_tensor(m2.numpy())
    g.update(m1=m1, m2=m2, q1=q1, q2=q2, pmm=getattr(paddle, "matmul", None))
    compare("matmul 256x256 (@)", "q1 @ q2", "m1 @ m2", 10, g)
    if g["pmm"] is not None:
        compare("paddle.matmul 256x256", "pmm(q1, q2)", "torch.matmul(m1, m2)", 10, g)


if __name__ == "__main__":
    main()
