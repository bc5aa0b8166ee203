"""paddle.utils.dlpack and paddle_compat.interop: memory shared with torch and numpy both ways (a write
through one side is seen through the other), and Paddle's dtypes/errors (goldens from real Paddle)."""

import numpy as np
import paddle
import pytest
import torch
from paddle.utils import dlpack

import paddle_compat
from paddle_compat import interop

from ._golden import oracle

DLPACK = oracle()["dlpack"]


class _CapsuleHolder:
    """numpy.from_dlpack takes an object with __dlpack__, not a bare capsule."""

    def __init__(self, capsule):
        self._capsule = capsule

    def __dlpack__(self, stream=None, **kwargs):
        return self._capsule

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU


def test_all_matches_paddle():
    assert dlpack.__all__ == DLPACK["__all__"]


@pytest.mark.verifies("paddle.utils.dlpack.to_dlpack", "paddle.utils.dlpack.from_dlpack")
@pytest.mark.parametrize("dtype", sorted(DLPACK["cases"]))
def test_round_trip_dtype_shape_values_as_paddle(dtype):
    want = DLPACK["cases"][dtype]
    data = np.arange(6).reshape(2, 3) % 2 if dtype == "bool" else np.arange(6).reshape(2, 3)
    x = paddle.to_tensor(data, dtype=dtype)
    y = dlpack.from_dlpack(dlpack.to_dlpack(x))
    assert str(y.dtype).replace("paddle.", "") == want["dtype"]
    assert y.shape == want["shape"]
    assert y.stop_gradient == want["stop_gradient"]
    values = y.real().numpy() if dtype.startswith("complex") else y.astype("float64").numpy()
    np.testing.assert_array_equal(values, np.array(want["values"]))


@pytest.mark.verifies("paddle.utils.dlpack.to_dlpack", "paddle.utils.dlpack.from_dlpack")
def test_errors_as_paddle():
    errors = DLPACK["errors"]
    cases = {
        "to_dlpack_numpy": lambda: dlpack.to_dlpack(np.ones(2)),
        "from_dlpack_ndarray": lambda: dlpack.from_dlpack(np.ones(2)),
        "from_dlpack_tensor": lambda: dlpack.from_dlpack(paddle.ones([2])),
    }
    capsule = dlpack.to_dlpack(paddle.ones([2]))
    dlpack.from_dlpack(capsule)
    cases["capsule_used_twice"] = lambda: dlpack.from_dlpack(capsule)
    for key, call in cases.items():
        with pytest.raises(Exception) as info:
            call()
        assert type(info.value).__name__ == errors[key]["error"], key
    assert "'x' in to_dlpack" in str(pytest.raises(TypeError, dlpack.to_dlpack, np.ones(2)).value)


def test_parameter_round_trip_is_stop_gradient_and_numpy_capsule_dtype():
    param = paddle.create_parameter([2], "float32")
    out = dlpack.from_dlpack(dlpack.to_dlpack(param))
    assert out.stop_gradient == DLPACK["parameter_roundtrip_stop_gradient"]
    a = np.arange(4.0)
    assert str(dlpack.from_dlpack(a.__dlpack__()).dtype).replace("paddle.", "") == DLPACK["from_numpy_capsule"]["dtype"]


def test_to_dlpack_shares_memory_with_torch_both_ways():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    t = torch.utils.dlpack.from_dlpack(dlpack.to_dlpack(x))
    t[0, 0] = 100.0
    assert float(x[0, 0]) == 100.0
    x[1, 1] = -7.0
    assert float(t[1, 1]) == -7.0
    assert t.data_ptr() == x._t.data_ptr()


def test_from_dlpack_shares_memory_with_torch_both_ways():
    # Paddle 2.6.2 copies here (paddle.to_tensor of the decoded tensor); this package shares, as DLPack
    # intends (mappings/interop.toml records the deviation).
    t = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    y = dlpack.from_dlpack(torch.utils.dlpack.to_dlpack(t))
    t[0, 1] = 50.0
    assert float(y[0, 1]) == 50.0
    y[1, 2] = -1.0
    assert float(t[1, 2]) == -1.0


def test_shares_memory_with_numpy_both_ways():
    a = np.arange(4.0)
    y = dlpack.from_dlpack(a.__dlpack__())
    a[0] = 9.0
    assert float(y[0]) == 9.0
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    view = np.from_dlpack(_CapsuleHolder(dlpack.to_dlpack(x)))  # numpy makes capsule imports read-only
    x[2] = 30.0
    assert view[2] == 30.0


def test_bool_comes_back_as_uint8_over_the_same_memory():
    t = torch.tensor([True, False, True])
    y = dlpack.from_dlpack(torch.utils.dlpack.to_dlpack(t))
    assert y.dtype == paddle.uint8
    t[1] = True
    assert y.numpy().tolist() == [1, 1, 1]


def test_interop_to_torch_from_torch_share_storage_and_autograd():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    t = interop.to_torch(x)
    assert t is x._t and t.requires_grad
    y = interop.from_torch(t * 3)
    assert isinstance(y, paddle.Tensor) and not y.stop_gradient
    y.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [3.0, 3.0])
    base = torch.zeros(3)
    z = interop.from_torch(base)
    base[0] = 4.0
    assert float(z[0]) == 4.0
    with pytest.raises(TypeError, match="'x' in to_torch"):
        interop.to_torch(base)
    with pytest.raises(TypeError, match="'t' in from_torch"):
        interop.from_torch(np.zeros(2))
    assert paddle_compat.interop is interop
