"""Sparse / selected-rows / auto-parallel / static-graph members of paddle.Tensor
(paddle_compat/tensor/sparse_members.py): what golden cases cannot express (sparse inputs).

Expected values were taken from real Paddle 2.6.2 (the oracle) on the same inputs.
"""

import numpy as np
import paddle
import pytest

M23 = [[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]]
M3D = [[[1.0, 0.0], [0.0, 2.0]], [[0.0, 3.0], [4.0, 0.0]]]


def _x(values=M23, **kw):
    return paddle.to_tensor(values, **kw)


def _eq(t, dtype, values):
    assert t.dtype == dtype, t.dtype
    np.testing.assert_array_equal(t.numpy(), np.array(values))


def test_coo_parts():
    c = _x().to_sparse_coo(2)
    assert c.is_sparse() and c.is_sparse_coo() and not c.is_sparse_csr() and not c.is_dense()
    assert c.shape == [2, 3] and c.dtype == paddle.float32 and c.stop_gradient
    _eq(c.indices(), paddle.int64, [[0, 0, 1], [0, 2, 1]])
    _eq(c.values(), paddle.float32, [1.0, 2.0, 3.0])
    assert c.nnz() == 3 and isinstance(c.nnz(), int)
    _eq(c.to_dense(), paddle.float32, M23)
    assert c.to_dense().is_dense()
    _eq(c.coalesce().indices(), paddle.int64, [[0, 0, 1], [0, 2, 1]])
    assert c.coalesce("name").is_sparse_coo()


def test_hybrid_coo():
    c = _x().to_sparse_coo(1)
    _eq(c.indices(), paddle.int64, [[0, 1]])
    _eq(c.values(), paddle.float32, M23)
    assert c.nnz() == 2
    _eq(c.to_dense(), paddle.float32, M23)
    with pytest.raises(NotImplementedError, match="hybrid"):
        c.to_sparse_csr()  # Paddle 2.6.2 returns uninitialised cols here


def test_csr_parts():
    r = _x().to_sparse_csr()
    assert r.is_sparse() and r.is_sparse_csr() and not r.is_sparse_coo() and not r.is_dense()
    _eq(r.crows(), paddle.int64, [0, 2, 3])
    _eq(r.cols(), paddle.int64, [0, 2, 1])
    _eq(r.values(), paddle.float32, [1.0, 2.0, 3.0])
    assert r.nnz() == 3
    _eq(r.to_dense(), paddle.float32, M23)
    for k in (1, 2, 3):  # Paddle ignores sparse_dim for CSR -> COO
        c = r.to_sparse_coo(k)
        assert c.is_sparse_coo()
        _eq(c.indices(), paddle.int64, [[0, 0, 1], [0, 2, 1]])


def test_csr_3d_batches_concatenated():
    r = _x(M3D).to_sparse_csr()
    assert r.shape == [2, 2, 2]
    _eq(r.crows(), paddle.int64, [0, 1, 2, 0, 1, 2])
    _eq(r.cols(), paddle.int64, [0, 1, 1, 0])
    _eq(r.values(), paddle.float32, [1.0, 2.0, 3.0, 4.0])
    assert r.nnz() == 4
    _eq(r.to_dense(), paddle.float32, M3D)
    _eq(r.to_sparse_coo(3).indices(), paddle.int64, [[0, 0, 1, 1], [0, 1, 0, 1], [0, 1, 1, 0]])
    r2 = _x(M3D).to_sparse_coo(3).to_sparse_csr()  # COO -> 3-D CSR
    _eq(r2.crows(), paddle.int64, [0, 1, 2, 0, 1, 2])
    _eq(r2.cols(), paddle.int64, [0, 1, 1, 0])


def test_csr_3d_unequal_batches_not_expressible():
    x = _x([[[1.0, 0.0], [0.0, 2.0]], [[0.0, 3.0], [0.0, 0.0]]])
    with pytest.raises(NotImplementedError, match="same count in every batch"):
        x.to_sparse_csr()
    with pytest.raises(NotImplementedError, match="same count in every batch"):
        x.to_sparse_coo(3).to_sparse_csr()


def test_coo_3d_sparse_dim_2():
    c = _x(M3D).to_sparse_coo(2)
    _eq(c.indices(), paddle.int64, [[0, 0, 1, 1], [0, 1, 0, 1]])
    _eq(c.values(), paddle.float32, [[1.0, 0.0], [0.0, 2.0], [0.0, 3.0], [4.0, 0.0]])
    assert c.nnz() == 4


def test_int_and_empty():
    c = _x([[1, 0], [0, 2]]).to_sparse_coo(2)
    _eq(c.values(), paddle.int64, [1, 2])
    _eq(_x([[1, 0], [0, 2]], dtype="int32").to_sparse_csr().values(), paddle.int32, [1, 2])
    z = paddle.zeros([2, 2]).to_sparse_coo(2)
    assert z.nnz() == 0 and z.values().shape == [0] and z.indices().shape == [2, 0]
    zr = paddle.zeros([2, 2]).to_sparse_csr()
    _eq(zr.crows(), paddle.int64, [0, 0, 0])
    assert zr.nnz() == 0


def test_wrong_layout_errors():
    c, r = _x().to_sparse_coo(2), _x().to_sparse_csr()
    for f in (c.crows, c.cols, r.indices):
        with pytest.raises(SystemError, match="only effective for"):
            f()
    for f in (lambda: c.to_sparse_coo(2), r.to_sparse_csr, r.coalesce):
        with pytest.raises(NotImplementedError, match="Unimplemented"):
            f()
    x = _x()
    for f in (x.to_dense, x.values, x.coalesce):
        with pytest.raises(NotImplementedError, match="Unimplemented"):
            f()
    for f in (x.indices, x.crows, x.cols, x.nnz, x.rows, x.get_map_tensor, c.rows):
        with pytest.raises(SystemError, match=r"\(Fatal\) this method is only effective for"):
            f()
    with pytest.raises(ValueError, match="sparse_dim must be >0"):
        x.to_sparse_coo(0)
    with pytest.raises(ValueError, match="sparse_dim must be less than"):
        x.to_sparse_coo(3)
    with pytest.raises(ValueError, match="only support 2-D or 3-D"):
        paddle.ones([2]).to_sparse_csr()
    with pytest.raises(RuntimeError, match="dense_to_coo"):
        paddle.to_tensor([[True, False]]).to_sparse_coo(2)


def test_autograd_through_sparse():
    # Paddle 2.6.2: stop_gradient propagates; COO values()/to_dense() backward gives these grads.
    # (Paddle has no CSR values/to_dense grad kernel; torch has, so ours also works there.)
    y = _x([[1.0, 0.0], [0.0, 3.0]], stop_gradient=False)
    c = y.to_sparse_coo(2)
    assert not c.stop_gradient and not c.values().stop_gradient and c.indices().stop_gradient
    (c.values() * paddle.to_tensor([2.0, 5.0])).sum().backward()
    _eq(y.grad, paddle.float32, [[2.0, 0.0], [0.0, 5.0]])
    y = _x([[1.0, 0.0], [0.0, 3.0]], stop_gradient=False)
    (y.to_sparse_coo(2).to_dense() * paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
    _eq(y.grad, paddle.float32, [[1.0, 0.0], [0.0, 4.0]])
    assert not y.to_sparse_csr().stop_gradient


def test_sparse_repr():
    assert repr(_x().to_sparse_coo(2)) == (
        "Tensor(shape=[2, 3], dtype=paddle.float32, place=Place(cpu), stop_gradient=True, \n"
        "       indices=[[0, 0, 1],\n"
        "                [0, 2, 1]], \n"
        "       values=[1., 2., 3.])")
    assert repr(_x().to_sparse_csr()) == (
        "Tensor(shape=[2, 3], dtype=paddle.float32, place=Place(cpu), stop_gradient=True, \n"
        "       crows=[0, 2, 3], \n"
        "       cols=[0, 2, 1], \n"
        "       values=[1., 2., 3.])")


def test_dense_answers():
    x = _x()
    assert x.is_dense() and not x.is_sparse() and not x.is_selected_rows()
    assert x.get_selected_rows() is None
    assert x.dist_attr is None and x.placements is None and x.process_mesh is None and x.num_shard is None
    assert x.grad_ is None


def test_grad_property():
    x = _x([1.0, 2.0], stop_gradient=False)
    (x * 2).sum().backward()
    g = x.grad_
    _eq(g, paddle.float32, [2.0, 2.0])
    assert not g.stop_gradient
    x.grad_ = paddle.ones([2])
    _eq(x.grad, paddle.float32, [1.0, 1.0])


def test_static_and_string_members_not_implemented():
    x = _x()  # (Tensor.block is real now: tests/compat/module_scenarios.py checks it against Paddle)
    with pytest.raises(NotImplementedError, match="set_vocab"):
        x.set_vocab({"a": 1})
    with pytest.raises(NotImplementedError, match="set_string_list"):
        x.set_string_list(["a"])


def test_reconstruct_from():
    a = _x([1.0, 2.0], stop_gradient=False)
    name = a.name
    b = _x([[5, 6, 7]], dtype="int32")
    assert a.reconstruct_from_(b) is None
    assert a.shape == [1, 3] and a.dtype == paddle.int32 and a.stop_gradient and a.name == name
    a3, src = paddle.ones([2]), paddle.zeros([2])
    a3.reconstruct_from_(src)
    src[0] = 5.0  # Paddle shares the buffer
    _eq(a3, paddle.float32, [5.0, 0.0])
    a4 = paddle.ones([2])
    a4.reconstruct_from_(_x([3.0, 4.0], stop_gradient=False))
    assert not a4.stop_gradient and a4.is_leaf
    p = paddle.create_parameter([2], "float32")
    p.reconstruct_from_(paddle.zeros([3]))
    assert type(p).__name__ in ("Parameter", "EagerParamBase")
    assert p.shape == [3] and p.stop_gradient and not p.trainable
    with pytest.raises(ValueError, match="must be Tensor"):
        a.reconstruct_from_(np.ones(2))


def test_create_parameter_method():
    p = paddle.to_tensor([3]).create_parameter("float32")
    assert p.shape == [3] and p.dtype == paddle.float32 and not p.stop_gradient
    with pytest.raises(TypeError):
        paddle.to_tensor(3).create_parameter("float32")
    with pytest.raises(ValueError):
        paddle.to_tensor([2, 3]).create_parameter("float32")
