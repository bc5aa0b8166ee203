"""Part B API surface: every name of Paddle 2.6.2's math/ops/stat/linalg/einsum, paddle.linalg, paddle.fft and
paddle.signal exists with Paddle's exact signature, and the Tensor methods are attached.

The expected names and signatures were recorded from real Paddle by ``record_signatures.py``."""

import inspect
import os

import paddle
import pytest

from tools.api_diff.common import load_golden_json

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = load_golden_json(os.path.join(HERE, "paddle_signatures.json"))


def _resolve(dotted):
    obj = paddle
    for part in dotted.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize("name", sorted(SPEC["functions"]))
def test_function_exists_with_paddle_signature(name):
    f = _resolve(name)
    want = SPEC["functions"][name]
    if want is not None:
        assert str(inspect.signature(f)) == want


@pytest.mark.parametrize("name", SPEC["methods"])
def test_tensor_method_attached(name):
    assert callable(getattr(paddle.Tensor, name, None)), name


def test_submodules_are_the_namespaces_not_tensor_modules():
    assert paddle.linalg.__name__.endswith("linalg") and hasattr(paddle.linalg, "inv")
    assert hasattr(paddle.fft, "fftfreq") and hasattr(paddle.signal, "istft")
    for absent in ("math", "stat", "random", "creation", "manipulation"):
        assert not hasattr(paddle, absent), absent


def test_tensor_submodules_importable_like_paddle():
    import paddle.tensor.linalg as tl
    import paddle.tensor.math as tm
    import paddle.tensor.ops as to
    import paddle.tensor.stat as ts

    assert to.__all__ == [] and to.exp is tm.exp and to.sigmoid is paddle.Tensor.sigmoid
    assert tm.sum is paddle.sum and ts.median is paddle.median and tl.norm is paddle.linalg.norm
