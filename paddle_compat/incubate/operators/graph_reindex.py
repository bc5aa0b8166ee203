"""``paddle.incubate.graph_reindex``: ``paddle.geometric.reindex_graph`` under its older name."""

from ...geometric.reindex import reindex_graph

__all__ = ["graph_reindex"]


def graph_reindex(x, neighbors, count, value_buffer=None, index_buffer=None, flag_buffer_hashtable=False,
                  name=None):
    """(reindex_src, reindex_dst, out_nodes); the buffers are a GPU hashtable's scratch space in Paddle and
    do not change the result."""
    if flag_buffer_hashtable and (value_buffer is None or index_buffer is None):
        raise ValueError("`value_buffer` and `index_buffer` should not be None if `flag_buffer_hashtable` is True.")
    return reindex_graph(x, neighbors, count)
