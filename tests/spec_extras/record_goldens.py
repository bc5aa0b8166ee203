"""Record tests/spec_extras/fixtures/oracle_goldens.json from REAL Paddle 2.6.2 (run with the oracle):

    .oracle/bin/python -m tests.spec_extras.record_goldens"""

import json
import os

from tools.api_diff.common import oracle_stamp

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "oracle_goldens.json")


def main():
    golden = dict(oracle_stamp())
    from tests.spec_extras.scenarios import SCENARIOS

    for name, scenario in SCENARIOS.items():
        golden[name] = scenario()
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True, default=repr)
    print("wrote", os.path.relpath(GOLDEN))


if __name__ == "__main__":
    main()
