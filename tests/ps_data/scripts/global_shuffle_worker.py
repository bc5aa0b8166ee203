"""Worker of test_global_shuffle_two_ranks: each rank loads its own file, then global_shuffle over both."""

import json
import os
import sys

import numpy as np
import paddle
import paddle.distributed as dist
import paddle.distributed.fleet as fleet

out_dir, data_dir = sys.argv[1], sys.argv[2]
fleet.init(is_collective=True)
rank = dist.get_rank()
paddle.enable_static()
ids = paddle.static.data(name="ids", shape=[-1, 1], dtype="int64", lod_level=1)
label = paddle.static.data(name="label", shape=[-1, 1], dtype="float32")
dataset = dist.InMemoryDataset()
dataset.init(batch_size=2, use_var=[ids, label], pipe_command="cat")
dataset.set_filelist([os.path.join(data_dir, f"part{rank}.txt")])
dataset.load_into_memory()
before = int(dataset.get_memory_data_size())
total_before = int(dataset.get_memory_data_size(fleet))
dataset.global_shuffle(fleet)
records = sorted([int(v) for v in values[0]] for _ins, _content, values in dataset._store.records)
result = {"before": before, "total_before": total_before, "after": int(dataset.get_memory_data_size()),
          "total_after": int(dataset.get_memory_data_size(fleet)),
          "shuffled": int(dataset.get_shuffle_data_size()), "records": records}
from paddle.distributed.fleet import metrics  # noqa: E402

result["metric_sum"] = metrics.sum(np.array([float(rank + 1), 10.0])).tolist()
result["metric_auc"] = metrics.auc(np.array([[1.0, 2.0 * rank, 3.0]]), np.array([[3.0, 2.0, rank + 1.0]]))
with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
    json.dump(result, f)
