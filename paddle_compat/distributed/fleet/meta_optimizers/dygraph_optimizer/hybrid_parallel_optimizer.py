"""``HybridParallelOptimizer``: before the inner optimizer's step, average gradients over the data-parallel
group (unless a ``DataParallel`` model already did) and keep the replicated parameters of the
model-parallel group in sync, as Paddle's ``mp_configs`` ask."""

from .....framework import no_grad
from ...base.topology import ParallelMode
from ...utils._global_norm_clip import _GlobalNormClipAcrossRanks
from ...utils.hybrid_parallel_util import fused_allreduce_gradients, obtain_optimizer_parameters_list
from ...utils.log_util import logger
from .dygraph_sharding_optimizer import DygraphShardingOptimizer

__all__ = []


class HybridParallelClipGrad(_GlobalNormClipAcrossRanks):
    """Global-norm clipping across the hybrid groups: squares of model-parallel-sharded gradients
    (``is_distributed``) are summed over the check group (all model/pipe ranks of this data-parallel
    replica), replicated ones over the pipe group only, so every rank scales by the dense model's norm."""

    def __init__(self, clip, hcg):
        super().__init__(clip)
        self._hcg = hcg
        self.not_sharding_stage1 = True

    _honours_auto_skip = False

    def _global_norm(self, params, grads):
        import torch

        from ....._core.tensor import wrap
        from .... import communication

        dist_sq, replicated_sq = [], []
        for param, grad in zip(params, grads):
            if grad is None or getattr(param, "need_clip", True) is False:
                continue
            if getattr(param, "is_firstly_shared", True) is False:
                continue
            square = grad.float().square().sum()
            (dist_sq if getattr(param, "is_distributed", False) else replicated_sq).append(square)
        zero = torch.zeros((), dtype=torch.float32)
        dist_total = torch.stack(dist_sq).sum() if dist_sq else zero.clone()
        replicated_total = torch.stack(replicated_sq).sum() if replicated_sq else zero.clone()
        dist_tensor, replicated_tensor = wrap(dist_total), wrap(replicated_total)
        hcg = self._hcg
        sharding = hcg.get_sharding_parallel_world_size() > 1
        dp = hcg.get_data_parallel_world_size() > 1
        mp = hcg.get_model_parallel_world_size() > 1
        pp = hcg.get_pipe_parallel_world_size() > 1
        if sharding:  # each sharding rank holds the gradients of its own parameters only
            if mp:
                communication.all_reduce(dist_tensor, group=hcg.get_sharding_parallel_group())
            communication.all_reduce(replicated_tensor, group=hcg.get_sharding_parallel_group())
        if mp:
            if not (dp and sharding):
                communication.all_reduce(dist_tensor, group=hcg.get_check_parallel_group(sharding))
            else:
                communication.all_reduce(dist_tensor, group=hcg.get_model_parallel_group())
                if pp:
                    communication.all_reduce(dist_tensor, group=hcg.get_pipe_parallel_group())
        if pp:
            communication.all_reduce(replicated_tensor, group=hcg.get_pipe_parallel_group())
        return (dist_tensor._t + replicated_tensor._t).sqrt()


class HybridParallelOptimizer:
    def __init__(self, optimizer, hcg, strategy):
        from .....nn import ClipGradByGlobalNorm

        if hcg.get_sharding_parallel_world_size() > 1:
            optimizer = DygraphShardingOptimizer(optimizer, hcg)
        self._inner_opt = optimizer
        self._strategy = strategy
        self._hcg = hcg
        self._use_dp_mode = hcg.get_parallel_mode() == ParallelMode.DATA_PARALLEL
        self._need_dp = hcg.get_data_parallel_world_size() > 1
        self._dp_enable = not self._use_dp_mode and self._need_dp
        self._sharding_enable = hcg.get_sharding_parallel_world_size() > 1
        self._sep_enable = hcg.get_sep_parallel_world_size() > 1
        inner = optimizer._inner_opt if isinstance(optimizer, DygraphShardingOptimizer) else optimizer
        if isinstance(getattr(inner, "_grad_clip", None), ClipGradByGlobalNorm) and not self._use_dp_mode:
            logger.warning("While using ClipGradByGlobalNorm in TensorParallel, PipelineParallel or Sharding, the "
                           "grad clip of original optimizer will be changed.")
            inner._grad_clip = HybridParallelClipGrad(inner._grad_clip, hcg)
            for group in getattr(inner, "_param_groups", None) or []:
                if isinstance(group, dict) and "grad_clip" in group:
                    group["grad_clip"] = HybridParallelClipGrad(inner._grad_clip._clip, hcg)

    def _filter_fn(self, param):
        if getattr(param, "is_distributed", False) is False:
            return any(target in param.name for target in self._strategy.sync_param_name)
        return False

    def _insert_sync(self, tensor, src, mp_group, sync_mode):
        from .... import communication

        if sync_mode == "broadcast":
            communication.broadcast(tensor, src=src, group=mp_group, sync_op=True)
        else:
            communication.all_reduce(tensor, group=mp_group, sync_op=True)
            tensor._t.mul_(1.0 / mp_group.nranks)

    @no_grad()
    def _step(self, parameters_list):
        mp_group = self._hcg.get_model_parallel_group()
        src_rank = self._hcg.get_model_parallel_group_src_rank()
        mp_configs = None
        params = []
        if mp_group.nranks > 1:
            mp_configs = self._strategy.hybrid_configs["mp_configs"]
            if mp_configs.sync_moment:
                raise NotImplementedError(
                    "HybridParallelOptimizer: hybrid_configs mp_configs sync_moment is not implemented in "
                    "paddle-compat yet")
            if mp_configs.sync_param or mp_configs.sync_grad:
                params = sorted((p for p in parameters_list if self._filter_fn(p)), key=lambda p: p.name)
        if mp_configs is not None and mp_configs.sync_grad:
            for param in params:
                if param.grad is not None:
                    self._insert_sync(param.grad, src_rank, mp_group, mp_configs.sync_mode)
        self._inner_opt.step()
        if mp_configs is not None and mp_configs.sync_param:
            for param in params:
                self._insert_sync(param, src_rank, mp_group, mp_configs.sync_mode)

    def _hybrid_sync_grad(self, parameter_list):
        dp_parameter_list = parameter_list
        if self._sharding_enable:
            self._inner_opt.reduce_gradients(parameter_list, self._hcg)
            dp_parameter_list = self._inner_opt.filter_parameters(parameter_list, self._hcg)
        if self._dp_enable or self._sep_enable:
            fused_allreduce_gradients(dp_parameter_list, self._hcg)

    @no_grad()
    def step(self):
        parameter_list = list(obtain_optimizer_parameters_list(self._inner_opt))
        self._hybrid_sync_grad(parameter_list)
        self._step(parameter_list)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        parameter_list = list(parameters if parameters else obtain_optimizer_parameters_list(self._inner_opt))
        self._hybrid_sync_grad(parameter_list)
        return self._inner_opt.minimize(loss, startup_program, parameter_list, no_grad_set)

    def __getattr__(self, item):
        return getattr(self._inner_opt, item)
