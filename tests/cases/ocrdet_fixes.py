"""Goldens (real Paddle 2.6.2) for the APIs that PaddleOCR / PaddleDetection modeling needed fixed
(tests/repos/ocr_det): nn.BatchNorm's act names are Paddle's legacy activation ops, with their op defaults."""

from tools.api_diff.casefmt import T, case, layer

CASES = []
add = CASES.append

for act in ("hard_swish", "swish", "leaky_relu", "hard_sigmoid", "relu6", "gelu", "elu", "softplus", "mish", "silu"):
    add(layer("paddle.nn.BatchNorm", 3, act=act, inputs=[T("float32", (2, 3, 4, 5))], grad=True))
    add(case("paddle._legacy_C_ops." + act, T("float32", (3, 7)), grad=True))
add(case("paddle._legacy_C_ops.leaky_relu", T("float32", (3, 7)), "alpha", 0.3))
add(case("paddle._legacy_C_ops.hard_sigmoid", T("float32", (3, 7)), "slope", 0.25, "offset", 0.4))
