"""``paddle.distributed`` collectives (the public, non-stream forms), object collectives and batched p2p."""

from . import collectives as _stream
from .group import (
    _get_global_group,
    _warn_cur_rank_not_in_group,
    barrier,
    destroy_process_group,
    get_backend,
    get_group,
    is_initialized,
    wait,
)
from .reduce import ReduceOp

__all__ = []


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True):
    return _stream.all_reduce(tensor, op, group, sync_op, False)


def broadcast(tensor, src, group=None, sync_op=True):
    return _stream.broadcast(tensor, src, group, sync_op, False)


def reduce(tensor, dst, op=ReduceOp.SUM, group=None, sync_op=True):
    return _stream.reduce(tensor, dst, op, group, sync_op, False)


def all_gather(tensor_list, tensor, group=None, sync_op=True):
    return _stream.all_gather(tensor_list, tensor, group, sync_op)


def scatter(tensor, tensor_list=None, src=0, group=None, sync_op=True):
    return _stream.scatter(tensor, tensor_list, src, group, sync_op)


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True):
    return _stream.gather(tensor, gather_list, dst, group, sync_op)


def reduce_scatter(tensor, tensor_list, op=ReduceOp.SUM, group=None, sync_op=True):
    return _stream.reduce_scatter(tensor, tensor_list, op, group, sync_op, False)


def alltoall(in_tensor_list, out_tensor_list, group=None, sync_op=True):
    return _stream.alltoall(out_tensor_list, in_tensor_list, group, sync_op, False)


def alltoall_single(in_tensor, out_tensor, in_split_sizes=None, out_split_sizes=None, group=None, sync_op=True):
    return _stream.alltoall_single(out_tensor, in_tensor, out_split_sizes, in_split_sizes, group, sync_op, False)


def send(tensor, dst=0, group=None, sync_op=True):
    return _stream.send(tensor, dst, group, sync_op, False)


def recv(tensor, src=0, group=None, sync_op=True):
    return _stream.recv(tensor, src, group, sync_op, False)


def isend(tensor, dst, group=None):
    return send(tensor, dst, group, sync_op=False)


def irecv(tensor, src=None, group=None):
    return recv(tensor, src, group, sync_op=False)


def _torch_group(group):
    return None if group is None else group.process_group


def all_gather_object(object_list, obj, group=None):
    import torch.distributed as torch_dist

    gathered = [None] * _get_global_group().nranks if group is None else [None] * group.nranks
    torch_dist.all_gather_object(gathered, obj, _torch_group(group))
    object_list.extend(gathered)


def broadcast_object_list(object_list, src, group=None):
    import torch.distributed as torch_dist

    torch_dist.broadcast_object_list(object_list, src, _torch_group(group))


def scatter_object_list(out_object_list, in_object_list=None, src=0, group=None):
    import torch.distributed as torch_dist

    from ..parallel import get_rank

    received = [None]
    torch_dist.scatter_object_list(received, in_object_list if get_rank() == src else None, src,
                                   _torch_group(group))
    out_object_list.clear()
    out_object_list.append(received[0])


__all__ += ["barrier", "destroy_process_group", "get_backend", "get_group", "is_initialized", "wait"]

from .batch_isend_irecv import P2POp, batch_isend_irecv  # noqa: E402  (they check for isend/irecv)
