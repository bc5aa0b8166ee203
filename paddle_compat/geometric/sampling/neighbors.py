"""Neighbour sampling on a CSC graph (``row`` holds the source of each edge, ``colptr`` the edge range of each
destination node). A node with at most ``sample_size`` neighbours (or ``sample_size=-1``) keeps them all, in
storage order; otherwise ``sample_size`` distinct ones are drawn with torch's generator (``paddle.seed``),
uniformly or by ``edge_weight``: the draw is random in Paddle too, with its own generator, so the picks differ
from Paddle's while the counts, dtypes and the deterministic cases match."""

import torch

from ..._core.tensor import wrap
from ...sparse._base import torch_of

__all__ = ["sample_neighbors", "weighted_sample_neighbors"]


def _check_int(t, name):
    if t.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"The data type of '{name}' must be int32 or int64, but received "
                        f"{str(t.dtype).replace('torch.', '')}.")


def sample_edges(row, colptr, nodes, sample_size, weight=None):
    """(edge positions in ``row``, count per node) of the sampled neighbours of ``nodes``."""
    starts, ends = colptr[nodes], colptr[nodes + 1]
    picks, counts = [], []
    for start, end in zip(starts.tolist(), ends.tolist()):
        degree = end - start
        if sample_size < 0 or degree <= sample_size:
            chosen = torch.arange(start, end)
        elif weight is None:
            chosen = start + torch.randperm(degree)[:sample_size]
        else:
            chosen = start + torch.multinomial(weight[start:end].to(torch.float64), sample_size, replacement=False)
        picks.append(chosen)
        counts.append(chosen.numel())
    edges = torch.cat(picks) if picks else torch.zeros(0, dtype=torch.int64)
    return edges, torch.tensor(counts, dtype=torch.int32)


def _sample(row, colptr, input_nodes, sample_size, eids, return_eids, weight=None):
    tr, tp, tn = torch_of(row, "row"), torch_of(colptr, "colptr"), torch_of(input_nodes, "input_nodes")
    _check_int(tr, "row")
    _check_int(tp, "colptr")
    _check_int(tn, "input_nodes")
    if return_eids and eids is None:
        raise ValueError("`eids` should not be None if `return_eids` is True.")
    edges, counts = sample_edges(tr, tp.to(torch.int64), tn.to(torch.int64), int(sample_size),
                                 None if weight is None else torch_of(weight, "edge_weight"))
    out = (wrap(tr[edges]), wrap(counts))
    if return_eids:
        out += (wrap(torch_of(eids, "eids")[edges]),)
    return out


def sample_neighbors(row, colptr, input_nodes, sample_size=-1, eids=None, return_eids=False, perm_buffer=None,
                     name=None):
    """(out_neighbors, out_count[, out_eids]): up to ``sample_size`` neighbours of each input node, uniformly.
    ``perm_buffer`` is a GPU scratch buffer in Paddle; unused here (same results)."""
    return _sample(row, colptr, input_nodes, sample_size, eids, return_eids)


def weighted_sample_neighbors(row, colptr, edge_weight, input_nodes, sample_size=-1, eids=None, return_eids=False,
                              name=None):
    """(out_neighbors, out_count[, out_eids]): up to ``sample_size`` neighbours per node, drawn without
    replacement with probability proportional to ``edge_weight``."""
    return _sample(row, colptr, input_nodes, sample_size, eids, return_eids, edge_weight)
