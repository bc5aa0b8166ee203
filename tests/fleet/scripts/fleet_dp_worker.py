"""fleet data parallel under a launcher (real Paddle's or ours), 2 CPU ranks: fleet.init(is_collective=True)
with dp_degree 2, distributed_model, distributed_optimizer (Momentum + ClipGradByGlobalNorm), 4 steps on this
rank's half of a fixed batch. Writes OUT_DIR/rank{R}.json with the hybrid-group answers, losses and weights.

Usage: python -m paddle.distributed.launch --nproc_per_node 2 fleet_dp_worker.py OUT_DIR [dp|sharding]
"""

import json
import os
import sys
import warnings

import numpy as np
import paddle
from paddle.distributed import fleet

out_dir = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else "dp"
os.makedirs(out_dir, exist_ok=True)
warnings.simplefilter("ignore")
strategy = fleet.DistributedStrategy()
if mode == "dp":
    strategy.hybrid_configs = {"dp_degree": 2, "mp_degree": 1, "pp_degree": 1}
else:  # sharding stage 1 over both ranks
    strategy.hybrid_configs = {"dp_degree": 1, "mp_degree": 1, "pp_degree": 1, "sharding_degree": 2}
fleet.init(is_collective=True, strategy=strategy)
hcg = fleet.get_hybrid_communicate_group()
rank = fleet.worker_index()
rng = np.random.RandomState(0)
inputs = rng.rand(8, 4).astype("float32")
labels = rng.rand(8, 2).astype("float32")


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(4, 3)
        self.fc2 = paddle.nn.Linear(3, 2)

    def forward(self, x):
        return self.fc2(paddle.tanh(self.fc1(x)))


net = Net()
for index, param in enumerate(net.parameters()):
    param.set_value(np.linspace(-0.5, 0.5, param.size).reshape(param.shape).astype("float32") * (index + 1))
model = fleet.distributed_model(net)
optimizer = fleet.distributed_optimizer(paddle.optimizer.Momentum(
    learning_rate=0.1, momentum=0.9, parameters=net.parameters(),
    grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5)))
share = slice(rank * 4, (rank + 1) * 4)
losses = []
for _ in range(4):
    loss = paddle.nn.functional.mse_loss(model(paddle.to_tensor(inputs[share])), paddle.to_tensor(labels[share]))
    loss.backward()
    optimizer.step()
    optimizer.clear_grad()
    losses.append(float(loss.numpy()))
result = {
    "rank": rank, "worker_num": fleet.worker_num(), "worker_endpoints_count": len(fleet.worker_endpoints()),
    "is_first_worker": fleet.is_first_worker(), "parallel_mode": hcg.get_parallel_mode(),
    "dp": [hcg.get_data_parallel_rank(), hcg.get_data_parallel_world_size(), hcg.get_data_parallel_group().ranks],
    "sharding": [hcg.get_sharding_parallel_rank(), hcg.get_sharding_parallel_world_size(),
                 hcg.get_sharding_parallel_group().ranks],
    "mp": [hcg.get_model_parallel_rank(), hcg.get_model_parallel_world_size(), hcg.get_model_parallel_group().ranks],
    "check_group_ranks": hcg.get_check_parallel_group().ranks,
    "model_class": type(model).__name__, "optimizer_class": type(optimizer).__name__,
    "losses": losses, "weights": [p.numpy().tolist() for p in net.parameters()],
}
if mode == "sharding":  # the parameters this rank updates (and holds optimizer state for)
    sharding_optimizer = optimizer._inner_opt
    result["local_param_shapes"] = [p.shape for p in sharding_optimizer._rank2params[hcg.get_sharding_parallel_rank()]]
with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
    json.dump(result, f)
