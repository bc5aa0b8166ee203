"""Collectives of ``paddle.distributed`` (and ``paddle.distributed.communication.stream``) on torch.distributed.

Each works in place on the torch tensor inside our Tensors (``._t``). ``sync_op=False`` returns a task whose
``wait()`` finishes the operation; ``use_calc_stream`` only selects a CUDA stream in Paddle, and torch's
collectives already order themselves on the current stream, so it does not change results here.
"""

import torch
import torch.distributed as torch_dist

from ..._core.tensor import Tensor, wrap
from .group import _get_global_group, _get_or_throw_group_rank, _warn_cur_rank_not_in_group
from .reduce import ReduceOp, _get_reduce_op

__all__ = []


class _Task:
    """Handle of a collective (Paddle's ``task``): ``wait()`` blocks until it is done and then runs the
    copy-back step a staged collective needs; ``is_completed()`` polls."""

    __slots__ = ("_works", "_finish", "_done")

    def __init__(self, works, finish=None):
        self._works = works
        self._finish = finish
        self._done = False

    def wait(self, timeout=None):
        if not self._done:
            for work in self._works:
                work.wait()
            self._done = True
            if self._finish is not None:
                with torch.no_grad():
                    self._finish()
        return True

    def is_completed(self):
        if self._done:
            return True
        if all(work.is_completed() for work in self._works):
            self.wait()
            return True
        return False

    def synchronize(self):
        self.wait()


_Task.__name__ = _Task.__qualname__ = "task"


def _run(call, sync_op, finish=None):
    """Issue ``call(async_op)`` (a torch collective) and return Paddle's task for it."""
    with torch.no_grad():
        work = call(not sync_op)
    # sync send/recv return None or the peer's rank, not a Work
    works = work if isinstance(work, list) else ([work] if hasattr(work, "wait") else [])
    task = _Task(works, finish)
    if sync_op:
        task.wait()
    return task


def _check_streams(sync_op, use_calc_stream, wording="true"):
    if not sync_op and use_calc_stream:
        raise RuntimeError(f"use_calc_stream can only be {wording} in sync op behavior.")


def _group(group):
    return _get_global_group() if group is None else group


def _staged(torch_tensor):
    """A buffer torch's collectives accept for ``torch_tensor`` (gloo has no bool reductions and needs
    contiguous memory) and the step that copies the result back."""
    if torch_tensor.dtype == torch.bool:
        buffer = torch_tensor.to(torch.int32)
        return buffer, lambda: torch_tensor.copy_(buffer != 0)
    if not torch_tensor.is_contiguous():
        buffer = torch_tensor.contiguous()
        return buffer, lambda: torch_tensor.copy_(buffer)
    return torch_tensor, None


def _empty_like(tensor):
    return wrap(torch.empty_like(tensor._t))


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream)
    group = _group(group)
    torch_op = _get_reduce_op(op, "allreduce")
    buffer, finish = _staged(tensor._t)
    return _run(lambda async_op: torch_dist.all_reduce(buffer, torch_op, group.process_group, async_op),
                sync_op, finish)


def broadcast(tensor, src, group=None, sync_op=True, use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream, "True")
    group = _group(group)
    _get_or_throw_group_rank(src, group)
    buffer, finish = _staged(tensor._t)
    return _run(lambda async_op: torch_dist.broadcast(buffer, src, group.process_group, async_op), sync_op, finish)


def reduce(tensor, dst=0, op=ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream)
    group = _group(group)
    _get_or_throw_group_rank(dst, group)
    torch_op = _get_reduce_op(op, "reduce")
    buffer, finish = _staged(tensor._t)
    return _run(lambda async_op: torch_dist.reduce(buffer, dst, torch_op, group.process_group, async_op),
                sync_op, finish)


def all_gather(tensor_or_tensor_list, tensor, group=None, sync_op=True, use_calc_stream=False):
    if group is not None and not group.is_member():
        raise RuntimeError("The group should not be None and all ranks which invoke this operation should be "
                           "the member of this group.")
    _check_streams(sync_op, use_calc_stream)
    group = _group(group)
    source = tensor._t.contiguous()
    if isinstance(tensor_or_tensor_list, Tensor):
        out = tensor_or_tensor_list._t
        gather_into = getattr(torch_dist, "all_gather_single", None) or torch_dist.all_gather_into_tensor
        return _run(lambda async_op: gather_into(out, source, group.process_group, async_op), sync_op)
    tensor_list = tensor_or_tensor_list
    if len(tensor_list) == 0:
        tensor_list += [_empty_like(tensor) for _ in range(group.nranks)]
    outs = [t._t for t in tensor_list]
    return _run(lambda async_op: torch_dist.all_gather(outs, source, group.process_group, async_op), sync_op)


def _kept_on_root(value, root, argument, role):
    """(value, True) on the global rank ``root``; elsewhere Paddle warns when ``argument`` was given and
    replaces it by an empty list."""
    from ..parallel import get_rank

    if root == get_rank():
        return value, True
    if value is not None:
        import warnings

        warnings.warn(f"Specific `{argument}` is meaningless for rank which is not {role}.")
    return [], False


def scatter(tensor, tensor_or_tensor_list=None, src=0, group=None, sync_op=True, use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream)
    tensor_or_tensor_list, _ = _kept_on_root(tensor_or_tensor_list, src, "tensor_or_tensor_list", "src")
    group = _group(group)
    src_in_group = _get_or_throw_group_rank(src, group)
    if isinstance(tensor_or_tensor_list, Tensor):
        parts = list(torch.chunk(tensor_or_tensor_list._t.contiguous(), group.nranks))
    elif group.rank == src_in_group:
        if len(tensor_or_tensor_list) == 0:
            raise RuntimeError("The tensor_list should not be empty on src rank.")
        parts = [t._t.contiguous() for t in tensor_or_tensor_list]
    else:
        parts = None
    if parts is not None and group.rank != src_in_group:
        parts = None
    out = tensor._t
    return _run(lambda async_op: torch_dist.scatter(out, parts, src, group.process_group, async_op), sync_op)


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True, use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream)
    gather_list, is_dst = _kept_on_root(gather_list, dst, "gather_list", "dst")
    if is_dst:
        assert gather_list is not None, "gather_list must not be none for dst rank"
    group = _group(group)
    dst_in_group = _get_or_throw_group_rank(dst, group)
    outs = None
    if group.rank == dst_in_group:
        if len(gather_list) == 0:
            gather_list += [_empty_like(tensor) for _ in range(group.nranks)]
        assert len(gather_list) == group.nranks, (
            f" gather_list length {len(gather_list)} and nrankd {group.nranks} not equal")
        outs = [t._t for t in gather_list]
    source = tensor._t.contiguous()
    return _run(lambda async_op: torch_dist.gather(source, outs, dst, group.process_group, async_op), sync_op)


def reduce_scatter(tensor, tensor_or_tensor_list, op=ReduceOp.SUM, group=None, sync_op=True,
                   use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream)
    group = _group(group)
    torch_op = _get_reduce_op(op, "reduce_scatter")
    if isinstance(tensor_or_tensor_list, Tensor):
        inputs = list(torch.chunk(tensor_or_tensor_list._t, group.nranks))
    else:
        inputs = [t._t for t in tensor_or_tensor_list]
    return _reduce_scatter_list(tensor._t, inputs, torch_op, group, sync_op)


def _reduce_scatter_list(out, inputs, torch_op, group, sync_op):
    if group.backend != "GLOO":
        return _run(lambda async_op: torch_dist.reduce_scatter(out, inputs, torch_op, group.process_group,
                                                               async_op), sync_op)
    # torch's gloo has no reduce_scatter: reduce the whole concatenation and keep this rank's part.
    flat = torch.cat([t.reshape(-1) for t in inputs])
    if flat.dtype == torch.bool:
        flat = flat.to(torch.int32)
    offset = sum(t.numel() for t in inputs[:group.rank])
    part = inputs[group.rank]

    def finish():
        out.copy_(flat[offset:offset + part.numel()].reshape(out.shape))

    return _run(lambda async_op: torch_dist.all_reduce(flat, torch_op, group.process_group, async_op),
                sync_op, finish)


def _reduce_scatter_base(out_tensor, in_tensor, op=ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    return reduce_scatter(out_tensor, in_tensor, op, group, sync_op, use_calc_stream)


def alltoall(out_tensor_or_tensor_list, in_tensor_or_tensor_list, group=None, sync_op=True, use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream)
    if out_tensor_or_tensor_list is None:
        raise RuntimeError("The output should be specified.")
    if in_tensor_or_tensor_list is None:
        raise RuntimeError("The input should be specified.")
    group = _group(group)
    out_is_tensor = isinstance(out_tensor_or_tensor_list, Tensor)
    if out_is_tensor != isinstance(in_tensor_or_tensor_list, Tensor):
        raise RuntimeError("The output and input should be both tensor or tensor list.")
    if out_is_tensor:
        out, source = out_tensor_or_tensor_list._t, in_tensor_or_tensor_list._t.contiguous()
        return _run(lambda async_op: torch_dist.all_to_all_single(out, source, None, None, group.process_group,
                                                                  async_op), sync_op)
    in_list, out_list = in_tensor_or_tensor_list, out_tensor_or_tensor_list
    if len(in_list) == 0:
        raise RuntimeError("The input tensor_list should not be empty.")
    if len(out_list) == 0:
        out_list += [_empty_like(t) for t in in_list]
    # One all_to_all_single over the flattened pieces (torch's gloo has all_to_all only in this form).
    source = torch.cat([t._t.reshape(-1) for t in in_list])
    outs = [t._t for t in out_list]
    received = torch.empty(sum(t.numel() for t in outs), dtype=source.dtype, device=source.device)
    out_splits = [t.numel() for t in outs]
    in_splits = [t._t.numel() for t in in_list]

    def finish():
        for out, piece in zip(outs, torch.split(received, out_splits)):
            out.copy_(piece.reshape(out.shape))

    return _run(lambda async_op: torch_dist.all_to_all_single(received, source, out_splits, in_splits,
                                                              group.process_group, async_op), sync_op, finish)


def alltoall_single(out_tensor, in_tensor, out_split_sizes=None, in_split_sizes=None, group=None, sync_op=True,
                    use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream)
    group = _group(group)
    out, source = out_tensor._t, in_tensor._t.contiguous()
    return _run(lambda async_op: torch_dist.all_to_all_single(out, source, out_split_sizes, in_split_sizes,
                                                              group.process_group, async_op), sync_op)


def send(tensor, dst=0, group=None, sync_op=True, use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream, "True")
    group = _group(group)
    _get_or_throw_group_rank(dst, group)
    source = tensor._t.contiguous()
    if sync_op:
        return _run(lambda async_op: torch_dist.send(source, dst, group.process_group), True)
    return _run(lambda async_op: torch_dist.isend(source, dst, group.process_group), False)


def recv(tensor, src=0, group=None, sync_op=True, use_calc_stream=False):
    if _warn_cur_rank_not_in_group(group):
        return None
    _check_streams(sync_op, use_calc_stream, "True")
    group = _group(group)
    if src is not None:
        _get_or_throw_group_rank(src, group)
    buffer, finish = _staged(tensor._t)
    if sync_op:
        return _run(lambda async_op: torch_dist.recv(buffer, src, group.process_group), True, finish)
    return _run(lambda async_op: torch_dist.irecv(buffer, src, group.process_group), False, finish)
