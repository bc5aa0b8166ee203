"""``paddle.distributed.communication.stream``: the collectives with ``use_calc_stream`` and the
tensor (not list) forms of all_gather / alltoall / reduce_scatter / scatter."""

from ..collectives import (
    all_gather,
    all_reduce,
    alltoall,
    alltoall_single,
    broadcast,
    gather,
    recv,
    reduce,
    reduce_scatter,
    scatter,
    send,
)

__all__ = ["all_gather", "all_reduce", "alltoall", "alltoall_single", "broadcast", "reduce", "reduce_scatter",
           "recv", "scatter", "send", "gather"]
