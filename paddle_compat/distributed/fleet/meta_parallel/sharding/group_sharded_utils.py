"""Helpers shared by the group-sharded stages: the common base of their model wrappers, the global-norm clip
over a sharding group, the GradScaler whose
found-inf flag is combined over the group, and the collectives on a Paddle ``Group``'s torch process group."""

from types import MethodType

import torch

from .....nn import Layer
from .....nn.clip import _needs_clip
from ...utils._global_norm_clip import _GlobalNormClipAcrossRanks

__all__ = []


def _global_group():
    from ....communication.group import _get_global_group

    return _get_global_group()


def _comm_device(group):
    """Where a tensor made for ``group``'s collectives must live: the current GPU for NCCL, else the CPU."""
    import torch.distributed as torch_dist

    if torch.cuda.is_available() and torch_dist.get_backend(group.process_group) == "nccl":
        return torch.device("cuda", torch.cuda.current_device())
    return torch.device("cpu")


def _torch_broadcast(tensor, src, group):
    import torch.distributed as torch_dist

    torch_dist.broadcast(tensor, src, group.process_group)


def _torch_all_reduce(tensor, group, op=None):
    import torch.distributed as torch_dist

    torch_dist.all_reduce(tensor, op or torch_dist.ReduceOp.SUM, group.process_group)


def _torch_reduce(tensor, dst, group):
    import torch.distributed as torch_dist

    torch_dist.reduce(tensor, dst, torch_dist.ReduceOp.SUM, group.process_group)


class _GroupShardedWrapper(Layer):
    """What the stage 2 and stage 3 model wrappers share: ``_layer`` runs the forward, answers for the attributes
    the wrapper lacks, gives the state dict, and has its buffers broadcast from the group's first rank (and the
    data-parallel group's) when ``sync_buffers`` asks."""

    def _join_group(self, layer, group, sync_buffers, device, dp_group):
        """The wrapped layer and the sharding group (the global one by default, of more than one rank) with
        this rank's place in it; ``dp_group`` is the data-parallel group the buffers are also synced over."""
        self._layer = layer
        self._sync_buffers = sync_buffers
        self._default_device = device
        self._dp_group = dp_group
        self._group = _global_group() if group is None else group
        assert self._group.nranks > 1, "Training must be distributed, ranks must be greater than 1"
        self._rank = self._group.rank
        self._global_root_rank = self._group.ranks[0]

    def forward(self, *inputs, **kwargs):
        if self._sync_buffers:
            self._sync_buffers_from_root()
        return self._layer(*inputs, **kwargs)

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix=""):
        return self._layer.state_dict(destination=destination, include_sublayers=include_sublayers,
                                      structured_name_prefix=structured_name_prefix)

    @torch.no_grad()
    def _sync_buffers_from_root(self):
        for buffer in self._layer.buffers(include_sublayers=True):
            _torch_broadcast(buffer._t, self._global_root_rank, self._group)
            if self._dp_group and self._dp_group.nranks > 1:
                _torch_broadcast(buffer._t, self._dp_group.ranks[0], self._dp_group)

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            layer = self.__dict__.get("_layer")
            if layer is None:
                raise
            return getattr(layer, name)


class GroupShardedClipGrad(_GlobalNormClipAcrossRanks):
    """Global-norm clipping when each rank holds the gradients of its own shard only: the local sums of squares
    are added over the sharding group (and the data-parallel group when one is given), so every rank scales by
    the norm of the whole model's gradient."""

    def __init__(self, clip, device, group):
        super().__init__(clip)
        self._device = device
        self._group = group

    def _global_norm(self, params, grads):
        squares = [grad.float().square().sum() for param, grad in zip(params, grads)
                   if grad is not None and _needs_clip(param)]
        total = (torch.stack(squares).sum() if squares
                 else torch.zeros((), dtype=torch.float32, device=_comm_device(self._group)))
        _torch_all_reduce(total, self._group)
        return total.sqrt()


def GroupShardedScaler(scaler):  # noqa: N802 - Paddle's name (a function returning the patched scaler)
    """Patch ``scaler`` so that its found-inf flag is ORed over all ranks before the step: with sharding, each
    rank checks only the gradients it holds."""
    local_unscale = type(scaler)._unscale

    def unscale_method(self, optimizer):
        if not self._enable:
            return
        local_unscale(self, optimizer)
        import torch.distributed as torch_dist

        group = _global_group()
        found = torch.tensor([int(bool(self._found_inf))], dtype=torch.int32, device=_comm_device(group))
        torch_dist.all_reduce(found, torch_dist.ReduceOp.MAX, group.process_group)
        from ....._core.tensor import wrap

        self._found_inf = wrap(found.cpu().to(torch.bool))

    scaler._unscale = MethodType(unscale_method, scaler)
    return scaler
