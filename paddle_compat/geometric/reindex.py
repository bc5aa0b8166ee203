"""``paddle.geometric.reindex_graph`` / ``reindex_heter_graph``: number the nodes of a sampled subgraph
compactly: the input nodes first (0..len(x)-1), then every other neighbour in order of first appearance."""

import torch

from .._core.tensor import wrap
from ..sparse._base import torch_of

__all__ = ["reindex_graph", "reindex_heter_graph"]


def _check_int(t, name):
    if t.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"The data type of '{name}' must be int32 or int64, but received "
                        f"{str(t.dtype).replace('torch.', '')}.")


def compact_ids(x, neighbors):
    """(ids of ``neighbors`` in the compact numbering, the out nodes in that numbering's order)."""
    combined = torch.cat([x, neighbors])
    uniq, inverse = torch.unique(combined, return_inverse=True)
    positions = torch.arange(combined.numel())
    first = torch.full((uniq.numel(),), combined.numel(), dtype=torch.int64).scatter_reduce(
        0, inverse, positions, "amin")
    order = torch.argsort(first)
    rank = torch.empty_like(order)
    rank[order] = torch.arange(order.numel())
    return rank[inverse[x.numel():]], uniq[order]


def _destinations(count, num_nodes, dtype):
    # count may cover several edge types back to back (len(count) a multiple of len(x)): entry i belongs to node
    # i % len(x), as in Paddle's kernel
    nodes = torch.arange(count.numel(), dtype=dtype) % max(num_nodes, 1)
    return torch.repeat_interleave(nodes, count.to(torch.int64))


def reindex_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """(reindex_src, reindex_dst, out_nodes) of the subgraph where x[i] has count[i] neighbours."""
    tx, tn, tc = torch_of(x), torch_of(neighbors, "neighbors"), torch_of(count, "count")
    _check_int(tx, "x")
    _check_int(tn, "neighbors")
    if tc.dtype not in (torch.int32, torch.int64):
        raise TypeError("The data type of 'count' must be int32 or int64")
    src, nodes = compact_ids(tx, tn.to(tx.dtype))
    return wrap(src.to(tx.dtype)), wrap(_destinations(tc, tx.numel(), tx.dtype)), wrap(nodes)


def reindex_heter_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """reindex_graph over several edge types sharing one compact numbering; src/dst are the types'
    concatenated."""
    tx = torch_of(x)
    _check_int(tx, "x")
    tn = [torch_of(n, "neighbors").to(tx.dtype) for n in neighbors]
    tc = [torch_of(c, "count") for c in count]
    src, nodes = compact_ids(tx, torch.cat(tn) if tn else tx.new_zeros(0))
    dst = torch.cat([_destinations(c, tx.numel(), tx.dtype) for c in tc])
    return wrap(src.to(tx.dtype)), wrap(dst), wrap(nodes)
