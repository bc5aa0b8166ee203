"""Runs under a 2-rank launcher (real Paddle's or ours) and writes this rank's collective results as JSON.

Usage: python -m paddle.distributed.launch --nproc_per_node 2 collectives_worker.py OUT_DIR
Each step records the tensor(s) the collective leaves on this rank, or the exception it raised.
"""

import json
import os
import sys
import time
import warnings

import numpy as np
import paddle
import paddle.distributed as dist

results = {}


def as_json(value):
    if isinstance(value, paddle.Tensor):
        array = value.numpy()
        return {"dtype": str(array.dtype), "shape": list(array.shape), "data": array.tolist()}
    if isinstance(value, (list, tuple)):
        return [as_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        return {"ndarray": value.tolist()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return {"type": type(value).__name__}


def step(name):
    def run(fn):
        started = time.time()
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                results[name] = {"value": as_json(fn())}
            if caught:
                results[name]["warnings"] = [str(w.message)[:120] for w in caught]
        except Exception as error:  # noqa: BLE001 - the exception type is the recorded result
            results[name] = {"error": type(error).__name__, "message": str(error)[:300]}
        results[name]["seconds"] = round(time.time() - started, 2)
        return fn

    return run


with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    group = dist.init_parallel_env()
rank = dist.get_rank()
world = dist.get_world_size()
results["init"] = {"rank": rank, "world_size": world, "is_initialized": dist.is_initialized(),
                   "group": repr(group), "group_type": type(group).__name__,
                   "backend": dist.get_backend()}
# Launcher environment: names of PADDLE_* variables, and the values that do not depend on ports or paths.
results["launch_env"] = {
    # (PADDLE_COMPAT_*: our own switches, e.g. set by the report's test run, not the launcher's)
    "names": sorted(k for k in os.environ if k.startswith("PADDLE_") and k != "PADDLE_BACKUP_ENV_PATH"
                    and not k.startswith("PADDLE_COMPAT")),
    "values": {k: os.environ.get(k) for k in ("PADDLE_TRAINER_ID", "PADDLE_TRAINERS_NUM", "PADDLE_GLOBAL_RANK",
                                               "PADDLE_GLOBAL_SIZE", "PADDLE_LOCAL_RANK", "PADDLE_LOCAL_SIZE",
                                               "PADDLE_RANK_IN_NODE", "PADDLE_NNODES", "PADDLE_DISTRI_BACKEND")},
    "log_dir_set": bool(os.environ.get("PADDLE_LOG_DIR")),
}
env = dist.ParallelEnv()
results["parallel_env"] = {"rank": env.rank, "world_size": env.world_size, "device_type": env.device_type,
                           "nranks": env.nranks, "local_rank": env.local_rank, "nrings": env.nrings,
                           "n_endpoints": len(env.trainer_endpoints),
                           "current_in_endpoints": env.current_endpoint in env.trainer_endpoints}
try:
    _ = env.device_id
    results["parallel_env"]["device_id"] = "present"
except AttributeError:
    results["parallel_env"]["device_id"] = "AttributeError"
results["global_group"] = {"repr": repr(dist.get_group()), "id": dist.get_group().id,
                           "ranks": dist.get_group().ranks, "nranks": dist.get_group().nranks,
                           "world_size": dist.get_group().world_size, "name": dist.get_group().name,
                           "backend": dist.get_group().backend, "is_member": dist.get_group().is_member()}


def base(values, dtype="float32"):
    return paddle.to_tensor(np.asarray(values) + rank * 10, dtype=dtype)


for op_name in ("SUM", "MAX", "MIN", "PROD"):
    @step(f"all_reduce_{op_name}")
    def _(op_name=op_name):
        x = base([1.0, -2.0, 3.5])
        task = dist.all_reduce(x, op=getattr(dist.ReduceOp, op_name))
        return [x, type(task).__name__ if task is not None else None]

results["reduce_op_values"] = {n: getattr(dist.ReduceOp, n) for n in ("SUM", "MAX", "MIN", "PROD", "AVG")}


@step("all_reduce_int64")
def _():
    x = base([[1, 2], [3, 4]], "int64")
    dist.all_reduce(x)
    return x


@step("all_reduce_AVG")
def _():
    x = base([1.0, 2.0])
    dist.all_reduce(x, op=dist.ReduceOp.AVG)
    return x


@step("all_reduce_async")
def _():
    x = base([1.0, 2.0])
    task = dist.all_reduce(x, sync_op=False)
    task.wait()
    return [x, task.is_completed()]


@step("broadcast_src1")
def _():
    x = base([1, 2, 3], "int32")
    dist.broadcast(x, src=1)
    return x


@step("broadcast_async")
def _():
    x = base([5.0])
    task = dist.broadcast(x, src=0, sync_op=False)
    task.wait()
    return x


for dst in (0, 1):
    @step(f"reduce_dst{dst}")
    def _(dst=dst):
        x = base([1.0, 2.0])
        dist.reduce(x, dst=dst)
        return x


@step("reduce_max_dst0")
def _():
    x = base([1.0, -5.0])
    dist.reduce(x, dst=0, op=dist.ReduceOp.MAX)
    return x


@step("all_gather_empty_list")
def _():
    out = []
    dist.all_gather(out, base([[1.0, 2.0]]))
    return out


@step("all_gather_0d")
def _():
    out = []
    dist.all_gather(out, paddle.to_tensor(float(rank + 7)))
    return out


@step("all_gather_prefilled")
def _():
    out = [paddle.zeros([2]), paddle.zeros([2])]
    dist.all_gather(out, base([1.0, 2.0]))
    return out


@step("all_gather_into_tensor")
def _():
    out = paddle.zeros([4])
    dist.stream.all_gather(out, base([1.0, 2.0]))
    return out


@step("all_gather_object")
def _():
    out = []
    dist.all_gather_object(out, {"rank": rank, "items": list(range(rank + 2))})
    return out


@step("broadcast_object_list")
def _():
    objects = [{"from": rank}, "text%d" % rank, [rank] * 3]
    dist.broadcast_object_list(objects, src=1)
    return objects


@step("scatter_list")
def _():
    out = paddle.zeros([2])
    parts = [paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([3.0, 4.0])] if rank == 0 else None
    dist.scatter(out, parts, src=0)
    return out


@step("scatter_src1")
def _():
    out = paddle.zeros([1], dtype="int64")
    parts = [paddle.to_tensor([11], dtype="int64"), paddle.to_tensor([22], dtype="int64")]
    dist.scatter(out, parts if rank == 1 else None, src=1)
    return out


@step("scatter_object_list")
def _():
    out = []
    dist.scatter_object_list(out, [{"a": 1}, ["b", 2]] if rank == 0 else None, src=0)
    return out


@step("gather_dst0")
def _():
    gathered = []
    dist.gather(base([1.0, 2.0]), gathered if rank == 0 else None, dst=0)
    return gathered


@step("reduce_scatter_list")
def _():
    out = paddle.zeros([2])
    dist.reduce_scatter(out, [base([1.0, 2.0]), base([3.0, 4.0])])
    return out


@step("reduce_scatter_tensor")
def _():
    out = paddle.zeros([2])
    dist.stream.reduce_scatter(out, base([1.0, 2.0, 3.0, 4.0]))
    return out


@step("alltoall_list")
def _():
    out = []
    dist.alltoall([base([1.0]), base([2.0])], out)
    return out


@step("alltoall_single")
def _():
    out = paddle.zeros([4])
    dist.alltoall_single(base([1.0, 2.0, 3.0, 4.0]), out)
    return out


@step("alltoall_single_splits")
def _():
    out = paddle.zeros([3] if rank == 0 else [3])
    in_splits = [1, 2] if rank == 0 else [2, 1]
    out_splits = [1, 2] if rank == 0 else [2, 1]
    dist.alltoall_single(base([1.0, 2.0, 3.0]), out, in_splits, out_splits)
    return out


@step("send_recv")
def _():
    if rank == 0:
        dist.send(paddle.to_tensor([42.0, 43.0]), dst=1)
        return None
    got = paddle.zeros([2])
    dist.recv(got, src=0)
    return got


@step("isend_irecv")
def _():
    if rank == 0:
        task = dist.isend(paddle.to_tensor([7, 8], dtype="int32"), dst=1)
    else:
        got = paddle.zeros([2], dtype="int32")
        task = dist.irecv(got, src=0)
    task.wait()
    return got if rank == 1 else None


@step("p2pop_bad_op")
def _():
    return dist.P2POp(dist.send, paddle.zeros([1]), 0)


@step("barrier")
def _():
    return dist.barrier()


@step("wait")
def _():
    x = base([1.0])
    return [dist.wait(x), x]


@step("new_group")
def _():
    group = dist.new_group([0, 1])
    x = base([1.0, 2.0])
    dist.all_reduce(x, group=group)
    return [repr(group), group.id, group.rank, group.nranks, group.backend, dist.get_group(group.id) is group,
            dist.get_rank(group), dist.get_world_size(group), x]


@step("new_group_single")
def _():
    group = dist.new_group([1])
    return [repr(group), group.rank, group.nranks, group.is_member()]


@step("get_group_missing")
def _():
    return dist.get_group(99)


@step("stream_all_reduce")
def _():
    x = base([1.0, 2.0])
    dist.stream.all_reduce(x, use_calc_stream=True)
    return x


@step("stream_async_calc_error")
def _():
    return dist.stream.all_reduce(base([1.0]), sync_op=False, use_calc_stream=True)


@step("all_reduce_bool")
def _():
    x = paddle.to_tensor([True, rank == 0, False])
    dist.all_reduce(x)
    return x


@step("broadcast_float64_2d")
def _():
    x = base([[1.5, 2.5], [3.5, 4.5]], "float64")
    dist.broadcast(x, src=0)
    return x


# Last: under real Paddle's gloo this times out after 30 s and breaks the group for later steps.
@step("batch_isend_irecv")
def _():
    send_tensor = base([1.0, 2.0])
    recv_tensor = paddle.zeros([2])
    peer = 1 - rank
    ops = [dist.P2POp(dist.isend, send_tensor, peer), dist.P2POp(dist.irecv, recv_tensor, peer)]
    tasks = dist.batch_isend_irecv(ops)
    for task in tasks:
        task.wait()
    return [recv_tensor, len(tasks)]


out_dir = sys.argv[1]
os.makedirs(out_dir, exist_ok=True)
with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
    json.dump(results, f, indent=1, sort_keys=True)
