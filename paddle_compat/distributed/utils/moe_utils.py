"""MoE exchanges of rows between cards: ``global_scatter`` sends the rows of each (card, expert) block to that
card's expert and ``global_gather`` brings them back. ``local_count`` / ``global_count`` have
``n_expert * world_size`` entries, card-major. Received rows are ordered expert-major (all cards' rows for expert
0, then expert 1, ...), as Paddle's kernel writes them. Like Paddle, only device (CUDA) tensors are exchanged."""

import torch

from ..._core.tensor import Tensor, wrap


def _counts(count):
    return [int(c) for c in (count._t if isinstance(count, Tensor) else torch.as_tensor(count)).tolist()]


def _exchange(x, send_counts, recv_counts, group, send_expert_major, op_name):
    import torch.distributed as torch_dist

    t = x._t
    if t.device.type == "cpu":
        raise RuntimeError(f"(Unavailable) Do not support {op_name} op for cpu kernel now.")
    pg = None if group is None else getattr(group, "process_group", group)
    world = torch_dist.get_world_size(pg)
    n_expert = len(send_counts) // world
    if send_expert_major:  # rows are grouped expert-major: regroup them card-major for the exchange
        t = _regroup(t, send_counts, n_expert, world, to_card_major=True)
    send_split = [sum(send_counts[i * n_expert:(i + 1) * n_expert]) for i in range(world)]
    recv_split = [sum(recv_counts[i * n_expert:(i + 1) * n_expert]) for i in range(world)]
    out = t.new_empty((sum(recv_split),) + tuple(t.shape[1:]))
    torch_dist.all_to_all_single(out, t.contiguous(), recv_split, send_split, group=pg)
    if not send_expert_major:  # received card-major: Paddle's output is expert-major
        out = _regroup(out, recv_counts, n_expert, world, to_card_major=False)
    return wrap(out)


def _regroup(t, counts, n_expert, world, to_card_major):
    """Reorder row blocks between card-major ((card, expert) order) and expert-major ((expert, card) order)."""
    card_major = [(i, j) for i in range(world) for j in range(n_expert)]
    expert_major = [(i, j) for j in range(n_expert) for i in range(world)]
    source_order = expert_major if to_card_major else card_major
    target_order = card_major if to_card_major else expert_major
    blocks, start = {}, 0
    for i, j in source_order:
        size = counts[i * n_expert + j]
        blocks[(i, j)] = t[start:start + size]
        start += size
    return torch.cat([blocks[key] for key in target_order]) if target_order else t[:0]


def global_scatter(x, local_count, global_count, group=None, use_calc_stream=True):
    """Send ``local_count[i * n_expert + j]`` rows of ``x`` to expert ``j`` of card ``i``; receive
    ``global_count[i * n_expert + j]`` rows from card ``i`` for local expert ``j``."""
    return _exchange(x, _counts(local_count), _counts(global_count), group, False, "global scatter")


def global_gather(x, local_count, global_count, group=None, use_calc_stream=True):
    """The inverse of ``global_scatter``: return each expert's rows to the cards they came from."""
    return _exchange(x, _counts(global_count), _counts(local_count), group, True, "global gather")
