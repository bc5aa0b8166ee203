"""Record fixtures/golden.json with REAL Paddle 2.6.2:

    .oracle/bin/python tests/static/variable_methods/record.py
"""

import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path[:0] = [ROOT, HERE]
gzip.decompress(gzip.compress(bytes(1 << 20)))  # warm zlib before libpaddle (the oracle's zlib clash)

from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import paddle  # noqa: E402

from tests.static.variable_methods import scenarios  # noqa: E402

if __name__ == "__main__":
    paddle.enable_static()
    results = {}
    for name in scenarios.NAMES:
        out = scenarios.run(paddle, name)
        results[name] = out if isinstance(out, str) else [
            {"dtype": str(a.dtype), "shape": list(a.shape), "data": a.reshape(-1).tolist()} for a in out]
    with open(os.path.join(HERE, "fixtures", "golden.json"), "w") as f:
        json.dump(dict(STAMP, results=results), f, separators=(",", ":"))
    print(sum(isinstance(v, str) for v in results.values()), "errors of", len(results))
    print(sorted(k for k, v in results.items() if isinstance(v, str)))
