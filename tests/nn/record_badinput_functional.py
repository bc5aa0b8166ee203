"""Record tests/goldens/badinput_functional.json from real Paddle 2.6.2 (the oracle):

    .oracle/bin/python -m tests.nn.record_badinput_functional
"""

import json
import os

from tools.api_diff.common import GOLDENS_DIR, oracle_stamp

from .badinput_functional_calls import calls, namespace, outcome

PATH = os.path.join(GOLDENS_DIR, "badinput_functional.json")


def main():
    stamp = oracle_stamp()
    import paddle

    ns = namespace(paddle)
    results = {cid: outcome(expr, ns) for cid, expr in calls().items()}
    with open(PATH, "w") as f:
        json.dump({**stamp, "calls": results}, f, indent=0, sort_keys=True)
    print(f"{len(results)} calls -> {PATH}")


if __name__ == "__main__":
    main()
