"""Numpy-scalar arguments (np.int64(2), np.float32(1.0)...) to part-A ops: Paddle 2.6.2 accepts some and
rejects others; the expectations below were taken from the real package (the golden format cannot carry
numpy scalars across numpy 1/2, whose reprs differ)."""

import numpy as np
import paddle
import pytest


def _t(dtype, shape):
    return paddle.to_tensor(np.random.RandomState(0).uniform(-1, 1, shape).astype(dtype))


CASES = [
    (lambda: paddle.reshape(_t("float32", (2, 3)), [np.int64(3), np.int32(2)]), ('ok', 'paddle.float32', [3, 2])),
    (lambda: paddle.zeros((np.int64(2), 3)), ('ok', 'paddle.float32', [2, 3])),
    (lambda: paddle.arange(np.float32(3.5)), ('ok', 'paddle.float32', [4])),
    (lambda: paddle.arange(np.int64(2), np.int64(8), np.int64(2)), ('ok', 'paddle.int64', [3])),
    (lambda: paddle.squeeze(_t("float32", (1, 3, 1)), (np.int64(0), 2)), ('ok', 'paddle.float32', [3])),
    (lambda: paddle.split(_t("float32", (4, 2)), np.int64(2)), ('raises', 'TypeError')),
    (lambda: paddle.topk(_t("float32", (5,)), np.int64(2)), ('ok', None, None)),
    (lambda: paddle.unsqueeze(_t("float32", (2,)), np.int64(1)), ('ok', 'paddle.float32', [2, 1])),
    (lambda: paddle.flip(_t("float32", (3, 2)), np.int64(0)), ('raises', 'ValueError')),
    (lambda: paddle.argmax(_t("float32", (3, 2)), np.int64(1)), ('raises', 'TypeError')),
    (lambda: paddle.linspace(0, 1, np.int64(4)), ('ok', 'paddle.float32', [4])),
    (lambda: paddle.eye(np.int64(2)), ('raises', 'TypeError')),
    (lambda: paddle.chunk(_t("float32", (4, 2)), np.int64(2)), ('raises', 'TypeError')),
    (lambda: paddle.concat([_t("float32", (2,)), _t("float32", (2,))], np.int64(0)), ('ok', 'paddle.float32', [4])),
    (lambda: paddle.flatten(_t("float32", (2, 3)), np.int64(0), np.int64(1)), ('raises', 'ValueError')),
    (lambda: paddle.roll(_t("float32", (2, 3)), np.int64(1), np.int64(1)), ('raises', 'TypeError')),
    (lambda: paddle.equal(_t("float32", (3,)), np.float32(1.0)), ('raises', 'TypeError')),
    (lambda: paddle.sort(_t("float32", (3, 2)), np.int64(0)), ('ok', 'paddle.float32', [3, 2])),
    (lambda: paddle.repeat_interleave(_t("float32", (3,)), np.int64(2)), ('ok', 'paddle.float32', [6])),
    (lambda: paddle.rand((2, np.int64(2))), ('ok', 'paddle.float32', [2, 2])),
    (lambda: paddle.full_like(_t("float32", (2,)), np.float32(2.5)), ('ok', 'paddle.float32', [2])),
    (lambda: paddle.tril(_t("float32", (3, 3)), np.int64(1)), ('ok', 'paddle.float32', [3, 3])),
    (lambda: paddle.diag(_t("float32", (3,)), np.int64(1)), ('ok', 'paddle.float32', [4, 4])),
]


@pytest.mark.parametrize("call, expected", CASES)
def test_numpy_scalar_arguments(call, expected):
    if expected[0] == "raises":
        with pytest.raises(Exception) as e:  # noqa: B017 - the exact type is checked below
            call()
        assert type(e.value).__name__ == expected[1]
    else:
        out = call()
        if expected[1] is not None:
            assert str(out.dtype) == expected[1] and out.shape == expected[2]
