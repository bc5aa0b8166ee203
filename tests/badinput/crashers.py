# ruff: noqa: E501 - generated
"""Calls that crash (segfault/abort) or hang real Paddle 2.6.2, found by gen_cases.py: left out of the
goldens; tests/badinput/test_crashers.py checks that ours raises a clear error instead."""

CRASHERS = [
    ('case("paddle.quantile", T("float32", (2, 3)), q=float("nan"))', 'crash'),
    ('case("paddle.split", T("float32", (2, 3)), -1, axis=1)', 'crash'),
    ('case("paddle.split", T("float32", (2, 3)), 10**12, axis=1)', 'crash'),
    ('case("paddle.chunk", T("float32", (2, 3)), -1, axis=1)', 'crash'),
    ('case("paddle.meshgrid", T("float32", (2,)), None)', 'crash'),
    ('case("paddle.meshgrid", T("float32", (2,)), "abc")', 'crash'),
    ('case("paddle.meshgrid", T("float32", (2,)), [[1.0, 2.0], [3.0]])', 'crash'),
    ('case("paddle.rand", [-1, -1], check="meta")', 'crash'),
    ('case("paddle.linalg.eigvals", T("float32", (0, 0)))', 'hang'),
    ('case("paddle.linalg.eigvals", T("float32", (2, 0, 0)))', 'hang'),
    ('case("paddle.linalg.eigvals", T("float32", (3, 3), values=[[1, 2, 3], [4, float("nan"), 6], [7, 8, 9]]))', 'hang'),
    ('case("paddle.linalg.eig", T("float32", (3, 3), values=[[1, 2, 3], [4, float("nan"), 6], [7, 8, 9]]))', 'hang'),
    ('case("paddle.nn.functional.conv2d", T("float32", (1, 2, 1, 1)), T("float32", (3, 2, 3, 3)))', 'crash'),
    ('case("paddle.nn.functional.adaptive_avg_pool2d", T("float32", (1, 2, 4, 4)), -1)', 'crash'),
    ('case("paddle.nn.functional.adaptive_max_pool2d", T("float32", (1, 2, 4, 4)), -1)', 'crash'),
    ('case("paddle.nn.functional.pixel_shuffle", T("float32", (1, 4, 2, 2)), -1)', 'hang'),
    ('layer("paddle.nn.AdaptiveAvgPool2D", -1, inputs=[T("float32", (1, 2, 4, 4))])', 'crash'),
    ('layer("paddle.nn.PixelShuffle", -1, inputs=[T("float32", (1, 4, 2, 2))])', 'hang'),
]
