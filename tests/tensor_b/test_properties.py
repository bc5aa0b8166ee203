"""Property tests: part B ops agree with numpy on random shapes, axes and broadcasting (numpy is the
reference here only where Paddle 2.6.2 documents numpy semantics; exact Paddle behaviour is in the goldens)."""

import numpy as np
import paddle
from hypothesis import given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=40, deadline=None)


@st.composite
def broadcast_pair(draw):
    nd = draw(st.integers(1, 3))
    shape = [draw(st.integers(1, 4)) for _ in range(nd)]
    other = [1 if draw(st.booleans()) else s for s in shape]
    other = other[draw(st.integers(0, nd - 1)):]
    rng = np.random.RandomState(draw(st.integers(0, 2**16)))
    return rng.uniform(0.5, 2, shape).astype("float64"), rng.uniform(0.5, 2, other).astype("float64")


@SETTINGS
@given(broadcast_pair(), st.sampled_from(["add", "subtract", "multiply", "divide", "maximum", "minimum", "pow",
                                          "atan2", "fmax", "fmin", "logaddexp", "remainder"]))
def test_binary_broadcasting_matches_numpy(pair, op):
    a, b = pair
    if op == "atan2" and a.shape != b.shape:
        return  # Paddle's atan2 does not broadcast
    ref = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
           "maximum": np.maximum, "minimum": np.minimum, "pow": np.power, "atan2": np.arctan2, "fmax": np.fmax,
           "fmin": np.fmin, "logaddexp": np.logaddexp, "remainder": np.mod}[op](a, b)
    out = getattr(paddle, op)(paddle.to_tensor(a), paddle.to_tensor(b))
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-12)


@st.composite
def tensor_and_axes(draw):
    nd = draw(st.integers(1, 4))
    shape = [draw(st.integers(1, 4)) for _ in range(nd)]
    axes = draw(st.lists(st.integers(-nd, nd - 1), unique_by=lambda a: a % nd, max_size=nd))
    rng = np.random.RandomState(draw(st.integers(0, 2**16)))
    return rng.uniform(-2, 2, shape), axes, draw(st.booleans())


@SETTINGS
@given(tensor_and_axes(), st.sampled_from(["sum", "mean", "prod", "max", "min", "amax", "amin", "logsumexp",
                                           "std", "var", "nansum", "nanmean"]))
def test_reductions_match_numpy(data, op):
    a, axes, keep = data
    npax = tuple(axes) if axes else None
    x = paddle.to_tensor(a)
    ref = {"sum": np.sum, "mean": np.mean, "prod": np.prod, "max": np.max, "min": np.min, "amax": np.max,
           "amin": np.min, "nansum": np.nansum, "nanmean": np.nanmean}
    if op == "logsumexp":
        m = np.max(a, axis=npax, keepdims=True)
        expected = np.log(np.sum(np.exp(a - m), axis=npax, keepdims=True)) + m
        if not keep:
            expected = np.squeeze(expected, axis=npax) if npax is not None else expected.reshape(())
    elif op in ("std", "var"):
        n = np.prod([a.shape[i] for i in (npax if npax is not None else range(a.ndim))])
        if n < 2:
            return
        expected = getattr(np, op)(a, axis=npax, ddof=1, keepdims=keep)
    else:
        expected = ref[op](a, axis=npax, keepdims=keep)
    out = getattr(paddle, op)(x, axis=list(axes) if axes else None, keepdim=keep)
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-10, atol=1e-12)


@SETTINGS
@given(st.integers(1, 9), st.sampled_from(["backward", "ortho", "forward"]), st.integers(0, 2**16))
def test_fft_family_matches_numpy(n, norm, seed):
    rng = np.random.RandomState(seed)
    a = rng.rand(3, n) + 1j * rng.rand(3, n)
    r = rng.rand(3, n)
    x, xr = paddle.to_tensor(a), paddle.to_tensor(r)
    np.testing.assert_allclose(paddle.fft.fft(x, norm=norm).numpy(), np.fft.fft(a, norm=norm), atol=1e-10)
    np.testing.assert_allclose(paddle.fft.ifft(x, norm=norm).numpy(), np.fft.ifft(a, norm=norm), atol=1e-10)
    np.testing.assert_allclose(paddle.fft.rfft(xr, norm=norm).numpy(), np.fft.rfft(r, norm=norm), atol=1e-10)
    np.testing.assert_allclose(paddle.fft.fft2(x, norm=norm).numpy(), np.fft.fft2(a, norm=norm), atol=1e-10)
    np.testing.assert_allclose(paddle.fft.hfft(x, n=2 * n, norm=norm).numpy(), np.fft.hfft(a, 2 * n, norm=norm),
                               atol=1e-9)


@SETTINGS
@given(st.integers(1, 5), st.integers(0, 2**16))
def test_linalg_solvers_are_consistent(n, seed):
    rng = np.random.RandomState(seed)
    a = rng.rand(n, n) + n * np.eye(n)
    b = rng.rand(n, 2)
    x = paddle.linalg.solve(paddle.to_tensor(a), paddle.to_tensor(b)).numpy()
    np.testing.assert_allclose(a @ x, b, atol=1e-10)
    inv = paddle.linalg.inv(paddle.to_tensor(a)).numpy()
    np.testing.assert_allclose(inv @ a, np.eye(n), atol=1e-10)
    sign_logdet = paddle.linalg.slogdet(paddle.to_tensor(a)).numpy()
    np.testing.assert_allclose(sign_logdet[0] * np.exp(sign_logdet[1]), np.linalg.det(a), rtol=1e-9)
    spd = a @ a.T
    low = paddle.linalg.cholesky(paddle.to_tensor(spd)).numpy()
    np.testing.assert_allclose(low @ low.T, spd, rtol=1e-9)
