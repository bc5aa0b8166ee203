"""One rank of a 2-process gloo job (tests/fleet/test_sharding.py), or one process alone with mode "single".
Trains the same 3-layer MLP (fixed weights, AdamW + ClipGradByGlobalNorm) for 4 steps on a fixed batch of 8:
"single" on the whole batch; "dp" (paddle.DataParallel), "os", "os_g", "p_g_os" (group_sharded_parallel) on this
rank's half. Writes rank{R}.json: losses, the final state_dict, optimizer state shapes, layout facts.

With "exclude" before OUT_DIR, stage 3 keeps fc2 whole (exclude_layer=[id(net.fc2)]); with "dpgroup" (4
ranks, a quarter of the batch each) sharding runs in groups {0, 1} and {2, 3} combined with data-parallel
groups {0, 2} and {1, 3} (dp_group). With "acc" before
OUT_DIR, each step accumulates the gradients of two backward passes (each half of the rank's batch, loss
halved) before the optimizer step: the same update.

Usage: sharding_worker.py MODE [acc] OUT_DIR
"""

import json
import os
import sys
import warnings

import numpy as np
import paddle

mode, out_dir = sys.argv[1], sys.argv[-1]
accumulate = "acc" in sys.argv[2:-1]
warnings.simplefilter("ignore")
distributed = mode != "single"
if distributed:
    paddle.distributed.init_parallel_env()
rank = paddle.distributed.get_rank() if distributed else 0
rng = np.random.RandomState(0)
inputs = rng.rand(8, 8).astype("float32")
labels = rng.rand(8, 4).astype("float32")


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(8, 15)  # 120 and 225 elements: slices of stage 3 need padding
        self.fc2 = paddle.nn.Linear(15, 15)
        self.fc3 = paddle.nn.Linear(15, 4)

    def forward(self, x):
        return self.fc3(paddle.tanh(self.fc2(paddle.tanh(self.fc1(x)))))


net = Net()
for index, param in enumerate(net.parameters()):
    param.set_value(np.sin(np.arange(param.size) * 0.37 + index).reshape(param.shape).astype("float32") * 0.4)
reference_keys = list(net.state_dict().keys())
initial_state = {key: value.numpy() for key, value in net.state_dict().items()}
initial_out = net(paddle.to_tensor(inputs)).numpy()
optimizer = paddle.optimizer.AdamW(learning_rate=0.05, parameters=net.parameters(), weight_decay=0.01,
                                   grad_clip=paddle.nn.ClipGradByGlobalNorm(0.3))
model = net
result = {"rank": rank, "mode": mode}
if mode == "dp":
    model = paddle.DataParallel(net)
elif mode in ("os", "os_g", "p_g_os"):
    from paddle.distributed.sharding import group_sharded_parallel, save_group_sharded_model

    options = {"exclude_layer": [id(net.fc2)]} if "exclude" in sys.argv[2:-1] else {}
    if "dpgroup" in sys.argv[2:-1]:  # 4 ranks: sharding groups {0, 1}, {2, 3}; data-parallel groups {0, 2}, {1, 3}
        groups = {tuple(ranks): paddle.distributed.new_group(list(ranks)) for ranks in ((0, 1), (2, 3), (0, 2), (1, 3))}
        options["group"] = groups[(0, 1) if rank < 2 else (2, 3)]
        options["dp_group"] = groups[(0, 2) if rank % 2 == 0 else (1, 3)]
    model, optimizer, _ = group_sharded_parallel(net, optimizer, mode, segment_size=100, **options)
    result["wrappers"] = [type(model).__name__, type(optimizer).__name__]
share = 8 // (paddle.distributed.get_world_size() if distributed else 1)
batch = slice(rank * share, (rank + 1) * share)
losses = []
for step in range(4):
    x, y = inputs[batch], labels[batch]
    if accumulate:
        loss = 0.0
        for part in (slice(0, len(x) // 2), slice(len(x) // 2, None)):
            part_loss = paddle.nn.functional.mse_loss(model(paddle.to_tensor(x[part])), paddle.to_tensor(y[part]))
            (part_loss * 0.5).backward()
            loss = loss + float(part_loss) * 0.5
        loss = paddle.to_tensor(loss)
    else:
        loss = paddle.nn.functional.mse_loss(model(paddle.to_tensor(x)), paddle.to_tensor(y))
        loss.backward()
    if step == 0 and mode in ("os", "os_g"):  # a rank holds the gradients of its own parameters only
        result["grad_held"] = [p.grad is not None for p in net.parameters()]
    if step == 0 and mode == "p_g_os":  # whole parameters are freed between uses; slices carry the gradients
        result["full_sizes_after_backward"] = [int(p._t.numel()) for p in net.parameters()]
        result["slice_grad_shapes"] = [list(p._t.grad.shape) for p in optimizer._parameter_list]
    optimizer.step()
    optimizer.clear_grad()
    losses.append(float(loss.numpy()))
state = model.state_dict()
result["losses"] = losses
result["state_keys"] = list(state.keys())
result["reference_keys"] = reference_keys
result["state"] = {key: value.numpy().tolist() for key, value in state.items()}
opt_state = optimizer.state_dict()
result["optimizer_state_shapes"] = {key: list(value.shape) for key, value in opt_state.items()
                                    if hasattr(value, "shape")}
if mode in ("os", "os_g", "p_g_os"):
    save_dir = os.path.join(out_dir, f"saved{rank}")
    save_group_sharded_model(model, save_dir, optimizer)
    loaded = paddle.load(os.path.join(save_dir, "model.pdmodel"))
    result["saved_equal"] = sorted(loaded) == sorted(state) and all(
        np.array_equal(np.asarray(loaded[key]), state[key].numpy()) for key in state)
    result["saved_files"] = sorted(os.listdir(save_dir))
    # set_state_dict through the wrapper (stage 3 re-slices): back to the initial weights, then to the trained
    trained_out = model(paddle.to_tensor(inputs)).numpy()
    model.set_state_dict({key: paddle.to_tensor(value) for key, value in initial_state.items()})
    back_to_initial = model(paddle.to_tensor(inputs)).numpy()
    model.set_state_dict(loaded)
    result["set_state_dict_round_trip"] = [float(np.abs(back_to_initial - initial_out).max()),
                                           float(np.abs(model(paddle.to_tensor(inputs)).numpy() - trained_out).max())]
with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
    json.dump(result, f)
if distributed:
    # leave the process group before exit: tearing down gloo's threads during interpreter shutdown aborted a rank
    # now and then ("terminate called without an active exception") after its result was written
    paddle.distributed.barrier()
    paddle.distributed.destroy_process_group()
