"""``paddle.incubate.graph_khop_sampler``: multi-hop neighbour sampling with a compact renumbering of the
sampled subgraph (input nodes first, then new nodes in order of discovery)."""

import torch

from ..._core.tensor import wrap
from ...geometric.reindex import compact_ids
from ...geometric.sampling.neighbors import sample_edges
from ...sparse._base import torch_of

__all__ = ["graph_khop_sampler"]


def graph_khop_sampler(row, colptr, input_nodes, sample_sizes, sorted_eids=None, return_eids=False, name=None):
    """(edge_src [E, 1], edge_dst [E, 1], sample_index, reindex_nodes[, edge_eids]) over ``len(sample_sizes)``
    hops; each hop samples the neighbours of the nodes first reached by the previous one."""
    if return_eids and sorted_eids is None:
        raise ValueError("`sorted_eid` should not be None if return_eids is True.")
    tr, tp, tn = torch_of(row, "row"), torch_of(colptr, "colptr").to(torch.int64), torch_of(input_nodes)
    frontier = tn.to(torch.int64)
    seen = frontier
    src_nodes, dst_nodes, edge_ids = [], [], []
    for size in sample_sizes:
        edges, counts = sample_edges(tr, tp, frontier, int(size))
        neighbours = tr[edges].to(torch.int64)
        src_nodes.append(neighbours)
        dst_nodes.append(torch.repeat_interleave(frontier, counts.to(torch.int64)))
        edge_ids.append(edges)
        _, ordered = compact_ids(seen, neighbours)
        frontier = ordered[seen.numel():]
        seen = ordered
    src = torch.cat(src_nodes) if src_nodes else torch.zeros(0, dtype=torch.int64)
    dst = torch.cat(dst_nodes) if dst_nodes else torch.zeros(0, dtype=torch.int64)
    src_ids, nodes = compact_ids(tn.to(torch.int64), src)
    # the destinations are sampled-from nodes, all numbered already: look them up in the same numbering
    sorted_nodes, order = torch.sort(nodes)
    dst_ids = order[torch.searchsorted(sorted_nodes, dst)]
    dtype = tr.dtype
    out = (wrap(src_ids.to(dtype).reshape(-1, 1)), wrap(dst_ids.to(dtype).reshape(-1, 1)), wrap(nodes.to(dtype)),
           wrap(torch.arange(tn.numel(), dtype=dtype)))
    if return_eids:
        out += (wrap(torch_of(sorted_eids, "sorted_eids")[torch.cat(edge_ids)]),)
    return out
