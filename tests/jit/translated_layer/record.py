"""Record tests/jit/translated_layer/fixtures/golden.json with REAL Paddle 2.6.2:

    .oracle/bin/python tests/jit/translated_layer/record.py
"""

import gzip
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path[:0] = [ROOT, HERE, os.path.join(ROOT, "tests", "sparse")]
gzip.decompress(gzip.compress(bytes(1 << 20)))  # warm zlib before libpaddle (the oracle's zlib clash)

from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

from serialize import record_scenarios  # noqa: E402

from tests.jit.translated_layer import scenarios  # noqa: E402

if __name__ == "__main__":
    record_scenarios(scenarios, os.path.join(HERE, "fixtures", "golden.json"), STAMP)
