"""Record tests/goldens/distributed_*.json from real Paddle 2.6.2 (run with the oracle interpreter only):

    .oracle/bin/python tests/distributed/record_goldens.py

Launches the worker scripts under real Paddle's ``python -m paddle.distributed.launch`` (2 CPU ranks, gloo),
merges the per-rank JSON files, and adds the single-process behaviour read in this process.
"""

import json
import os
import subprocess
import sys
import tempfile
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)

from tools.api_diff.common import oracle_stamp  # noqa: E402

GOLDENS = os.path.join(ROOT, "tests", "goldens")


def launch(worker, nproc):
    with tempfile.TemporaryDirectory() as out_dir:
        command = [sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", str(nproc),
                   "--log_dir", os.path.join(out_dir, "log"), os.path.join(HERE, "scripts", worker),
                   os.path.join(out_dir, "out")]
        subprocess.run(command, check=True, timeout=300, cwd=out_dir, stdout=subprocess.DEVNULL)
        ranks = {}
        for rank in range(nproc):
            with open(os.path.join(out_dir, "out", f"rank{rank}.json")) as f:
                ranks[str(rank)] = json.load(f)
        return ranks


def single_process():
    import paddle
    import paddle.distributed as dist

    found = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        returned = dist.init_parallel_env()
    found["init_parallel_env"] = {"returned": repr(returned), "warnings": [str(w.message) for w in caught],
                                  "categories": [w.category.__name__ for w in caught]}
    env = dist.ParallelEnv()
    found["parallel_env"] = {"rank": env.rank, "world_size": env.world_size, "device_type": env.device_type,
                             "current_endpoint": env.current_endpoint, "trainer_endpoints": env.trainer_endpoints,
                             "nrings": env.nrings, "has_device_id": hasattr(env, "_device_id")}
    found["queries"] = {"rank": dist.get_rank(), "world_size": dist.get_world_size(),
                        "is_initialized": dist.is_initialized(), "is_available": dist.is_available()}
    layer = paddle.nn.Linear(2, 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = paddle.DataParallel(layer)
    found["data_parallel"] = {"warnings": [str(w.message) for w in caught],
                              "state_dict_keys": list(model.state_dict().keys()),
                              "parameter_names": [n for n, _ in model.named_parameters()],
                              "sublayer_names": [n for n, _ in model.named_sublayers()]}
    uninitialized = {}
    calls = {"all_reduce": lambda: dist.all_reduce(paddle.ones([2])), "barrier": dist.barrier,
             "new_group": lambda: dist.new_group([0, 1]), "get_backend": dist.get_backend,
             "destroy_process_group": dist.destroy_process_group,
             "broadcast": lambda: dist.broadcast(paddle.ones([1]), 0)}
    for name, call in calls.items():
        try:
            uninitialized[name] = {"value": repr(call())}
        except Exception as error:  # noqa: BLE001 - the exception is the recorded result
            uninitialized[name] = {"error": type(error).__name__, "message": str(error)}
    found["uninitialized"] = uninitialized
    import paddle.distributed.fleet.utils.hybrid_parallel_util as hpu

    found["hybrid_parallel_util"] = sorted(n for n in dir(hpu) if not n.startswith("_") and callable(getattr(hpu, n))
                                           and getattr(getattr(hpu, n), "__module__", "") == hpu.__name__)
    return found


def main():
    stamp = oracle_stamp()
    golden = dict(stamp, ranks=launch("collectives_worker.py", 2))
    with open(os.path.join(GOLDENS, "distributed_collectives.json"), "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    golden = dict(stamp, two_ranks=launch("dp_worker.py", 2), one_rank=launch("dp_worker.py", 1),
                  single_process=single_process())
    with open(os.path.join(GOLDENS, "distributed_parallel.json"), "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
