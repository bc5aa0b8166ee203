"""Record, with REAL Paddle 2.6.2, what the to_static error scenarios of ``scenarios.py`` raise:

    .oracle/bin/python -m tests.jit_debug.record_goldens   -> tests/goldens/jit_errors_scenarios.json,
                                                              tests/goldens/jit_errors_debugging.json

For every scenario, in each mode of ``scenarios.MODES``, the outcome of each call (result shape, or exception class,
module and message); for every debugging script of ``debugging_scenarios``, its exit status and stdout."""

import json
import os
import sys
import tempfile

from tests.jit_debug import debugging_scenarios, scenarios

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "goldens", "jit_errors_scenarios.json")
DEBUGGING_GOLDEN = os.path.join(ROOT, "tests", "goldens", "jit_errors_debugging.json")


def main():
    from tools.api_diff.common import oracle_stamp

    golden = dict(oracle_stamp())
    directory = tempfile.mkdtemp(prefix="jst_")
    golden["scenarios"] = {name: {mode: scenarios.outcomes(name, directory, mode) for mode in scenarios.MODES}
                           for name in scenarios.SCENARIOS}
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    debugging = dict(oracle_stamp())
    debugging["scripts"] = {}
    for name in debugging_scenarios.SCRIPTS:
        outcome = debugging_scenarios.run(sys.executable, name, directory)
        debugging["scripts"][name] = {"returncode": outcome["returncode"], "stdout": outcome["stdout"]}
    with open(DEBUGGING_GOLDEN, "w") as f:
        json.dump(debugging, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
