"""``HybridParallelOptimizer``: before the inner optimizer's step, average gradients over the data-parallel
group (unless a ``DataParallel`` model already did) and keep the replicated parameters of the
model-parallel group in sync, as Paddle's ``mp_configs`` ask."""

from .....framework import no_grad
from ...base.topology import ParallelMode
from ...utils.hybrid_parallel_util import fused_allreduce_gradients, obtain_optimizer_parameters_list

__all__ = []


class HybridParallelOptimizer:
    def __init__(self, optimizer, hcg, strategy):
        from .....nn import ClipGradByGlobalNorm

        if hcg.get_sharding_parallel_world_size() > 1:
            raise NotImplementedError(
                "HybridParallelOptimizer: sharding (hybrid_configs sharding_degree > 1) is not implemented in "
                "paddle-compat yet")
        self._inner_opt = optimizer
        self._strategy = strategy
        self._hcg = hcg
        self._use_dp_mode = hcg.get_parallel_mode() == ParallelMode.DATA_PARALLEL
        self._need_dp = hcg.get_data_parallel_world_size() > 1
        self._dp_enable = not self._use_dp_mode and self._need_dp
        self._sharding_enable = False
        self._sep_enable = hcg.get_sep_parallel_world_size() > 1
        if isinstance(getattr(optimizer, "_grad_clip", None), ClipGradByGlobalNorm) and not self._use_dp_mode:
            raise NotImplementedError(
                "HybridParallelOptimizer: ClipGradByGlobalNorm with tensor/pipeline/sharding parallel (Paddle's "
                "HybridParallelClipGrad) is not implemented in paddle-compat yet")

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
        if self._dp_enable or self._sep_enable:
            fused_allreduce_gradients(parameter_list, self._hcg)

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
