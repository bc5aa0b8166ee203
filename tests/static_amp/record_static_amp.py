"""Record the static AMP goldens with REAL Paddle 2.6.2:  .oracle/bin/python -m tests.static_amp.record_static_amp

Writes tests/goldens/static_amp_programs.json: per case of tests/static_amp/cases.py the decorated program's ops
(types, slots, dtype attrs), variable dtypes, losses of a few steps from fixed weights and the loss-scaling state
after each step; plus facts about the op lists and Paddle's errors for bad arguments. Each case runs in its own
oracle process (Paddle's oneDNN bfloat16 kernels can crash the process)."""

import json
import os
import subprocess
import sys

from tools.api_diff.common import oracle_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "tests", "goldens", "static_amp_programs.json")


def _one(kind, name=None):
    import paddle

    from tests.static_amp import cases

    if kind == "case":
        return cases.run_case(paddle, name)
    if kind == "facts":
        return cases.list_facts(paddle)
    return cases.bad_inputs(paddle)


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        oracle_stamp()
        print("@@JSON@@" + json.dumps(_one(*sys.argv[2:])))
        return
    stamp = oracle_stamp()
    from tests.static_amp import cases

    golden = dict(stamp)

    def child(*args):
        proc = subprocess.run([sys.executable, "-m", "tests.static_amp.record_static_amp", "--one", *args],
                              cwd=ROOT, capture_output=True, text=True, timeout=300)
        for line in proc.stdout.splitlines():
            if line.startswith("@@JSON@@"):
                return json.loads(line[len("@@JSON@@"):])
        raise RuntimeError(f"{args}: exit {proc.returncode}\n{proc.stderr[-3000:]}")

    golden["cases"] = {name: child("case", name) for name in cases.CASES}
    golden["list_facts"] = child("facts")
    golden["bad_inputs"] = child("bad")
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=None, separators=(",", ":"), sort_keys=True)
    print(f"wrote {OUT}: {len(golden['cases'])} cases")


if __name__ == "__main__":
    main()
