"""The process-wide parallel context of legacy data parallelism (set once, initialised once) and the initial
broadcast of trainable parameters from rank 0."""

import os

__parallel_ctx__clz__ = None


def _is_data_parallel_mode():
    return __parallel_ctx__clz__ is not None and int(os.getenv("PADDLE_TRAINERS_NUM", "1")) > 1


def _is_parallel_ctx_initialized():
    return __parallel_ctx__clz__ is not None


def _set_parallel_ctx(ccl_parallel_context):
    global __parallel_ctx__clz__
    assert __parallel_ctx__clz__ is None, "ParallelContext can only be initialized once."
    __parallel_ctx__clz__ = ccl_parallel_context


def _init_parallel_ctx():
    assert __parallel_ctx__clz__ is not None, "ParallelContext should be initialized."
    __parallel_ctx__clz__.init()


def _broadcast_parameters(parameters):
    from .._core.tensor import Parameter
    from .communication import broadcast

    for param in parameters:
        # tensor-parallel shards differ per rank by design
        if getattr(param, "is_distributed", False):
            continue
        if isinstance(param, Parameter) and param.trainable:
            broadcast(param, 0, sync_op=True)
