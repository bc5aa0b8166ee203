"""Record tests/goldens/fleet_pipeline_sep.json: tests/fleet/scripts/pipeline_sep_worker.py (fleet with
sep_degree 2 -> SegmentParallel) under real Paddle 2.6.2's launcher on 2 CPU ranks. Run from the repo root:

    .oracle/bin/python -m tests.fleet.record_sep_golden
"""

import json
import os
import subprocess
import sys
import tempfile

from tools.api_diff.common import oracle_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "goldens", "fleet_pipeline_sep.json")


def main():
    golden = dict(oracle_stamp())
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PADDLE_", "MASTER_"))}
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = os.path.join(tmp, "out")
        os.makedirs(out_dir)
        subprocess.run([sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", "2", "--log_dir",
                        os.path.join(tmp, "log"), os.path.join(HERE, "scripts", "pipeline_sep_worker.py"), out_dir],
                       check=True, timeout=300, cwd=tmp, env=env, stdout=subprocess.DEVNULL)
        for rank in range(2):
            with open(os.path.join(out_dir, f"rank{rank}.json")) as f:
                golden[f"rank{rank}"] = json.load(f)
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1)
    print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
