"""Goldens for paddle.geometric (segment reductions, message passing, reindexing, deterministic sampling) and the
paddle.incubate names sharing that code (real Paddle 2.6.2)."""

import numpy as np

from tools.api_diff.casefmt import T, case

G = "paddle.geometric."
I = "paddle.incubate."  # noqa: E741 - short prefix like the other case files
CASES = []
add = CASES.append


def idx(values, dtype="int64"):
    return T(dtype, np.shape(values), values=values)


SEG = [0, 0, 1, 1, 1, 3]
for op in ("segment_sum", "segment_mean", "segment_max", "segment_min"):
    for dt in ("float32", "float64"):
        add(case(G + op, T(dt, (6, 3)), idx(SEG), grad=dt == "float64"))
    add(case(G + op, T("int32", (6, 2)), idx(SEG, "int32")))
    add(case(G + op, T("float32", (4, 2, 3)), idx([0, 1, 1, 2])))
    add(case(I + op, T("float32", (6, 3)), idx(SEG), grad=True))
    add(case(G + op, T("float32", (6, 3)), T("float32", (6,), values=[0.0] * 6), raises="ValueError"))

SRC, DST = [0, 1, 2, 0, 3, 3], [1, 2, 1, 0, 0, 4]
for reduce_op in ("sum", "mean", "max", "min"):
    add(case(G + "send_u_recv", T("float32", (5, 3)), idx(SRC), idx(DST), reduce_op, grad=True))
    add(case(G + "send_u_recv", T("float64", (5, 2)), idx(SRC, "int32"), idx(DST, "int32"), reduce_op=reduce_op,
             out_size=7))
    add(case(I + "graph_send_recv", T("float32", (5, 3)), idx(SRC), idx(DST), pool_type=reduce_op, grad=True))
add(case(G + "send_u_recv", T("float32", (5, 3)), idx(SRC), idx(DST), "prod", raises="ValueError"))
add(case(G + "send_u_recv", T("float32", (5, 3)), idx(SRC), idx(DST), out_size=3, raises="IndexError"))
add(case(G + "send_u_recv", T("int64", (5, 3)), idx(SRC), idx(DST), "max"))
for message_op in ("add", "sub", "mul", "div"):
    for reduce_op in ("sum", "mean", "max", "min"):
        add(case(G + "send_ue_recv", T("float32", (5, 3)), T("float32", (6, 3), low=0.5, high=1.5), idx(SRC),
                 idx(DST), message_op, reduce_op, grad=True))
    add(case(G + "send_ue_recv", T("float32", (5, 3)), T("float32", (6, 1), low=0.5, high=1.5), idx(SRC), idx(DST),
             message_op=message_op, out_size=6))
    add(case(G + "send_uv", T("float32", (5, 3)), T("float32", (5, 3), low=0.5, high=1.5), idx(SRC), idx(DST),
             message_op, grad=True))
    add(case(G + "send_uv", T("float64", (5, 4)), T("float64", (5, 1), low=0.5, high=1.5), idx(SRC, "int32"),
             idx(DST, "int32"), message_op=message_op))

X, NB, CNT = [0, 1, 2], [8, 9, 0, 4, 7, 6, 7], [2, 3, 2]
add(case(G + "reindex_graph", idx(X), idx(NB), idx(CNT, "int32")))
add(case(G + "reindex_graph", idx([5, 2], "int32"), idx([2, 7, 5, 7, 9], "int32"), idx([3, 2], "int32")))
add(case(I + "graph_reindex", idx(X), idx(NB), idx(CNT, "int32")))
add(case(G + "reindex_heter_graph", idx(X), [idx(NB), idx([0, 2, 3, 5, 1])],
         [idx(CNT, "int32"), idx([1, 3, 1], "int32")]))

ROW = [3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7]
COLPTR = [0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13]
NODES = [0, 8, 1, 2]
EIDS = [10 * i for i in range(13)]
add(case(G + "sample_neighbors", idx(ROW), idx(COLPTR), idx(NODES), sample_size=5))
add(case(G + "sample_neighbors", idx(ROW), idx(COLPTR), idx(NODES), 2, idx(EIDS), True))
add(case(G + "sample_neighbors", idx(ROW), idx(COLPTR), idx(NODES), sample_size=1, check="meta"))
add(case(G + "sample_neighbors", idx(ROW), idx(COLPTR), idx(NODES), sample_size=2, return_eids=True,
         raises="ValueError"))
add(case(G + "weighted_sample_neighbors", idx(ROW), idx(COLPTR), T("float32", (13,), low=0.1, high=1.0), idx(NODES),
         sample_size=2))
add(case(G + "weighted_sample_neighbors", idx(ROW), idx(COLPTR), T("float32", (13,), low=0.1, high=1.0), idx(NODES),
         5, idx(EIDS), True))
add(case(I + "graph_sample_neighbors", idx(ROW), idx(COLPTR), idx(NODES), sample_size=5))
add(case(I + "graph_sample_neighbors", idx(ROW), idx(COLPTR), idx(NODES), idx(EIDS), sample_size=3, return_eids=True))
add(case(I + "graph_khop_sampler", idx(ROW), idx(COLPTR), idx(NODES), [5, 5]))
add(case(I + "graph_khop_sampler", idx(ROW), idx(COLPTR), idx(NODES), [2, 5], idx(list(range(13))), True))
add(case(I + "graph_khop_sampler", idx(ROW), idx(COLPTR), idx(NODES), [4, 4, 4]))
add(case(I + "graph_khop_sampler", idx(ROW), idx(COLPTR), idx(NODES), [2, 2], return_eids=True, raises="ValueError"))
