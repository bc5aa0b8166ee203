"""Goldens: argument forms (numpy scalars/arrays, tuples, dtype spellings, non-Tensor inputs) for part-A ops
(real Paddle 2.6.2)."""

import numpy as np

from tools.api_diff.casefmt import A, T, case

P = "paddle."
M = "Tensor."
CASES = []
add = CASES.append
add(case(P + "stack", [T("float32", (2,)), T("int64", (2,))]))
add(case(P + "reshape", T("float32", (2, 3)), np.array([3, 2])))
add(case(P + "full", np.array([2, 2]), 1.0))
add(case(M + "expand", T("float32", (1, 3)), (2, 3)))
add(case(P + "transpose", T("float32", (2, 3)), (1, 0)))
add(case(P + "gather", T("float32", (3, 2)), [2, 0]))
add(case(P + "tile", T("float32", (2,)), (2, 2)))
add(case(P + "index_select", T("float32", (3, 2)), [2, 0]))
add(case(P + "masked_fill", T("bool", (3,)), T("bool", (3,)), True))
add(case(P + "cast", T("float32", (3,)), np.float64))
add(case(P + "cast", T("float32", (3,)), np.dtype("int32")))
add(case(P + "zeros", [2], np.int32))
add(case(P + "full", [2], 3, "float16"))
add(case(P + "ones", [2], "float"))
add(case(P + "ones", [2], "int"))
add(case(P + "where", A("bool", (3,)), T("float32", (3,)), T("float32", (3,))))
add(case(P + "masked_select", T("float32", (3,)), A("bool", (3,))))
add(case(P + "nonzero", A("float32", (3,))))
add(case(P + "unique", T("int64", (5,), values=[3, 1, 3, 0, 2]), return_counts=True))
add(case(P + "randint", 0, 5, (2, 2), check="meta"))
add(case(P + "normal", 0.0, 1.0, (2,), check="meta"))
add(case(P + "uniform", (2,), check="meta"))
add(case(P + "shape", A("float32", (2, 3))))
add(case(P + "rank", A("float32", (2, 3))))
add(case(P + "reshape", A("float32", (2, 3)), [3, 2]))
add(case(P + "is_empty", A("float32", (2, 3))))
