"""``GroupShardedStage3``: sharding stage 3 (parameters, gradients and optimizer state sharded). Every parameter
of at least ``segment_size`` elements (outside ``exclude_layer``) is flattened, padded to a multiple of the group
size and cut into one slice per rank; a rank keeps only its slice (a Parameter of the same name, which the
optimizer updates) and frees the full tensor. A layer's full parameters are all-gathered just before its forward
and freed after it, gathered again when autograd reaches the layer's outputs, and freed once their gradient is
reduced onto the slices. Smaller parameters stay whole on every rank with their gradients averaged (as Paddle's
unsliced parameters). Communication is synchronous, so ``sync_comm`` only selects what Paddle overlaps."""

import math

import torch

from ....._core.tensor import Parameter, Tensor
from .....nn.clip import ClipGradByGlobalNorm, _needs_clip
from ...utils._global_norm_clip import _GlobalNormClipAcrossRanks
from .group_sharded_optimizer_stage2 import _check_offload
from .group_sharded_utils import (
    _comm_device,
    _GroupShardedWrapper,
    _torch_all_reduce,
    _torch_broadcast,
)

__all__ = []


def _empty_like(tensor):
    return torch.empty(0, dtype=tensor.dtype, device=tensor.device)


class _Stage3ClipGrad(_GlobalNormClipAcrossRanks):
    """Global norm over the whole model: slice gradients are summed over the group, whole (replicated) ones
    counted once."""

    def __init__(self, clip, group, sliced_names):
        super().__init__(clip)
        self._group = group
        self._sliced_names = sliced_names

    def _global_norm(self, params, grads):
        device = _comm_device(self._group)
        sliced = torch.zeros((), dtype=torch.float32, device=device)
        whole = torch.zeros((), dtype=torch.float32, device=device)
        for param, grad in zip(params, grads):
            if grad is None or not _needs_clip(param):
                continue
            square = grad.float().square().sum().to(device)
            if param.name in self._sliced_names:
                sliced = sliced + square
            else:
                whole = whole + square
        _torch_all_reduce(sliced, self._group)
        return (sliced + whole).sqrt()


class GroupShardedStage3(_GroupShardedWrapper):
    def __init__(self, layer, optimizer, group=None, sync_buffers=False, device="gpu", segment_size=2**20,
                 pretrain_sync_models=True, offload=False, sync_comm=False, dp_group=None, exclude_layer=None):
        super().__init__()
        assert isinstance(segment_size, int) and segment_size > 0, "segment_size must be a positive integer"
        if exclude_layer is not None:
            assert isinstance(exclude_layer, list), ("the exclude_layers must be a list with layers' name or "
                                                     "layers' id")
            for item in exclude_layer:
                if not isinstance(item, (str, int)):
                    raise TypeError("exclude_layer must contain the layers' class name (str) or a layer's id (int), "
                                    f"but got {type(item).__name__}")
        _check_offload(list(layer.parameters()), offload)
        self._optim = optimizer
        self._segment_size = segment_size
        self._offload = offload
        self._sync_comm = sync_comm
        self._exclude_layer = exclude_layer or []
        self._join_group(layer, group, sync_buffers, device, dp_group)
        self._world_size = self._group.nranks
        if pretrain_sync_models:
            self._sync_params_and_buffers()
        self._slices = {}  # id(full param) -> (full param, slice Parameter, numel, shape)
        self._unsliced = []
        self._layer_params = []  # (layer, [full params sliced in it])
        self._handles = []
        self._partition()
        self._rewrite_optimizer()

    # --- set-up --------------------------------------------------------------------------------------
    def _excluded(self, sublayer):
        return type(sublayer).__name__ in self._exclude_layer or id(sublayer) in self._exclude_layer

    @torch.no_grad()
    def _sync_params_and_buffers(self):
        for param in self._layer.parameters():
            _torch_broadcast(param._t.data, self._global_root_rank, self._group)
            if self._dp_group and self._dp_group.nranks > 1:
                _torch_broadcast(param._t.data, self._dp_group.ranks[0], self._dp_group)
        self._sync_buffers_from_root()

    def _partition(self):
        seen = set()
        for sublayer in self._layer.sublayers(include_self=True):
            excluded = self._excluded(sublayer)
            sliced_here = []
            for param in sublayer._parameters.values():
                if param is None or id(param) in seen:
                    continue
                seen.add(id(param))
                if excluded or param.size < self._segment_size or not param.trainable:
                    self._unsliced.append(param)
                    self._hook_unsliced(param)
                else:
                    self._make_slice(param)
                    sliced_here.append(param)
            if sliced_here:
                self._layer_params.append((sublayer, sliced_here))
                self._handles.append(sublayer.register_forward_pre_hook(self._make_pre_hook(sliced_here)))
                self._handles.append(sublayer.register_forward_post_hook(self._make_post_hook(sliced_here)))

    @torch.no_grad()
    def _make_slice(self, param):
        full = param._t.data
        numel = full.numel()
        chunk = math.ceil(numel / self._world_size)
        padded = torch.zeros(chunk * self._world_size, dtype=full.dtype, device=full.device)
        padded[:numel] = full.reshape(-1)
        own = padded[self._rank * chunk:(self._rank + 1) * chunk].clone()
        piece = Parameter(_data=own, name=param.name, trainable=param.trainable)
        for attr in ("optimize_attr", "regularizer", "need_clip", "is_distributed", "do_model_average"):
            setattr(piece, attr, getattr(param, attr))
        self._slices[id(param)] = (param, piece, numel, list(full.shape))
        param._t.data = _empty_like(full)
        param._t.register_post_accumulate_grad_hook(self._make_grad_hook(param))

    def _rewrite_optimizer(self):
        def substitute(params):
            return [self._slices[id(p)][1] if id(p) in self._slices else p for p in params]

        optim = self._optim
        if not hasattr(optim, "_optim"):  # Paddle's marks of an optimizer driven by stage 3
            optim._optim = optim
            optim.offload = self._offload
            optim._group = self._group
        if optim._parameter_list and isinstance(optim._parameter_list[0], dict):
            for group in optim._param_groups:
                group["params"] = substitute(group["params"])
        else:
            optim._parameter_list = substitute(optim._parameter_list)
            optim._param_groups = optim._parameter_list
        if isinstance(optim._grad_clip, ClipGradByGlobalNorm):
            sliced_names = {piece.name for _, piece, _, _ in self._slices.values()}
            optim._grad_clip = _Stage3ClipGrad(optim._grad_clip, self._group, sliced_names)
            for group in optim._param_groups:
                if isinstance(group, dict) and "grad_clip" in group:
                    group["grad_clip"] = optim._grad_clip
        inner_step = optim.step

        def step():
            inner_step()
            for param, _, _, _ in self._slices.values():  # whole copies gathered for a state_dict are stale now
                self._release(param)

        optim.step = step

    # --- gather / release ----------------------------------------------------------------------------
    @torch.no_grad()
    def _gather(self, param):
        if param._t.data.numel() > 0:
            return
        import torch.distributed as torch_dist

        _, piece, numel, shape = self._slices[id(param)]
        own = piece._t.data
        padded = torch.empty(own.numel() * self._world_size, dtype=own.dtype, device=own.device)
        torch_dist.all_gather(list(padded.chunk(self._world_size)), own, self._group.process_group)
        param._t.data = padded[:numel].view(shape)

    @staticmethod
    def _release(param):
        param._t.data = _empty_like(param._t.data)

    def _make_pre_hook(self, params):
        def pre_hook(layer, inputs):
            for param in params:
                self._gather(param)

        return pre_hook

    def _make_post_hook(self, params):
        def regather(grad):
            for param in params:
                self._gather(param)

        def post_hook(layer, inputs, outputs):
            for output in _tensors_in(outputs):
                if output._t.requires_grad:
                    output._t.register_hook(regather)
            for param in params:
                self._release(param)

        return post_hook

    def _make_grad_hook(self, param):
        _, piece, numel, _ = self._slices[id(param)]
        rank, world_size, group, dp_group = self._rank, self._world_size, self._group, self._dp_group

        @torch.no_grad()
        def reduce_onto_slice(tensor):
            grad = tensor.grad.reshape(-1)
            chunk = piece._t.numel()
            padded = torch.zeros(chunk * world_size, dtype=grad.dtype, device=grad.device)
            padded[:numel] = grad
            padded.mul_(1.0 / world_size)
            _torch_all_reduce(padded, group)
            own = padded[rank * chunk:(rank + 1) * chunk]
            if dp_group is not None and dp_group.nranks > 1:
                own.mul_(1.0 / dp_group.nranks)
                _torch_all_reduce(own, dp_group)
            if piece._t.grad is None:
                piece._t.grad = own.clone()
            else:
                piece._t.grad.add_(own)
            tensor.grad = None
            self._release(param)

        return reduce_onto_slice

    def _hook_unsliced(self, param):
        if not param._t.requires_grad:
            return
        group, dp_group, scaling = self._group, self._dp_group, 1.0 / self._group.nranks

        @torch.no_grad()
        def average(grad):
            grad = grad * scaling
            _torch_all_reduce(grad, group)
            if dp_group is not None and dp_group.nranks > 1:
                grad.mul_(1.0 / dp_group.nranks)
                _torch_all_reduce(grad, dp_group)
            return grad

        param._t.register_hook(average)

    # --- Layer API -----------------------------------------------------------------------------------
    def get_all_parameters(self, convert2cpu=False):
        """Gather every sliced parameter whole (it stays whole until its layer's next forward ends)."""
        for param, _, _, _ in self._slices.values():
            self._gather(param)
            if convert2cpu:
                param._t.data = param._t.data.cpu()

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix=""):
        """The unsharded model's state dict (the sliced parameters are gathered first)."""
        self.get_all_parameters()
        return super().state_dict(destination=destination, include_sublayers=include_sublayers,
                                  structured_name_prefix=structured_name_prefix)

    @torch.no_grad()
    def set_state_dict(self, state_dict, use_structured_name=True):
        self.get_all_parameters()
        self._layer.set_state_dict(state_dict, use_structured_name=use_structured_name)
        for param, piece, numel, _ in self._slices.values():
            chunk = piece._t.numel()
            start = self._rank * chunk
            own = param._t.data.reshape(-1)[start:min(start + chunk, numel)]
            piece._t.data.zero_()
            piece._t.data[:own.numel()].copy_(own)
            self._release(param)

    def to(self, device=None, dtype=None, blocking=True):
        raise NotImplementedError("GroupShardedStage3.to is not implemented in paddle-compat")


def _tensors_in(value):
    if isinstance(value, Tensor):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _tensors_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _tensors_in(item)
