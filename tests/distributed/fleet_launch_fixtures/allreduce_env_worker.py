"""Rank script for the legacy launcher tests: all_reduce over 2 gloo ranks, then writes what this rank saw."""

import json
import os
import re
import sys


def _normalised(name, value):
    if name == "PADDLE_GLOO_FS_PATH":
        return "<tmp dir>"
    return re.sub(r"(\d+\.\d+\.\d+\.\d+):\d+", r"\1:<port>", value)


def _added_by_launcher(out_dir):
    """Every variable this rank has that the launcher's own environment (listed in launcher_env.json) lacked,
    read before paddle is imported."""
    with open(os.path.join(out_dir, "launcher_env.json")) as f:
        launcher_env = json.load(f)
    # Side effects of importing paddle (and cv2) in the starting process, not of the launcher: the oracle's
    # cv2 extends LD_LIBRARY_PATH, Paddle's import sets CUSTOM_DEVICE_ROOT.
    return {name: _normalised(name, value) for name, value in os.environ.items()
            if launcher_env.get(name) != value and name not in ("LD_LIBRARY_PATH", "CUSTOM_DEVICE_ROOT")}


ADDED = _added_by_launcher(sys.argv[1])

import paddle  # noqa: E402 - after the environment snapshot
import paddle.distributed as dist  # noqa: E402


def main():
    out_dir = sys.argv[1]
    env = ADDED
    dist.init_parallel_env()
    rank = dist.get_rank()
    data = paddle.to_tensor([float(rank + 1), 10.0 * (rank + 1)])
    dist.all_reduce(data)
    print(f"rank {rank} all_reduce {data.numpy().tolist()}", flush=True)
    record = {"rank": rank, "world_size": dist.get_world_size(), "all_reduce": data.numpy().tolist(),
              "env": env, "argv": sys.argv[2:]}
    with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
