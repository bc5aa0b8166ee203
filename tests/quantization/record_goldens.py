"""Record the quantization goldens from real Paddle 2.6.2 (oracle interpreter, repository root):

    .oracle/bin/python tests/quantization/record_goldens.py
"""

import json
import os
import sys

sys.path.insert(0, os.getcwd())
from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import paddle  # noqa: E402

from tests.quantization.scenarios import SCENARIOS  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "quant_goldens.json")


def main():
    golden = dict(STAMP)
    for name, fn in SCENARIOS.items():
        paddle.seed(0)
        golden[name] = fn(paddle)
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)
    print("wrote", OUT, os.path.getsize(OUT))


if __name__ == "__main__":
    main()
