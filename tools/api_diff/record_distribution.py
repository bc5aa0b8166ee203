"""Record paddle.distribution goldens with REAL Paddle (run with the oracle venv's python):

    .oracle/bin/python -m tools.api_diff.record_distribution

Writes tests/goldens/distribution.json from tests/distribution/cases.py.
"""

import json
import os
import sys
import zlib  # noqa: F401 - must load before paddle in the oracle venv (zlib clash)

import numpy as np
import paddle

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from tests.distribution.cases import CASES  # noqa: E402


def build(arg):
    if isinstance(arg, tuple) and arg and arg[0] == "t":
        return paddle.to_tensor(np.array(arg[2], dtype=arg[1]))
    if isinstance(arg, tuple) and arg and arg[0] in ("dist", "transform"):
        return getattr(paddle.distribution, arg[1])(*[build(a) for a in arg[2]])
    if isinstance(arg, list):
        return [build(a) for a in arg]
    return arg


def describe(value):
    if isinstance(value, paddle.Tensor):
        return {
            "kind": "tensor",
            "dtype": str(value.dtype).replace("paddle.", ""),
            "shape": list(value.shape),
            "value": np.asarray(value.numpy(), dtype=np.float64).tolist(),
        }
    if isinstance(value, (tuple, list)):
        return {"kind": "seq", "items": [describe(v) for v in value]}
    return {"kind": "py", "value": value}


def main():
    from tools.api_diff.common import oracle_stamp

    stamp = oracle_stamp()
    paddle.seed(0)
    goldens = {}
    for case_id, ctor, args, member, member_args, _check in CASES:
        try:
            target = getattr(paddle.distribution, ctor)(*[build(a) for a in args])
            if member is not None:
                attr = getattr(target, member)
                target = attr(*[build(a) for a in member_args]) if member_args is not None else attr
            goldens[case_id] = {"status": "ok", "result": describe(target)}
        except Exception as e:  # noqa: BLE001 - the exception type is the golden
            goldens[case_id] = {"status": "error", "error_type": type(e).__name__, "message": str(e)[:200]}
    path = os.path.join("tests", "goldens", "distribution.json")
    with open(path, "w") as f:
        json.dump({**stamp, "cases": goldens}, f, indent=1, sort_keys=True)
    print(f"wrote {len(goldens)} cases to {path}")


if __name__ == "__main__":
    main()
