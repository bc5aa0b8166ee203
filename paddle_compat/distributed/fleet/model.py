"""``fleet.distributed_model``: wrap a Layer for the parallel mode of the hybrid communicate group."""

__all__ = []

_grad_scalar = None


def distributed_model(model):
    """The model itself on one process; otherwise wrapped for the hybrid group's parallel mode:
    ``paddle.DataParallel`` over the data-parallel group, ``ShardingParallel``, ``SegmentParallel``,
    ``TensorParallel``, or ``PipelineParallel`` (a ``PipelineLayer`` model, 1F1B schedule)."""
    from .. import fleet as fleet_package
    from .. import parallel
    from .base.topology import ParallelMode
    from .meta_parallel import (
        PipelineLayer,
        PipelineParallel,
        PipelineParallelWithInterleave,
        PipelineParallelWithInterleaveFthenB,
        SegmentParallel,
        ShardingParallel,
        TensorParallel,
    )

    assert model is not None, "model should not be None"
    if parallel.get_world_size() <= 1:
        return model
    fleet_env = fleet_package.fleet
    strategy = fleet_env._user_defined_strategy
    if strategy.amp:
        model = _setup_amp(model, strategy)
    hcg = fleet_env._hcg
    mode = hcg.get_parallel_mode()
    if mode == ParallelMode.SHARDING_PARALLEL:
        return ShardingParallel(model, hcg, strategy=strategy)
    if mode == ParallelMode.DATA_PARALLEL:
        return parallel.DataParallel(
            model, comm_buffer_size=strategy.fuse_grad_size_in_MB,
            last_comm_buffer_size=strategy.last_comm_group_size_MB,
            find_unused_parameters=strategy.find_unused_parameters,
            group=hcg.get_data_parallel_group())
    if mode == ParallelMode.SEGMENT_PARALLEL:
        return SegmentParallel(model, hcg, strategy=strategy)
    if mode == ParallelMode.TENSOR_PARALLEL:
        return TensorParallel(model, hcg, strategy=strategy)
    if mode == ParallelMode.PIPELINE_PARALLEL:
        assert isinstance(model, PipelineLayer), "For pipeline parallel, the model should an instance of PipelineLayer"
        if model.get_num_virtual_stages() == 1:
            return PipelineParallel(model, hcg, strategy=strategy)
        accumulate_steps = strategy.pipeline_configs["accumulate_steps"]
        pp_degree = hcg.get_pipe_parallel_world_size()
        if pp_degree <= accumulate_steps < pp_degree * 2:
            return PipelineParallelWithInterleaveFthenB(model, hcg, strategy=strategy)
        return PipelineParallelWithInterleave(model, hcg, strategy=strategy)
    return model


def _setup_amp(model, strategy):
    """Paddle's AMP set-up of distributed_model: O2 decoration for pure fp16/bf16 and a GradScaler."""
    import paddle_compat as paddle

    global _grad_scalar
    configs = strategy.amp_configs
    if configs["use_pure_fp16"] or configs["use_pure_bf16"]:
        model = paddle.amp.decorate(
            models=model, optimizers=None, level="O2", master_weight=None, save_dtype=None,
            dtype="float16" if configs["use_pure_fp16"] else "bfloat16")
    _grad_scalar = paddle.amp.GradScaler(
        init_loss_scaling=configs["init_loss_scaling"], incr_ratio=configs["incr_ratio"],
        decr_ratio=configs["decr_ratio"], incr_every_n_steps=configs["incr_every_n_steps"],
        decr_every_n_nan_or_inf=configs["decr_every_n_nan_or_inf"],
        use_dynamic_loss_scaling=configs["use_dynamic_loss_scaling"])
    return model
