"""Records tests/goldens/static_lod_sequence_ops.json with real Paddle 2.6.2 (run with the oracle interpreter:
``.oracle/bin/python -m tests.static_lod.record_goldens``)."""

import json
import os

from tools.api_diff.common import oracle_stamp

STAMP = oracle_stamp()

import paddle  # noqa: E402

from tests.static_lod.cases import CASES, run_case  # noqa: E402
from tests.static_lod.scenarios import SCENARIOS, run_scenario  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "goldens", "static_lod_sequence_ops.json")


def main():
    scenarios = {}
    for name, source in SCENARIOS.items():
        scenarios[name] = run_scenario(paddle, source)
        paddle.disable_static()
    paddle.enable_static()
    results = {}
    for case in CASES:
        results[case["id"]] = run_case(paddle, case)
    with open(OUT, "w") as f:
        json.dump({**STAMP, "cases": results, "scenarios": scenarios}, f, indent=0, sort_keys=True)
        f.write("\n")
    print(f"{len(results)} cases -> {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
