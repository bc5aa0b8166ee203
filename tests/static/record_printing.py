"""Record real Paddle's printed static programs (tests/static/printing_programs.py) as the golden
tests/goldens/static_printing.json. Run with the oracle: .oracle/bin/python -m tests.static.record_printing"""

import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, ROOT)

from tools.api_diff.common import oracle_stamp  # noqa: E402

OUT = os.path.join(ROOT, "tests", "goldens", "static_printing.json")


def main():
    stamp = oracle_stamp()
    import paddle

    from tests.static.printing_programs import BUILDERS

    programs = {name: build(paddle) for name, build in BUILDERS.items()}
    paddle.disable_static()
    with open(OUT, "w") as f:
        json.dump(dict(stamp, programs=programs), f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(programs)} programs -> {OUT}")


if __name__ == "__main__":
    main()
