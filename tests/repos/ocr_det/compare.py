"""Compare a driver result (ours) with the oracle's: ``python compare.py GOLDEN.json OURS.json`` prints the
differences per case; ``compare_case`` is what the test uses."""

import json
import sys

import numpy as np

# float32 models of 20-100 layers: eval outputs agree to ~1e-6 relative; a train loss and the gradients of the
# first/last layers go through batch statistics of 2 samples and softmax/CTC sums, so they get 1e-4 / 2e-3.
RTOL = {"eval": 1e-4, "train": 1e-3}


def _close(g, o, rtol, spread=0.0):
    if set(g) != set(o):
        return f"fields {sorted(g)} != {sorted(o)}"
    for k in ("shape", "dtype", "str", "none", "type", "object"):
        if g.get(k) != o.get(k):
            return f"{k}: oracle {g.get(k)!r} != ours {o.get(k)!r}"
    if "samples" not in g:
        return None
    scale = max(np.abs(g["samples"]).max(), g["abssum"] / max(np.prod(g["shape"]), 1), 1e-6)
    diff = np.abs(np.asarray(g["samples"]) - np.asarray(o["samples"])).max()
    if diff > max(rtol * scale, 3 * spread) + 1e-6:
        return f"samples differ by {diff:.3g} (scale {scale:.3g})"
    if 3 * spread <= rtol * scale:  # sums only where Paddle itself is stable under a 1e-6 nudge
        if abs(g["sum"] - o["sum"]) > rtol * max(g["abssum"], 1e-6) + 1e-6:
            return f"sum {o['sum']!r} != oracle {g['sum']!r}"
        if abs(g["abssum"] - o["abssum"]) > rtol * max(g["abssum"], 1e-6) + 1e-6:
            return f"abssum {o['abssum']!r} != oracle {g['abssum']!r}"
    return None


def compare_case(golden, ours, tolerances=None):
    """List of human-readable differences between one case's oracle summary and ours."""
    tolerances = tolerances or {}
    problems = []
    if "error" in golden or "error" in ours:
        if golden.get("error") != ours.get("error"):
            problems.append(f"build: oracle {golden.get('error')!r}, ours {ours.get('error')!r}")
        return problems
    if golden["weights"] != ours["weights"]:
        problems.append(f"weights: oracle {golden['weights']} != ours {ours['weights']}")
    if golden.get("input_sha") != ours.get("input_sha"):
        problems.append("input differs")
    for step in ("eval", "train"):
        g, o = golden.get(step), ours.get(step)
        if g is None:
            continue
        if "error" in g or "error" in (o or {}):
            if g.get("error") != (o or {}).get("error"):
                problems.append(f"{step}: oracle {g.get('error')!r}, ours {(o or {}).get('error')!r}")
            continue
        if set(g) != set(o):
            problems.append(f"{step}: outputs {sorted(set(g) ^ set(o))} only on one side")
        spread = golden.get(f"{step}_nudge", {})
        if "error" in spread:
            spread = {}
        for path in sorted(set(g) & set(o)):
            msg = _close(g[path], o[path], tolerances.get(f"{step}:{path}", RTOL[step]), spread.get(path, 0.0))
            if msg:
                problems.append(f"{step}:{path}: {msg}")
    return problems


def main(golden_path, ours_path):
    golden = json.load(open(golden_path))
    ours = json.load(open(ours_path))
    g_res = golden["results"]
    o_res = ours["results"]
    g_keys, o_keys = golden.get("keys", {}), ours.get("keys", {})
    for name in g_res:
        if name not in o_res:
            continue
        problems = compare_case(g_res[name], o_res[name])
        if name in g_keys and name in o_keys and g_keys[name] != o_keys[name]:
            only_g = [k for k in g_keys[name] if k not in o_keys[name]][:5]
            only_o = [k for k in o_keys[name] if k not in g_keys[name]][:5]
            problems.append(f"keys: oracle-only {only_g}, ours-only {only_o}")
        status = "PASS" if not problems else "FAIL"
        g_t, o_t = g_res[name].get("total_seconds"), o_res[name].get("total_seconds")
        print(f"{status} {name}  (oracle {g_t} s, ours {o_t} s)")
        for p in problems:
            print("    ", p)
        for step, tb in o_res[name].get("tracebacks", {}).items():
            if "--tb" in sys.argv:
                print(f"  --- ours {step} traceback:\n{tb}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
