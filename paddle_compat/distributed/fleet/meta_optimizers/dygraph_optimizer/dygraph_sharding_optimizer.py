"""``DygraphShardingOptimizer`` (sharding stage 1): the parameters are partitioned over the sharding group
(largest first, each to the rank holding the fewest elements, as Paddle); each rank keeps optimizer state
for and updates only its own part, after the gradients are averaged onto their owner, then every parameter is
broadcast from its owner."""

import os

from ....._core.tensor import wrap
from .....framework import no_grad
from ...utils.log_util import logger

__all__ = []


class DygraphShardingOptimizer:
    def __init__(self, optimizer, hcg):
        from .... import fleet as fleet_package

        logger.info("init DygraphShardingOptimizer")
        if isinstance(optimizer._parameter_list[0], dict):
            raise TypeError("Do not support param_groups now, please set optimizer._parameter_list as a list of "
                            "Parameter")
        self._parameter_list = optimizer._parameter_list
        self._origin_parameter_list = self._parameter_list
        self._inner_opt = optimizer
        self._hcg = hcg
        self._sharding_world_size = hcg.get_sharding_parallel_world_size()
        self._sharding_rank = hcg.get_sharding_parallel_rank()
        configs = fleet_package.fleet._user_defined_strategy.hybrid_configs["sharding_configs"]
        for option in ("tensor_fusion", "comm_overlap", "split_param"):
            if getattr(configs, option):
                raise NotImplementedError(
                    f"hybrid_configs sharding_configs {option} is not implemented in paddle-compat")
        if configs.accumulate_steps != 1:
            raise NotImplementedError(
                "hybrid_configs sharding_configs accumulate_steps != 1 is not implemented in paddle-compat")
        if int(os.environ.get("FLAGS_shard_norm_align_dp", 0)):
            raise NotImplementedError("FLAGS_shard_norm_align_dp is not implemented in paddle-compat")
        self._use_reduce = bool(int(os.environ.get("FLAGS_shard_use_reduce", 1)))
        self._rank2params = self._partition_parameters()
        self._param2rank = {param.name: rank for rank, params in self._rank2params.items() for param in params}
        local_params = self._rank2params[self._sharding_rank]
        optimizer._parameter_list = local_params
        optimizer._param_groups = local_params

    def _partition_parameters(self):
        mapping = {rank: [] for rank in range(self._sharding_world_size)}
        sizes = [0] * self._sharding_world_size
        parameters = list(self._parameter_list)
        if str(os.getenv("FLAGS_sharding_sort_parameters", "1")).lower() in ("1", "true", "t", "yes", "y", "on"):
            parameters.sort(key=lambda p: p.size, reverse=True)
        for param in parameters:
            rank = sizes.index(min(sizes))
            mapping[rank].append(param)
            assert param.size > 0, f"param [{param.name}] should larger than 0, but it is [{param.size}]"
            sizes[rank] += param.size
        return mapping

    def filter_parameters(self, parameter_list, hcg):
        rank = hcg.get_sharding_parallel_rank()
        return [param for param in parameter_list if self._param2rank[param.name] == rank]

    @no_grad()
    def reduce_gradients(self, parameter_list, hcg):
        from .... import communication

        group = hcg.get_sharding_parallel_group()
        for param in parameter_list:
            if param.stop_gradient or param._t.grad is None:
                continue
            grad = wrap(param._t.grad)
            grad._t.mul_(1.0 / group.nranks)
            owner = group.ranks[self._param2rank[param.name]]
            if self._use_reduce:
                communication.reduce(grad, dst=owner, group=group, sync_op=True)
            else:
                communication.all_reduce(grad, group=group, sync_op=True)

    @no_grad()
    def _sharding_sync_parameters(self):
        from .... import communication

        group = self._hcg.get_sharding_parallel_group()
        for rank, params in self._rank2params.items():
            for param in params:
                communication.broadcast(param, src=group.ranks[rank], group=group, sync_op=True)

    def step(self):
        from .hybrid_parallel_optimizer import HybridParallelClipGrad

        local = self._rank2params[self._sharding_rank]
        has_grads = any(p._t.requires_grad and p._t.grad is not None for p in local)
        clip = getattr(self._inner_opt, "_grad_clip", None)
        if has_grads:
            self._inner_opt.step()
        elif isinstance(clip, HybridParallelClipGrad):
            clip._clip_lists([], [])  # join the norm's collectives the other ranks enter
        self._sharding_sync_parameters()

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        names = {param.name for param in parameters}
        parameters = [p for p in self._rank2params[self._sharding_rank] if p.name in names]
        result = self._inner_opt.minimize(loss, startup_program, parameters, no_grad_set)
        self._sharding_sync_parameters()
        return result

    def clear_grad(self, set_to_zero=True):
        for param in self._origin_parameter_list:
            if param._t.grad is not None:
                if set_to_zero:
                    param._t.grad.zero_()
                else:
                    param._t.grad = None

    def __getattr__(self, item):
        return getattr(self._inner_opt, item)
