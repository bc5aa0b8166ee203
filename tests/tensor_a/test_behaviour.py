"""paddle.tensor part A behaviour the golden cases cannot express: in-place identity, random-number
properties, default-dtype following, seeding, autograd through chains, error types."""

import numpy as np
import paddle
import pytest


@pytest.fixture
def float64_default():
    paddle.set_default_dtype("float64")
    yield
    paddle.set_default_dtype("float32")


# --- in-place ops return and modify their input ----------------------------------------------------
@pytest.mark.parametrize(
    "call, shape",
    [
        (lambda x: x.reshape_([3, 2]), [3, 2]),
        (lambda x: paddle.reshape_(x, [-1]), [6]),
        (lambda x: x.unsqueeze_(0), [1, 2, 3]),
        (lambda x: x.flatten_(), [6]),
        (lambda x: paddle.squeeze_(x.unsqueeze_(1), 1), [2, 3]),
    ],
)
def test_inplace_shape_ops_keep_identity(call, shape):
    x = paddle.arange(6, dtype="float32").reshape([2, 3])
    y = call(x)
    assert y is x
    assert x.shape == shape
    np.testing.assert_array_equal(x.numpy().ravel(), np.arange(6, dtype=np.float32))


def test_inplace_value_ops_modify_input():
    x = paddle.zeros([3, 2])
    assert paddle.scatter_(x, paddle.to_tensor([1]), paddle.ones([1, 2])) is x
    np.testing.assert_array_equal(x.numpy(), [[0, 0], [1, 1], [0, 0]])
    assert x.index_add_(paddle.to_tensor([0]), 0, paddle.ones([1, 2])) is x
    np.testing.assert_array_equal(x.numpy(), [[1, 1], [1, 1], [0, 0]])
    assert x.masked_fill_(x > 0, 5.0) is x
    np.testing.assert_array_equal(x.numpy(), [[5, 5], [5, 5], [0, 0]])
    assert x.fill_(2.0) is x and float(x.sum()) == 12.0
    assert x.zero_() is x and float(x.abs().sum()) == 0.0
    c = paddle.ones([2], dtype="float32")
    assert paddle.cast_(c, "int32") is c and c.dtype == paddle.int32


def test_inplace_random_fills_keep_shape_and_dtype():
    for fn in (lambda t: t.uniform_(0, 1), lambda t: t.exponential_(2.0), lambda t: paddle.normal_(t),
               lambda t: paddle.cauchy_(t), lambda t: paddle.geometric_(t, 0.5)):
        x = paddle.zeros([4, 5], dtype="float64")
        assert fn(x) is x
        assert x.shape == [4, 5] and x.dtype == paddle.float64
        assert float(x.abs().sum()) > 0


# --- random number properties ----------------------------------------------------------------------
def test_randint_range_and_dtype():
    r = paddle.randint(-3, 4, [2000])
    a = r.numpy()
    assert r.dtype == paddle.int64 and a.min() >= -3 and a.max() <= 3
    assert set(np.unique(a)) == set(range(-3, 4))


def test_uniform_range():
    a = paddle.uniform([5000], min=2.0, max=2.5).numpy()
    assert a.min() >= 2.0 and a.max() < 2.5


def test_randperm_is_permutation():
    a = paddle.randperm(50).numpy()
    assert sorted(a.tolist()) == list(range(50))


def test_multinomial_without_replacement_is_unique():
    p = paddle.to_tensor([[0.1, 0.2, 0.3, 0.4]] * 3)
    s = paddle.multinomial(p, 4).numpy()
    for row in s:
        assert sorted(row.tolist()) == [0, 1, 2, 3]


def test_bernoulli_and_poisson_values():
    b = paddle.bernoulli(paddle.full([1000], 0.5)).numpy()
    assert set(np.unique(b)) <= {0.0, 1.0}
    p = paddle.poisson(paddle.full([1000], 3.0)).numpy()
    assert (p >= 0).all() and np.array_equal(p, np.round(p))


def test_uniform_with_seed_is_reproducible():
    a = paddle.uniform([8], seed=7).numpy()
    b = paddle.uniform([8], seed=7).numpy()
    np.testing.assert_array_equal(a, b)


def test_global_seed_reproducible():
    paddle.seed(123)
    a = paddle.rand([5]).numpy(), paddle.randint(0, 100, [5]).numpy(), paddle.randn([3]).numpy()
    paddle.seed(123)
    b = paddle.rand([5]).numpy(), paddle.randint(0, 100, [5]).numpy(), paddle.randn([3]).numpy()
    for u, v in zip(a, b):
        np.testing.assert_array_equal(u, v)


# --- default dtype ---------------------------------------------------------------------------------
def test_factories_follow_default_dtype(float64_default):
    for t in (paddle.zeros([2]), paddle.ones([2]), paddle.full([2], 1), paddle.empty([2]), paddle.eye(2),
              paddle.rand([2]), paddle.randn([2]), paddle.arange(0.5, 2), paddle.linspace(0, 1, 3),
              paddle.uniform([2])):
        assert t.dtype == paddle.float64
    assert paddle.arange(3).dtype == paddle.int64


# --- autograd through chains of part-A ops --------------------------------------------------------
def test_grad_through_split_concat_gather():
    x = paddle.to_tensor(np.arange(12, dtype=np.float32).reshape(3, 4), stop_gradient=False)
    a, b = paddle.split(x, [1, 3], axis=1)
    y = paddle.concat([b, a], axis=1)
    z = paddle.gather(y, paddle.to_tensor([2, 0]))
    z.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [[1] * 4, [0] * 4, [1] * 4])


def test_grad_through_where_and_take_along_axis():
    x = paddle.to_tensor([[1.0, -2.0], [3.0, -4.0]], stop_gradient=False)
    y = paddle.where(x > 0, x * 2, x * 0)
    z = paddle.take_along_axis(y, paddle.to_tensor([[0], [0]]), 1)
    z.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [[2, 0], [2, 0]])


# --- errors and odd inputs -------------------------------------------------------------------------
def test_reshape_errors_are_value_errors():
    with pytest.raises(ValueError):
        paddle.reshape(paddle.ones([2, 3]), [4, 2])
    with pytest.raises(ValueError):
        paddle.ones([2, 3]).reshape([5, -1])


def test_fill_diagonal_needs_2d():
    # real Paddle 2.6.2 dies with SIGFPE here; we raise its intended AssertionError
    with pytest.raises(AssertionError):
        paddle.ones([3]).fill_diagonal_(1.0)


def test_top_p_sampling_is_gpu_only():
    with pytest.raises(RuntimeError):
        paddle.rand([2, 4]).top_p_sampling(paddle.to_tensor([0.5, 0.5]))


def test_where_single_argument_is_nonzero_tuple():
    out = paddle.where(paddle.to_tensor([[0, 1], [1, 1]]) > 0)
    assert isinstance(out, tuple) and len(out) == 2
    assert [o.shape for o in out] == [[3, 1], [3, 1]]


def test_shape_and_rank_are_int32_tensors():
    x = paddle.ones([2, 3, 4])
    assert paddle.shape(x).dtype == paddle.int32 and paddle.shape(x).numpy().tolist() == [2, 3, 4]
    assert x.shape == [2, 3, 4]
    assert paddle.rank(x).dtype == paddle.int32 and int(paddle.rank(x)) == 3


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_precision_shape_ops(dtype):
    x = paddle.arange(6, dtype="float32").astype(dtype)
    y = paddle.concat([x.reshape([2, 3]), x.reshape([2, 3])], axis=0).transpose([1, 0])
    assert y.dtype == getattr(paddle, dtype) and y.shape == [3, 4]
    np.testing.assert_array_equal(y.astype("float32").numpy()[:, 0], [0, 1, 2])
    assert paddle.unsqueeze(x, 0).shape == [1, 6]


# --- in-place ops on non-leaf tensors are recorded by autograd (values from real Paddle 2.6.2) -----
def _nonleaf_grad(op, square=False):
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
    y = x * 2
    op(y)
    (y * y if square else y).sum().backward()
    return x.grad.numpy()


@pytest.mark.parametrize(
    "op, square, expected",
    [
        (lambda y: y.scatter_(paddle.to_tensor([0]), paddle.ones([1, 2])), False, [[0, 0], [2, 2]]),
        (lambda y: y.fill_(3.0), False, [[0, 0], [0, 0]]),
        (lambda y: y.zero_(), False, [[0, 0], [0, 0]]),
        (lambda y: y.masked_fill_(paddle.to_tensor([[True, False], [False, True]]), 0.0), False, [[0, 2], [2, 0]]),
        (lambda y: y.index_add_(paddle.to_tensor([0]), 0, paddle.ones([1, 2])), True, [[12, 20], [24, 32]]),
    ],
)
def test_inplace_on_non_leaf_keeps_autograd(op, square, expected):
    np.testing.assert_array_equal(_nonleaf_grad(op, square), expected)


def test_inplace_on_leaf_requiring_grad_is_refused():
    x = paddle.ones([2, 2])
    x.stop_gradient = False
    for op in (lambda t: t.fill_(1.0), lambda t: t.reshape_([4]), lambda t: t.uniform_()):
        with pytest.raises(ValueError, match="inplace"):
            op(x)
    x.exponential_()  # Paddle 2.6.2 lets this one through


def test_assign_into_output_takes_data_dtype_and_shape():
    # real Paddle 2.6.2: output becomes x (float32 [2]) even when it was int64 [3]
    y = paddle.zeros([3], "int64")
    r = paddle.assign(paddle.to_tensor([1.0, 2.0]), y)
    assert r is y and y.dtype == paddle.float32 and y.shape == [2]
    np.testing.assert_array_equal(y.numpy(), [1.0, 2.0])
    z = paddle.zeros([2])
    assert paddle.assign([5, 6], z) is z and z.dtype == paddle.int64
