"""Record tests/goldens/rng_streams.json with REAL Paddle 2.6.2:

    .oracle/bin/python -m tests.random_stream.record_goldens

For each case of cases.py: per output its dtype, shape, the first values and a SHA-256 of all its values (as
float64 or int64 bytes), so long streams are checked exactly without storing them; ``approx_`` cases (whose
last bits depend on a kernel other than the random draws) keep all their values.
"""

import json
import os
import warnings

from tools.api_diff.common import oracle_stamp

from .cases import CASES
from .replay import run_case

OUT = os.path.join(os.path.dirname(__file__), "..", "goldens", "rng_streams.json")


def main():
    stamp = oracle_stamp()
    warnings.filterwarnings("ignore")
    import paddle

    paddle.set_device("cpu")
    golden = dict(stamp)
    golden["cases"] = {name: run_case(paddle, code, name.startswith("approx_")) for name, code in CASES.items()}
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)
        f.write("\n")
    print(f"recorded {len(CASES)} cases into {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
