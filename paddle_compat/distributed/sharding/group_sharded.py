"""``group_sharded_parallel`` / ``save_group_sharded_model``: ZeRO-style sharding of a model, its optimizer and
GradScaler over a process group ('os' and 'os_g' both use stage 2, as in Paddle; 'p_g_os' is stage 3).
Paddle 2.6.2 asserts a GPU/XPU device here; this implementation runs on CPU (gloo) and CUDA (NCCL) alike."""

import logging
import os

__all__ = []

_logger = logging.getLogger("paddle_compat.distributed.sharding")


def group_sharded_parallel(model, optimizer, level, scaler=None, group=None, offload=False, sync_buffers=False,
                           buffer_max_size=2**23, segment_size=2**20, sync_comm=False, dp_group=None,
                           exclude_layer=None):
    from ... import device as paddle_device
    from ... import float16
    from ...amp import GradScaler
    from ...nn import Layer
    from ...optimizer import Optimizer
    from ..fleet.meta_parallel.sharding.group_sharded_optimizer_stage2 import GroupShardedOptimizerStage2
    from ..fleet.meta_parallel.sharding.group_sharded_stage2 import GroupShardedStage2
    from ..fleet.meta_parallel.sharding.group_sharded_stage3 import GroupShardedStage3
    from ..fleet.meta_parallel.sharding.group_sharded_utils import GroupShardedScaler

    device = paddle_device.get_device().split(":")[0]
    assert isinstance(model, Layer), "The model must be the instance of paddle.nn.Layer."
    assert isinstance(optimizer, Optimizer), (
        "The optimizer must be the instance of paddle.optimizer.Optimizer or MixPrecisionOptimizer for main grad.")
    assert level in ["os", "os_g", "p_g_os"], "The level must be os, os_g or p_g_os."
    if scaler is None and any(p.dtype == float16 for p in model.parameters()):
        _logger.warning("the input of scaler is None, please ensure the logic of your scaler outside is same as "
                        "GroupShardedScaler.")
    if level in ["os", "os_g"]:
        if exclude_layer is not None:
            raise NotImplementedError("group_sharded_parallel: exclude_layer applies to level 'p_g_os' only")
        optimizer = GroupShardedOptimizerStage2(params=optimizer._parameter_list, optim=optimizer, group=group,
                                                offload=offload, dp_group=dp_group, device=device)
        model = GroupShardedStage2(model, optimizer, group=group, sync_buffers=sync_buffers,
                                   buffer_max_size=buffer_max_size, dp_group=dp_group, device=device)
    else:
        model = GroupShardedStage3(model, optimizer=optimizer, group=group, sync_buffers=sync_buffers,
                                   segment_size=segment_size, offload=offload, sync_comm=sync_comm,
                                   dp_group=dp_group, device=device, exclude_layer=exclude_layer)
    if isinstance(scaler, GradScaler):
        scaler = GroupShardedScaler(scaler)
    return model, optimizer, scaler


def save_group_sharded_model(model, output, optimizer=None):
    from ...framework.io import save
    from ..fleet.meta_parallel.sharding.group_sharded_stage2 import GroupShardedStage2
    from ..fleet.meta_parallel.sharding.group_sharded_stage3 import GroupShardedStage3

    assert not os.path.isfile(output), f"Saving directory ({output}) should be a directory, not a file"
    os.makedirs(output, exist_ok=True)
    output_model = os.path.join(output, "model.pdmodel")
    if isinstance(model, GroupShardedStage2):
        save(model._layer.state_dict(), output_model)
    elif isinstance(model, GroupShardedStage3):
        model.get_all_parameters(convert2cpu=bool(model._offload))
        save(model._layer.state_dict(), output_model)
    else:
        raise ValueError("Please use the layer which is wrapped with group_sharded_parallel.")
    if optimizer is not None:
        assert hasattr(optimizer, "_optim"), "Please use the optimizer which is wrapped with group_sharded_parallel."
        save(optimizer._optim.state_dict(), os.path.join(output, "model.pdopt"))
