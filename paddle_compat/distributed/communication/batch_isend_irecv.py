"""``P2POp`` and ``batch_isend_irecv`` on torch.distributed.batch_isend_irecv."""

import contextlib

from . import irecv, isend
from .group import _get_global_group, _warn_cur_rank_not_in_group

__all__ = []


class P2POp:
    """One ``isend``/``irecv`` of a ``batch_isend_irecv`` batch."""

    def __init__(self, op, tensor, peer, group=None):
        if op not in (isend, irecv):
            raise RuntimeError("Invalid ``op`` function. Expected ``op`` to be of type "
                               "``paddle.distributed.isend`` or ``paddle.distributed.irecv``.")
        self.op = op
        self.tensor = tensor
        self.peer = peer
        self.group = _get_global_group() if group is None else group


def batch_isend_irecv(p2p_op_list):
    if not isinstance(p2p_op_list, list) or not all(isinstance(p2p_op, P2POp) for p2p_op in p2p_op_list):
        raise RuntimeError("Invalid ``p2p_op_list``. Each op is expected to to be of type "
                           "``paddle.distributed.P2POp``.")
    backend = p2p_op_list[0].group.backend
    if not all(backend == p2p_op.group.backend for p2p_op in p2p_op_list):
        raise RuntimeError("All groups need to use the same backend.")
    if _warn_cur_rank_not_in_group(p2p_op_list[0].group):
        return None
    import torch
    import torch.distributed as torch_dist

    from .collectives import _Task

    torch_ops = [torch_dist.P2POp(torch_dist.isend if p2p_op.op is isend else torch_dist.irecv,
                                  p2p_op.tensor._t, p2p_op.peer, p2p_op.group.process_group)
                 for p2p_op in p2p_op_list]
    with torch.no_grad():
        works = torch_dist.batch_isend_irecv(torch_ops)
    return [_Task([work]) for work in works]


@contextlib.contextmanager
def _with_batch_p2p_guard(backend):
    yield
