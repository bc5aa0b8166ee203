"""Regressions found by differential testing of NLP-style Paddle scripts against real Paddle 2.6.2.

Expected values were printed by the oracle (real paddlepaddle 2.6.2) running the same code.
"""

import numpy as np
import paddle
import pytest


def test_jacobian_is_differentiable_like_paddle():
    # Paddle evaluates the rows with paddle.grad(create_graph=True): J[:] has stop_gradient=False and
    # backpropagates (oracle: x.grad == [3, -6, 12] for d/dx sum(diag(3 x^2)))
    x = paddle.to_tensor([0.5, -1.0, 2.0], stop_gradient=False)
    jac = paddle.autograd.jacobian(x ** 3, x)
    j = jac[:]
    assert j.stop_gradient is False and jac[0].stop_gradient is False
    j.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0, -6.0, 12.0], rtol=1e-6)
    x.clear_gradient()
    h = paddle.autograd.hessian((x ** 3).sum(), x)[:]
    assert h.stop_gradient is False
    h.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [6.0, 6.0, 6.0], rtol=1e-6)


@pytest.mark.parametrize("case", ["lin", "indep", "batched"])
def test_jacobian_constant_values_keep_stop_gradient_false(case):
    # oracle: stop_gradient=False even where the Jacobian does not depend on xs
    x = paddle.to_tensor([0.5, -1.0, 2.0], stop_gradient=False)
    c = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    if case == "lin":
        jac = paddle.autograd.jacobian(x * 2, x)
        expect = np.eye(3) * 2
    elif case == "indep":
        jac = paddle.autograd.jacobian(c * 2, x)
        expect = np.zeros((3, 3))
    else:
        # xs = x.unsqueeze(0) is a new tensor that (x * 2).unsqueeze(0) does not depend on: zeros in Paddle
        jac = paddle.autograd.jacobian((x * 2).unsqueeze(0), x.unsqueeze(0), batch_axis=0)
        expect = np.zeros((1, 3, 3))
    assert jac[:].stop_gradient is False
    np.testing.assert_allclose(jac[:].numpy(), expect)
    h = paddle.autograd.hessian((x * 2).sum(), x)[:]
    assert h.stop_gradient is False
    np.testing.assert_allclose(h.numpy(), np.zeros((3, 3)))
