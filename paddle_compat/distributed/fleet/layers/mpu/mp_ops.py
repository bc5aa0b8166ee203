"""Model-parallel communication with autograd, on torch.distributed: identity/all-reduce pairs, split/concat
along the last axis, the vocabulary-sharded lookup and the vocabulary-sharded softmax cross entropy."""

import torch

from ....._core.tensor import wrap

__all__ = []


def _all_reduce(tensor, group, op=None):
    import torch.distributed as torch_dist

    torch_dist.all_reduce(tensor, op=op or torch_dist.ReduceOp.SUM, group=group.process_group)
    return tensor


def _all_gather_last(tensor, group):
    import torch.distributed as torch_dist

    tensor = tensor.contiguous()
    parts = [torch.empty_like(tensor) for _ in range(group.nranks)]
    torch_dist.all_gather(parts, tensor, group=group.process_group)
    return torch.cat(parts, dim=-1)


def _own_slice_last(tensor, group):
    size = tensor.shape[-1]
    assert size % group.nranks == 0, (
        f"The last dim of the input ({size}) must be divisible by the model parallel size ({group.nranks})")
    part = size // group.nranks
    return tensor[..., group.rank * part:(group.rank + 1) * part].contiguous()


def _autograd_pair(name, doc, forward_op, backward_op):
    """A torch autograd Function ``name`` computing ``forward_op(x, group)``, whose backward is
    ``backward_op(grad, group)`` (``group`` gets no gradient)."""

    def forward(ctx, x, group):
        ctx.group = group
        return forward_op(x, group)

    def backward(ctx, grad):
        return backward_op(grad, ctx.group), None

    namespace = {"__doc__": doc, "__module__": __name__, "__qualname__": name,
                 "forward": staticmethod(forward), "backward": staticmethod(backward)}
    return type(torch.autograd.Function)(name, (torch.autograd.Function,), namespace)


_Identity = _autograd_pair(
    "_Identity", "Forward: identity; backward: sum the gradient over the group (Paddle's c_identity).",
    lambda x, group: x.view_as(x), lambda grad, group: _all_reduce(grad.clone(), group))
_AllReduce = _autograd_pair(
    "_AllReduce", "Forward: sum over the group; backward: identity (Paddle's mp_allreduce).",
    lambda x, group: _all_reduce(x.clone(), group), lambda grad, group: grad)
_Concat = _autograd_pair(
    "_Concat", "Forward: gather the last-axis shards; backward: keep this rank's shard (Paddle's c_concat).",
    _all_gather_last, _own_slice_last)
_Split = _autograd_pair(
    "_Split", "Forward: keep this rank's last-axis shard; backward: gather the shards (Paddle's c_split).",
    _own_slice_last, _all_gather_last)


def _resolve(group):
    """``group`` or the global group; None when there is nothing to communicate with (one process)."""
    if group is None:
        from ....communication.group import _GroupManager

        group = _GroupManager.group_map_by_id.get(_GroupManager.global_group_id)
    if group is None or group.nranks <= 1:
        return None
    return group


def _c_identity(tensor, group=None, skip_c_identity_dynamic=False):
    """Identity whose backward sums the gradient over ``group``."""
    group = _resolve(group)
    if group is None or skip_c_identity_dynamic:
        return tensor
    return wrap(_Identity.apply(tensor._t, group))


def _mp_allreduce(tensor, op=None, group=None, use_calc_stream=True, use_model_parallel=True,
                  skip_c_identity_dynamic=False):
    """Sum over ``group`` whose backward is the identity."""
    from ....communication import ReduceOp

    assert op in (None, ReduceOp.SUM), f"Unknown parameter: {op}."
    group = _resolve(group)
    if group is None:
        return tensor
    return wrap(_AllReduce.apply(tensor._t, group))


def _c_concat(tensor, group=None):
    """Concatenate the last-axis shards of ``group``; backward keeps this rank's shard."""
    group = _resolve(group)
    if group is None:
        return tensor
    return wrap(_Concat.apply(tensor._t, group))


def _c_split(tensor, group=None):
    """This rank's last-axis shard; backward gathers the shards."""
    group = _resolve(group)
    if group is None:
        return tensor
    return wrap(_Split.apply(tensor._t, group))


def _c_lookup_table(table, index, start_index=0, vocab_size=-1, name=None):
    """Rows of this rank's vocabulary shard; ids outside it give zero rows (summed over ranks later)."""
    ids = index._t.long()
    local = ids - start_index
    inside = (local >= 0) & (local < table._t.shape[0])
    rows = torch.nn.functional.embedding(torch.where(inside, local, torch.zeros_like(local)), table._t)
    return wrap(rows * inside.unsqueeze(-1).to(rows.dtype))


def _c_softmax_with_cross_entropy(logits, label, group=None, return_softmax=False, ignore_index=-100):
    """Softmax cross entropy over logits whose class axis is sharded across ``group``; loss keeps a trailing
    axis of 1 as Paddle's. With one rank it is the plain (numerically stable) softmax cross entropy."""
    import torch.distributed as torch_dist

    group = _resolve(group)
    x = logits._t
    label_t = label._t
    if label_t.dim() == x.dim() - 1:
        label_t = label_t.unsqueeze(-1)
    nranks = 1 if group is None else group.nranks
    rank = 0 if group is None else max(group.rank, 0)
    part = x.shape[-1]
    local_label = label_t.long() - rank * part
    inside = (local_label >= 0) & (local_label < part)
    with torch.no_grad():
        row_max = x.max(dim=-1, keepdim=True).values
        if nranks > 1:
            _all_reduce(row_max, group, torch_dist.ReduceOp.MAX)
    shifted = x - row_max
    sum_exp = shifted.exp().sum(dim=-1, keepdim=True)
    target = torch.gather(shifted, -1, torch.where(inside, local_label, torch.zeros_like(local_label)))
    target = target * inside.to(target.dtype)
    if nranks > 1:
        sum_exp = _AllReduce.apply(sum_exp, group)
        target = _AllReduce.apply(target, group)
    loss = sum_exp.log() - target
    loss = loss * (label_t != ignore_index).to(loss.dtype)
    if return_softmax:
        return wrap(loss), wrap(shifted.exp() / sum_exp)
    return wrap(loss)


def split(x, size, operation, axis=0, num_partitions=1, gather_out=True, weight_attr=None, bias_attr=None,
          name=None):
    """``paddle.distributed.split``: static-graph only in Paddle 2.6.2; in dynamic mode it raises ValueError
    pointing to the tensor-parallel layers, as Paddle does (after the same argument checks)."""
    assert isinstance(size, (list, tuple)), (
        "The type of size for paddle.distributed.split must be list or tuple.")
    assert len(size) == 2, "Number of elements in size of paddle.distributed.split must be two."
    assert isinstance(operation, str), "The type of operation for paddle.distributed.split must be str."
    supported_operations = ["linear", "embedding"]
    assert operation in supported_operations, (
        f"The operation for paddle.distributed.split must be one of {supported_operations}.")
    raise ValueError("paddle.distributed.split cannot be used in dynamic graph mode, plese use ParallelEmbedding, "
                     "ParallelRowLinear, ParallelColumnLinear instead.")
