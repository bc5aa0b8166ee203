"""Record the incubate goldens with REAL Paddle 2.6.2:

    .oracle/bin/python tests/incubate/record_goldens.py

tests/incubate/fixtures/incubate_goldens.json (incubate_scenarios.py) and asp_goldens.json (asp_scenarios.py).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [ROOT, HERE, os.path.join(ROOT, "tests", "sparse")]

from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import asp_scenarios  # noqa: E402
import incubate_scenarios  # noqa: E402
from serialize import record_scenarios  # noqa: E402

if __name__ == "__main__":
    record_scenarios(incubate_scenarios, os.path.join(HERE, "fixtures", "incubate_goldens.json"), STAMP)
    record_scenarios(asp_scenarios, os.path.join(HERE, "fixtures", "asp_goldens.json"), STAMP)
