"""weight_quantize / weight_dequantize / weight_only_linear / llm_int8_linear: Paddle 2.6.2 has CUDA kernels
only (on CPU they raise), so these compare our reference implementations with the formulas in numpy
(per-output-channel abs-max int8; LLM.int8 outlier decomposition) — no oracle golden is possible on CPU."""

import numpy as np
import paddle
import pytest


def _w():
    return np.random.RandomState(0).uniform(-2, 2, (64, 32)).astype("float32")  # [in, out]


def test_weight_quantize_formula():
    w = _w()
    q, scale = paddle.nn.quant.weight_quantize(paddle.to_tensor(w))
    assert q.shape == [32, 64] and str(q.dtype) == "paddle.int8"
    assert scale.shape == [32] and str(scale.dtype) == "paddle.float32"
    want_scale = np.abs(w).max(0) / 127.0
    np.testing.assert_allclose(scale.numpy(), want_scale, rtol=1e-6)
    np.testing.assert_array_equal(q.numpy(), np.clip(np.round(w / want_scale), -127, 127).astype("int8").T)


def test_dequantize_and_weight_only_linear():
    w = _w()
    q, scale = paddle.nn.quant.weight_quantize(paddle.to_tensor(w), algo="llm.int8")
    deq = paddle.nn.quant.weight_dequantize(q, scale, out_dtype="float32")
    assert deq.shape == [64, 32]
    np.testing.assert_allclose(deq.numpy(), q.numpy().T * scale.numpy(), rtol=1e-6)
    np.testing.assert_allclose(deq.numpy(), w, atol=float(scale.numpy().max()) / 2 + 1e-6)
    x = np.random.RandomState(1).uniform(-1, 1, (3, 64)).astype("float32")
    b = np.random.RandomState(2).uniform(-1, 1, (32,)).astype("float32")
    out = paddle.nn.quant.weight_only_linear(paddle.to_tensor(x), q, bias=paddle.to_tensor(b), weight_scale=scale)
    np.testing.assert_allclose(out.numpy(), x @ (q.numpy().T * scale.numpy()) + b, rtol=1e-5, atol=1e-5)


def test_llm_int8_linear_outliers_in_float():
    w = _w()
    q, scale = paddle.nn.quant.weight_quantize(paddle.to_tensor(w), algo="llm.int8")
    x = np.random.RandomState(3).uniform(-1, 1, (4, 64)).astype("float32")
    x[1, 5] = 20.0  # an outlier column: computed in floating point
    out = paddle.nn.quant.llm_int8_linear(paddle.to_tensor(x), q, weight_scale=scale, threshold=6.0).numpy()
    wd = q.numpy().T.astype("float64") * scale.numpy()
    xin = x.astype("float64").copy()
    xin[:, 5] = 0
    row = np.abs(xin).max(1, keepdims=True) / 127.0
    want = (np.round(xin / row) * row) @ wd + x[:, 5:6].astype("float64") @ wd[5:6]
    np.testing.assert_allclose(out, want, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(out, x @ w, rtol=0.05, atol=0.3)


def test_unsupported_arguments():
    with pytest.raises(NotImplementedError, match="weight_only_int4"):
        paddle.nn.quant.weight_quantize(paddle.to_tensor(_w()), algo="weight_only_int4")
    with pytest.raises(AssertionError, match="SM70/75/80/86"):
        paddle.nn.quant.weight_quantize(paddle.to_tensor(_w()), arch=60)
