"""Record, from real Paddle 2.6.2, the ``__module__`` of every public function and class of the spec's namespaces
(tests/goldens/surface_modules.json, read by tests/tools/test_public_surface.py).

    .oracle/bin/python -m tests.tools.record_surface_modules

Stored grouped by module path to stay small: ``{"modules": {"paddle.tensor.math": ["paddle.add", ...], ...}}``.
Objects of Paddle's C++ core (``paddle.base.libpaddle``) are left out: they have no Python module to match.
"""

import importlib
import json
import os
import sys

from tools.api_diff import common

OUT = os.path.join(common.ROOT, "tests", "goldens", "surface_modules.json")


def main():
    stamp = common.oracle_stamp()  # exits unless `paddle` is real Paddle 2.6.2
    with open(os.path.join(common.ROOT, "mappings", "spec", "paddle-2.6.2.json")) as f:
        spec = json.load(f)
    modules = {}
    for ns, d in sorted(spec["namespaces"].items()):
        for name, want in sorted(d["names"].items()):
            if want.get("kind") not in ("function", "class"):
                continue
            try:
                obj = getattr(importlib.import_module(ns), name)
            except Exception:  # noqa: BLE001 - a name the spec lists but this interpreter cannot reach
                continue
            mod = getattr(obj, "__module__", None)
            if not isinstance(mod, str) or ".libpaddle" in mod:
                continue
            modules.setdefault(mod, []).append(f"{ns}.{name}")
    golden = dict(stamp, modules=modules)
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)
        f.write("\n")
    print(f"{sum(len(v) for v in modules.values())} APIs in {len(modules)} modules -> {os.path.relpath(OUT)}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
