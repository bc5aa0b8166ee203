"""Goldens for paddle.nn.functional activations and paddle.nn activation layers (real Paddle 2.6.2)."""

from tools.api_diff.casefmt import T, case, layer

F = "paddle.nn.functional."
N = "paddle.nn."
CASES = []
add = CASES.append

X32 = T("float32", (3, 4, 5), low=-3, high=3)
X64 = T("float64", (2, 7), low=-3, high=3)
X4D = T("float32", (2, 6, 3, 4), low=-3, high=3)

_simple = [
    "relu",
    "relu6",
    "sigmoid",
    "tanh",
    "hardswish",
    "log_sigmoid",
    "softsign",
    "silu",
    "swish",
    "mish",
    "tanhshrink",
]
for fn in _simple:
    for x in (X32, X64, T("float32", ())):
        add(case(F + fn, x, grad=True))
    add(case(F + fn, T("float32", (0, 3))))

_param = {
    "celu": [dict(alpha=1.0), dict(alpha=0.5), dict(alpha=2.0)],
    "elu": [dict(alpha=1.0), dict(alpha=0.3), dict(alpha=-0.5)],
    "gelu": [dict(approximate=False), dict(approximate=True)],
    "hardshrink": [dict(threshold=0.5), dict(threshold=1.2), dict(threshold=0.0)],
    "hardtanh": [dict(min=-1.0, max=1.0), dict(min=-0.5, max=2.0)],
    "hardsigmoid": [dict(), dict(slope=0.2, offset=0.4), dict(slope=0.5)],
    "leaky_relu": [dict(), dict(negative_slope=0.2), dict(negative_slope=-0.1)],
    "selu": [dict(), dict(scale=1.5, alpha=0.5)],
    "softmax": [dict(), dict(axis=0), dict(axis=1), dict(axis=-1, dtype="float64")],
    "log_softmax": [dict(), dict(axis=0), dict(axis=1), dict(axis=-1, dtype="float64")],
    "softplus": [dict(), dict(beta=2, threshold=3), dict(beta=0.5, threshold=10)],
    "softshrink": [dict(), dict(threshold=1.0), dict(threshold=0.0)],
    "thresholded_relu": [dict(), dict(threshold=0.5), dict(threshold=-1.0)],
    "glu": [
        dict(axis=-1, _x=T("float32", (3, 6), low=-2, high=2)),
        dict(axis=0, _x=T("float32", (4, 3))),
        dict(axis=1, _x=T("float64", (2, 4, 3))),
    ],
}
for fn, cfgs in _param.items():
    for cfg in cfgs:
        cfg = dict(cfg)
        x = cfg.pop("_x", None)
        xs = [x] if x is not None else [X32, X64]
        for xx in xs:
            add(case(F + fn, xx, grad=True, **cfg))

# error cases
add(case(F + "celu", X32, alpha=0.0, raises="ZeroDivisionError"))
add(case(F + "selu", X32, scale=0.5, raises="ValueError"))
add(case(F + "selu", X32, alpha=-1.0, raises="ValueError"))
add(case(F + "softshrink", X32, threshold=-1.0, raises="ValueError"))
add(case(F + "glu", T("float32", (3, 6)), axis=2, raises="ValueError"))
add(case(F + "rrelu", X32, lower=0.5, upper=0.2, raises="ValueError"))
add(case(F + "rrelu", X32, lower=1, upper=2, raises="TypeError"))

# rrelu: deterministic in eval
for lo, up in ((0.125, 1.0 / 3.0), (0.1, 0.1), (0.0, 0.5)):
    add(case(F + "rrelu", X32, lower=lo, upper=up, training=False, grad=True))
add(case(F + "rrelu", T("float32", (50, 40)), training=True, check="meta"))

# maxout
for groups, axis, shape in ((2, 1, (2, 6, 3, 4)), (3, 1, (1, 6, 2, 2)), (2, -1, (2, 3, 4, 6)), (3, 3, (1, 2, 2, 6))):
    add(case(F + "maxout", T("float32", shape), groups, axis=axis, grad=True))
add(case(F + "maxout", X4D, 2, axis=2, raises="ValueError"))

# prelu
add(case(F + "prelu", X4D, T("float32", (1,), values=[0.25]), grad=True))
add(case(F + "prelu", X4D, T("float32", (6,)), grad=True))
add(case(F + "prelu", T("float32", (2, 3, 4, 6)), T("float32", (6,)), data_format="NHWC", grad=True))
add(case(F + "prelu", T("float32", (4, 5)), T("float32", (5,)), data_format="NC", grad=True))
add(case(F + "prelu", T("float64", (2, 3, 7)), T("float64", (3,)), data_format="NCL", grad=True))
add(case(F + "prelu", X4D, T("float32", (6,)), data_format="NCWH", raises="ValueError"))

# gumbel_softmax: random -> meta
add(case(F + "gumbel_softmax", T("float32", (4, 6)), check="meta"))
add(case(F + "gumbel_softmax", T("float32", (4, 6)), temperature=0.5, hard=True, check="meta"))

# inplace variants
for fn, kw in (
    ("relu_", {}),
    ("elu_", {"alpha": 0.5}),
    ("hardtanh_", {}),
    ("leaky_relu_", {"negative_slope": 0.1}),
    ("softmax_", {"axis": 0}),
    ("thresholded_relu_", {}),
    ("tanh_", {}),
):
    add(case(F + fn, T("float32", (3, 4), low=-3, high=3), **kw))

# ---- layers ----------------------------------------------------------------------------------
_layers = [
    ("CELU", (), {}),
    ("CELU", (), {"alpha": 0.4}),
    ("ELU", (), {}),
    ("ELU", (), {"alpha": 0.2}),
    ("GELU", (), {}),
    ("GELU", (), {"approximate": True}),
    ("Hardshrink", (), {}),
    ("Hardshrink", (), {"threshold": 1.0}),
    ("Hardswish", (), {}),
    ("Tanh", (), {}),
    ("Hardtanh", (), {}),
    ("Hardtanh", (), {"min": -2.0, "max": 0.5}),
    ("ReLU", (), {}),
    ("ReLU6", (), {}),
    ("SELU", (), {}),
    ("LeakyReLU", (), {}),
    ("LeakyReLU", (), {"negative_slope": 0.3}),
    ("Sigmoid", (), {}),
    ("Hardsigmoid", (), {}),
    ("Softmax", (), {}),
    ("Softmax", (), {"axis": 1}),
    ("Softplus", (), {}),
    ("Softplus", (), {"beta": 3, "threshold": 2}),
    ("Softshrink", (), {}),
    ("Softsign", (), {}),
    ("Swish", (), {}),
    ("Tanhshrink", (), {}),
    ("ThresholdedReLU", (), {}),
    ("ThresholdedReLU", (), {"threshold": 0.3}),
    ("Mish", (), {}),
    ("Silu", (), {}),
    ("LogSigmoid", (), {}),
    ("LogSoftmax", (), {}),
    ("LogSoftmax", (), {"axis": 0}),
    ("GLU", (), {}),
    ("Maxout", (2,), {}),
    ("Softmax2D", (), {}),
]
for name, args, kw in _layers:
    add(layer(N + name, *args, inputs=[X4D], grad=True, **kw))
add(layer(N + "Softmax2D", inputs=[T("float32", (3, 4, 5))], grad=True))
add(layer(N + "RReLU", inputs=[X32], check="meta"))
for args, kw, x in (
    ((), {}, X4D),
    ((6,), {}, X4D),
    ((6, 0.1), {}, X4D),
    ((4,), {"data_format": "NHWC"}, T("float32", (2, 3, 3, 4))),
    ((1, 0.5), {}, T("float32", (3, 5))),
):
    add(layer(N + "PReLU", *args, inputs=[x], grad=True, **kw))

# ---- more shapes / dtypes
for fn, kw in (("softmax", {"axis": 2}), ("softmax", {"axis": -3}), ("log_softmax", {"axis": 3}), ("gelu", {}),
               ("gelu", {"approximate": True}), ("elu", {"alpha": 0.7}), ("celu", {"alpha": 1.5}),
               ("leaky_relu", {"negative_slope": 0.05}), ("hardswish", {}), ("mish", {}), ("softplus", {"beta": 4}),
               ("hardsigmoid", {}), ("glu", {"axis": 1}), ("silu", {}), ("log_sigmoid", {}), ("tanhshrink", {})):
    add(case(F + fn, T("float64", (2, 4, 3, 2), low=-4, high=4), grad=True, **kw))
for fn in ("relu", "relu6", "hardtanh", "hardshrink", "softshrink", "thresholded_relu"):
    add(case(F + fn, T("float32", (4, 5),
                       values=[[-2.0, -1.0, -0.5, 0.0, 0.5]] * 2 + [[1.0, 2.0, 6.0, 7.0, -7.0]] * 2)))
add(case(F + "softmax", T("float32", (3, 4)), dtype="float32", grad=True))
add(case(F + "log_softmax", T("float64", (3, 4)), axis=0, dtype="float32", grad=True))
add(case(F + "softmax", T("float32", (5,)), grad=True))
