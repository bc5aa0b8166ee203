"""Record tests/jit/translated_layer/fixtures/golden.json with REAL Paddle 2.6.2:

    .oracle/bin/python tests/jit/translated_layer/record.py
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, ROOT)

from tests.golden_scenarios import record_main  # noqa: E402

if __name__ == "__main__":
    record_main("tests.jit.translated_layer.scenarios")
