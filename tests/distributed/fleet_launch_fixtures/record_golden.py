"""Record golden.json from real Paddle 2.6.2's legacy launcher and its helpers:
``.oracle/bin/python -m tests.distributed.fleet_launch_fixtures.record_golden`` (from the repository root)."""

import json
import os
import sys
import tempfile

from tools.api_diff.common import oracle_stamp

from . import cases

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    golden = dict(oracle_stamp())
    golden["helpers"] = cases.helper_results()
    with tempfile.TemporaryDirectory() as work_dir:
        summary, seconds, done = cases.allreduce_run(sys.executable, work_dir)
        assert summary["returncode"] == 0, done.stdout + done.stderr
        golden["allreduce_run"] = summary
        print(f"oracle all_reduce run: {seconds:.1f} s")
    with tempfile.TemporaryDirectory() as work_dir:
        summary, seconds, done = cases.handover_run(sys.executable, work_dir)
        assert summary["returncode"] == 0, done.stdout + done.stderr
        golden["handover_run"] = summary
        print(f"oracle handover run: {seconds:.1f} s")
    with tempfile.TemporaryDirectory() as work_dir:
        summary, seconds, done = cases.failing_run(sys.executable, work_dir)
        golden["failing_run"] = summary
        print(f"oracle failing run: {seconds:.1f} s")
    for label, script in (("helpers_run", "env_only_worker.py"), ("helpers_failing_run", "failing_worker.py")):
        with tempfile.TemporaryDirectory() as work_dir:
            summary, seconds, done = cases.helpers_run(sys.executable, work_dir, script)
            golden[label] = summary
            print(f"oracle {label}: {seconds:.1f} s")
    with tempfile.TemporaryDirectory() as work_dir:
        summary, seconds, done = cases.helpers_run(sys.executable, work_dir, "env_only_worker.py", layout="gpu")
        golden["helpers_gpu_layout_run"] = summary
        print(f"oracle helpers_gpu_layout_run: {seconds:.1f} s")
    with open(os.path.join(HERE, "golden.json"), "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
