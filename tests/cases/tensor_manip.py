"""Goldens for paddle.tensor.manipulation: shapes, joins, splits, slices (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

P = "paddle."
M = "Tensor."
CASES = []
add = CASES.append

FLOATS = ("float32", "float64")
ALL = ("float32", "float64", "int32", "int64", "bool")

# --- cast ----------------------------------------------------------------------------------------
for src in ALL + ("float16", "uint8", "int8", "int16"):
    for dst in ("float32", "float64", "int32", "int64", "bool", "float16", "uint8"):
        add(case(P + "cast", T(src, (2, 3)), dst))
add(case(P + "cast", T("float32", (2, 3), -3, 3), "int32"))
add(case(P + "cast", T("float32", (3,)), "float64", grad=True))
add(case(P + "cast", T("float64", (3,)), "float32", grad=True))
add(case(P + "cast", T("float32", ()), "int64"))
add(case(M + "cast", T("int64", (2,)), "float32"))
add(case(M + "astype", T("int64", (2,)), "float64"))
add(case(P + "cast_", T("float32", (3,)), "int32"))
add(case(M + "cast_", T("int32", (3,)), "float64"))
add(case(P + "cast", T("float32", (2,)), "complex64"))
add(case(P + "cast", T("float32", (2,)), "abc", raises="TypeError"))

# --- reshape / view / flatten / squeeze / unsqueeze ---------------------------------------------
for dt in ALL:
    add(case(P + "reshape", T(dt, (2, 3, 4)), [6, 4]))
    add(case(M + "reshape", T(dt, (2, 3, 4)), [-1]))
for shp in ([4, 6], [0, -1], [-1, 0, 2], [0, 0, 4], [2, 3, 2, 2], (24,), [1, 24, 1], [-1, 12]):
    add(case(P + "reshape", T("float32", (2, 3, 4)), shp, grad=True))
    add(case(M + "reshape", T("float64", (2, 3, 4)), shape=shp, grad=True))
add(case(P + "reshape", T("float32", ()), [1]))
add(case(P + "reshape", T("float32", (1,)), []))
add(case(P + "reshape", T("float32", (0, 3)), [3, 0]))
add(case(P + "reshape", T("float32", (2, 3)), T("int64", (2,), values=[3, 2])))
add(case(P + "reshape", T("float32", (2, 3)), [T("int64", (), values=3), 2]))
add(case(P + "reshape", T("float32", (2, 3)), [T("int32", (1,), values=[1]), -1]))
add(case(P + "reshape", T("float32", (2, 3)), [4, 2], raises="ValueError"))
add(case(P + "reshape", T("float32", (2, 3)), [-1, -1], raises="ValueError"))
add(case(P + "reshape", T("float32", (2, 3)), [2, 0, 0], raises="ValueError"))
add(case(P + "reshape_", T("float32", (2, 3)), [3, 2]))
add(case(M + "reshape_", T("int64", (2, 3)), [-1]))
add(case(P + "view", T("float32", (2, 3)), [3, 2]))
add(case(P + "view", T("float32", (2, 3)), "int32"))
add(case(P + "view", T("float32", (2, 3)), "float16"))
add(case(P + "view", T("int64", (2, 4)), [-1]))
add(case(M + "view", T("float32", (4,)), [2, 2]))
add(case(P + "view_as", T("float32", (2, 3)), T("float32", (3, 2))))
add(case(M + "view_as", T("int32", (6,)), T("float32", (2, 3))))

for args in ((), (1,), (0, 1), (1, 2), (-2, -1), (0, -1), (2, 2)):
    add(case(P + "flatten", T("float32", (2, 3, 4)), *args, grad=True))
    add(case(M + "flatten", T("int64", (2, 3, 4)), *args))
add(case(P + "flatten", T("float64", (2, 3)), start_axis=1, grad=True))
add(case(P + "flatten", T("float32", ())))
add(case(P + "flatten", T("float32", (3,))))
add(case(P + "flatten", T("float32", (2, 0, 3)), 1))
add(case(P + "flatten", T("float32", (2, 3)), 1, 0, raises="ValueError"))
add(case(P + "flatten", T("float32", (2, 3)), 0, 5, raises="ValueError"))
add(case(M + "flatten_", T("float32", (2, 3, 4)), 1))
add(case(M + "flatten_", T("float32", (2, 3, 4))))
for args in ((1, [2, 3]), (-1, [2, -1]), (0, [1, 2]), (1, (3, 2)), (2, [4, 1])):
    add(case(P + "unflatten", T("float32", (2, 6, 4)), *args, grad=True))
add(case(M + "unflatten", T("int64", (6,)), 0, [2, 3]))
add(case(P + "unflatten", T("float32", (6,)), 0, T("int64", (2,), values=[3, 2])))
add(case(P + "unflatten", T("float32", (2, 6)), 1, [4, -1], raises="ValueError"))

for axis in (None, 0, 2, -1, [0, 2], [1], (0, 1, 2), [], [-3, -1]):
    add(case(P + "squeeze", T("float32", (1, 3, 1)), axis, grad=True))
    add(case(M + "squeeze", T("int32", (1, 3, 1)), axis=axis))
add(case(P + "squeeze", T("float32", ())))
add(case(P + "squeeze", T("float32", ()), 0))
add(case(P + "squeeze", T("float64", (1,)), grad=True))
add(case(P + "squeeze", T("float32", (1, 1, 1))))
add(case(P + "squeeze", T("float32", (1, 3)), T("int64", (1,), values=[0])))
add(case(P + "squeeze", T("float32", (3, 4)), 5, raises="ValueError"))
add(case(P + "squeeze", T("float32", (3, 1)), -3, raises="ValueError"))
add(case(P + "squeeze_", T("float32", (1, 3)), 0))
add(case(M + "squeeze_", T("float32", (1, 3, 1))))
for axis in (0, 1, 2, -1, -3, [0, 2], [-1, 0], [1, 1], (0, 1), [0, -1, 2]):
    add(case(P + "unsqueeze", T("float32", (3, 4)), axis, grad=True))
    add(case(M + "unsqueeze", T("bool", (3, 4)), axis=axis))
add(case(P + "unsqueeze", T("float32", ()), 0))
add(case(P + "unsqueeze", T("float32", ()), [0, 0]))
add(case(P + "unsqueeze", T("float64", (2,)), -1, grad=True))
add(case(P + "unsqueeze", T("float32", (2,)), T("int64", (1,), values=[1])))
add(case(P + "unsqueeze", T("float32", (2,)), [T("int64", (), values=0), 2]))
add(case(P + "unsqueeze", T("float32", (3, 4)), 5, raises="ValueError"))
add(case(P + "unsqueeze", T("float32", (3, 4)), -4, raises="ValueError"))
add(case(P + "unsqueeze_", T("float32", (3,)), 0))
add(case(M + "unsqueeze_", T("int64", (3,)), [0, 2]))

for fn in ("atleast_1d", "atleast_2d", "atleast_3d"):
    for shp in ((), (3,), (2, 3), (2, 3, 4), (1, 2, 3, 4)):
        add(case(P + fn, T("float32", shp)))
    add(case(P + fn, T("float32", ()), T("int64", (3,))))
    add(case(P + fn, T("float64", (2,)), grad=True))
    add(case(M + fn, T("int32", (2,))))

# --- transpose / moveaxis / expand / tile / broadcast --------------------------------------------
for dt in ALL:
    add(case(P + "transpose", T(dt, (2, 3, 4)), [2, 0, 1]))
for perm in ([0, 1, 2], [1, 0, 2], [2, 1, 0], [-1, 0, 1], (1, 2, 0)):
    add(case(P + "transpose", T("float32", (2, 3, 4)), perm, grad=True))
    add(case(M + "transpose", T("float64", (2, 3, 4)), perm=perm, grad=True))
add(case(P + "transpose", T("float32", ()), []))
add(case(P + "transpose", T("float32", (3,)), [0]))
add(case(P + "transpose", T("float32", (2, 3)), [1, 1], raises="ValueError"))
add(case(P + "transpose", T("float32", (2, 3)), [0, 1, 2], raises="ValueError"))
for src, dst in ((0, 2), (-1, 0), ([0, 1], [2, 0]), ((1,), (2,)), ([0, 1, 2], [2, 1, 0])):
    add(case(P + "moveaxis", T("float32", (2, 3, 4)), src, dst, grad=True))
    add(case(M + "moveaxis", T("int64", (2, 3, 4)), src, dst))
add(case(P + "moveaxis", T("float32", (2, 3)), [0, 1], [0], raises="AssertionError"))
add(case(P + "moveaxis", T("float32", (2, 3)), 3, 0, raises="AssertionError"))

for dt in ALL:
    add(case(P + "expand", T(dt, (1, 3)), [2, 3]))
    add(case(P + "broadcast_to", T(dt, (3,)), [2, 3]))
    add(case(P + "tile", T(dt, (2, 3)), [2, 1]))
for shp in ([2, 3], [4, 2, 3], [-1, 3], [2, -1], (3, 2, 3), [1, 3]):
    add(case(P + "expand", T("float32", (1, 3)), shp, grad=True))
    add(case(P + "broadcast_to", T("float64", (1, 3)), shape=shp, grad=True))
    add(case(M + "expand", T("int64", (1, 3)), shp))
    add(case(M + "broadcast_to", T("float32", (1, 3)), shp))
add(case(P + "expand", T("float32", ()), [3]))
add(case(P + "expand", T("float32", (2, 1)), T("int64", (2,), values=[2, 4])))
add(case(P + "expand", T("float32", (2, 1)), [T("int64", (), values=2), 3]))
add(case(P + "expand", T("float32", (2, 3)), [3, 3], raises="ValueError"))
add(case(P + "broadcast_to", T("float32", (2, 3)), [3], raises="ValueError"))
add(case(P + "expand", T("float32", (2, 1)), [2, 0]))
for y in ((2, 3), (4, 2, 3), (1, 3)):
    add(case(P + "expand_as", T("float32", (1, 3)), T("float32", y), grad=True))
    add(case(M + "expand_as", T("int64", (1, 3)), T("int64", y)))
add(case(P + "expand_as", T("float32", (2, 3)), T("float32", (3, 3)), raises="ValueError"))
for reps in ([2], [2, 1], [1, 2], [2, 2, 2], (3,), [1, 1, 1, 1]):
    add(case(P + "tile", T("float32", (2, 3)), reps, grad=True))
    add(case(M + "tile", T("float64", (3,)), repeat_times=reps, grad=True))
add(case(P + "tile", T("float32", ()), [3]))
add(case(P + "tile", T("float32", (2,)), T("int32", (2,), values=[2, 2])))
add(case(P + "tile", T("float32", (2,)), [T("int64", (), values=2), 3]))
add(case(P + "tile", T("float32", (2,)), [0], raises="ValueError"))
add(case(P + "tile", T("float32", (2,)), [-1], raises="ValueError"))
add(case(P + "broadcast_tensors", [T("float32", (2, 3)), T("float32", (3,))], grad=True))
add(case(P + "broadcast_tensors", [T("float64", (2, 1, 3)), T("float64", (4, 1)), T("float64", ())], grad=True))
add(case(P + "broadcast_tensors", [T("int64", (1,)), T("int64", (3,))]))
add(case(P + "broadcast_tensors", [T("bool", (2, 1)), T("bool", (1, 2))]))
add(case(P + "broadcast_tensors", [T("float32", (2, 3)), T("float32", (4,))], raises="ValueError"))
add(case(P + "broadcast_tensors", [T("float32", (2, 3)), T("float64", (2, 3))]))

for reps, axis in ((2, None), (3, 0), (2, 1), (1, -1), (T("int64", (2,), values=[1, 2]), 0),
                   (T("int64", (3,), values=[0, 2, 1]), 1), (T("int32", (3,), values=[2, 2, 2]), -1)):
    add(case(P + "repeat_interleave", T("float32", (2, 3)), reps, axis, grad=True))
    add(case(M + "repeat_interleave", T("int64", (2, 3)), reps, axis=axis))
add(case(P + "repeat_interleave", T("float64", (4,)), 2, grad=True))
add(case(P + "repeat_interleave", T("float32", ()), 3))

# --- concat / stack / split / chunk / unbind / unstack -------------------------------------------
for dt in ALL + ("float16",):
    add(case(P + "concat", [T(dt, (2, 3)), T(dt, (1, 3))]))
    add(case(P + "stack", [T(dt, (2, 3)), T(dt, (2, 3))]))
for axis in (0, 1, -1, -2):
    add(case(P + "concat", [T("float32", (2, 3)), T("float32", (2, 3)), T("float32", (2, 3))], axis, grad=True))
    add(case(P + "concat", (T("float64", (2, 2)), T("float64", (2, 2))), axis=axis, grad=True))
for axis in (0, 1, 2, -1, -3):
    add(case(P + "stack", [T("float32", (2, 3)), T("float32", (2, 3))], axis, grad=True))
    add(case(P + "stack", (T("float64", (3,)), T("float64", (3,)), T("float64", (3,))), axis=axis % 2, grad=True))
add(case(P + "concat", [T("float32", (2, 3)), T("float32", (2, 0))], 1))
add(case(P + "concat", [T("float32", (2, 3))]))
add(case(P + "concat", [T("float32", (2, 3)), T("float32", (2, 3))], T("int64", (), values=1)))
add(case(P + "concat", [T("float32", (2, 3)), T("int64", (1, 3))], raises="ValueError"))
add(case(P + "concat", [T("float32", (2, 3)), T("float32", (2, 3))], 3, raises="ValueError"))
add(case(P + "concat", [T("float32", (2, 3)), T("float32", (2, 4))], 0, raises="ValueError"))
add(case(P + "stack", [T("float32", ()), T("float32", ())]))
add(case(P + "stack", [T("float32", (2, 3)), T("float32", (3,))], raises="ValueError"))
add(case(P + "stack", [T("float32", (2,)), T("float32", (2,))], 3, raises="ValueError"))
add(case(M + "concat", [T("float32", (2,)), T("float32", (3,))]))

for nos, axis in ((2, 0), (3, 1), ([1, 2], 1), ([1, -1], 1), ((2, 1, 1), -1), ([0, 3], 1), (1, 0), (4, 2),
                  ([2, 2], 2)):
    add(case(P + "split", T("float32", (2, 3, 4)), nos, axis, grad=nos != [0, 3]))
    add(case(M + "split", T("int64", (2, 3, 4)), nos, axis=axis))
add(case(P + "split", T("float64", (4, 2)), 2, grad=True))
add(case(P + "split", T("float32", (2, 3)), 2, 1, raises="ValueError"))
add(case(P + "split", T("float32", (2, 3)), [1, 1], 1, raises="ValueError"))
add(case(P + "split", T("float32", (2, 3)), [-1, -1, 1], 1, raises="ValueError"))
add(case(P + "split", T("float32", (2, 3)), 3, 2, raises="ValueError"))
add(case(P + "split", T("float32", (2, 6)), 3, T("int64", (), values=1)))
add(case(P + "split", T("float32", (2, 6)), [T("int64", (), values=2), 4], 1))
for nos in (2, [1, 3], [-1, 1]):
    add(case(P + "vsplit", T("float32", (4, 3)), nos, grad=True))
    add(case(M + "vsplit", T("int32", (4, 3, 2)), nos))
add(case(P + "vsplit", T("float32", (4,)), 2, raises="ValueError"))
for chunks, axis in ((2, 0), (3, 1), (1, -1), (4, 2)):
    add(case(P + "chunk", T("float32", (2, 3, 4)), chunks, axis, grad=True))
    add(case(M + "chunk", T("int64", (2, 3, 4)), chunks, axis=axis))
add(case(P + "chunk", T("float32", (2, 3)), 2, 1, raises="ValueError"))
for axis in (0, 1, -1, 2):
    add(case(P + "unbind", T("float32", (2, 3, 4)), axis, grad=True))
    add(case(P + "unstack", T("float64", (2, 3, 4)), axis, grad=True))
    add(case(M + "unbind", T("int64", (2, 3, 4)), axis=axis))
    add(case(M + "unstack", T("bool", (2, 3, 4)), axis=axis))
add(case(P + "unstack", T("float32", (2, 3)), 1, 3))
add(case(P + "unstack", T("float32", (2, 3)), 1, 2, raises="ValueError"))
add(case(P + "unbind", T("float32", (2, 3)), 3, raises="ValueError"))
add(case(P + "unstack", T("float32", (0, 3)), 1))

# --- slice / strided_slice / crop ----------------------------------------------------------------
for axes, starts, ends in (([0], [0], [1]), ([1], [1], [3]), ([0, 1], [-1, 1], [100, -1]), ([2], [-3], [-1]),
                           ([0, 2], [0, 0], [2, 2]), ([1], [-10], [2]), ([1], [5], [10]), ([2], [1], [1]),
                           ([-1], [1], [3])):
    nonempty = (axes, starts) not in (([1], [5]), ([2], [1]))
    add(case(P + "slice", T("float32", (2, 3, 4)), axes, starts, ends, grad=nonempty))
    add(case(M + "slice", T("int64", (2, 3, 4)), axes, starts, ends))
add(case(P + "slice", T("float64", (4, 4)), [0], [1], [3], grad=True))
add(case(P + "slice", T("float32", (4, 4)), [0], T("int64", (1,), values=[1]), T("int64", (1,), values=[3])))
add(case(P + "slice", T("float32", (4, 4)), [0, 1], [T("int64", (), values=1), 0], [3, T("int32", (), values=2)]))
add(case(P + "slice", T("float32", (2, 3)), [1], [2], [1], raises="ValueError"))
add(case(P + "slice", T("float32", (2, 3)), [0, 1], [0], [1], raises="ValueError"))
for axes, starts, ends, strides in (([1], [0], [3], [2]), ([0, 1], [0, 0], [2, 3], [1, 2]), ([1], [-1], [-10], [-1]),
                                    ([1], [10], [-10], [-2]), ([1], [-10], [10], [2]), ([2], [3], [0], [-1]),
                                    ([0, 2], [1, 0], [2, 4], [1, 3]), ([2], [0], [4], [5])):
    add(case(P + "strided_slice", T("float32", (2, 3, 4)), axes, starts, ends, strides, grad=True))
    add(case(M + "strided_slice", T("int64", (2, 3, 4)), axes, starts, ends, strides))
add(case(P + "strided_slice", T("float64", (5,)), [0], [4], [0], [-2], grad=True))
add(case(P + "strided_slice", T("float32", (5,)), [0], T("int64", (1,), values=[1]), [5], [2]))
for shp, off in ((None, None), ([1, 2], None), ([1, 2], [1, 1]), ([-1, 2], [1, 0]), ([2, 3], [0, 0]),
                 ([1, 1], [1, 2])):
    add(case(P + "crop", T("float32", (2, 3)), shp, off, grad=True))
    add(case(M + "crop", T("int64", (2, 3)), shape=shp, offsets=off))
add(case(P + "crop", T("float32", (2, 3)), [3, 3], raises="ValueError"))
add(case(P + "crop", T("float32", (2, 3, 4)), T("int32", (3,), values=[1, 2, 2]), [1, 1, 1]))

# --- flip / rot90 / roll / unfold / as_real / as_complex / as_strided ----------------------------
for dt in ALL:
    add(case(P + "flip", T(dt, (2, 3)), 0))
    add(case(P + "roll", T(dt, (2, 3)), 1))
    add(case(P + "rot90", T(dt, (2, 3))))
for axis in (0, 1, -1, [0, 1], (1,), [0, 2], [-1, -2]):
    add(case(P + "flip", T("float32", (2, 3, 4)), axis, grad=True))
    add(case(M + "flip", T("int64", (2, 3, 4)), axis=axis))
    add(case(P + "reverse", T("float32", (2, 3, 4)), axis))
add(case(P + "flip", T("float32", ()), []))
add(case(P + "flip", T("float32", (2,)), 3, raises="ValueError"))
for k, axes in ((1, [0, 1]), (2, [0, 1]), (3, [0, 1]), (-1, [0, 1]), (0, [0, 1]), (1, [1, 0]), (1, [-1, 0]),
                (5, [1, 2])):
    add(case(P + "rot90", T("float32", (2, 3, 4)), k, axes, grad=True))
    add(case(M + "rot90", T("int64", (2, 3, 4)), k=k, axes=axes))
add(case(P + "rot90", T("float32", (3,)), raises="ValueError"))
add(case(P + "rot90", T("float32", (3, 3)), 1, [0, 0], raises="ValueError"))
add(case(P + "rot90", T("float32", (3, 3)), 1, [0], raises="ValueError"))
for shifts, axis in ((1, None), (-2, None), (1, 0), (2, 1), ([1, 2], [0, 1]), (5, -1), ((1,), (1,)), (0, 0),
                     (T("int64", (1,), values=[1]), 1)):
    add(case(P + "roll", T("float32", (2, 3)), shifts, axis, grad=True))
    add(case(M + "roll", T("int64", (2, 3)), shifts, axis=axis))
add(case(P + "roll", T("float32", (2, 3)), [1, 2], [0], raises="ValueError"))
add(case(P + "roll", T("float32", ()), 1))
for axis, size, step in ((0, 2, 1), (0, 2, 4), (0, 3, 2), (1, 2, 2), (-1, 1, 1)):
    add(case(P + "unfold", T("float32", (9, 4)), axis, size, step, grad=True))
    add(case(M + "unfold", T("int64", (9, 4)), axis, size, step))
add(case(P + "unfold", T("float32", (4,)), 0, 5, 1, raises="ValueError"))
for dt in FLOATS:
    add(case(P + "as_complex", T(dt, (3, 2))))
    add(case(P + "as_complex", T(dt, (2, 3, 2)), grad=True))
    add(case(P + "as_real", T("complex64" if dt == "float32" else "complex128", (2, 3))))
    add(case(M + "as_real", T("complex64" if dt == "float32" else "complex128", (3,))))
add(case(P + "as_complex", T("float32", (3, 3)), raises="ValueError"))
add(case(P + "as_real", T("float32", (3,)), raises="RuntimeError"))
for shape, stride in (([2, 2], [1, 1]), ([3], [2]), ([2, 3], [3, 1]), ([3, 2], [1, 3])):
    add(case(P + "as_strided", T("float32", (2, 3)), shape, stride))
    add(case(M + "as_strided", T("int64", (6,)), shape, stride))

# --- tensordot / shard_index / tolist ------------------------------------------------------------
for xs, ys, axes in (((2, 3), (3, 2), 1), ((2, 3, 4), (3, 4, 5), 2), ((2, 3), (2, 3), 0),
                     ((2, 3), (2, 3), [[0, 1], [0, 1]]),
                     ((2, 3, 4), (4, 3), [[1, 2], [1, 0]]), ((3, 4), (3, 4), [0]), ((2, 3), (3, 2), [[1], [0]]),
                     ((3, 1), (3, 5), [[0, 1], [0, 1]]), ((2, 3), (3, 2), (1, 0)), ((4,), (4,), 1)):
    for dt in FLOATS:
        add(case(P + "tensordot", T(dt, xs), T(dt, ys), axes, grad=True))
add(case(M + "tensordot", T("float32", (2, 3)), T("float32", (3, 2)), 1))
add(case(P + "tensordot", T("float32", (2, 3)), T("float32", (3, 2)), T("int64", (1,), values=[1])))
add(case(P + "tensordot", T("int64", (2, 3)), T("int64", (3, 2)), 1))
add(case(P + "tensordot", T("float32", (2, 3)), T("float32", (2, 3)), 1, raises="AssertionError"))
for nshards, sid in ((2, 0), (2, 1), (3, 2)):
    add(case(P + "shard_index", T("int64", (4, 1), values=[[16], [1], [8], [19]]), 20, nshards, sid))
    add(case(M + "shard_index", T("int32", (3, 1), values=[[3], [0], [11]]), 12, nshards, sid, -2))
add(case(P + "shard_index", T("int64", (2, 1), values=[[1], [2]]), 20, 2, 3, raises="ValueError"))
add(case(P + "tolist", T("float32", (2, 3))))
add(case(P + "tolist", T("int64", ())))
add(case(M + "tolist", T("bool", (2,))))
