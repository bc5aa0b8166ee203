"""Record tests/goldens/fleet_sharding_reference.json with real Paddle 2.6.2 on CPU: tests/fleet/scripts/
sharding_worker.py in mode "single" (one process, whole batch) and mode "dp" (paddle.DataParallel, 2 gloo ranks
under Paddle's launcher). Paddle's own group_sharded_parallel asserts a GPU/XPU device, so these runs of the same
model and optimizer are the Paddle references for our sharding stages. Run from the repo root:

    .oracle/bin/python -m tests.fleet.record_sharding_golden
"""

import json
import os
import subprocess
import sys
import tempfile

from tools.api_diff.common import oracle_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "goldens", "fleet_sharding_reference.json")
WORKER = os.path.join(HERE, "scripts", "sharding_worker.py")


def _keep(result):
    return {"losses": result["losses"], "state": result["state"], "state_keys": result["state_keys"]}


def main():
    golden = dict(oracle_stamp())
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PADDLE_", "MASTER_"))}
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, WORKER, "single", tmp], check=True, timeout=300, cwd=tmp, env=env)
        with open(os.path.join(tmp, "rank0.json")) as f:
            golden["single"] = _keep(json.load(f))
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = os.path.join(tmp, "out")
        os.makedirs(out_dir)
        subprocess.run([sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", "2", "--log_dir",
                        os.path.join(tmp, "log"), WORKER, "dp", out_dir], check=True, timeout=300, cwd=tmp,
                       env=env, stdout=subprocess.DEVNULL)
        golden["dp"] = {}
        for rank in range(2):
            with open(os.path.join(out_dir, f"rank{rank}.json")) as f:
                golden["dp"][f"rank{rank}"] = _keep(json.load(f))
    with open(GOLDEN, "w") as f:
        json.dump(golden, f)
    print("wrote", GOLDEN)


if __name__ == "__main__":
    main()
