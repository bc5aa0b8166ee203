"""Shared timing for the benchmarks: one thread, interleaved repeats, min-of-N, ratio vs native torch."""

import sys
import time

import torch

torch.set_num_threads(1)
QUICK = "--quick" in sys.argv


def _time(fn, number):
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - start) / number


def compare(name, ours, native, number, repeats=None, target=None):
    """Print and return min(ours)/min(native); both run alternately so they see the same machine state."""
    repeats = repeats or (5 if QUICK else 20)
    ours(), native()  # warm up caches and lazy initialisation
    o, n = [], []
    for _ in range(repeats):
        o.append(_time(ours, number))
        n.append(_time(native, number))
    ratio = min(o) / min(n)
    tgt = "" if target is None else f" (target <= {target:.2f}x){'  OK' if ratio <= target else '  OVER TARGET'}"
    print(f"{name:<40} ours {min(o) * 1e6:10.1f} us   torch {min(n) * 1e6:10.1f} us   ratio {ratio:5.2f}x{tgt}")
    return ratio
