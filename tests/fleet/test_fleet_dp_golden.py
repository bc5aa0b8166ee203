"""fleet data parallel and sharding stage 1 on 2 CPU ranks under our launcher against real Paddle 2.6.2 under
its own launcher (tests/goldens/fleet_dp.json, recorded by tests/fleet/record_dp_golden.py with the same
worker script)."""

import json
import os

import numpy as np
import pytest

from tests.distributed._launch import launch
from tools.api_diff.common import check_stamp

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "goldens", "fleet_dp.json")


@pytest.mark.parametrize("mode", ["dp", "sharding"])
def test_fleet_two_ranks_match_real_paddle(tmp_path, mode):
    with open(GOLDEN_PATH) as f:
        golden = json.load(f)
    check_stamp(golden, GOLDEN_PATH)
    golden = golden[mode]
    out_dir = tmp_path / "out"
    done, _, _ = launch(tmp_path, os.path.join(HERE, "scripts", "fleet_dp_worker.py"), str(out_dir), mode,
                        timeout=150)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    for rank in range(2):
        with open(out_dir / f"rank{rank}.json") as f:
            ours = json.load(f)
        expected = golden[f"rank{rank}"]
        for key in ("rank", "worker_num", "worker_endpoints_count", "is_first_worker", "parallel_mode", "dp", "mp",
                    "sharding", "check_group_ranks", "model_class", "optimizer_class", "local_param_shapes"):
            if key not in expected:
                continue
            assert ours[key] == expected[key], (rank, key)
        np.testing.assert_allclose(ours["losses"], expected["losses"], rtol=1e-5)
        for got, want in zip(ours["weights"], expected["weights"]):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
