"""DataParallel training under a launcher (real Paddle's or ours); writes this rank's losses and weights as JSON.

Usage: python -m paddle.distributed.launch --nproc_per_node N dp_worker.py OUT_DIR
Every rank starts from the same weights and trains on its contiguous share of one fixed global batch of 8,
so N ranks must match 1 rank on the whole batch.
"""

import json
import os
import sys
import warnings

import numpy as np
import paddle
import paddle.distributed as dist

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    dist.init_parallel_env()
rank, world = dist.get_rank(), dist.get_world_size()
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
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    model = paddle.DataParallel(net)
optimizer = paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())
share = 8 // world
local = slice(rank * share, (rank + 1) * share)
losses = []
for _ in range(3):
    out = model(paddle.to_tensor(inputs[local]))
    loss = paddle.nn.functional.mse_loss(out, paddle.to_tensor(labels[local]))
    loss.backward()
    optimizer.step()
    optimizer.clear_grad()
    losses.append(float(loss))
results = {
    "losses": losses,
    "weights": {k: v.numpy().tolist() for k, v in model.state_dict().items()},
    "state_dict_keys": list(model.state_dict().keys()),
    "parameter_names": [name for name, _ in model.named_parameters()],
}
os.makedirs(sys.argv[1], exist_ok=True)
with open(os.path.join(sys.argv[1], f"rank{rank}.json"), "w") as f:
    json.dump(results, f, indent=1)
