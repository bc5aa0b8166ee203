"""Records tests/goldens/zoo_fixes.json with real Paddle 2.6.2:

    .oracle/bin/python tests/repos/zoo/record_fixes.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from tools.api_diff.common import oracle_stamp  # noqa: E402

GOLDEN = os.path.join(ROOT, "tests", "goldens", "zoo_fixes.json")


def main():
    golden = dict(oracle_stamp())
    import fix_scenarios

    golden["scenarios"] = {name: fn() for name, fn in fix_scenarios.SCENARIOS.items()}
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
