"""``paddle.incubate.graph_sample_neighbors``: ``paddle.geometric.sample_neighbors`` under its older name."""

from ...geometric.sampling.neighbors import sample_neighbors

__all__ = ["graph_sample_neighbors"]


def graph_sample_neighbors(row, colptr, input_nodes, eids=None, perm_buffer=None, sample_size=-1,
                           return_eids=False, flag_perm_buffer=False, name=None):
    """(out_neighbors, out_count[, out_eids]); ``perm_buffer`` is GPU scratch space in Paddle."""
    if return_eids and eids is None:
        raise ValueError("`eids` should not be None if `return_eids` is True.")
    if flag_perm_buffer and perm_buffer is None:
        raise ValueError("`perm_buffer` should not be None if `flag_perm_buffer` is True.")
    return sample_neighbors(row, colptr, input_nodes, sample_size, eids, return_eids)
