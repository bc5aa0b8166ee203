"""Record, with REAL Paddle 2.6.2, what the to_static error scenarios of ``scenarios.py`` raise:

    .oracle/bin/python -m tests.jit_debug.record_goldens   -> tests/goldens/jit_errors_scenarios.json

For every scenario, in each mode of ``scenarios.MODES``, the outcome of each call (result shape, or exception class,
module and message)."""

import json
import os
import tempfile

from tests.jit_debug import scenarios

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "goldens", "jit_errors_scenarios.json")


def main():
    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    directory = tempfile.mkdtemp(prefix="jst_")
    golden["scenarios"] = {name: {mode: scenarios.outcomes(name, directory, mode) for mode in scenarios.MODES}
                           for name in scenarios.SCENARIOS}
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
