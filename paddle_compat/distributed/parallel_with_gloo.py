"""``gloo_init_parallel_env`` / ``gloo_barrier`` / ``gloo_release``: a CPU barrier among ``rank_num``
processes, on a torch gloo process group of its own (separate from init_parallel_env's groups)."""

import datetime

__all__ = []

_global_gloo_ctx = None
_global_gloo_store = None  # rank 0 serves the store: it lives as long as the context
_INIT_TIMEOUT = datetime.timedelta(seconds=3600)


def gloo_init_parallel_env(rank_id, rank_num, server_endpoint):
    """Rank ``rank_id`` of ``rank_num`` joins the gloo context whose store rank 0 serves at ``server_endpoint``."""
    import torch.distributed as torch_dist

    assert (rank_num < 2) is False, (
        "rank_num should greater than or equal to 2 for parallel environment initialzation.")
    host, port = server_endpoint.split(":")
    store = torch_dist.TCPStore(host, int(port), rank_num, rank_id == 0, timeout=_INIT_TIMEOUT)
    global _global_gloo_ctx, _global_gloo_store
    _global_gloo_store = store
    _global_gloo_ctx = torch_dist.ProcessGroupGloo(torch_dist.PrefixStore("gloo_ctx", store), rank_id, rank_num,
                                                   _INIT_TIMEOUT)


def gloo_barrier():
    assert _global_gloo_ctx is not None, "gloo context is not initialzed."
    _global_gloo_ctx.barrier().wait()


def gloo_release():
    global _global_gloo_ctx, _global_gloo_store
    _global_gloo_ctx = _global_gloo_store = None
_global_gloo_store = None  # rank 0 serves the store: it lives as long as the context
