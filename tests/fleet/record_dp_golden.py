"""Record tests/goldens/fleet_dp.json: tests/fleet/scripts/fleet_dp_worker.py (modes dp and sharding stage 1)
under real Paddle 2.6.2's launcher on 2 CPU ranks (gloo). Run with the oracle from the repo root:

    .oracle/bin/python -m tests.fleet.record_dp_golden
"""

import json
import os
import subprocess
import sys
import tempfile

from tools.api_diff.common import oracle_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "goldens", "fleet_dp.json")


def main():
    golden = dict(oracle_stamp())
    for mode in ("dp", "sharding"):
        with tempfile.TemporaryDirectory() as tmp:
            out_dir = os.path.join(tmp, "out")
            env = {k: v for k, v in os.environ.items() if not k.startswith(("PADDLE_", "MASTER_"))}
            subprocess.run([sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", "2", "--log_dir",
                            os.path.join(tmp, "log"), os.path.join(HERE, "scripts", "fleet_dp_worker.py"), out_dir,
                            mode], check=True, timeout=300, cwd=tmp, env=env, stdout=subprocess.DEVNULL)
            golden[mode] = {}
            for rank in range(2):
                with open(os.path.join(out_dir, f"rank{rank}.json")) as f:
                    golden[mode][f"rank{rank}"] = json.load(f)
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1)
    print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
