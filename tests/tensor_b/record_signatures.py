"""Record, from REAL Paddle, the names and signatures that part B must provide (run with the oracle):

    .oracle/bin/python tests/tensor_b/record_signatures.py

Writes tests/tensor_b/paddle_signatures.json: {"paddle.<name>": "(sig)", ..., "methods": [...]}.
"""

import inspect
import json
import os
import sys

import paddle
import paddle.tensor as pt

MODS = ("paddle.tensor.math", "paddle.tensor.ops", "paddle.tensor.stat", "paddle.tensor.linalg",
        "paddle.tensor.einsum", "paddle.tensor.layer_function_generator")


def sig(f):
    try:
        return str(inspect.signature(f))
    except (TypeError, ValueError):
        return None


out = {"functions": {}, "methods": []}
for n in dir(paddle):
    f = getattr(paddle, n)
    if callable(f) and getattr(f, "__module__", None) in MODS and not n.startswith("_"):
        out["functions"][f"paddle.{n}"] = sig(f)
for modname in ("linalg", "fft", "signal"):
    mod = getattr(paddle, modname)
    for n in mod.__all__:
        out["functions"][f"paddle.{modname}.{n}"] = sig(getattr(mod, n))
for n in pt.tensor_method_func:
    f = getattr(pt, n, None)
    m = getattr(f, "__module__", None)
    if (m in MODS or m == "paddle.signal" or n == "triangular_solve") and hasattr(paddle.Tensor, n):
        out["methods"].append(n)
out["methods"] = sorted(set(out["methods"]))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from tools.api_diff.common import oracle_stamp  # noqa: E402

out.update(oracle_stamp())
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "paddle_signatures.json")
with open(path, "w") as fh:
    json.dump(out, fh, indent=1, sort_keys=True)
print(len(out["functions"]), "functions,", len(out["methods"]), "methods ->", path)
