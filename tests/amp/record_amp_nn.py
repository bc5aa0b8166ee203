"""Record tests/amp/fixtures/amp_nn.json from real Paddle 2.6.2:

    .oracle/bin/python tests/amp/record_amp_nn.py
"""

import json
import os
import sys

sys.path.insert(0, os.getcwd())
from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import paddle  # noqa: E402

from tests.amp.amp_nn_scenario import run  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "amp_nn.json")

if __name__ == "__main__":
    golden = dict(STAMP)
    golden["scenario"] = run(paddle)
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print("wrote", OUT)
