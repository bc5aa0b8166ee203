"""Record tests/incubate/fixtures/autotune_goldens.json with REAL Paddle 2.6.2:

    .oracle/bin/python tests/incubate/record_autotune.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [ROOT, HERE]

from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import autotune_scenarios  # noqa: E402
import paddle  # noqa: E402


def main():
    calls = autotune_scenarios.run(paddle)
    from paddle.base import core

    with open(os.path.join(HERE, "fixtures", "autotune_goldens.json"), "w") as f:
        json.dump(dict(STAMP, calls=calls, cpu_layout_autotune_after_enable=core.use_layout_autotune()), f,
                  indent=1)
    for call in calls:
        print(call)


if __name__ == "__main__":
    main()
