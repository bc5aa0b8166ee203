"""Record tests/incubate/fixtures/asp_goldens.json with REAL Paddle 2.6.2:

    .oracle/bin/python tests/incubate/record_asp.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [ROOT, HERE, os.path.join(ROOT, "tests", "sparse")]

from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import asp_scenarios as scenarios  # noqa: E402
import paddle  # noqa: E402
from serialize import encode  # noqa: E402


def main():
    results = {}
    for name, fn in scenarios.SCENARIOS.items():
        paddle.seed(0)
        try:
            results[name] = {"status": "ok", "result": encode(fn(paddle))}
        except Exception as e:  # noqa: BLE001 - a failing scenario records Paddle's exception
            results[name] = {"status": "error", "type": type(e).__name__, "message": str(e)[:300]}
        print(name, results[name]["status"], results[name].get("type", ""), results[name].get("message", ""))
    with open(os.path.join(HERE, "fixtures", "asp_goldens.json"), "w") as f:
        json.dump(dict(STAMP, scenarios=results), f, separators=(",", ":"))


if __name__ == "__main__":
    main()
