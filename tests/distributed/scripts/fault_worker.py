"""Rank 1 fails (``raise`` or ``kill`` as argv[1]) while rank 0 waits in a collective: the launcher must end
the whole job, non-zero, with rank 1's error in its output."""

import os
import signal
import sys
import time

import paddle
import paddle.distributed as dist

dist.init_parallel_env()
if dist.get_rank() == 1:
    time.sleep(0.5)
    if sys.argv[1] == "raise":
        raise ValueError("rank 1 failed on purpose")
    os.kill(os.getpid(), signal.SIGKILL)
print("rank 0 waits in all_reduce", flush=True)
dist.all_reduce(paddle.ones([2]))
time.sleep(300)
