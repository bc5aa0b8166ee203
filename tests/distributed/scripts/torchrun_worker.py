"""Started by torchrun (RANK/WORLD_SIZE/MASTER_ADDR/MASTER_PORT only): init_parallel_env must use them."""

import paddle
import paddle.distributed as dist

group = dist.init_parallel_env()
x = paddle.to_tensor([float(dist.get_rank() + 1)])
dist.all_reduce(x)
print(f"TORCHRUN rank={dist.get_rank()} world={dist.get_world_size()} sum={float(x.numpy()[0])} "
      f"backend={dist.get_backend()} group={group}", flush=True)
