"""``paddle.distributed.fleet.utils.hybrid_parallel_util``: gradient all-reduce and parameter broadcast
helpers that model code calls directly for data parallelism. ``hcg`` is any object with Paddle's
HybridCommunicateGroup getters (``get_data_parallel_group`` ...), or None for the global group."""

import torch
from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors

from ...._core.tensor import Tensor, wrap
from ... import communication as _comm
from ...parallel import get_world_size, sync_params_buffers

__all__ = []


def obtain_optimizer_parameters_list(optimizer):
    param_groups = getattr(optimizer, "_param_groups", None)
    if param_groups and isinstance(param_groups[0], dict):
        return [param for group in param_groups for param in group["params"]]
    return list(optimizer._parameter_list)


def _buckets(tensors, bucket_size):
    """Consecutive runs of same-dtype tensors of at most ``bucket_size`` bytes (one tensor may exceed it)."""
    bucket, size = [], 0
    for tensor in tensors:
        nbytes = tensor.numel() * tensor.element_size()
        if bucket and (size + nbytes > bucket_size or tensor.dtype != bucket[0].dtype):
            yield bucket
            bucket, size = [], 0
        bucket.append(tensor)
        size += nbytes
    if bucket:
        yield bucket


def _apply_collective_grads(parameters, comm_group, bucket_size, scale=None):
    grads = []
    for param in parameters:
        grad = None
        if not param.stop_gradient and param._t.grad is not None:
            grad = param._t.grad
        if not param.stop_gradient and hasattr(param, "main_grad"):
            assert param._t.grad is None, "param.grad is not None"
            grad = param.main_grad._t
        if grad is not None:
            assert not grad.is_sparse, "Now, it doesn't support sparse parameters"
            grads.append(grad)
    nranks = get_world_size() if comm_group is None else comm_group.nranks
    scale = 1.0 / nranks if scale is None else scale
    scale = None if scale == 1.0 else scale
    for bucket in _buckets(grads, bucket_size):
        flat = _flatten_dense_tensors(bucket)
        if scale is not None:
            flat.mul_(scale)
        _comm.all_reduce(wrap(flat), group=comm_group)
        for grad, synced in zip(bucket, _unflatten_dense_tensors(flat, bucket)):
            grad.copy_(synced)


def fused_allreduce_gradients_with_group(parameter_list, group, bucket_size=128 * 1024 * 1024, scale=None):
    """All-reduce the gradients of ``parameter_list`` over ``group``, scaled by ``scale`` (1/nranks by
    default: the average), in fused buckets of ``bucket_size`` bytes."""
    with torch.no_grad():
        _apply_collective_grads(parameter_list, group, bucket_size, scale)


def fused_allreduce_gradients(parameter_list, hcg):
    """Average the gradients over the data-parallel group of ``hcg`` (the global group when None)."""
    group = None
    scale = None
    if hcg is not None:
        dp_enabled = hcg.get_data_parallel_world_size() > 1
        sep_enabled = hcg.get_sep_parallel_world_size() > 1
        assert dp_enabled or sep_enabled, f"dp_enabled {dp_enabled}; sep_enabled {sep_enabled}"
        scale = 1.0
        if dp_enabled:
            group = hcg.get_data_parallel_group()
            scale = scale / group.nranks
        if sep_enabled:
            sep_group = hcg.get_sep_parallel_group()
            group = sep_group if group is None else hcg.get_dp_sep_parallel_group()
    fused_allreduce_gradients_with_group(parameter_list, group, scale=scale)


def _parameter_broadcast(name, axis, is_model_parallel=False):
    """Paddle's ``broadcast_<kind>_parameters(model, hcg)``: the parameters and buffers of ``model`` from the
    source rank of ``hcg``'s ``axis`` group (data, model, sharding or sep)."""

    def broadcast(model, hcg):
        sync_params_buffers(model, getattr(hcg, f"get_{axis}_parallel_group")(),
                            getattr(hcg, f"get_{axis}_parallel_group_src_rank")(), is_model_parallel=is_model_parallel)

    broadcast.__name__ = broadcast.__qualname__ = name
    return broadcast


broadcast_dp_parameters = _parameter_broadcast("broadcast_dp_parameters", "data")
broadcast_mp_parameters = _parameter_broadcast("broadcast_mp_parameters", "model", is_model_parallel=True)
broadcast_sharding_parameters = _parameter_broadcast("broadcast_sharding_parameters", "sharding")
broadcast_sep_parameters = _parameter_broadcast("broadcast_sep_parameters", "sep")


def _broadcast_tensor(tensor, hcg):
    group, src = hcg.get_model_parallel_group(), hcg.get_model_parallel_group_src_rank()
    shape = wrap(torch.tensor(tensor._t.shape, dtype=torch.int64))
    _comm.broadcast(shape, src=src, group=group, sync_op=True)
    if hcg.get_model_parallel_rank() != 0:
        with torch.no_grad():
            tensor._t = torch.zeros(shape._t.tolist(), dtype=tensor._t.dtype, device=tensor._t.device)
    _comm.broadcast(tensor, src=src, group=group, sync_op=True)


def broadcast_input_data(hcg, *inputs, **kwargs):
    """Give every model-parallel rank the inputs of the group's source rank (Tensors in place; other values
    as object lists, as Paddle does)."""
    group, src = hcg.get_model_parallel_group(), hcg.get_model_parallel_group_src_rank()
    for value in inputs:
        if isinstance(value, Tensor):
            _broadcast_tensor(value, hcg)
        else:
            _comm.broadcast_object_list(value, src=src, group=group)
    for key, value in kwargs.items():
        if isinstance(value, Tensor):
            _broadcast_tensor(value, hcg)
        else:
            # Paddle stores the helper's return value, None, for non-tensor keyword inputs
            _comm.broadcast_object_list(value, src=src, group=group)
            kwargs[key] = None
    return inputs, kwargs


def unwrap_optimizer(optimizer, optimizer_instances=()):
    inner = optimizer
    while isinstance(inner, optimizer_instances):
        inner = inner._inner_opt
    return inner
