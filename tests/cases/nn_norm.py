"""Goldens for paddle.nn.functional normalisation ops (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case

F = "paddle.nn.functional."
CASES = []
add = CASES.append

# batch_norm: running stats are fed as Tensors (their in-place update is checked by layer goldens)
for fmt, shape in (
    ("NCHW", (4, 3, 5, 6)),
    ("NHWC", (4, 5, 6, 3)),
    ("NCL", (4, 3, 7)),
    ("NLC", (4, 7, 3)),
    ("NC", (6, 3)),
    ("NCDHW", (2, 3, 3, 4, 2)),
    ("NDHWC", (2, 3, 4, 2, 3)),
):
    for training, ugs in ((False, None), (True, None), (True, True), (False, False), (True, False)):
        add(
            case(
                F + "batch_norm",
                T("float32", shape),
                T("float32", (3,)),
                T("float32", (3,), 0.5, 2.0),
                T("float32", (3,)),
                T("float32", (3,)),
                training=training,
                use_global_stats=ugs,
                data_format=fmt,
                grad=True,
            )
        )
add(
    case(
        F + "batch_norm",
        T("float32", (4, 3, 5)),
        T("float32", (3,)),
        T("float32", (3,), 0.5, 2.0),
        training=True,
        momentum=0.5,
        epsilon=1e-3,
        data_format="NCL",
        grad=True,
    )
)
add(
    case(
        F + "batch_norm",
        T("float64", (4, 3, 5)),
        T("float64", (3,)),
        T("float64", (3,), 0.5, 2.0),
        T("float64", (3,)),
        T("float64", (3,)),
        training=True,
        data_format="NCL",
        grad=True,
    )
)
add(
    case(
        F + "batch_norm",
        T("float32", (4, 3, 5)),
        T("float32", (3,)),
        T("float32", (3,), 0.5, 2.0),
        data_format="NCWH",
        raises="ValueError",
    )
)

for shape, ns in (((2, 3, 4), 4), ((2, 3, 4), [3, 4]), ((2, 3, 4, 5), (4, 5)), ((6, 8), [8])):
    import math as _m

    n = _m.prod([ns] if isinstance(ns, int) else ns)
    wshape = ns if isinstance(ns, int) else tuple(ns)
    add(case(F + "layer_norm", T("float32", shape), ns, grad=True))
    add(
        case(
            F + "layer_norm",
            T("float32", shape),
            ns,
            T("float32", (wshape,) if isinstance(wshape, int) else wshape),
            T("float32", (wshape,) if isinstance(wshape, int) else wshape),
            epsilon=1e-3,
            grad=True,
        )
    )
add(case(F + "layer_norm", T("float32", (2, 3, 4)), [3, 5], raises="ValueError"))
add(case(F + "layer_norm", T("float32", (2, 3, 4)), 3, raises="ValueError"))

for shape in ((2, 3, 5), (2, 3, 4, 5), (2, 3, 2, 3, 4)):
    add(case(F + "instance_norm", T("float32", shape), grad=True))
    add(
        case(
            F + "instance_norm",
            T("float32", shape),
            weight=T("float32", (3,)),
            bias=T("float32", (3,)),
            eps=1e-3,
            grad=True,
        )
    )

for fmt, shape in (
    ("NCHW", (2, 6, 4, 5)),
    ("NHWC", (2, 4, 5, 6)),
    ("NCL", (2, 6, 5)),
    ("NLC", (2, 5, 6)),
    ("NCDHW", (1, 6, 2, 3, 4)),
    ("NDHWC", (1, 2, 3, 4, 6)),
):
    for size in (1, 2, 3, 5):
        add(case(F + "local_response_norm", T("float32", shape), size, data_format=fmt, grad=True))
add(case(F + "local_response_norm", T("float32", (2, 6, 4, 5)), 3, alpha=0.1, beta=0.5, k=2.0, grad=True))
add(case(F + "local_response_norm", T("float32", (2, 6)), 3, raises="ValueError"))
add(case(F + "local_response_norm", T("float32", (2, 6, 4)), 3, data_format="NCWH", raises="ValueError"))

for p in (1, 2, 3, 1.5):
    for axis in (0, 1, -1):
        add(case(F + "normalize", T("float32", (3, 4, 5)), p=p, axis=axis, grad=True))
add(case(F + "normalize", T("float32", (5,)), axis=0, grad=True))
add(case(F + "normalize", T("float32", (3, 4)), epsilon=10.0, grad=True))
add(case(F + "normalize", T("float64", (3, 4)), grad=True))
