"""``GroupShardedStage2``: the model wrapper of sharding stage 2. Each trainable parameter's gradient is summed
onto the rank that owns the parameter (``GroupShardedOptimizerStage2``'s segmentation) as soon as autograd
produces it, scaled by 1/nranks; the other ranks drop it at once, so a rank holds the gradients (and optimizer
state) of its own shard only. Reduction is per parameter, the moment each gradient is ready: Paddle's
``buffer_max_size`` fusion buckets change when the reduction is issued, not its result."""

import torch

from .group_sharded_optimizer_stage2 import GroupShardedOptimizerStage2
from .group_sharded_utils import _GroupShardedWrapper, _torch_reduce

__all__ = []


class GroupShardedStage2(_GroupShardedWrapper):
    def __init__(self, layer, sharding_optimizer, group=None, sync_buffers=False, buffer_max_size=2**23,
                 auto_refresh_trainable=True, device="gpu", dp_group=None):
        super().__init__()
        self._sharding_optimizers = (
            [sharding_optimizer] if not isinstance(sharding_optimizer, list) else sharding_optimizer)
        assert all(isinstance(opt, GroupShardedOptimizerStage2) for opt in self._sharding_optimizers), (
            "Please use GroupShardedOptimizerStage2 optimizer")
        self._join_group(layer, group, sync_buffers, device, dp_group)
        self._auto_refresh_trainable = auto_refresh_trainable
        self._world_size_scaling = 1.0 / self._group.nranks
        assert buffer_max_size >= 0, "buffer_max_size must be GE than 0."
        self._buffer_max_size = buffer_max_size
        self._all_params = []
        for optim in self._sharding_optimizers:
            self._all_params.extend(list(optim.local_params))
        self._param2rank = {}
        for optim in self._sharding_optimizers:
            self._param2rank.update(optim.param2rank)
        self._hook_handles = []
        self._refresh_trainable()

    def set_state_dict(self, state_dict, use_structured_name=True):
        self._layer.set_state_dict(state_dict, use_structured_name=use_structured_name)

    def to(self, device=None, dtype=None, blocking=True):
        assert device is None or isinstance(device, str), "Device must be string, like 'cpu', 'gpu' or 'xpu'"
        self._layer.to(device=device, dtype=dtype, blocking=blocking)
        return self

    def _register_hooks(self, param):
        owner = self._param2rank[param.name]
        owner_global = self._group.ranks[owner]
        scaling = self._world_size_scaling
        group = self._group
        mine = owner == self._rank

        @torch.no_grad()
        def reduce_to_owner(grad):
            grad = grad * scaling
            _torch_reduce(grad, owner_global, group)
            return grad

        def drop_if_not_mine(tensor):
            if not mine:
                tensor.grad = None

        self._hook_handles.append(param._t.register_hook(reduce_to_owner))
        self._hook_handles.append(param._t.register_post_accumulate_grad_hook(drop_if_not_mine))
        param.__dict__["_group_sharded_hooked"] = True

    def _refresh_trainable(self):
        """Hooks for every trainable parameter, including ones made trainable after wrapping."""
        for param in self._all_params:
            if param.trainable and not param.__dict__.get("_group_sharded_hooked"):
                self._register_hooks(param)

    def __call__(self, *inputs, **kwargs):
        if self._auto_refresh_trainable and self.training:
            self._refresh_trainable()
        return super().__call__(*inputs, **kwargs)
