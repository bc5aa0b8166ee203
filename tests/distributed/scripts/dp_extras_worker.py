"""Data-parallel helpers on 2 ranks (ours; checked against formulas in test_data_parallel_extras.py):
DataParallel.no_sync accumulation, fused_allreduce_gradients, broadcast_dp_parameters, spawn-free
DistributedBatchSampler sharding. Writes this rank's findings as JSON to OUT_DIR/rank<r>.json."""

import json
import os
import sys
import warnings

import numpy as np
import paddle
import paddle.distributed as dist
from paddle.distributed.fleet.utils import hybrid_parallel_util as hpu

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    dist.init_parallel_env()
rank = dist.get_rank()
results = {}


def local_grad(forward, layer, scale):
    layer.clear_gradients()
    (forward(paddle.full([1, 3], float(scale))) ** 2).sum().backward()
    return layer.weight.grad.numpy().copy()


paddle.seed(rank)  # different initial weights per rank: DataParallel must broadcast rank 0's
layer = paddle.nn.Linear(3, 2)
model = paddle.DataParallel(layer)
results["weights_after_wrap"] = layer.weight.numpy().tolist()
# Local gradients of this rank's two inputs (no communication), for the formula checks.
with model.no_sync():
    results["local_grad_1"] = local_grad(model, layer, rank + 1).tolist()
    layer.clear_gradients()
    (model(paddle.full([1, 3], float(rank + 1))) ** 2).sum().backward()
    results["no_sync_grad"] = layer.weight.grad.numpy().tolist()
(model(paddle.full([1, 3], float(rank + 3))) ** 2).sum().backward()
results["accumulated_synced_grad"] = layer.weight.grad.numpy().tolist()
with model.no_sync():
    results["local_grad_2"] = local_grad(model, layer, rank + 3).tolist()

class TwoBranches(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.used = paddle.nn.Linear(3, 2)
        self.unused = paddle.nn.Linear(3, 2)

    def forward(self, x):
        return self.used(x)


branches = TwoBranches()
branched = paddle.DataParallel(branches, find_unused_parameters=True)
for _ in range(2):  # a second step fails in DDP unless unused parameters are found
    branches.clear_gradients()
    (branched(paddle.full([1, 3], float(rank + 1))) ** 2).sum().backward()
results["unused_branch_used_grad"] = branches.used.weight.grad.numpy().tolist()
with branched.no_sync():
    branches.clear_gradients()
    (branched(paddle.full([1, 3], float(rank + 1))) ** 2).sum().backward()
results["unused_branch_local_grad"] = branches.used.weight.grad.numpy().tolist()

# fused_allreduce_gradients on a plain layer: the average of the ranks' gradients.
plain = paddle.nn.Linear(3, 2)
results["plain_local_grad"] = local_grad(plain, plain, rank + 1).tolist()
hpu.fused_allreduce_gradients(list(plain.parameters()), None)
results["fused_grad"] = plain.weight.grad.numpy().tolist()


class DataParallelOnlyGroups:
    """The getters of Paddle's HybridCommunicateGroup that broadcast_dp_parameters reads."""

    def get_data_parallel_group(self):
        return dist.get_group()

    def get_data_parallel_group_src_rank(self):
        return 1


paddle.seed(10 + rank)
other = paddle.nn.Linear(3, 2)
results["before_broadcast"] = other.weight.numpy().tolist()
hpu.broadcast_dp_parameters(other, DataParallelOnlyGroups())
results["after_broadcast"] = other.weight.numpy().tolist()

dataset = paddle.io.TensorDataset([paddle.to_tensor(np.arange(11, dtype="float32"))])
sampler = paddle.io.DistributedBatchSampler(dataset, batch_size=2, shuffle=True)
sampler.set_epoch(3)
results["sampler_batches"] = [list(map(int, batch)) for batch in sampler]
results["sampler_len"] = len(sampler)

# A gloo barrier context of its own, served at rank 0's endpoint (a port the launcher found free).
dist.gloo_init_parallel_env(rank, 2, os.environ["PADDLE_TRAINER_ENDPOINTS"].split(",")[0])
dist.gloo_barrier()
dist.gloo_release()
results["gloo_barrier_done"] = True

sub_group = dist.new_group([0, 1])
dist.destroy_process_group(sub_group)
results["after_destroy_sub"] = [dist.get_group(sub_group.id) is None, dist.is_initialized()]
dist.destroy_process_group()
results["after_destroy_all"] = [dist.is_initialized(), dist.get_group(0) is None]

os.makedirs(sys.argv[1], exist_ok=True)
with open(os.path.join(sys.argv[1], f"rank{rank}.json"), "w") as f:
    json.dump(results, f)
