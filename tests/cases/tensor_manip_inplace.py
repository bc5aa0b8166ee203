"""Goldens: in-place part-A ops on a leaf that requires grad (Paddle 2.6.2 refuses: ValueError) and on
stop_gradient tensors (allowed)."""

from tools.api_diff.casefmt import T, case

P = "paddle."
M = "Tensor."
CASES = []
add = CASES.append


def idx(values):
    import numpy as np

    return T("int64", np.shape(values), values=values)


def leaf():
    return T("float32", (2, 3), stop_gradient=False)


CALLS = [
    (M + "reshape_", ([3, 2],)), (M + "squeeze_", ()), (M + "unsqueeze_", (0,)), (M + "flatten_", ()),
    (M + "cast_", ("float64",)), (M + "scatter_", (idx([1]), T("float32", (1, 3)))),
    (M + "put_along_axis_", (idx([[0], [1]]), 1.0, 1)), (M + "index_add_", (idx([0]), 0, T("float32", (1, 3)))),
    (M + "index_put_", ((idx([0]),), T("float32", (3,)))), (M + "index_fill_", (idx([0]), 0, 1.0)),
    (M + "masked_fill_", (T("bool", (2, 3)), 1.0)), (M + "fill_", (1.0,)), (M + "zero_", ()),
    (M + "fill_diagonal_", (1.0,)), (M + "fill_diagonal_tensor_", (T("float32", (2,)),)), (M + "tril_", ()),
    (M + "triu_", (1,)), (M + "uniform_", ()), (M + "normal_", ()), (M + "cauchy_", ()),
    (M + "geometric_", (0.5,)), (M + "unsqueeze_", ([0, 1],)),
]
for api, args in CALLS:
    add(case(api, leaf(), *args, check="meta", raises="ValueError"))
    add(case(api, T("float32", (2, 3)), *args, check="meta"))
add(case(P + "where_", T("bool", (2, 3)), leaf(), T("float32", (2, 3)), raises="ValueError"))
add(case(P + "scatter_", leaf(), idx([1]), T("float32", (1, 3)), raises="ValueError"))
add(case(P + "reshape_", leaf(), [6], raises="ValueError"))
add(case(M + "exponential_", leaf(), check="meta"))
