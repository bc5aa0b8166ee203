"""Record tests/amp/fixtures/module_paths.json from real Paddle 2.6.2:

    .oracle/bin/python tests/amp/record_module_paths.py
"""

import json
import os
import sys

sys.path.insert(0, os.getcwd())
from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

from tests.amp.module_paths import module_paths  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "module_paths.json")

if __name__ == "__main__":
    golden = dict(STAMP)
    golden["module_paths"] = module_paths()
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print("wrote", OUT)
