"""One stage of a 2-stage gloo pipeline (tests/fleet/test_pipeline.py), or the same model in one process with
mode "single". The model: a PipelineLayer of a tied Linear(6, 6) (SharedLayerDesc, used again at the end through
its transposed weight), Linear/Tanh layers and MSELoss; AdamW (StepDecay learning rate, stepped by train_batch)
+ ClipGradByGlobalNorm; 4 steps on a fixed batch of 8 (4 micro-batches of 2 under PipelineParallel's 1F1B
schedule). Writes rank{R}.json: losses, eval loss,
segmentation, this stage's state_dict and the schedule.

Mode "recompute" recomputes every 2 layers (recompute_interval); mode "dp" runs 4 ranks, 2 data-parallel
replicas of the 2-stage pipeline, each on its half of the batch (micro-batches of 1); mode "sharding" the same
with the replicas as a sharding group (stage 1: each holds the optimizer state of half the parameters).

Usage: pipeline_worker.py MODE OUT_DIR   (MODE: single | uniform | layer | list | recompute | dp | sharding)
"""

import json
import os
import sys
import warnings

import numpy as np
import paddle
import paddle.nn as nn
from paddle.distributed import fleet
from paddle.distributed.fleet.meta_parallel import LayerDesc, PipelineLayer, SharedLayerDesc

mode, out_dir = sys.argv[1], sys.argv[2]
warnings.simplefilter("ignore")
rng = np.random.RandomState(0)
inputs = rng.rand(8, 6).astype("float32")
labels = rng.rand(8, 6).astype("float32")


def tied_output(layer, x):
    return paddle.matmul(x, layer.weight, transpose_y=True)


descs = [
    SharedLayerDesc("tied", nn.Linear, None, "weight", 6, 6),
    LayerDesc(nn.Linear, 6, 16), LayerDesc(nn.Tanh),
    LayerDesc(nn.Linear, 16, 16), LayerDesc(nn.Tanh),
    LayerDesc(nn.Linear, 16, 6),
    SharedLayerDesc("tied", nn.Linear, tied_output, "weight", 6, 6),
]
seg_method = {"layer": "layer:Tanh", "list": [0, 2]}.get(mode, "uniform")
result = {"mode": mode}
if mode == "single":
    rank = 0
    model = PipelineLayer(descs, num_stages=1, loss_fn=nn.MSELoss(), seg_method=seg_method)
else:
    strategy = fleet.DistributedStrategy()
    dp_degree = 2 if mode == "dp" else 1
    sharding_degree = 2 if mode == "sharding" else 1
    strategy.hybrid_configs = {"dp_degree": dp_degree, "mp_degree": 1, "pp_degree": 2,
                               "sharding_degree": sharding_degree}
    strategy.pipeline_configs = {"accumulate_steps": 4, "micro_batch_size": 2 // (dp_degree * sharding_degree)}
    fleet.init(is_collective=True, strategy=strategy, log_level="WARNING")
    hcg = fleet.get_hybrid_communicate_group()
    rank = fleet.worker_index()
    recompute = {"recompute_interval": 2, "recompute_ctx": {"offload": False, "partition": False}} \
        if mode == "recompute" else {}
    pipe = PipelineLayer(descs, topology=hcg.topology(), loss_fn=nn.MSELoss(), seg_method=seg_method, **recompute)
    result["dp_rank"] = hcg.get_data_parallel_rank() + hcg.get_sharding_parallel_rank()  # one of them is 0
    share = slice(None) if dp_degree * sharding_degree == 1 else slice(4 * result["dp_rank"], 4 * result["dp_rank"] + 4)
    inputs, labels = inputs[share], labels[share]
    result["stage_id"] = hcg.get_stage_id()
    result["segment_parts"] = pipe.segment_parts
    result["parallel_mode"] = hcg.get_parallel_mode()
scheduler = paddle.optimizer.lr.StepDecay(0.02, step_size=1, gamma=0.7)
optimizer = paddle.optimizer.AdamW(learning_rate=scheduler,
                                   parameters=(model if mode == "single" else pipe).parameters(),
                                   grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5))
losses = []
if mode == "single":
    for _ in range(4):
        loss = model._loss_fn(model(paddle.to_tensor(inputs)), paddle.to_tensor(labels))
        loss.backward()
        optimizer.step()
        optimizer.clear_grad()
        scheduler.step()
        losses.append(float(loss))
    with paddle.no_grad():
        result["eval_loss"] = float(model._loss_fn(model(paddle.to_tensor(inputs)), paddle.to_tensor(labels)))
    state = model.state_dict()
else:
    model = fleet.distributed_model(pipe)
    optimizer = fleet.distributed_optimizer(optimizer)
    result["wrappers"] = [type(model).__name__, type(optimizer).__name__]
    result["schedule"] = model.get_static_scheduler()
    data = [paddle.to_tensor(inputs), paddle.to_tensor(labels)]
    for _ in range(4):
        losses.append(float(model.train_batch(data, optimizer, lr_scheduler=scheduler)))
    result["eval_loss"] = float(model.eval_batch(data, compute_loss=True))
    state = pipe.state_dict()
    if mode == "uniform":  # per-layer checkpoint files, then load them back over changed weights
        checkpoint = os.path.join(out_dir, "checkpoint")
        pipe.save_state_dict(checkpoint)
        paddle.distributed.barrier()
        result["checkpoint_files"] = sorted(os.listdir(checkpoint))
        saved = {key: value.numpy() for key, value in state.items()}
        for param in pipe.parameters():
            param.set_value(np.zeros(param.shape, "float32"))
        pipe.set_state_dir(checkpoint)
        result["reloaded_equal"] = all(np.array_equal(value.numpy(), saved[key])
                                       for key, value in pipe.state_dict().items())
result["rank"] = rank
result["losses"] = losses
result["state"] = {key: value.numpy().tolist() for key, value in state.items()}
with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
    json.dump(result, f)
