"""Goldens for paddle.tensor.search (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

P = "paddle."
M = "Tensor."
CASES = []
add = CASES.append

NUM = ("float32", "float64", "int32", "int64")
# distinct values (no ties) so sort-like ops have one right answer
D34 = [[3, 11, 7, 0], [5, 2, 9, 1], [8, 6, 10, 4]]
D234 = [[[3, 11, 7, 0], [5, 2, 9, 1], [8, 6, 10, 4]], [[15, 13, 22, 12], [19, 14, 16, 23], [18, 20, 17, 21]]]
TIES = [[1, 3, 3, 0, 1], [2, 2, 2, 5, 5]]

# --- argmax / argmin ------------------------------------------------------------------------------
for fn in ("argmax", "argmin"):
    for dt in NUM + ("uint8", "int16"):
        add(case(P + fn, T(dt, (3, 4), values=D34)))
    for axis in (None, 0, 1, -1, -2):
        for keep in (False, True):
            add(case(P + fn, T("float32", (3, 4)), axis, keep))
            add(case(M + fn, T("int64", (2, 3, 4), values=D234), axis=axis, keepdim=keep))
    add(case(P + fn, T("float32", (3, 4)), 1, False, "int32"))
    add(case(P + fn, T("float32", (3, 4)), dtype="int32"))
    add(case(P + fn, T("float32", (3, 4)), 1, dtype="float32", raises="ValueError"))
    add(case(P + fn, T("float32", (3, 4)), 2, raises="ValueError"))
    add(case(P + fn, T("float32", (3, 4)), -3, raises="ValueError"))
    add(case(P + fn, T("float32", ())))
    add(case(P + fn, T("float32", ()), 0))
    add(case(P + fn, T("int64", (2, 5), values=TIES), 1))
    add(case(P + fn, T("bool", (3,)), raises="RuntimeError"))
    add(case(P + fn, T("float16", (3,)), raises="RuntimeError"))
    add(case(P + fn, T("float32", (3, 4)), T("int64", (), values=1)))

# --- sort / argsort -------------------------------------------------------------------------------
for dt in NUM:
    add(case(P + "sort", T(dt, (3, 4), values=D34)))
    add(case(P + "argsort", T(dt, (3, 4), values=D34)))
for axis in (0, 1, -1, -2, 2):
    for desc in (False, True):
        add(case(P + "sort", T("float32", (2, 3, 4)), axis, desc, grad=True))
        add(case(P + "argsort", T("float64", (2, 3, 4)), axis, desc))
        add(case(M + "sort", T("int64", (2, 3, 4), values=D234), axis=axis, descending=desc))
        add(case(M + "argsort", T("int32", (2, 3, 4), values=D234), axis=axis, descending=desc))
add(case(P + "sort", T("float64", (5,)), grad=True))
add(case(P + "sort", T("float32", ())))
add(case(P + "argsort", T("float32", ())))
add(case(P + "sort", T("float32", (0,))))
add(case(P + "argsort", T("int64", (2, 5), values=TIES)))
add(case(P + "argsort", T("int64", (2, 5), values=TIES), descending=True))
add(case(P + "sort", T("int64", (2, 5), values=TIES), 0))
add(case(P + "sort", T("float32", (3, 4)), 2, raises="ValueError"))
add(case(P + "argsort", T("float32", (3, 4)), -3, raises="ValueError"))
add(case(P + "sort", T("bool", (3,)), raises="RuntimeError"))
add(case(P + "sort", T("float32", (4,), values=[1.0, float("nan"), -1.0, 0.0])))

# --- topk / kthvalue / mode ----------------------------------------------------------------------
for dt in NUM:
    add(case(P + "topk", T(dt, (3, 4), values=D34), 2))
    add(case(P + "kthvalue", T(dt, (3, 4), values=D34), 2))
for k, axis, largest, srt in ((1, None, True, True), (2, 0, True, True), (3, 1, False, True), (2, -1, True, True),
                              (4, -1, False, True), (1, 0, False, True), (2, 2, True, True), (3, -3, True, True)):
    add(case(P + "topk", T("float32", (3, 4, 5)), k, axis, largest, srt, grad=True))
    add(case(P + "topk", T("float64", (3, 4, 5)), k, axis=axis, largest=largest, grad=True))
    add(case(M + "topk", T("int64", (2, 3, 4), values=D234), min(k, 2), axis, largest=largest))
add(case(P + "topk", T("float32", (5,)), T("int64", (), values=2)))
add(case(P + "topk", T("int64", (2, 5), values=TIES), 2))
add(case(P + "topk", T("float32", (3, 4)), 5, raises="ValueError"))
add(case(P + "topk", T("float32", (3, 4)), 0, raises="ValueError"))
add(case(P + "topk", T("float32", (3, 4)), 1, 2, raises="ValueError"))
add(case(P + "topk", T("float32", ()), 1))
for k, axis, keep in ((1, None, False), (2, 0, False), (3, 1, True), (2, -1, True), (1, -2, False), (5, 2, False)):
    add(case(P + "kthvalue", T("float32", (3, 4, 5)), k, axis, keep, grad=True))
    add(case(P + "kthvalue", T("float64", (3, 4, 5)), k, axis=axis, keepdim=keep, grad=True))
    add(case(M + "kthvalue", T("int64", (2, 3, 4), values=D234), min(k, 2), axis, keep))
add(case(P + "kthvalue", T("float32", (3, 4)), 5, raises="ValueError"))
add(case(P + "kthvalue", T("float32", (3, 4)), 0, raises="ValueError"))
add(case(P + "kthvalue", T("float32", ()), 1))
MODE = [[1, 2, 2, 3, 3, 3], [5, 5, 4, 4, 4, 0], [7, 8, 9, 7, 8, 7]]
for dt in NUM:
    add(case(P + "mode", T(dt, (3, 6), values=MODE)))
for axis, keep in ((-1, False), (1, True), (0, False), (0, True), (-2, False)):
    add(case(P + "mode", T("int64", (3, 6), values=MODE), axis, keep))
    add(case(M + "mode", T("float32", (3, 6), values=MODE), axis=axis, keepdim=keep))
add(case(P + "mode", T("float64", (3, 6), values=MODE), grad=True))
add(case(P + "mode", T("float32", (4, 5)), grad=True))
add(case(P + "mode", T("float32", ())))
add(case(P + "mode", T("float32", (3,)), 1, raises="ValueError"))

# --- where / nonzero / masked_select --------------------------------------------------------------
for dt in NUM:
    add(case(P + "where", T("bool", (3, 4)), T(dt, (3, 4)), T(dt, (3, 4))))
    add(case(P + "nonzero", T(dt, (3, 4), values=[[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]])))
    add(case(P + "masked_select", T(dt, (3, 4)), T("bool", (3, 4))))
for cs, xs, ys in (((3, 4), (3, 4), (3, 4)), ((3, 4), (4,), (3, 1)), ((4,), (3, 4), (3, 4)), ((3, 1), (1, 4), ()),
                   ((), (3,), (3,))):
    add(case(P + "where", T("bool", cs), T("float32", xs), T("float32", ys), grad=True))
    add(case(P + "where", T("bool", cs), T("float64", xs), T("float64", ys), grad=True))
    add(case(M + "where", T("bool", cs), T("int64", xs), T("int64", ys)))
add(case(P + "where", T("bool", (3, 4)), T("float32", (3, 4)), 0.0))
add(case(P + "where", T("bool", (3, 4)), 1.0, 0.0))
add(case(P + "where", T("bool", (3, 4)), 1, 0))
add(case(P + "where", T("bool", (3, 4)), T("int64", (3, 4)), 0))
add(case(P + "where", T("bool", (3, 4)), T("int64", (4,)), 0.5, raises="ValueError"))
add(case(P + "where", T("bool", (3, 4)), T("float32", (3, 4)), T("float64", (3, 4))))
add(case(P + "where", T("bool", (3, 4)), T("float32", (3, 4)), raises="ValueError"))
add(case(P + "where", T("bool", (3, 4))))
add(case(P + "where", T("float32", (3,), values=[0.0, 1.0, 2.0])))
add(case(P + "where", T("bool", (3, 4)), T("bool", (3, 4)), T("bool", (3, 4)), raises="RuntimeError"))
add(case(P + "where_", T("bool", (3, 4)), T("float32", (3, 4)), T("float32", (4,))))
add(case(P + "where_", T("bool", (3, 4)), T("float32", (4,)), T("float32", (3, 4)), raises="ValueError"))
add(case(M + "where_", T("bool", (3, 4)), T("float64", (3, 4)), T("float64", (3, 4))))
for shape in ((5,), (2, 3), (2, 2, 2)):
    for tup in (False, True):
        add(case(P + "nonzero", T("float32", shape, values=None), tup))
        add(case(M + "nonzero", T("bool", shape), as_tuple=tup))
        add(case(P + "nonzero", T("int64", shape, 0, 2), tup))
add(case(P + "nonzero", T("float32", ()), raises="ValueError"))
add(case(P + "nonzero", T("float32", (0, 3))))
add(case(P + "nonzero", T("bool", (2, 3), values=[[False] * 3] * 2), True))
for xs, ms in (((3, 4), (3, 4)), ((3, 4), (4,)), ((3, 1), (3, 4)), ((2, 3, 4), (3, 4)), ((), ())):
    m = T("bool", ms, values=True) if ms == () else T("bool", ms)
    add(case(P + "masked_select", T("float32", xs), m, grad=True))
    add(case(P + "masked_select", T("float64", xs), m, grad=True))
    add(case(M + "masked_select", T("int64", xs), T("bool", ms)))
add(case(P + "masked_select", T("float32", (3, 4)), T("int64", (3, 4)), raises="ValueError"))
add(case(P + "masked_select", T("float32", (3, 4)), T("bool", (2, 4)), raises="RuntimeError"))

# --- searchsorted / bucketize ---------------------------------------------------------------------
SEQ = [1, 3, 5, 7, 9]
SEQ2 = [[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]]
for dt in NUM:
    add(case(P + "searchsorted", T(dt, (5,), values=SEQ), T(dt, (2, 3), values=[[3, 6, 9], [0, 1, 10]])))
    add(case(P + "bucketize", T(dt, (2, 3), values=[[3, 6, 9], [0, 1, 10]]), T(dt, (5,), values=SEQ)))
for i32 in (False, True):
    for right in (False, True):
        add(case(P + "searchsorted", T("int64", (5,), values=SEQ), T("int64", (4,), values=[1, 4, 9, 11]), i32, right))
        add(case(P + "searchsorted", T("float32", (2, 5), values=SEQ2),
                 T("float32", (2, 3), values=[[1, 5, 10], [2, 5, 10]]), out_int32=i32, right=right))
        add(case(P + "bucketize", T("float64", (3,), values=[1.5, 3.0, 9.5]), T("float64", (5,), values=SEQ), i32,
                 right))
        add(case(M + "bucketize", T("int32", (2, 2), values=[[1, 3], [8, 9]]), T("int32", (5,), values=SEQ),
                 out_int32=i32, right=right))
add(case(P + "searchsorted", T("float32", (5,), values=SEQ), T("float32", ())))
add(case(P + "searchsorted", T("float32", (2, 5), values=SEQ2), T("float32", (3, 2)), raises="RuntimeError"))
add(case(P + "searchsorted", T("float32", (5,), values=SEQ), T("float64", (2,))))
add(case(P + "bucketize", T("float32", (2,)), T("float32", (2, 5), values=SEQ2), raises="ValueError"))
