"""Record tests/goldens/autop_*.json and dcp_*.json from real Paddle 2.6.2 (oracle interpreter only):

    .oracle/bin/python tests/distributed/scripts/autop_record.py [autop|dcp]

Runs the worker scripts under real Paddle's ``python -m paddle.distributed.launch`` (2 CPU ranks, gloo) and
stores the per-rank JSON files with the oracle stamp.
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, ROOT)

from tools.api_diff.common import oracle_stamp  # noqa: E402

GOLDENS = os.path.join(ROOT, "tests", "goldens")


def launch(worker, *args, nproc=2):
    with tempfile.TemporaryDirectory() as out_dir:
        command = [sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", str(nproc),
                   "--log_dir", os.path.join(out_dir, "log"), os.path.join(HERE, worker),
                   os.path.join(out_dir, "out"), *args]
        subprocess.run(command, check=True, timeout=300, cwd=out_dir, stdout=subprocess.DEVNULL)
        ranks = {}
        for rank in range(nproc):
            with open(os.path.join(out_dir, "out", f"rank{rank}.json")) as f:
                ranks[str(rank)] = json.load(f)
        return ranks


def write(name, data):
    with open(os.path.join(GOLDENS, name), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    stamp = oracle_stamp()
    which = sys.argv[1:] or ["autop", "dcp"]
    if "autop" in which:
        write("autop_worker.json", {**stamp, "ranks": launch("autop_worker.py")})
    if "dcp" in which:
        write("dcp_worker.json", {**stamp, "ranks": launch("dcp_worker.py")})


if __name__ == "__main__":
    main()
