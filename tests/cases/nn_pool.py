"""Goldens for paddle.nn.functional pooling (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append

x2 = ("float32", (2, 3, 7, 8))
for k, s in ((2, None), (3, 2), ((3, 2), (2, 1)), (3, 1)):
    for pad in (0, 1, [1, 0], [0, 1, 1, 0], "SAME", "VALID", [[0, 0], [0, 0], [1, 1], [0, 1]]):
        for ceil in (False, True):
            if pad == "VALID" and ceil:
                continue
            add(case(F + "avg_pool2d", T(*x2), k, s, pad, ceil_mode=ceil, grad=True))
            add(case(F + "avg_pool2d", T(*x2), k, s, pad, ceil_mode=ceil, exclusive=False, grad=True))
            add(case(F + "max_pool2d", T(*x2), k, s, pad, ceil_mode=ceil, grad=True))
for k, s, pad in ((2, 2, 0), (3, 2, 1), (3, 1, 1), ((2, 3), (2, 1), (1, 1))):
    for ceil in (False, True):
        add(case(F + "max_pool2d", T(*x2), k, s, pad, return_mask=True, ceil_mode=ceil, grad=True))
add(case(F + "max_pool2d", T(*x2), 2, 2, "SAME", return_mask=True))
add(case(F + "max_pool2d", T(*x2), 3, 2, [1, 0, 0, 1], return_mask=True))
for pad in (0, 1, "SAME", [1, 0, 0, 1]):
    add(case(F + "avg_pool2d", T("float32", (2, 6, 5, 3)), 2, 2, pad, data_format="NHWC", grad=True))
    add(case(F + "max_pool2d", T("float32", (2, 6, 5, 3)), 3, 2, pad, data_format="NHWC", grad=True))
add(case(F + "max_pool2d", T("float32", (2, 6, 5, 3)), 2, data_format="NHWC", return_mask=True, raises="ValueError"))
for dv in (1, 3, 7):
    add(case(F + "avg_pool2d", T(*x2), 3, 2, 1, divisor_override=dv, grad=True))
    add(case(F + "avg_pool2d", T(*x2), 2, 2, 0, ceil_mode=True, divisor_override=dv, grad=True))
add(case(F + "avg_pool2d", T("float64", (1, 2, 6, 6)), 2, grad=True))
add(case(F + "avg_pool2d", T(*x2), 2, data_format="NCL", raises="ValueError"))
add(case(F + "avg_pool2d", T("float32", (3, 7, 8)), 2, raises="ValueError"))
add(case(F + "avg_pool2d", T(*x2), 2, padding="FULL", raises="ValueError"))
add(case(F + "avg_pool2d", T(*x2), 2, padding="VALID", ceil_mode=True, raises="ValueError"))
add(case(F + "max_pool2d", T(*x2), 0, raises="ValueError"))
add(case(F + "max_pool2d", T(*x2), 2, padding=[1, 2, 3], raises="ValueError"))

x1 = ("float32", (2, 3, 11))
for k, s in ((2, None), (3, 2), (4, 3), ([3], [1])):
    for pad in (0, 1, [1, 2], "SAME", "VALID", [2]):
        for ceil in (False, True):
            if pad == "VALID" and ceil:
                continue
            add(case(F + "avg_pool1d", T(*x1), k, s, pad, ceil_mode=ceil, grad=True))
            add(case(F + "avg_pool1d", T(*x1), k, s, pad, exclusive=False, ceil_mode=ceil, grad=True))
            add(case(F + "max_pool1d", T(*x1), k, s, pad, ceil_mode=ceil, grad=True))
for k, s, pad in ((2, 2, 0), (3, 2, 1), (3, 1, 1)):
    for ceil in (False, True):
        add(case(F + "max_pool1d", T(*x1), k, s, pad, return_mask=True, ceil_mode=ceil, grad=True))
add(case(F + "max_pool1d", T("float32", (3, 11)), 2, raises="ValueError"))

x3 = ("float32", (1, 2, 5, 6, 7))
for k, s in ((2, None), (3, 2), ((2, 3, 2), (1, 2, 2))):
    for pad in (0, 1, [1, 0, 1], [0, 1, 1, 0, 1, 1], "SAME"):
        for ceil in (False, True):
            add(case(F + "avg_pool3d", T(*x3), k, s, pad, ceil_mode=ceil, grad=True))
            add(case(F + "avg_pool3d", T(*x3), k, s, pad, ceil_mode=ceil, exclusive=False, grad=True))
            add(case(F + "max_pool3d", T(*x3), k, s, pad, ceil_mode=ceil, grad=True))
for pad in (0, 1):
    add(case(F + "max_pool3d", T(*x3), 3, 2, pad, return_mask=True, grad=True))
    add(case(F + "avg_pool3d", T("float32", (1, 5, 6, 4, 3)), 2, 2, pad, data_format="NDHWC", grad=True))
    add(case(F + "max_pool3d", T("float32", (1, 5, 6, 4, 3)), 2, 2, pad, data_format="NDHWC", grad=True))
add(case(F + "avg_pool3d", T(*x3), 3, 2, 1, divisor_override=5, grad=True))

# adaptive
for osz in (1, 3, 4, 7):
    add(case(F + "adaptive_avg_pool1d", T(*x1), osz, grad=True))
    add(case(F + "adaptive_max_pool1d", T(*x1), osz, grad=True))
    add(case(F + "adaptive_max_pool1d", T(*x1), osz, return_mask=True, grad=True))
for osz in (1, 3, [2, 5], [None, 3], (4, 4), [7, 8]):
    add(case(F + "adaptive_avg_pool2d", T(*x2), osz, grad=True))
    add(case(F + "adaptive_avg_pool2d", T("float32", (2, 7, 8, 3)), osz, data_format="NHWC", grad=True))
    add(case(F + "adaptive_max_pool2d", T(*x2), osz, grad=True))
    add(case(F + "adaptive_max_pool2d", T(*x2), osz, return_mask=True, grad=True))
for osz in (1, 2, [2, 3, 4], [None, 2, None]):
    add(case(F + "adaptive_avg_pool3d", T(*x3), osz, grad=True))
    add(case(F + "adaptive_avg_pool3d", T("float32", (1, 5, 6, 7, 2)), osz, data_format="NDHWC", grad=True))
    add(case(F + "adaptive_max_pool3d", T(*x3), osz, grad=True))
    add(case(F + "adaptive_max_pool3d", T(*x3), osz, return_mask=True, grad=True))
add(case(F + "adaptive_avg_pool2d", T(*x2), 2, data_format="NCDHW", raises="ValueError"))
add(case(F + "adaptive_avg_pool2d", T("float32", (3, 7, 8)), 2, raises="ValueError"))


# max_unpool: indices built here (valid argmax positions of 2x2 / stride-2 windows), values random
def _unpool_idx(h, w, k, s, shift):
    """flat input indices, one per output window (window (i, j) -> element (i*s + di, j*s + dj))."""
    out = []
    for i in range((h - k) // s + 1):
        row = []
        for j in range((w - k) // s + 1):
            di, dj = (i + j + shift) % k, (i * 2 + j + shift) % k
            row.append((i * s + di) * w + j * s + dj)
        out.append(row)
    return out


for shift in (0, 1):
    idx2 = _unpool_idx(6, 8, 2, 2, shift)
    add(
        case(
            F + "max_unpool2d",
            T("float32", (1, 2, 3, 4)),
            T("int32", (1, 2, 3, 4), values=[[idx2, idx2]]),
            2,
            grad=True,
        )
    )
    add(
        case(
            F + "max_unpool2d",
            T("float32", (1, 2, 3, 4)),
            T("int64", (1, 2, 3, 4), values=[[idx2, idx2]]),
            2,
            2,
            output_size=[7, 9],
            grad=True,
        )
    )
    idx1 = [r[0] % 8 for r in _unpool_idx(4, 8, 2, 2, shift)] + [7]
    add(
        case(
            F + "max_unpool1d",
            T("float32", (1, 1, 4)),
            T("int32", (1, 1, 4), values=[[[i % 8 for i in idx1[:4]]]]),
            2,
            grad=True,
        )
    )
add(
    case(
        F + "max_unpool2d",
        T("float32", (1, 2, 3, 4)),
        T("int32", (1, 2, 3, 4), values=[[_unpool_idx(6, 8, 2, 2, 0)] * 2]),
        2,
        data_format="NHWC",
        raises="ValueError",
    )
)
add(
    case(
        F + "max_unpool2d",
        T("float32", (1, 2, 3, 4)),
        T("int32", (1, 2, 3, 4), values=[[_unpool_idx(6, 8, 2, 2, 0)] * 2]),
        2,
        output_size=[12, 12],
        raises="ValueError",
    )
)
idx3 = [[[d * 16 + h * 4 + w for w in (0, 2)] for h in (1, 2)] for d in (0, 3)]
add(case(F + "max_unpool3d", T("float32", (1, 1, 2, 2, 2)), T("int32", (1, 1, 2, 2, 2), values=[[idx3]]), 2, grad=True))

# float64 / more shapes
for k, s, p in ((2, 2, 0), (3, 2, 1), (3, 1, "SAME")):
    add(case(F + "max_pool2d", T("float64", (2, 2, 6, 5)), k, s, p, grad=True))
    add(case(F + "avg_pool2d", T("float64", (2, 2, 6, 5)), k, s, p, ceil_mode=True, grad=True))
    add(case(F + "avg_pool1d", T("float64", (2, 2, 9)), k, s, p, exclusive=False, grad=True))
    add(case(F + "max_pool3d", T("float64", (1, 2, 4, 5, 6)), k, s, p, grad=True))
add(case(F + "max_unpool1d", T("float32", (1, 1, 4)), T("int32", (1, 1, 4), values=[[[1, 2, 5, 6]]]), 2, grad=True))
add(
    case(
        F + "max_unpool1d",
        T("float32", (2, 1, 4)),
        T("int32", (2, 1, 4), values=[[[1, 2, 5, 6]], [[0, 3, 4, 7]]]),
        2,
        output_size=[9],
        grad=True,
    )
)
add(
    case(
        F + "max_unpool1d",
        T("float32", (2, 1, 4)),
        T("int32", (2, 1, 4), values=[[[1, 2, 5, 6]], [[0, 3, 4, 7]]]),
        2,
        output_size=[1, 9],
        grad=True,
    )
)
