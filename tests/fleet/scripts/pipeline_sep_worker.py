"""One rank of a 2-process gloo job (tests/fleet/test_pipeline.py): fleet with sep_degree 2 wraps the model in
SegmentParallel, which makes the parameters equal across the segment group at wrap time (rank 0's values).

Usage: pipeline_sep_worker.py OUT_DIR
"""

import json
import os
import sys
import warnings

import numpy as np
import paddle
from paddle.distributed import fleet

out_dir = sys.argv[1]
warnings.simplefilter("ignore")
strategy = fleet.DistributedStrategy()
strategy.hybrid_configs = {"dp_degree": 1, "mp_degree": 1, "pp_degree": 1, "sep_degree": 2}
fleet.init(is_collective=True, strategy=strategy, log_level="WARNING")
hcg = fleet.get_hybrid_communicate_group()
rank = fleet.worker_index()
net = paddle.nn.Linear(3, 2)
for param in net.parameters():
    param.set_value(np.full(param.shape, rank + 1, "float32"))
model = fleet.distributed_model(net)
result = {"rank": rank, "parallel_mode": hcg.get_parallel_mode(), "wrapper": type(model).__name__,
          "sep": [hcg.get_sep_parallel_rank(), hcg.get_sep_parallel_world_size()],
          "weights": [p.numpy().tolist() for p in net.parameters()]}
with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
    json.dump(result, f)
