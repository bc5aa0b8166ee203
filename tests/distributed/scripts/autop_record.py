"""Record tests/goldens/autop_*.json and dcp_*.json from real Paddle 2.6.2 (oracle interpreter only):

    .oracle/bin/python tests/distributed/scripts/autop_record.py [autop|dcp|strategy]

Runs the worker scripts under real Paddle's ``python -m paddle.distributed.launch`` (2 CPU ranks, gloo) and
stores the per-rank JSON files with the oracle stamp.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, ROOT)

from tools.api_diff.common import oracle_stamp  # noqa: E402

GOLDENS = os.path.join(ROOT, "tests", "goldens")


FIXTURES = os.path.join(ROOT, "tests", "distributed", "fixtures")


def launch(worker, *args, nproc=2, json_dir="", keep=None):
    with tempfile.TemporaryDirectory() as out_dir:
        command = [sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", str(nproc),
                   "--log_dir", os.path.join(out_dir, "log"), os.path.join(HERE, worker),
                   os.path.join(out_dir, "out"), *args]
        subprocess.run(command, check=True, timeout=300, cwd=out_dir, stdout=subprocess.DEVNULL)
        ranks = {}
        for rank in range(nproc):
            with open(os.path.join(out_dir, "out", json_dir, f"rank{rank}.json")) as f:
                ranks[str(rank)] = json.load(f)
        if keep:
            source, target = keep
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(os.path.join(out_dir, "out", source), target)
        return ranks


def reassemble(path):
    """A checkpoint directory read back with real Paddle's paddle.load: every key's global tensor rebuilt from
    the metadata (global offsets, local shapes) and the .distcp files it names."""
    import numpy as np
    import paddle

    metadata = paddle.load(os.path.join(path, "0.metadata"))
    files = {}
    found = {"metadata_type": type(metadata).__module__ + "." + type(metadata).__name__}
    for key, pieces in metadata.state_dict_metadata.items():
        shape = [max(p.global_offset[d] + p.local_shape[d] for p in pieces) for d in range(len(pieces[0].local_shape))]
        out = None
        for piece in pieces:
            name = metadata.storage_metadata[type(next(iter(metadata.storage_metadata)))(key, piece.global_offset)]
            if name not in files:
                files[name] = paddle.load(os.path.join(path, name), return_numpy=True)
            local = np.asarray(files[name][key])
            if out is None:
                out = np.zeros(shape, dtype=local.dtype)
            index = tuple(slice(o, o + n) for o, n in zip(piece.global_offset, piece.local_shape))
            out[index] = local
        found[key] = {"dtype": str(out.dtype), "value": out.tolist()}
    return found


def write(name, data):
    with open(os.path.join(GOLDENS, name), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    stamp = oracle_stamp()
    which = sys.argv[1:] or ["autop", "dcp", "strategy"]
    if "strategy" in which:
        sys.path.insert(0, HERE)
        from autop_strategy_cases import run

        write("autop_strategy.json", {**stamp, "cases": run()})
    if "autop" in which:
        write("autop_worker.json", {**stamp, "ranks": launch("autop_worker.py")})
    if "dcp" in which:
        # the checkpoint real Paddle writes becomes the fixture our tests load; the one ours wrote
        # (fixtures/dcp_ours, made by tests/distributed/scripts/dcp_worker.py under our launcher) is loaded by
        # real Paddle's load_state_dict in the same run and read back with paddle.load
        ranks = launch("dcp_worker.py", os.path.join(FIXTURES, "dcp_ours"), json_dir="json",
                       keep=("ckpt", os.path.join(FIXTURES, "dcp_paddle")))
        write("dcp_worker.json", {**stamp, "ranks": ranks,
                                  "reassembled_ours": reassemble(os.path.join(FIXTURES, "dcp_ours"))})


if __name__ == "__main__":
    main()
