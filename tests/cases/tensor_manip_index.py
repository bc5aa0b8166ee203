"""Goldens for paddle.tensor.manipulation: gather/scatter/index/put/take/unique/fill (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

P = "paddle."
M = "Tensor."
CASES = []
add = CASES.append

FLOATS = ("float32", "float64")
NUM = ("float32", "float64", "int32", "int64")


def idx(values, dtype="int64"):
    import numpy as np

    return T(dtype, np.shape(values), values=values)


# --- gather / gather_nd --------------------------------------------------------------------------
for dt in NUM:
    add(case(P + "gather", T(dt, (4, 3)), idx([3, 0, 1])))
    add(case(M + "gather", T(dt, (4, 3)), idx([2, 2], "int32"), 1))
for axis in (None, 0, 1, -1, -2):
    add(case(P + "gather", T("float32", (4, 3)), idx([1, 0, 1]), axis, grad=True))
    add(case(P + "gather", T("float64", (3, 4)), idx([2, 0]), axis=axis, grad=True))
add(case(P + "gather", T("float32", (4, 3)), idx(1), grad=True))
add(case(P + "gather", T("float32", (4, 3)), idx(2), 1))
add(case(P + "gather", T("float32", (4, 3)), idx([0, 2]), T("int64", (), values=1)))
add(case(P + "gather", T("float32", (4,)), idx([3, 3, 0]), grad=True))
add(case(P + "gather", T("float32", (4, 3)), idx([[1], [2]])))
add(case(P + "gather", T("float32", (4, 3)), idx([], "int64")))
add(case(P + "gather", T("float32", (4, 3)), T("float32", (2,), values=[0.0, 1.0]), raises="ValueError"))
add(case(P + "gather", T("float32", (4, 3)), idx([0]), 2, raises="IndexError"))
add(case(P + "gather", T("bool", (4, 3)), idx([0])))
for dt in NUM:
    add(case(P + "gather_nd", T(dt, (3, 4)), idx([[1, 2], [0, 0]])))
    add(case(M + "gather_nd", T(dt, (2, 3, 4)), idx([[1], [0]])))
for ind in ([[1], [0]], [[1, 2]], [[[0, 1], [1, 2]], [[1, 0], [0, 3]]], [1, 2, 3], [[0, 0, 0], [1, 2, 3]], [[1]]):
    add(case(P + "gather_nd", T("float32", (2, 3, 4)), idx(ind), grad=True))
    add(case(P + "gather_nd", T("float64", (2, 3, 4)), idx(ind, "int32"), grad=True))
add(case(P + "gather_nd", T("float32", (2, 3)), idx([[0, 0, 0]]), raises="ValueError"))
add(case(P + "gather_nd", T("float32", (2, 3)), idx([[0, 3]]), raises="ValueError"))
add(case(P + "gather_nd", T("bool", (2, 3)), idx([[0, 1]])))

# --- index_select / index_sample -----------------------------------------------------------------
for dt in NUM:
    add(case(P + "index_select", T(dt, (3, 4)), idx([0, 2])))
    add(case(M + "index_select", T(dt, (3, 4)), idx([3, 1, 1], "int32"), 1))
for axis in (0, 1, -1, -2):
    add(case(P + "index_select", T("float32", (3, 4)), idx([2, 0, 2]), axis, grad=True))
    add(case(P + "index_select", T("float64", (3, 4, 2)), idx([1]), axis=axis, grad=True))
add(case(P + "index_select", T("float32", (3, 4)), idx([0, 2]), T("int64", (), values=1)))
add(case(P + "index_select", T("float32", (3, 4)), T("float32", (2,), values=[0.0, 2.0]), raises="ValueError"))
add(case(P + "index_select", T("bool", (3, 4)), idx([0])))
add(case(P + "index_select", T("float32", (3,)), idx(1)))
for dt in NUM:
    add(case(P + "index_sample", T(dt, (3, 4)), idx([[0, 1], [3, 3], [2, 0]])))
add(case(P + "index_sample", T("float32", (2, 5)), idx([[4, 0, 1], [1, 1, 2]]), grad=True))
add(case(P + "index_sample", T("float64", (3, 4)), idx([[0], [1], [2]], "int32"), grad=True))
add(case(M + "index_sample", T("float32", (2, 3)), idx([[2, 1, 0, 2], [0, 0, 0, 1]])))
add(case(P + "index_sample", T("float32", (2, 3)), idx([[0], [1], [2]]), raises="ValueError"))
add(case(P + "index_sample", T("float32", (2, 3)), idx([0, 1]), raises="ValueError"))

# --- scatter / scatter_nd / scatter_nd_add -------------------------------------------------------
for dt in NUM:
    add(case(P + "scatter", T(dt, (4, 3)), idx([1, 3]), T(dt, (2, 3))))
    add(case(P + "scatter", T(dt, (4, 3)), idx([1, 1]), T(dt, (2, 3)), False))
for ov in (True, False):
    add(case(P + "scatter", T("float32", (4, 3)), idx([2, 0]), T("float32", (2, 3)), ov, grad=True))
    add(case(P + "scatter", T("float64", (5,)), idx([4, 0, 1], "int32"), T("float64", (3,)), overwrite=ov, grad=True))
    add(case(P + "scatter", T("float32", (4, 2)), idx([0, 0, 3]), T("float32", (3, 2)), ov))
    add(case(M + "scatter", T("float32", (4, 2)), idx([3]), T("float32", (1, 2)), ov))
    add(case(P + "scatter_", T("float32", (4, 2)), idx([1, 2]), T("float32", (2, 2)), ov))
    add(case(M + "scatter_", T("int64", (4, 2)), idx([1, 2]), T("int64", (2, 2)), ov))
add(case(P + "scatter", T("float32", (4, 3)), idx(1), T("float32", (3,))))
add(case(P + "scatter", T("float32", (4, 3)), T("float32", (2,), values=[0.0, 1.0]), T("float32", (2, 3)),
         raises="ValueError"))
for dt in NUM:
    add(case(P + "scatter_nd_add", T(dt, (3, 4)), idx([[1, 1], [0, 2], [1, 1]]), T(dt, (3,))))
    add(case(P + "scatter_nd", idx([[1], [2], [1]]), T(dt, (3, 4)), [4, 4]))
for ind, ushape in (([[1], [0]], (2, 4)), ([[1, 2], [1, 2]], (2,)), ([[[0], [1]]], (1, 2, 4)), ([[0, 0]], (1,))):
    add(case(P + "scatter_nd_add", T("float32", (3, 4)), idx(ind), T("float32", ushape), grad=True))
    add(case(P + "scatter_nd_add", T("float64", (3, 4)), idx(ind, "int32"), T("float64", ushape), grad=True))
    add(case(M + "scatter_nd_add", T("int64", (3, 4)), idx(ind), T("int64", ushape)))
    add(case(P + "scatter_nd", idx(ind), T("float32", ushape), [3, 4], grad=True))
add(case(P + "scatter_nd", idx([[1], [1]]), T("float64", (2,)), (3,), grad=True))
add(case(P + "scatter_nd", idx([[1], [1]]), T("float32", (2,)), T("int64", (1,), values=[3])))

# --- take_along_axis / put_along_axis ------------------------------------------------------------
for dt in NUM:
    add(case(P + "take_along_axis", T(dt, (3, 4)), idx([[0, 1, 2, 0]]), 0))
    add(case(P + "put_along_axis", T(dt, (3, 4)), idx([[2, 1, 0, 1]]), T(dt, (1, 4)), 0))
for ind, axis in (([[0], [2], [1]], 1), ([[0, 1], [2, 2], [1, 0]], 1), ([[0, 1, 2, 0]], 0), ([[1], [0], [2]], -1),
                  ([[0]], 0), ([[2, 1, 0, 0], [0, 1, 2, 1]], 0)):
    add(case(P + "take_along_axis", T("float32", (3, 4)), idx(ind), axis, grad=True))
    add(case(P + "take_along_axis", T("float64", (3, 4)), idx(ind, "int32"), axis, False, grad=True))
    add(case(M + "take_along_axis", T("int64", (3, 4)), idx(ind), axis=axis))
add(case(P + "take_along_axis", T("float32", (3, 4)), idx([0, 1]), 0, raises="ValueError"))
add(case(P + "take_along_axis", T("float32", (3, 4)), idx([[0, 1]]), 2, raises="AssertionError"))
add(case(P + "take_along_axis", T("float32", (2, 2)), idx([[0], [1], [0]]), 1))
for reduce in ("assign", "add", "mul", "multiply", "mean", "amin", "amax"):
    for inc in (True, False):
        add(case(P + "put_along_axis", T("float32", (3, 4)), idx([[0, 0], [2, 2], [1, 3]]),
                 T("float32", (3, 2)), 1, reduce, inc))
    add(case(P + "put_along_axis", T("float64", (3, 4)), idx([[0, 1, 2, 0]]), T("float64", (1, 4)), 0, reduce))
    add(case(P + "put_along_axis", T("int64", (3, 4)), idx([[0], [1], [3]]), 7, 1, reduce=reduce))
add(case(P + "put_along_axis", T("float32", (3, 4)), idx([[0], [2], [1]]), T("float32", (3, 1)), 1, grad=True))
add(case(P + "put_along_axis", T("float64", (3, 4)), idx([[0, 1], [2, 3], [1, 0]]), T("float64", (3, 2)), 1,
         "add", grad=True))
add(case(P + "put_along_axis", T("float32", (3, 4)), idx([[0], [2], [1]]), 2.5, -1))
add(case(P + "put_along_axis", T("float32", (3, 4)), idx([[0], [2], [1]]), T("float32", (3, 1)), 1, "assign",
         True, False))
add(case(P + "put_along_axis", T("float32", (3, 4)), idx([[0], [2], [1]]), 1.0, 1, "foo", raises="ValueError"))
add(case(P + "put_along_axis", T("float32", (3, 4)), T("float32", (3, 1), values=[[0.0], [1.0], [2.0]]), 1.0, 1,
         raises="TypeError"))
add(case(M + "put_along_axis", T("float32", (3, 4)), idx([[1], [1], [1]]), 0.0, 1))
add(case(M + "put_along_axis_", T("float32", (3, 4)), idx([[1], [1], [1]]), 0.0, 1))
add(case(M + "put_along_axis_", T("float32", (3, 4)), idx([[1, 1]]), T("float32", (1, 2)), 0, "add"))

# --- index_add / index_put / index_fill / masked_fill --------------------------------------------
for dt in NUM:
    add(case(P + "index_add", T(dt, (3, 4)), idx([0, 2]), 0, T(dt, (2, 4))))
    add(case(P + "index_fill", T(dt, (3, 4)), idx([1, 3]), 1, 5))
    add(case(P + "masked_fill", T(dt, (3, 4)), T("bool", (3, 4)), 2))
for axis, ind, vshape in ((0, [0, 0, 2], (3, 4)), (1, [3, 1], (3, 2)), (-1, [0], (3, 1)), (-2, [2, 1], (2, 4))):
    add(case(P + "index_add", T("float32", (3, 4)), idx(ind), axis, T("float32", vshape), grad=True))
    add(case(P + "index_add", T("float64", (3, 4)), idx(ind, "int32"), axis, T("float64", vshape), grad=True))
    add(case(M + "index_add", T("int64", (3, 4)), idx(ind), axis, T("int64", vshape)))
    add(case(P + "index_add_", T("float32", (3, 4)), idx(ind), axis, T("float32", vshape)))
    add(case(M + "index_add_", T("float64", (3, 4)), idx(ind), axis, T("float64", vshape)))
    add(case(P + "index_fill", T("float32", (3, 4)), idx(ind), axis, -1.5, grad=True))
    add(case(M + "index_fill", T("int64", (3, 4)), idx(ind), axis, 9))
    if axis in (0, -2):  # Paddle 2.6.2's index_fill_ corrupts the heap (abort) for other axes
        add(case(P + "index_fill_", T("float32", (3, 4)), idx(ind), axis, 0.0))
        add(case(M + "index_fill_", T("int32", (3, 4)), idx(ind), axis, 3))
add(case(P + "index_fill", T("float32", (3, 4)), idx([1]), 0, T("float32", (), values=7.0)))
add(case(P + "index_add", T("float32", (3, 4)), idx([0]), 0, T("float64", (1, 4)), raises="ValueError"))
for acc in (False, True):
    add(case(P + "index_put", T("float32", (3, 4)), (idx([0, 2]), idx([1, 3])), T("float32", (2,)), acc, grad=True))
    add(case(P + "index_put", T("float64", (3, 4)), (idx([0, 0]), idx([1, 1])), T("float64", ()), acc))
    add(case(P + "index_put", T("float32", (3, 4)), (idx([2, 0]),), T("float32", (4,)), accumulate=acc))
    add(case(P + "index_put", T("int64", (3, 4)), (T("bool", (3, 4)),), T("int64", ()), acc))
    add(case(P + "index_put", T("float32", (3, 4)), (T("bool", (3,), values=[True, False, True]),),
             T("float32", (4,)), acc))
    add(case(M + "index_put", T("int32", (3, 4)), [idx([1]), idx([1])], T("int32", (1,)), acc))
    add(case(P + "index_put_", T("float32", (3, 4)), (idx([0, 2]), idx([1, 3])), T("float32", (2,)), acc))
    add(case(M + "index_put_", T("int64", (3, 4)), (idx([1]),), T("int64", (4,)), acc))
for mshape in ((3, 4), (4,), (3, 1), (1, 1)):
    add(case(P + "masked_fill", T("float32", (3, 4)), T("bool", mshape), 0.5, grad=True))
    add(case(P + "masked_fill", T("float64", (3, 4)), T("bool", mshape), T("float64", (), values=-2.0), grad=True))
    add(case(M + "masked_fill", T("int64", (3, 4)), T("bool", mshape), -1))
    add(case(P + "masked_fill_", T("float32", (3, 4)), T("bool", mshape), 1.0))
add(case(M + "masked_fill_", T("int32", (3, 4)), T("bool", (3, 4)), 7))
add(case(P + "masked_fill", T("float32", (3, 4)), T("int64", (3, 4)), 1.0))
add(case(P + "masked_fill", T("float32", (1, 4)), T("bool", (3, 4)), 1.0))

# --- select_scatter / diagonal_scatter / fill_* ---------------------------------------------------
for axis, index, vshape in ((0, 1, (4, 5)), (1, 0, (3, 5)), (2, -1, (3, 4)), (-1, 2, (3, 4))):
    add(case(P + "select_scatter", T("float32", (3, 4, 5)), T("float32", vshape), axis, index, grad=True))
    add(case(M + "select_scatter", T("int64", (3, 4, 5)), T("int64", vshape), axis, index))
add(case(P + "select_scatter", T("float32", (3, 4)), T("float64", (4,)), 0, 0))
for off, a1, a2, yshape in ((0, 0, 1, (3,)), (1, 0, 1, (3,)), (-1, 0, 1, (2,)), (0, 1, 0, (3,)), (2, 0, 1, (2,))):
    add(case(P + "diagonal_scatter", T("float32", (3, 4)), T("float32", yshape), off, a1, a2, grad=True))
    add(case(M + "diagonal_scatter", T("int64", (3, 4)), T("int64", yshape), offset=off, axis1=a1, axis2=a2))
add(case(P + "diagonal_scatter", T("float64", (2, 3, 3)), T("float64", (2, 3)), 0, 1, 2, grad=True))

for dt in ("float32", "int64", "bool", "float64"):
    add(case(M + "fill_", T(dt, (2, 3)), 1))
    add(case(M + "zero_", T(dt, (2, 3))))
add(case(M + "fill_", T("float32", (2, 3)), 2.5))
add(case(M + "fill_", T("float32", ()), -1))
add(case(M + "fill_", T("float32", (2,)), "a", raises="TypeError"))
for shape, val, off, wrap in (((3, 4), 2.0, 0, False), ((3, 4), 2.0, 1, False), ((4, 3), 1.0, 0, False),
                              ((7, 3), 5.0, 0, True), ((7, 3), 5.0, 0, False), ((3, 3, 3), -1.0, 0, False),
                              ((3, 4), 1.0, -1, False), ((2, 2), 3, 0, False)):
    add(case(M + "fill_diagonal_", T("float32", shape), val, off, wrap))
add(case(M + "fill_diagonal_", T("int64", (3, 3)), 7))
# fill_diagonal_ on a 1-D tensor kills Paddle 2.6.2 (SIGFPE): no golden possible.
for off, d1, d2, yshape in ((0, 0, 1, (3,)), (1, 0, 1, (3,)), (-1, 0, 1, (2,)), (0, 1, 0, (3,))):
    add(case(M + "fill_diagonal_tensor", T("float32", (3, 4)), T("float32", yshape), off, d1, d2, grad=True))
    add(case(M + "fill_diagonal_tensor_", T("float32", (3, 4)), T("float32", yshape), off, d1, d2))
add(case(M + "fill_diagonal_tensor", T("float64", (2, 3, 3)), T("float64", (2, 3)), 0, 1, 2, grad=True))

# --- unique / unique_consecutive ------------------------------------------------------------------
V = [[3, 1, 2], [1, 1, 3], [3, 1, 2], [0, 5, 5]]
for dt in NUM:
    add(case(P + "unique", T(dt, (4, 3), values=V)))
    add(case(P + "unique", T(dt, (4, 3), values=V), True, True, True))
    add(case(P + "unique_consecutive", T(dt, (4, 3), values=V)))
    add(case(P + "unique_consecutive", T(dt, (4, 3), values=V), True, True))
for ri, rv, rc, axis in ((True, False, False, None), (False, True, False, None), (False, False, True, None),
                         (True, True, True, 0), (True, True, True, 1), (False, True, True, -1),
                         (True, False, True, 0)):
    add(case(P + "unique", T("int64", (4, 3), values=V), ri, rv, rc, axis))
    add(case(M + "unique", T("float32", (4, 3), values=V), return_index=ri, return_inverse=rv, return_counts=rc,
             axis=axis))
for rv, rc, axis in ((True, False, None), (False, True, None), (True, True, 0), (True, True, 1), (False, True, -1)):
    add(case(P + "unique_consecutive", T("int64", (4, 3), values=V), rv, rc, axis))
    add(case(M + "unique_consecutive", T("float64", (4, 3), values=V), return_inverse=rv, return_counts=rc,
             axis=axis))
add(case(P + "unique", T("int64", (4, 3), values=V), True, True, True, None, "int32"))
add(case(P + "unique_consecutive", T("int64", (4, 3), values=V), True, True, None, "int32"))
add(case(P + "unique", T("int64", (0,))))
add(case(P + "unique", T("int64", (), values=3)))
add(case(P + "unique", T("float32", (3,), values=[1.0, 1.0, 2.0]), dtype="float32", raises="NotImplementedError"))
add(case(P + "unique", T("int64", (4, 3), values=V), axis=2, raises="ValueError"))
add(case(P + "unique_consecutive", T("int32", (8,), values=[1, 1, 2, 2, 3, 1, 1, 2]), True, True))
