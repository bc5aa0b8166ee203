"""``paddle.incubate.graph_send_recv``: ``paddle.geometric.send_u_recv`` under its older name."""

from ...geometric.message_passing.send_recv import send_u_recv

__all__ = ["graph_send_recv"]


def graph_send_recv(x, src_index, dst_index, pool_type="sum", out_size=None, name=None):
    """out[dst] = pool over edges of x[src] (pool_type sum/mean/max/min)."""
    if pool_type not in ("sum", "mean", "max", "min"):
        raise ValueError(f"pool_type should be `sum`, `mean`, `max` or `min`, but received {pool_type}")
    return send_u_recv(x, src_index, dst_index, pool_type, out_size)
