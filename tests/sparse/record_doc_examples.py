"""Record tests/sparse/fixtures/doc_examples.json with REAL Paddle 2.6.2: the docstring examples of the Tensor
sparse members and of paddle.sparse / paddle.geometric / paddle.incubate (the project-wide doc-example suite
skips these namespaces), run on the oracle; the stdout or exception of each is the golden.

    .oracle/bin/python tests/sparse/record_doc_examples.py
"""

import inspect
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)

from tools.api_diff import doc_examples as de  # noqa: E402
from tools.api_diff import doc_examples_exec as dx  # noqa: E402
from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import paddle  # noqa: E402

TENSOR_MEMBERS = ["to_sparse_coo", "to_sparse_csr", "to_dense", "values", "indices", "crows", "cols", "nnz",
                  "coalesce", "is_sparse", "is_sparse_coo", "is_sparse_csr"]
NAMESPACES = ["paddle.sparse"]


def _targets():
    for name in TENSOR_MEMBERS:
        yield f"paddle.Tensor.{name}", getattr(paddle.Tensor, name)
    for ns in NAMESPACES:
        module = paddle
        for part in ns.split(".")[1:]:
            module = getattr(module, part)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name, None)
            if obj is not None and not inspect.ismodule(obj):
                yield f"{ns}.{name}", obj


def _worker(skip_until, progress):
    """Run the examples after index ``skip_until``, appending each result to ``progress`` (one JSON a line):
    a Paddle crash (a few sparse kernels abort on CPU) kills only this worker; the parent resumes after it."""
    index = -1
    with open(progress, "a") as out:
        for api, obj in _targets():
            for i, block in enumerate(de.extract_blocks(inspect.getdoc(obj))):
                statements, drop, _ = de.block_statements(block)
                if drop or not statements:
                    continue
                index += 1
                if index <= skip_until:
                    continue
                out.write(json.dumps({"index": index, "api": api, "block": i, "started": True}) + "\n")
                out.flush()
                result = dx.run_example(paddle, statements)
                message = result["exc_msg"] or ""
                cuda_only = result["exc"] and ("CUDA" in message or "GPU" in message or "not registered" in message)
                out.write(json.dumps({"index": index, "api": api, "block": i, "statements": statements,
                                      "stdout": result["stdout"], "raises": result["exc"],
                                      "skip": "CUDA-only kernel" if cuda_only else None}) + "\n")
                out.flush()


def main():
    import subprocess

    progress = os.path.join(HERE, "fixtures", "doc_examples.progress.jsonl")
    if os.path.exists(progress) and "--resume" not in sys.argv:
        os.remove(progress)
    done = -1
    if os.path.exists(progress):  # resume after the last finished (or crashed) example
        with open(progress) as f:
            rows = [json.loads(line) for line in f]
        finished = [r["index"] for r in rows if "started" not in r]
        done = max(finished) if finished else -1
    while True:
        try:  # a hang in a Paddle kernel counts like a crash: the worker's clock is reset after each example
            subprocess.run([sys.executable, __file__, "--worker", str(done), progress], check=False, timeout=150)
        except subprocess.TimeoutExpired:
            pass
        with open(progress) as f:
            rows = [json.loads(line) for line in f]
        if not rows or "started" not in rows[-1]:
            break
        crashed = rows[-1]
        print("crashed in Paddle:", crashed["api"], crashed["block"])
        with open(progress, "a") as f:
            f.write(json.dumps({"index": crashed["index"], "api": crashed["api"], "block": crashed["block"],
                                "skip": "Paddle 2.6.2 crashes or hangs (CPU kernel)"}) + "\n")
        done = crashed["index"]
    examples = [r for r in rows if "started" not in r]
    os.remove(progress)
    for r in examples:
        print(r["api"], r["block"], r.get("skip") or r.get("raises") or "ok")
    with open(os.path.join(HERE, "fixtures", "doc_examples.json"), "w") as f:
        json.dump(dict(STAMP, examples=[r for r in examples if not r.get("skip")],
                       skipped=[[r["api"], r["block"], r["skip"]] for r in examples if r.get("skip")]), f, indent=0)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        _worker(int(sys.argv[2]), sys.argv[3])
    else:
        main()
