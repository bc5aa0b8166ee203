"""One stage of a 3-stage gloo pipeline with 2 virtual stages per rank (tests/fleet/test_pipeline.py), or the same
model in one process with mode "single". The model: a PipelineLayer of 6 Linear layers with Tanh between them,
cut with seg_method "layer:Linear" into 6 parts (rank r runs parts r and r + 3) and MSELoss; AdamW +
ClipGradByGlobalNorm; 3 steps on a fixed batch of 6. Mode "interleave": accumulate_steps 6 of 1 sample
(PipelineParallelWithInterleave); mode "fthenb": accumulate_steps 3 of 2 samples
(PipelineParallelWithInterleaveFthenB). Writes rank{R}.json: losses, segmentation, this rank's state_dict
(keys mapped back to the single model's layer indices) and the schedule.

Usage: pipeline_virtual_worker.py MODE OUT_DIR
"""

import json
import os
import sys
import warnings

import numpy as np
import paddle
import paddle.nn as nn
from paddle.distributed import fleet
from paddle.distributed.fleet.meta_parallel import LayerDesc, PipelineLayer

mode, out_dir = sys.argv[1], sys.argv[2]
warnings.simplefilter("ignore")
rng = np.random.RandomState(1)
inputs = rng.rand(6, 4).astype("float32")
labels = rng.rand(6, 3).astype("float32")
widths = [4, 8, 8, 8, 8, 8, 3]
descs = []
for index, (a, b) in enumerate(zip(widths[:-1], widths[1:])):
    descs.append(LayerDesc(nn.Linear, a, b))
    if index < len(widths) - 2:
        descs.append(LayerDesc(nn.Tanh))
result = {"mode": mode}
if mode == "single":
    rank = 0
    pipe = PipelineLayer(descs, num_stages=1, loss_fn=nn.MSELoss())
else:
    strategy = fleet.DistributedStrategy()
    strategy.hybrid_configs = {"dp_degree": 1, "mp_degree": 1, "pp_degree": 3}
    strategy.pipeline_configs = ({"accumulate_steps": 6, "micro_batch_size": 1} if mode == "interleave"
                                 else {"accumulate_steps": 3, "micro_batch_size": 2})
    fleet.init(is_collective=True, strategy=strategy, log_level="WARNING")
    hcg = fleet.get_hybrid_communicate_group()
    rank = fleet.worker_index()
    pipe = PipelineLayer(descs, topology=hcg.topology(), loss_fn=nn.MSELoss(), seg_method="layer:Linear",
                         num_virtual_pipeline_stages=2)
    result["stage_id"] = hcg.get_stage_id()
    result["segment_parts"] = pipe.segment_parts
optimizer = paddle.optimizer.AdamW(learning_rate=0.02, parameters=pipe.parameters(),
                                   grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5))
losses = []
if mode == "single":
    for _ in range(3):
        loss = pipe._loss_fn(pipe(paddle.to_tensor(inputs)), paddle.to_tensor(labels))
        loss.backward()
        optimizer.step()
        optimizer.clear_grad()
        losses.append(float(loss))
    state = {key: value.numpy().tolist() for key, value in pipe.state_dict().items()}
else:
    model = fleet.distributed_model(pipe)
    optimizer = fleet.distributed_optimizer(optimizer)
    result["wrappers"] = [type(model).__name__, type(optimizer).__name__]
    if mode == "interleave":
        result["schedule"] = model.get_static_scheduler()
    data = [paddle.to_tensor(inputs), paddle.to_tensor(labels)]
    for _ in range(3):
        losses.append(float(model.train_batch(data, optimizer)))
    state = {}  # "<part start>.<index in part>.<name>" -> the single model's "<layer index>.<name>"
    for key, value in pipe.state_dict().items():
        start, offset, name = key.split(".", 2)
        state[f"{int(start) + int(offset)}.{name}"] = value.numpy().tolist()
result["rank"] = rank
result["losses"] = losses
result["state"] = state
with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
    json.dump(result, f)
