"""``GroupShardedOptimizerStage2`` (ZeRO stage 1/2 optimizer): the parameters are divided over the sharding
group as Paddle does (each, in order, to the rank holding the fewest trainable elements); a rank keeps the
optimizer state of, and updates, only its own parameters (the others have no gradient there), then every
parameter is broadcast from its owner. Gradients reach their owner through ``GroupShardedStage2``'s hooks."""

import torch

from .....nn.clip import ClipGradByGlobalNorm
from .....optimizer.optimizer import Optimizer
from .group_sharded_utils import GroupShardedClipGrad, _global_group, _torch_all_reduce, _torch_broadcast

__all__ = []


def _check_offload(params, offload):
    if offload and any(p._t.is_cuda for p in params):
        raise NotImplementedError(
            "group sharded offload=True on CUDA parameters is not implemented in paddle-compat (on CPU the "
            "parameters and optimizer state already live in host memory)")


class GroupShardedOptimizerStage2(Optimizer):
    def __init__(self, params, optim, group=None, offload=False, device="gpu", pertrain_sync_models=True,
                 dp_group=None, **kw):
        super().__init__(learning_rate=optim._learning_rate, parameters=params)
        if kw:
            raise NotImplementedError(
                f"GroupShardedOptimizerStage2: keyword arguments {sorted(kw)} are not supported by paddle-compat")
        assert hasattr(optim, "_master_weights"), "Must use optimizer with _master_weights attribute"
        self._optim = optim
        self._local_params = []
        if isinstance(params[0], dict):
            for param_group in params:
                self._local_params.extend(list(param_group["params"]))
        else:
            self._local_params.extend(list(params))
        _check_offload(self._local_params, offload)
        self._default_device = device
        self._group = _global_group() if group is None else group
        self._dp_group = dp_group
        self.world_size = self._group.nranks
        self._rank = self._group.rank
        self._global_root_rank = self._group.ranks[0]
        if dp_group is not None and dp_group.nranks > 1:
            assert not offload, ("Not support! when using offload with sharding stage2, please use pure sharding "
                                 "stage2, exclude data parallel.")
        self.offload = offload
        self._segments = None
        self._param2rank = {}
        if pertrain_sync_models:
            self._sync_params_and_buffers()
        # a global-norm clip becomes a group-wide one, whose collective every rank must join at each step
        self._clip_communicates = isinstance(optim._grad_clip, ClipGradByGlobalNorm)
        if self._clip_communicates:
            from ....fleet import fleet as fleet_env
            from ...base.topology import ParallelMode

            hcg = getattr(fleet_env, "_hcg", None)
            if hcg is not None and hcg.get_parallel_mode() != ParallelMode.DATA_PARALLEL and not offload:
                from ...meta_optimizers.dygraph_optimizer.hybrid_parallel_optimizer import HybridParallelClipGrad

                optim._grad_clip = HybridParallelClipGrad(optim._grad_clip, hcg)
            else:
                optim._grad_clip = GroupShardedClipGrad(optim._grad_clip, device, self._group)
            if optim._parameter_list and isinstance(optim._parameter_list[0], dict):
                for item in optim._param_groups:
                    if "grad_clip" in item:
                        item["grad_clip"] = optim._grad_clip

    # --- segmentation --------------------------------------------------------------------------------
    def _segment_params(self):
        if self._segments is None:
            self._segments = [[] for _ in range(self.world_size)]
            sizes = [0] * self.world_size
            for param in self._local_params:
                rank = sizes.index(min(sizes))
                self._segments[rank].append(param)
                sizes[rank] += param.size if param.trainable else 0
        return self._segments

    @property
    def local_params(self):
        return self._local_params

    @property
    def param2rank(self):
        if not self._param2rank:
            for rank, params in enumerate(self._segment_params()):
                for param in params:
                    self._param2rank[param.name] = rank
        return self._param2rank

    @torch.no_grad()
    def _sync_params_and_buffers(self):
        for param in self._local_params:
            _torch_broadcast(param._t.data, self._global_root_rank, self._group)
            if self._dp_group:
                _torch_broadcast(param._t.data, self._dp_group.ranks[0], self._dp_group)

    # --- the step ------------------------------------------------------------------------------------
    @torch.no_grad()
    def _dp_allreduce(self):
        if self._dp_group is None or self._dp_group.nranks <= 1:
            return
        for param in self._segment_params()[self._rank]:
            if param._t.grad is not None:
                param._t.grad.mul_(1.0 / self._dp_group.nranks)
                _torch_all_reduce(param._t.grad, self._dp_group)

    def _step(self):
        self._dp_allreduce()
        own = self._segment_params()[self._rank]
        has_grads = any(p._t.requires_grad and p._t.grad is not None for p in own)
        if has_grads:
            self._optim.step()
        elif self._clip_communicates:
            self._optim._grad_clip._clip_lists([], [])  # join the norm's collective that the other ranks enter
        self._broadcast_params()

    def step(self):
        self._step()

    def minimize(self):
        raise RuntimeError("optimizer.minimize() not support now, please use optimizer.step()")

    @torch.no_grad()
    def _broadcast_params(self):
        for rank, params in enumerate(self._segment_params()):
            for param in params:
                if param.trainable:
                    _torch_broadcast(param._t.data, self._group.ranks[rank], self._group)

    def clear_grad(self, set_to_zero=True):
        for param in self._local_params:
            if not param.stop_gradient:
                param.clear_gradient(set_to_zero)

    def set_state_dict(self, state_dict):
        self._optim.set_state_dict(state_dict)

    def state_dict(self):
        return self._optim.state_dict()

    def _set_auxiliary_var(self, key, val):
        super()._set_auxiliary_var(key, val)
        self._optim._set_auxiliary_var(key, val)

    def _get_auxiliary_var(self, key):
        return self._optim._get_auxiliary_var(key)

    def _clear_cache(self):
        self._segments = None
        self._param2rank.clear()

    def set_lr(self, lr):
        super().set_lr(lr)
        self._optim.set_lr(lr)

    def get_lr(self):
        return self._optim.get_lr()
