"""Tensor core semantics goldens cannot express (identity, in-place rebinding, numpy interplay, pickling).

Behaviours asserted were observed on real Paddle 2.6.2 (oracle); values are computed with numpy.
"""

import copy
import pickle

import numpy as np
import paddle
import pytest


def test_augmented_assignment_rebinds():
    x = paddle.to_tensor([1, 2])
    before = x
    x += 1.5  # Paddle has no __iadd__: a new float32 tensor
    assert x is not before and x.dtype == paddle.float32 and before.dtype == paddle.int64
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    w2 = w
    w *= 2  # no in-place error on a leaf that requires grad
    assert w is not w2 and not w.is_leaf and w2.is_leaf


def test_numpy_interplay():
    t = paddle.to_tensor([1.0, 2.0])
    a = np.array([1.0, 2.0])
    assert isinstance(a + t, paddle.Tensor) and isinstance(t + a, paddle.Tensor)
    assert isinstance(a * t, paddle.Tensor)
    np.testing.assert_array_equal(np.asarray(t), [1.0, 2.0])
    assert np.asarray(t, dtype="float64").dtype == np.float64


def test_python_protocol():
    x = paddle.to_tensor([[1, 2], [3, 4]])
    assert len(x) == 2
    rows = list(x)
    assert len(rows) == 2 and rows[1].numpy().tolist() == [3, 4]
    assert [1, 2, 3][paddle.to_tensor(1)] == 2
    assert bool(paddle.to_tensor(-1.0)) is False  # Paddle: bool(x) == bool(x > 0)
    assert bool(paddle.to_tensor([3])) is True
    assert f"{paddle.to_tensor(2.5):.2f}" == "2.50"
    assert hash(x) == id(x)
    assert {x: 1}[x] == 1
    with pytest.raises(AssertionError):
        len(paddle.to_tensor(1.0))
    with pytest.raises(AssertionError):
        bool(x)
    with pytest.raises(TypeError):
        abs(x)


def test_copy_pickle_deepcopy():
    x = paddle.to_tensor([[1.5, 2.5]], stop_gradient=False)
    y = copy.deepcopy(x)
    assert y is not x and not y.stop_gradient and y.numpy().tolist() == [[1.5, 2.5]]
    z = pickle.loads(pickle.dumps(x))
    assert z.dtype == paddle.float32 and not z.stop_gradient and z.numpy().tolist() == [[1.5, 2.5]]
    b = paddle.to_tensor([1.0, 2.0], dtype="bfloat16")
    assert pickle.loads(pickle.dumps(b)).dtype == paddle.bfloat16


def test_bfloat16_conversions():
    b = paddle.to_tensor([1.5, -2.0], dtype="bfloat16")
    assert b.numpy().dtype == np.uint16  # Paddle's numpy view of bfloat16
    assert b.tolist() == b.numpy().tolist()
    assert b.astype("float32").numpy().tolist() == [1.5, -2.0]
    back = paddle.to_tensor(b.numpy())
    assert back.dtype == paddle.bfloat16 and back.astype("float32").numpy().tolist() == [1.5, -2.0]


def test_set_value_data_copy():
    x = paddle.to_tensor([1.0, 2.0])
    x.set_value(np.array([3.0, 4.0], "float32"))
    assert x.numpy().tolist() == [3.0, 4.0]
    with pytest.raises(AssertionError, match="dtype not match"):  # Paddle does not cast (checked on 2.6.2)
        x.set_value(np.array([3.0, 4.0]))
    with pytest.raises(AssertionError, match="Shape not match"):  # Paddle's exception type (golden)
        x.set_value(np.zeros(3))
    y = paddle.to_tensor([0.0, 0.0])
    y.copy_(x)
    assert y.numpy().tolist() == [3.0, 4.0]
    assert x.data.numpy().tolist() == [3.0, 4.0]


def test_negative_step_slices_match_numpy():
    a = np.arange(60, dtype="float32").reshape(3, 4, 5)
    t = paddle.to_tensor(a)
    for idx in [slice(None, None, -1), (slice(None), slice(3, 0, -2)), (Ellipsis, slice(None, None, -3)),
                (1, slice(None, None, -1), 2), (None, slice(2, None, -1))]:
        np.testing.assert_array_equal(t[idx].numpy(), a[idx])


def test_setitem_numpy_semantics():
    a = np.arange(12, dtype="float32").reshape(3, 4)
    t = paddle.to_tensor(a)
    a[a > 5] = -1
    t[t > 5] = -1
    a[:, 1] = np.array([7, 8, 9])
    t[:, 1] = np.array([7, 8, 9], dtype="float32")
    np.testing.assert_array_equal(t.numpy(), a)
    with pytest.raises(ValueError):
        t[0] = [1.0, 2.0, 3.0, 4.0]  # Paddle refuses Python lists as values


def test_parameter_repr_and_names():
    p = paddle.create_parameter([2], "float32")
    assert str(p).startswith("Parameter containing:\nTensor(shape=[2], dtype=float32")
    assert not p.stop_gradient and p.persistable


def test_item_and_conversions():
    assert paddle.to_tensor([[1.5]]).item() == 1.5
    assert paddle.to_tensor([[1, 2], [3, 4]]).item(3) == 4
    assert paddle.to_tensor([[1, 2], [3, 4]]).item(1, 0) == 3
    assert int(paddle.to_tensor(2.9)) == 2
    assert float(paddle.to_tensor([7])) == 7.0
    assert paddle.to_tensor(True).item() is True


def test_setitem_negative_step_matches_numpy():
    a = np.arange(24, dtype="float32").reshape(2, 3, 4)
    t = paddle.to_tensor(a)
    for idx, v in [((slice(None), slice(None, None, -1)), 7.0),
                   ((0, slice(None), slice(3, 0, -2)), np.array([1.0, 2.0], dtype="float32")),
                   ((Ellipsis, slice(None, None, -1)), np.arange(4, dtype="float32"))]:
        a[idx] = v
        t[idx] = v
        np.testing.assert_array_equal(t.numpy(), a)
