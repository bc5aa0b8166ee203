"""``paddle-compat demo``: runs examples/train_lenet.py (plain Paddle 2.x code) with paddle-compat."""

import os
import runpy
import sys

SCRIPT = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "examples", "train_lenet.py"
)


def main(argv=()):
    if not os.path.exists(SCRIPT):
        print(
            f"paddle-compat demo: {SCRIPT} not found; run it from a source checkout of paddle-compat", file=sys.stderr
        )
        return 2
    sys.argv = [SCRIPT, *argv]
    try:
        runpy.run_path(SCRIPT, run_name="__main__")
    except SystemExit as done:
        return done.code or 0
    return 0
