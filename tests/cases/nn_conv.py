"""Goldens for paddle.nn.functional conv*d / conv*d_transpose (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append

# ---- conv2d ---------------------------------------------------------------------------------
_pads2 = [0, 1, 2, [1, 2], [0, 1, 2, 0], [[0, 0], [0, 0], [1, 0], [2, 1]], "SAME", "VALID", "same", (1, 1)]
for pad in _pads2:
    for stride in (1, 2):
        add(
            case(
                F + "conv2d",
                T("float32", (2, 4, 7, 8)),
                T("float32", (6, 4, 3, 3)),
                T("float32", (6,)),
                stride=stride,
                padding=pad,
                grad=True,
            )
        )
for dil in (1, 2, (2, 1)):
    for groups in (1, 2, 4):
        add(
            case(
                F + "conv2d",
                T("float32", (1, 4, 9, 9)),
                T("float32", (8, 4 // groups, 3, 2)),
                None,
                padding=1,
                dilation=dil,
                groups=groups,
                grad=True,
            )
        )
for pad in (0, 1, [1, 0, 2, 1], "SAME", "VALID", [[0, 0], [1, 1], [2, 0], [0, 0]]):
    add(
        case(
            F + "conv2d",
            T("float32", (2, 6, 5, 3)),
            T("float32", (4, 3, 3, 3)),
            T("float32", (4,)),
            padding=pad,
            stride=(2, 1),
            groups=1 if pad == 0 else 1,
            data_format="NHWC",
            grad=True,
        )
    )
add(case(F + "conv2d", T("float32", (2, 6, 5, 6)), T("float32", (4, 3, 3, 3)), groups=2, data_format="NHWC", grad=True))
add(case(F + "conv2d", T("float64", (1, 2, 5, 5)), T("float64", (3, 2, 1, 1)), T("float64", (3,)), grad=True))
add(case(F + "conv2d", T("float32", (1, 2, 5, 5)), T("float32", (3, 2, 3, 3)), padding="SAME", dilation=2, stride=2))
add(case(F + "conv2d", T("float32", (1, 2, 5, 5)), T("float32", (3, 2, 3, 3)), padding="FOO", raises="ValueError"))
add(case(F + "conv2d", T("float32", (1, 2, 5, 5)), T("float32", (3, 2, 3, 3)), data_format="NCWH", raises="ValueError"))
add(case(F + "conv2d", T("float32", (2, 5, 5)), T("float32", (3, 2, 3, 3)), raises="ValueError"))
add(case(F + "conv2d", T("float32", (1, 3, 5, 5)), T("float32", (3, 2, 3, 3)), raises="ValueError"))
add(case(F + "conv2d", T("float32", (1, 4, 5, 5)), T("float32", (3, 2, 3, 3)), groups=2, raises="ValueError"))
add(case(F + "conv2d", T("float32", (1, 2, 5, 5)), T("float32", (3, 2, 3, 3)), padding=[1, 2, 3], raises="ValueError"))
add(case(F + "conv2d", T("float32", (1, 2, 5, 5)), T("float32", (3, 2, 3, 3)), padding=-1, raises="ValueError"))
add(
    case(
        F + "conv2d",
        T("float32", (1, 2, 5, 5)),
        T("float32", (3, 2, 3, 3)),
        padding=[[1, 1], [0, 0], [1, 1], [1, 1]],
        raises="ValueError",
    )
)

# ---- conv1d ---------------------------------------------------------------------------------
for pad in (0, 1, [2], [1, 2], "SAME", "VALID", [[0, 0], [0, 0], [2, 1]]):
    for stride in (1, 3):
        add(
            case(
                F + "conv1d",
                T("float32", (2, 3, 10)),
                T("float32", (4, 3, 3)),
                T("float32", (4,)),
                stride=stride,
                padding=pad,
                grad=True,
            )
        )
for dil, groups in ((2, 1), (1, 3), (3, 3)):
    add(
        case(
            F + "conv1d",
            T("float32", (2, 3, 12)),
            T("float32", (6, 3 // groups, 2)),
            padding=1,
            dilation=dil,
            groups=groups,
            grad=True,
        )
    )
for pad in (0, [1, 2], "SAME"):
    add(
        case(
            F + "conv1d",
            T("float32", (2, 9, 3)),
            T("float32", (4, 3, 3)),
            T("float32", (4,)),
            padding=pad,
            data_format="NLC",
            grad=True,
        )
    )
add(case(F + "conv1d", T("float32", (2, 3, 10)), T("float32", (4, 3, 3)), data_format="NCHW", raises="ValueError"))
add(case(F + "conv1d", T("float32", (2, 3, 10, 1)), T("float32", (4, 3, 3)), raises="ValueError"))

# ---- conv3d ---------------------------------------------------------------------------------
for pad in (0, 1, [1, 0, 2], [0, 1, 1, 0, 2, 1], "SAME", "VALID"):
    for stride in (1, 2):
        add(
            case(
                F + "conv3d",
                T("float32", (1, 2, 5, 6, 4)),
                T("float32", (3, 2, 3, 2, 3)),
                T("float32", (3,)),
                stride=stride,
                padding=pad,
                grad=True,
            )
        )
add(case(F + "conv3d", T("float32", (1, 4, 5, 5, 5)), T("float32", (4, 2, 2, 2, 2)), groups=2, dilation=2, grad=True))
for pad in (0, 1, "SAME"):
    add(
        case(
            F + "conv3d",
            T("float32", (1, 5, 4, 6, 2)),
            T("float32", (3, 2, 2, 3, 3)),
            T("float32", (3,)),
            padding=pad,
            data_format="NDHWC",
            grad=True,
        )
    )
add(
    case(
        F + "conv3d",
        T("float32", (1, 2, 5, 5, 5)),
        T("float32", (3, 2, 3, 3, 3)),
        data_format="NCHW",
        raises="ValueError",
    )
)

# ---- conv2d_transpose ----------------------------------------------------------------------
for pad in (0, 1, [1, 2], [0, 1, 2, 0], [[0, 0], [0, 0], [1, 0], [2, 1]], "SAME", "VALID"):
    for stride in (1, 2, 3):
        add(
            case(
                F + "conv2d_transpose",
                T("float32", (2, 4, 5, 6)),
                T("float32", (4, 3, 3, 3)),
                T("float32", (3,)),
                stride=stride,
                padding=pad,
                grad=True,
            )
        )
for op in (1, [1, 0]):
    add(
        case(
            F + "conv2d_transpose",
            T("float32", (1, 4, 5, 6)),
            T("float32", (4, 3, 3, 3)),
            stride=2,
            padding=1,
            output_padding=op,
            grad=True,
        )
    )
for osz in ([10, 12], [11, 12], 10):
    add(
        case(
            F + "conv2d_transpose",
            T("float32", (1, 4, 5, 6)),
            T("float32", (4, 3, 3, 3)),
            stride=2,
            padding=1,
            output_size=osz,
            grad=True,
        )
    )
add(
    case(
        F + "conv2d_transpose",
        T("float32", (1, 4, 5, 6)),
        T("float32", (4, 3, 3, 3)),
        stride=2,
        padding=1,
        output_size=[7, 7],
        raises="ValueError",
    )
)
for dil, groups in ((2, 1), (1, 2), (2, 4), ((1, 2), 2)):
    add(
        case(
            F + "conv2d_transpose",
            T("float32", (2, 4, 5, 5)),
            T("float32", (4, 2, 3, 2)),
            T("float32", (2 * groups,)),
            stride=2,
            dilation=dil,
            groups=groups,
            grad=True,
        )
    )
for pad in (0, 1, [0, 1, 1, 0], "SAME"):
    add(
        case(
            F + "conv2d_transpose",
            T("float32", (2, 5, 4, 4)),
            T("float32", (4, 3, 3, 3)),
            T("float32", (3,)),
            stride=2,
            padding=pad,
            data_format="NHWC",
            grad=True,
        )
    )
add(case(F + "conv2d_transpose", T("float32", (2, 4, 5, 5)), T("float32", (3, 3, 3, 3)), raises="ValueError"))
add(
    case(
        F + "conv2d_transpose",
        T("float32", (2, 4, 5, 5)),
        T("float32", (4, 3, 3, 3)),
        data_format="NCL",
        raises="ValueError",
    )
)

# ---- conv1d_transpose ----------------------------------------------------------------------
for pad in (0, 1, [1, 2], "SAME", "VALID"):
    for stride in (1, 2):
        add(
            case(
                F + "conv1d_transpose",
                T("float32", (2, 3, 7)),
                T("float32", (3, 4, 3)),
                T("float32", (4,)),
                stride=stride,
                padding=pad,
                grad=True,
            )
        )
add(
    case(
        F + "conv1d_transpose",
        T("float32", (2, 4, 7)),
        T("float32", (4, 1, 3)),
        stride=2,
        groups=4,
        output_padding=1,
        grad=True,
    )
)
add(
    case(
        F + "conv1d_transpose",
        T("float32", (2, 4, 7)),
        T("float32", (4, 2, 3)),
        stride=3,
        dilation=2,
        output_size=18,
        grad=True,
    )
)
add(
    case(
        F + "conv1d_transpose",
        T("float32", (2, 7, 3)),
        T("float32", (3, 4, 3)),
        stride=2,
        padding=1,
        data_format="NLC",
        grad=True,
    )
)

# ---- conv3d_transpose ----------------------------------------------------------------------
for pad in (0, 1, [1, 0, 1, 0, 0, 1], "SAME", "VALID"):
    for stride in (1, 2):
        add(
            case(
                F + "conv3d_transpose",
                T("float32", (1, 2, 3, 4, 3)),
                T("float32", (2, 3, 2, 3, 2)),
                T("float32", (3,)),
                stride=stride,
                padding=pad,
                grad=True,
            )
        )
add(
    case(
        F + "conv3d_transpose",
        T("float32", (1, 4, 3, 3, 3)),
        T("float32", (4, 1, 2, 2, 2)),
        groups=2,
        stride=2,
        output_padding=1,
        grad=True,
    )
)
add(
    case(
        F + "conv3d_transpose",
        T("float32", (1, 3, 3, 4, 2)),
        T("float32", (2, 3, 2, 3, 2)),
        stride=2,
        padding=1,
        data_format="NDHWC",
        grad=True,
    )
)
