"""Goldens: gradients of part-A ops in float32 and float64 (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

P = "paddle."
M = "Tensor."
CASES = []
add = CASES.append


def idx(values, dtype="int64"):
    import numpy as np

    return T(dtype, np.shape(values), values=values)


for dt in ("float32", "float64"):
    x = T(dt, (2, 3, 4))
    add(case(P + "moveaxis", x, [0, 2], [2, 0], grad=True))
    add(case(P + "vsplit", T(dt, (4, 3)), [1, 3], grad=True))
    add(case(P + "chunk", x, 2, 2, grad=True))
    add(case(P + "unbind", x, 1, grad=True))
    add(case(P + "unstack", x, -1, grad=True))
    add(case(P + "crop", x, [1, 2, 2], [1, 0, 1], grad=True))
    add(case(P + "flip", x, [0, 2], grad=True))
    add(case(P + "reverse", x, 1, grad=True))
    add(case(P + "rot90", x, 1, [1, 2], grad=True))
    add(case(P + "roll", x, [1, -1], [0, 2], grad=True))
    add(case(P + "roll", x, 3, grad=True))
    add(case(P + "unfold", T(dt, (8, 3)), 0, 2, 2, grad=True))
    add(case(P + "unflatten", T(dt, (2, 6)), 1, [3, 2], grad=True))
    add(case(P + "atleast_2d", T(dt, (3,)), grad=True))
    add(case(P + "atleast_3d", T(dt, (3, 2)), grad=True))
    add(case(P + "repeat_interleave", T(dt, (2, 3)), idx([2, 0, 1]), 1, grad=True))
    add(case(P + "index_fill", T(dt, (3, 4)), idx([0, 3]), 1, 2.0, grad=True))
    add(case(P + "index_put", T(dt, (3, 4)), (idx([0, 2]),), T(dt, (4,)), grad=True))
    add(case(P + "index_put", T(dt, (3, 4)), (idx([0, 0]), idx([1, 1])), T(dt, (2,)), True, grad=True))
    add(case(P + "select_scatter", T(dt, (3, 4)), T(dt, (4,)), 0, 1, grad=True))
    add(case(P + "diagonal_scatter", T(dt, (3, 3)), T(dt, (2,)), -1, grad=True))
    add(case(P + "scatter_nd", idx([[0], [2]]), T(dt, (2, 3)), [4, 3], grad=True))
    add(case(P + "cast", T(dt, (2, 3)), "float32" if dt == "float64" else "float64", grad=True))
    add(case(P + "complex", T(dt, (2, 3)), T(dt, (2, 3))))
    add(case(P + "polar", T(dt, (2, 3), 0.1, 2), T(dt, (2, 3))))
    add(case(P + "as_complex", T(dt, (3, 2)), grad=True))
    add(case(P + "sort", T(dt, (3, 5)), 0, True, grad=True))
    add(case(P + "topk", T(dt, (3, 5)), 2, 0, False, grad=True))
    add(case(P + "kthvalue", T(dt, (3, 5)), 3, 1, grad=True))
    add(case(P + "mode", T(dt, (2, 4), values=[[1, 2, 2, 3], [4, 4, 0, 0]]), grad=True))
    add(case(P + "index_sample", T(dt, (2, 4)), idx([[3, 3, 0], [1, 2, 1]], "int32"), grad=True))
    add(case(P + "masked_select", T(dt, (2, 3)), T("bool", (2, 3), values=[[True, False, True], [True, True, False]]),
             grad=True))
    add(case(P + "where", T("bool", (2, 3)), T(dt, (2, 3)), T(dt, (3,)), grad=True))
    add(case(P + "expand_as", T(dt, (3, 1)), T(dt, (2, 3, 4)), grad=True))
    add(case(P + "broadcast_tensors", [T(dt, (3, 1)), T(dt, (1, 4))], grad=True))
    add(case(P + "tensordot", T(dt, (2, 3, 4)), T(dt, (4, 3)), [[2, 1], [0, 1]], grad=True))
    add(case(P + "strided_slice", x, [0, 1, 2], [1, 2, 3], [-3, -4, -5], [-1, -1, -2], grad=True))
    add(case(P + "slice", x, [0, 2], [-1, 1], [2, -1], grad=True))
    add(case(P + "gather", x, idx([2, 0]), 1, grad=True))
    add(case(P + "gather_nd", x, idx([[1, 2, 3], [0, 0, 0]]), grad=True))
    add(case(P + "take_along_axis", x, idx([[[0, 3]]]), 2, grad=True))
    add(case(P + "put_along_axis", x, idx([[[0, 3]]]), T(dt, (1, 1, 2)), 2, "mul", grad=True))
    add(case(P + "put_along_axis", x, idx([[[1]]]), T(dt, (1, 1, 1)), 2, "mean", grad=True))
    add(case(P + "put_along_axis", x, idx([[[1]]]), T(dt, (1, 1, 1)), 2, "amax", grad=True))
    add(case(P + "scatter", T(dt, (4, 2)), idx([3, 1]), T(dt, (2, 2)), False, grad=True))
    add(case(P + "index_add", T(dt, (2, 4)), idx([3, 3, 0]), 1, T(dt, (2, 3)), grad=True))
    add(case(P + "masked_fill", T(dt, (2, 3)), T("bool", (3,)), T(dt, ()), grad=True))
    add(case(P + "tril", T(dt, (2, 3, 3)), -1, grad=True))
    add(case(P + "triu", T(dt, (3, 2)), 1, grad=True))
    add(case(P + "diagflat", T(dt, (2, 2)), -1, grad=True))
    add(case(P + "meshgrid", T(dt, (2,)), T(dt, (3,)), grad=True))
    add(case(M + "reshape", x, [4, -1], grad=True))
    add(case(M + "flatten", x, 1, 2, grad=True))
    add(case(M + "squeeze", T(dt, (1, 3, 1)), [0, 2], grad=True))
    add(case(M + "unsqueeze", x, [0, -1], grad=True))
    add(case(M + "tile", T(dt, (2, 1)), [2, 3], grad=True))
    add(case(M + "split", x, [1, -1, 1], 2, grad=True))
