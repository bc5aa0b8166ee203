"""paddle.grad / no_grad / PyLayer / backward / hooks / jacobian: behaviour goldens cannot express.

Expected values are analytic (derivatives computed with numpy), never typed in by hand.
"""

import numpy as np
import paddle
import pytest


def _x(values=(1.0, 2.0, 3.0)):
    return paddle.to_tensor(list(values), stop_gradient=False)


def test_grad_basic_and_create_graph():
    x = _x()
    y = (x * x * x).sum()
    (g,) = paddle.grad(y, x, create_graph=True)
    np.testing.assert_allclose(g.numpy(), 3 * x.numpy() ** 2)
    assert g.stop_gradient is False
    (g2,) = paddle.grad(g.sum(), x)
    np.testing.assert_allclose(g2.numpy(), 6 * x.numpy())
    assert g2.stop_gradient is True
    assert x.grad is None  # paddle.grad does not accumulate into .grad


def test_grad_outputs_and_multiple():
    x = _x()
    y1, y2 = x * x, x * 3
    dx = paddle.grad([y1, y2], [x], grad_outputs=[None, paddle.to_tensor([4.0, 4.0, 4.0])])[0]
    np.testing.assert_allclose(dx.numpy(), 2 * x.numpy() + 12)


def test_grad_retain_graph_and_unused():
    x, z = _x(), _x((5.0,))
    y = (x * 2).sum()
    paddle.grad(y, x, retain_graph=True)
    paddle.grad(y, x)  # second pass works because the graph was kept
    with pytest.raises(ValueError):
        paddle.grad((x * 2).sum(), [x, z])
    g = paddle.grad((x * 2).sum(), [x, z], allow_unused=True)
    assert g[1] is None
    with pytest.raises(AssertionError):
        paddle.grad(y, x, only_inputs=False)
    with pytest.raises(AssertionError):
        paddle.grad([], x)


def test_backward_accumulates_and_clear_grad():
    x = _x()
    (x * x).sum().backward()
    (x * x).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 4 * x.numpy())
    x.clear_grad()
    np.testing.assert_allclose(x.grad.numpy(), 0)
    x.clear_gradient(False)  # Paddle 2.6.2: clear_grad() takes no argument
    assert x.grad is None
    y = x * 2
    y.backward(paddle.to_tensor([1.0, 0.0, 2.0]))  # non-scalar with explicit grad
    np.testing.assert_allclose(x.grad.numpy(), [2.0, 0.0, 4.0])


def test_autograd_backward_function():
    x = _x()
    a, b = x * 2, x * x
    paddle.autograd.backward([a.sum(), b.sum()])
    np.testing.assert_allclose(x.grad.numpy(), 2 + 2 * x.numpy())
    with pytest.raises(AssertionError):
        t = (x * 1).sum()
        paddle.autograd.backward([t, t])


def test_no_grad_forms():
    x = _x()
    with paddle.no_grad():
        assert not paddle.is_grad_enabled()
        assert (x * 2).stop_gradient
    assert paddle.is_grad_enabled()

    @paddle.no_grad()
    def f(t):
        return t * 2

    @paddle.no_grad
    def g(t):
        return t * 2

    assert f(x).stop_gradient and g(x).stop_gradient
    assert not (x * 2).stop_gradient
    with paddle.no_grad():
        with paddle.enable_grad():
            assert not (x * 2).stop_gradient
    with paddle.set_grad_enabled(False):
        assert (x * 2).stop_gradient
    assert paddle.is_grad_enabled()


def test_no_grad_generator():
    x = _x()

    @paddle.no_grad()
    def gen():
        yield x * 2
        yield x * 3

    assert all(t.stop_gradient for t in gen())


def test_stop_gradient_semantics():
    x = paddle.to_tensor([1.0, 2.0])
    assert x.stop_gradient and x.is_leaf
    x.stop_gradient = False
    y = x * 3
    assert not y.stop_gradient and not y.is_leaf
    y.stop_gradient = True  # cuts y from the graph
    assert y.stop_gradient
    d = (x * 2).detach()
    assert d.stop_gradient
    c = x.clone()
    assert not c.stop_gradient
    (c * 1).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 1.0])


def test_register_hook():
    x = _x()
    seen = []

    def hook(g):
        seen.append(g.numpy().copy())
        return g * 10

    h = x.register_hook(hook)
    (x * 1).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 10)
    assert len(seen) == 1
    h.remove()


class _Cube(paddle.autograd.PyLayer):
    @staticmethod
    def forward(ctx, x, scale=1.0):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return x * x * x * scale

    @staticmethod
    def backward(ctx, dy):
        (x,) = ctx.saved_tensor()
        return dy * 3 * x * x * ctx.scale


class _Two(paddle.autograd.PyLayer):
    @staticmethod
    def forward(ctx, a, n, b):
        idx = paddle.to_tensor([1, 2])
        ctx.mark_non_differentiable(idx)
        return a * n + b, idx

    @staticmethod
    def backward(ctx, g, gidx):
        return g * 2, g * 5


def test_pylayer():
    x = _x()
    y = _Cube.apply(x, scale=2.0)
    np.testing.assert_allclose(y.numpy(), 2 * x.numpy() ** 3)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), 6 * x.numpy() ** 2)
    a, b = _x(), _x((4.0, 5.0, 6.0))
    out, idx = _Two.apply(a, 3, b)
    assert idx.stop_gradient
    out.sum().backward()
    np.testing.assert_allclose(a.grad.numpy(), 2)  # backward's answer, not the true derivative
    np.testing.assert_allclose(b.grad.numpy(), 5)


def test_jacobian_hessian():
    x = _x()
    y = x * x
    j = paddle.autograd.jacobian(y, x)
    assert j.shape == [3, 3]
    np.testing.assert_allclose(j[:].numpy(), np.diag(2 * x.numpy()))
    xb = paddle.to_tensor(np.arange(6, dtype="float32").reshape(2, 3), stop_gradient=False)
    jb = paddle.autograd.jacobian(xb * 2, xb, batch_axis=0)
    assert jb.shape == [2, 3, 3]
    np.testing.assert_allclose(jb[:].numpy(), np.broadcast_to(2 * np.eye(3), (2, 3, 3)))
    h = paddle.autograd.hessian((x * x * x).sum(), x)
    np.testing.assert_allclose(h[:].numpy(), np.diag(6 * x.numpy()))
    with pytest.raises(ValueError):
        paddle.autograd.jacobian(xb, xb)


def test_saved_tensors_hooks():
    packed = []

    def pack(t):
        packed.append(t.shape)
        return t

    def unpack(t):
        return t

    x = _x()
    with paddle.autograd.saved_tensors_hooks(pack, unpack):
        y = x * x
    y.sum().backward()
    assert packed
    np.testing.assert_allclose(x.grad.numpy(), 2 * x.numpy())


def test_error_types_match_paddle():
    # exception types observed on real Paddle 2.6.2
    a = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    b = (a * a).sum()
    b.backward()
    with pytest.raises(SystemError):
        b.backward()
    with pytest.raises(ValueError, match="can't use inplace strategy"):
        a[0] = 5.0
    with pytest.raises(ValueError, match="The 1-th input does not appear"):
        paddle.grad((a * 2).sum(), [a, paddle.to_tensor([1.0], stop_gradient=False)])


def test_paddle_grad_keeps_the_graph_like_paddle():
    # Paddle 2.6.2 (checked): paddle.grad never frees the graph, even with retain_graph=False
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = (x.exp() * x).sum()
    first = paddle.grad(y, x, retain_graph=False)[0].numpy()
    second = paddle.grad(y, x)[0].numpy()
    y.backward()
    np.testing.assert_allclose(first, [5.4365635, 22.167168], rtol=1e-6)
    np.testing.assert_array_equal(first, second)
    np.testing.assert_array_equal(first, x.grad.numpy())


def test_paddle_grad_no_grad_vars_cut_the_graph():
    # Paddle 2.6.2 (checked): gradients do not flow through no_grad_vars; an input reached only through them
    # "does not appear in the backward graph"
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    w = x * 2
    z = (w * w).sum() + (x * 3).sum()
    np.testing.assert_array_equal(paddle.grad(z, [x], no_grad_vars=[w])[0].numpy(), [3.0, 3.0])
    z2 = (w * w).sum()
    with pytest.raises(ValueError, match="does not appear in the backward graph"):
        paddle.grad(z2, [x], no_grad_vars=[w])
    assert paddle.grad(z2, [x], no_grad_vars=[w], allow_unused=True) == [None]
