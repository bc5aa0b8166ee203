"""Runs the docstring examples of a namespace (default ``paddle.static.nn``) with real Paddle 2.6.2 and with
paddle-compat, one process per example (static examples build into the default programs, which would leak
between examples), and compares them with tools.api_diff's comparator. Prints PASS/FAIL per example; writes
nothing. The harvested tests/goldens/doc_examples.json leaves static-mode examples out, hence this script.

    .oracle/bin/python -m tests.static_nn.doc_examples [namespace] [id regex]
"""

import os
import re
import sys

from tools.api_diff import doc_examples as harvest
from tools.api_diff.common import ROOT


def main(argv):
    namespace = argv[1] if len(argv) > 1 else "paddle.static.nn"
    only = argv[2] if len(argv) > 2 else None
    module = __import__(namespace, fromlist=["_"])
    examples = []
    for name in sorted(set(getattr(module, "__all__", []))):
        doc = getattr(getattr(module, name, None), "__doc__", None)
        for i, block in enumerate(harvest.extract_blocks(doc)):
            kept, reason, _ = harvest.block_statements(block)
            if kept and not reason:
                examples.append({"id": f"{namespace}.{name}#{i}", "api": f"{namespace}.{name}", "code": kept})
    if only:
        examples = [e for e in examples if re.search(only, e["id"])]
    ours = os.path.join(ROOT, ".venv", "bin", "python")
    passed = 0
    for example in examples:
        oracle = harvest.run_batch(sys.executable, [example], harvest.dx.DEFAULT_SEED, "oracle", jobs=1)[example["id"]]
        got = harvest.run_batch(ours, [example], harvest.dx.DEFAULT_SEED, "ours", jobs=1)[example["id"]]
        example.update(stdout=oracle["stdout"], raises=oracle["exc"], deterministic=True)
        if oracle["exc"]:
            example["raises_msg"] = (oracle["exc_msg"] or "")[:200]
        ok, why = harvest.dx.compare(example, got)
        passed += ok
        print("PASS" if ok else "FAIL", example["id"], "" if ok else (why or "")[:200].replace("\n", " "), flush=True)
    print(f"{passed}/{len(examples)} pass")


if __name__ == "__main__":
    main(sys.argv)
