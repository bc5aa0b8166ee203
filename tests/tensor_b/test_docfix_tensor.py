"""Doc-example fixes vs real Paddle (tests/goldens/docfix2_tensor.json, recorded by
``.oracle/bin/python -m tests.tensor_b.docfix_scenarios``)."""

import json
import os

import numpy as np
import pytest

from tests.tensor_b.docfix_scenarios import GOLDEN, run
from tools.api_diff.common import check_stamp

with open(GOLDEN) as _f:
    _GOLD = json.load(_f)
check_stamp(_GOLD, os.path.relpath(GOLDEN))
_PADDLE = _GOLD["results"]
_OURS = {}


def _ours():
    if not _OURS:
        _OURS.update(run())
    return _OURS


def _array(entry):
    dtype = np.dtype(entry["dtype"])
    parts = np.array([float.fromhex(h) for h in entry["hex"]], dtype.type(0).real.dtype)
    return parts.view(dtype).reshape(entry["shape"]) if dtype.kind == "c" else parts.reshape(entry["shape"])


def _keys(prefix):
    return sorted(k for k in _PADDLE if k.startswith(prefix))


@pytest.mark.verifies("paddle.fft.fft")
@pytest.mark.parametrize("key", _keys("fft#"))
def test_fft_float64_bit_exact_with_zero_signs(key):
    # float64 CPU transforms are pocketfft's on both sides: every bit, the signs of zeros included
    ours, paddle_ = _ours()[key], _PADDLE[key]
    assert (ours["dtype"], ours["shape"]) == (paddle_["dtype"], paddle_["shape"])
    assert ours["hex"] == paddle_["hex"]


@pytest.mark.verifies("paddle.nn.functional.softmax")
@pytest.mark.parametrize("key", _keys("softmax"))
def test_softmax_floor(key):
    ours, paddle_ = _array(_ours()[key]), _array(_PADDLE[key])
    if "grad" not in key:  # the floored outputs exp(-64)/sum: every bit
        floored = (paddle_ > 0) & (paddle_ < 1e-27)
        assert floored.any()
        np.testing.assert_array_equal(ours[floored], paddle_[floored])
    np.testing.assert_allclose(ours, paddle_, rtol=1e-6, atol=0)


@pytest.mark.verifies("paddle.Tensor.get_tensor")
def test_get_tensor_prints_the_dense_tensor():
    assert _ours()["get_tensor_str"] == _PADDLE["get_tensor_str"]


def test_get_tensor_set_writes_into_the_tensor():
    import paddle

    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    x.get_tensor().set(np.array([5.0, 6.0], "float32"), paddle.CPUPlace())
    np.testing.assert_array_equal(x.numpy(), [5.0, 6.0])
    assert not x.stop_gradient


@pytest.mark.verifies("paddle.Tensor.register_hook")
def test_hook_gradients_report_stop_gradient_false():
    assert _ours()["hook_grad_stop_gradient"] == _PADDLE["hook_grad_stop_gradient"]


@pytest.mark.verifies("paddle.linalg.corrcoef")
@pytest.mark.parametrize("key", _keys("cov") + _keys("corrcoef"))
def test_cov_corrcoef(key):
    # the products go through torch's sgemm, Paddle's through MKL's (1-2 ulp apart); sums and order as Paddle
    ours, paddle_ = _array(_ours()[key]), _array(_PADDLE[key])
    assert ours.shape == paddle_.shape and ours.dtype == paddle_.dtype
    np.testing.assert_allclose(ours, paddle_, rtol=2e-6, atol=2e-7)


@pytest.mark.verifies("paddle.dot")
@pytest.mark.parametrize("key", _keys("dot"))
def test_dot_adds_in_order(key):
    assert _ours()[key] == _PADDLE[key]
