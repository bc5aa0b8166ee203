"""Communication groups (``paddle.distributed.communication.group``) over torch.distributed process groups."""

import warnings

__all__ = []


class Group:
    """A set of ranks that communicate together; ``process_group`` is the torch ProcessGroup (None off-group)."""

    def __init__(self, rank_in_group, id, ranks, pg=None, name=None):
        self._rank_in_group = rank_in_group
        self._world_size = len(ranks) if rank_in_group >= 0 else -1
        self._id = id
        self._ranks = ranks
        self._pg = pg
        self._name = name
        self._backend_name = None

    @property
    def rank(self):
        return self._rank_in_group

    @property
    def ranks(self):
        return self._ranks

    @property
    def nranks(self):
        return len(self._ranks)

    @property
    def name(self):
        return self._name

    @property
    def process_group(self):
        return self._pg

    @property
    def world_size(self):
        return self._world_size

    @property
    def backend(self):
        if self._pg is None:
            # Paddle reads the name from its process group object, which does not exist off-group.
            raise AttributeError("'NoneType' object has no attribute 'name'")
        return self._backend_name

    @property
    def id(self):
        return self._id

    def is_member(self):
        return self.rank >= 0 and self.nranks >= 2

    def get_group_rank(self, rank):
        return self.ranks.index(rank) if self.is_member() else -1

    def __repr__(self):
        ranks = ", ".join(map(str, self.ranks))
        return (f"rank: {self.rank}, nranks: {self.nranks}, id: {self.id}, ranks: {ranks}; "
                f"name: {self.name if self.name else 'None'}")


class _GroupManager:
    global_group_id = 0
    group_map_by_id = {}


def _get_global_group():
    group = _GroupManager.group_map_by_id.get(_GroupManager.global_group_id)
    if group is None:
        raise RuntimeError("The global group is not initialized.")
    return group


def _add_new_group(group):
    if group.id in _GroupManager.group_map_by_id:
        raise RuntimeError(f"The group with id {group.id} already exist.")
    _GroupManager.group_map_by_id[group.id] = group


def _is_global_group(group):
    return group.id == _GroupManager.global_group_id


def _warn_cur_rank_not_in_group(group):
    if group is not None and not group.is_member():
        from ..parallel import get_rank

        warnings.warn(f"Current global rank {get_rank()} is not in group {group.name}")
        return True
    return False


def _get_or_throw_group_rank(global_rank, group):
    group_rank = group.get_group_rank(global_rank)
    assert group_rank >= 0, f"The input rank {global_rank} can not be found inside the group {group.name}"
    return group_rank


def is_initialized():
    return _GroupManager.global_group_id in _GroupManager.group_map_by_id


def destroy_process_group(group=None):
    import torch.distributed as torch_dist

    group = _get_global_group() if group is None else group
    assert group.id in _GroupManager.group_map_by_id, f"Destroy group with id {group.id} is invalid."
    if _is_global_group(group):
        # Drop our references to the torch groups as well, so that torch frees them (and joins gloo's worker
        # threads) now rather than while the interpreter shuts down: a gloo thread still releasing a finished
        # collective's Python-owned tensors then needs the GIL and aborts the process
        # ("terminate called without an active exception").
        for known in _GroupManager.group_map_by_id.values():
            known._pg = None
        group._pg = None
        _GroupManager.group_map_by_id.clear()
        if torch_dist.is_initialized():
            torch_dist.destroy_process_group()
        from .. import collective

        collective._reset()
    else:
        del _GroupManager.group_map_by_id[group.id]
        if group.process_group is not None and torch_dist.is_initialized():
            torch_dist.destroy_process_group(group.process_group)
        group._pg = None


def get_group(id=0):
    if id in _GroupManager.group_map_by_id:
        return _GroupManager.group_map_by_id[id]
    warnings.warn(f"Group {id} is not initialized.")
    return None


def wait(tensor, group=None, use_calc_stream=True):
    """Make later work wait for the collectives on ``tensor``: a device-stream sync on GPU. On CPU torch's
    collectives have finished when they return (Paddle 2.6.2's CPU build raises here: it has no
    c_sync_calc_stream kernel)."""
    if group is not None and not group.is_member():
        return
    torch_tensor = tensor._t
    if torch_tensor.is_cuda:
        import torch

        torch.cuda.current_stream(torch_tensor.device).synchronize()


def barrier(group=None):
    if group is not None and not group.is_member():
        return
    import torch.distributed as torch_dist

    group = _get_global_group() if group is None else group
    torch_dist.barrier(group=group.process_group)


def get_backend(group=None):
    if _warn_cur_rank_not_in_group(group):
        raise RuntimeError("Invalid group specified")
    group = _get_global_group() if group is None else group
    return group.backend
