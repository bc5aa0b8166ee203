"""Record the scenarios' stdout with real Paddle: ``.oracle/bin/python -m tests.core.mode_switch.record``."""

import json
import os
import subprocess
import sys

from tests.core.mode_switch.scenarios import SCENARIOS
from tools.api_diff.common import oracle_stamp

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "goldens.json")
# the oracle's zlib quirk: gzip before paddle or reading compressed data can segfault
PRELUDE = "import gzip; gzip.decompress(gzip.compress(bytes(1 << 20)))\n"


def run(python, code, prelude=""):
    proc = subprocess.run([python, "-c", prelude + code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "GLOG_minloglevel": "2"})
    if proc.returncode:
        raise RuntimeError(proc.stderr[-2000:])
    return proc.stdout


def main():
    stamp = oracle_stamp()
    golden = {**stamp, "stdout": {name: run(sys.executable, code, PRELUDE) for name, code in SCENARIOS.items()}}
    with open(GOLDEN, "w") as f:
        json.dump(golden, f, indent=1)
    print(f"wrote {GOLDEN}: {len(golden['stdout'])} scenarios")


if __name__ == "__main__":
    main()
