"""Paddle's CPU softmax kernels clip the shifted logits x - max(x) at -64: log_softmax and the
softmax cross-entropies never go more than 64 below the row maximum (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append

WIDE = T("float32", (3, 4), values=[[0.0, -100.0, -30.0, 2.0], [5.0, 5.0, -200.0, 0.0], [1.0, 2.0, 3.0, 4.0]])
WIDE64 = T("float64", (3, 4), values=[[0.0, -100.0, -30.0, 2.0], [5.0, 5.0, -200.0, 0.0], [1.0, 2.0, 3.0, 4.0]])
for x in (WIDE, WIDE64):
    add(case(F + "log_softmax", x, grad=True))
    add(case(F + "log_softmax", x, axis=0, grad=True))
    add(case(F + "cross_entropy", x, T("int64", (3, 1), values=[[1], [2], [0]]), reduction="none", grad=True))
    add(case(F + "cross_entropy", x, T("int64", (3,), values=[1, 2, 3]), grad=True))
    add(case(F + "softmax_with_cross_entropy", x, T("int64", (3, 1), values=[[1], [2], [0]]), grad=True))
    add(case(F + "cross_entropy", x, T(x.dtype, (3, 4), values=[[0.1, 0.6, 0.2, 0.1]] * 3), soft_label=True,
             grad=True))
