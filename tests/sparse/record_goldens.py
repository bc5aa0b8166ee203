"""Record tests/sparse/fixtures/sparse_goldens.json with REAL Paddle 2.6.2:

    .oracle/bin/python tests/sparse/record_goldens.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [ROOT, HERE]

from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import sparse_scenarios as scenarios  # noqa: E402
from serialize import record_scenarios  # noqa: E402

if __name__ == "__main__":
    record_scenarios(scenarios, os.path.join(HERE, "fixtures", "sparse_goldens.json"), STAMP)
