"""Tensor-scalar arithmetic reproduces Paddle's scale kernel bit for bit.

Measured on real Paddle 2.6.2 (10,000 random float32 values in [0, 100)): ``x / 3.0`` and ``x / 3`` equal
``x * float32(1/3)`` for every element (a plain division differs in a third of them), ``3.0 / x`` is a
true division, and no scalar op produces -0 (``x * s + 0``). The expected values below are numpy formulas
of that measured behaviour, not our own output.
"""

import numpy as np
import paddle
import pytest

X = np.random.RandomState(0).rand(10000).astype("float32") * 100


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_division_by_a_scalar_is_a_multiplication_by_its_reciprocal(dtype):
    x = X.astype(dtype)
    recip = np.asarray(1 / 3.0, dtype=dtype)
    np.testing.assert_array_equal((paddle.to_tensor(x) / 3.0).numpy(), x * recip)
    np.testing.assert_array_equal((paddle.to_tensor(x) / 3).numpy(), x * recip)


def test_scalar_divided_by_a_tensor_is_a_true_division():
    np.testing.assert_array_equal((3.0 / paddle.to_tensor(X)).numpy(), np.float32(3.0) / X)


def test_scalar_products_and_sums_match_float32_arithmetic():
    t = paddle.to_tensor(X)
    np.testing.assert_array_equal((t * 0.1).numpy(), X * np.float32(0.1))
    np.testing.assert_array_equal((0.1 * t).numpy(), X * np.float32(0.1))
    np.testing.assert_array_equal((t + 0.1).numpy(), X + np.float32(0.1))
    np.testing.assert_array_equal((t - 0.1).numpy(), X - np.float32(0.1))


def test_scalar_ops_never_produce_negative_zero():
    z = paddle.to_tensor([0.0, -0.0, 1.0])
    for out in (-z, z * -1.0, z * -1, -1.0 * z, z / -2.0, z * 0.0, paddle.neg(z)):
        assert not np.signbit(out.numpy()[:2]).any(), out
    assert str(-z).endswith("[ 0.,  0., -1.])")


def test_scalar_ops_keep_gradients():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    ((x * 3.0) + (x / 2.0) - (-x) + (4.0 / x)).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0 + 0.5 + 1.0 - 4.0, 3.0 + 0.5 + 1.0 - 1.0])
