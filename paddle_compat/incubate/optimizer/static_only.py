"""The static-graph meta optimizers of ``paddle.incubate.optimizer``. Real Paddle refuses them in dygraph at
construction (the messages and exception types below are Paddle's); in static-graph mode paddle-compat cannot run
them either, and says so."""

__all__ = ["GradientMergeOptimizer", "RecomputeOptimizer", "PipelineOptimizer", "DistributedFusedLamb"]


def _in_dygraph():
    from ...framework import in_dynamic_mode

    return in_dynamic_mode()


def _static_unsupported(name):
    return NotImplementedError(f"paddle.incubate.optimizer.{name} rewrites a static-graph Program; paddle-compat "
                               f"does not support it in static mode")


class GradientMergeOptimizer:
    __module__ = "paddle.incubate.optimizer.gradient_merge"  # Paddle's module

    def __init__(self, inner_optimizer, k_steps=1, avg=True):
        if _in_dygraph():
            raise Exception("In dygraph, we don't support GradientMergeOptimizer.You can do Gradient merge by "  # noqa: TRY002 - Paddle's type
                            "yourself with k-times forward + backward, and one-time optimizer.minimize()")
        raise _static_unsupported("GradientMergeOptimizer")


class RecomputeOptimizer:
    __module__ = "paddle.incubate.optimizer.recompute"  # Paddle's module

    def __init__(self, optimizer):
        if _in_dygraph():
            raise Exception("In dygraph, don't support RecomputeOptimizer.")  # noqa: TRY002 - Paddle's type
        raise _static_unsupported("RecomputeOptimizer")


class PipelineOptimizer:
    __module__ = "paddle.incubate.optimizer.pipeline"  # Paddle's module

    def __init__(self, optimizer, num_microbatches=1, start_cpu_core_id=0):
        if _in_dygraph():
            raise Exception("In dygraph, don't support PipelineOptimizer.")  # noqa: TRY002 - Paddle's type
        raise _static_unsupported("PipelineOptimizer")


class DistributedFusedLamb:
    __module__ = "paddle.incubate.optimizer.distributed_fused_lamb"  # Paddle's module

    def __init__(self, learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999, epsilon=1e-06,
                 parameters=None, grad_clip=None, exclude_from_weight_decay_fn=None, clip_after_allreduce=True,
                 is_grad_scaled_by_nranks=True, alignment=128, use_master_param_norm=True,
                 gradient_accumulation_steps=1, use_master_acc_grad=True, nproc_per_node=None,
                 use_hierarchical_allreduce=False, name=None):
        assert not _in_dygraph(), "DistributedFusedLamb does not support dygraph mode"
        raise _static_unsupported("DistributedFusedLamb")
