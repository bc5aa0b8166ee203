"""Regenerate paddle_api_a.json from REAL Paddle (oracle interpreter only):

    .oracle/bin/python tests/tensor_a/record_api.py

Records Paddle 2.6.2's signatures of the paddle.* functions defined in paddle/tensor/{creation,
manipulation,logic,search,random,attribute}.py and which Tensor methods those files provide.
"""

import inspect
import json
import os
import sys

import paddle

MODS = ("creation", "manipulation", "logic", "search", "random", "attribute")
SKIP = ("to_tensor", "create_parameter")  # owned elsewhere (_core, nn)


def main():
    out = {"paddle": {}, "methods": {}}
    for m in MODS:
        for n in paddle.__all__:
            f = getattr(paddle, n)
            if getattr(f, "__module__", None) == "paddle.tensor." + m and n not in SKIP:
                out["paddle"][n] = str(inspect.signature(f))
    for n in paddle.tensor.tensor_method_func:
        for m in MODS:
            f = getattr(getattr(paddle.tensor, m), n, None)
            if getattr(f, "__module__", None) == "paddle.tensor." + m and n not in SKIP:
                out["methods"][n] = m
    # manipulation.py also patches these onto Tensor directly (its __METHODS table)
    for n in ("fill_", "zero_", "fill_diagonal_", "fill_diagonal_tensor_", "fill_diagonal_tensor", "tolist"):
        out["methods"][n] = "manipulation"
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    from tools.api_diff.common import oracle_stamp

    out.update(oracle_stamp())
    path = os.path.join(os.path.dirname(__file__), "paddle_api_a.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
