"""Regressions found through Paddle's docstring examples. Expected values were produced by real Paddle 2.6.2
(the oracle); the golden cases for the same fixes are in tests/cases/docfix_nn.py."""

import numpy as np
import paddle
import pytest


def test_assign_initializer_takes_the_value_shape():
    # paddle.nn.initializer.Assign#0: the parameter adopts the value's shape (assign_value_), keeps its dtype
    lin = paddle.nn.Linear(2, 2, weight_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Assign([2, 2])),
                           bias_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Assign([2])))
    assert lin.weight.shape == [2] and lin.bias.shape == [1]
    assert lin.weight.numpy().tolist() == [2.0, 2.0] and lin.weight.dtype == paddle.float32
    assert lin.weight.stop_gradient is False
    assert lin(paddle.ones([1, 2])).numpy().tolist() == [6.0]
    lin = paddle.nn.Linear(2, 2, weight_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(np.arange(4.))))
    assert lin.weight.shape == [4] and lin.weight.numpy().tolist() == [0.0, 1.0, 2.0, 3.0]
    x = paddle.zeros([2, 2], "float64")
    paddle.nn.initializer.Assign(paddle.to_tensor([[1.5, 2.5, 3.5]]))(x)
    assert x.shape == [1, 3] and x.dtype == paddle.float64 and x.numpy().tolist() == [[1.5, 2.5, 3.5]]
    p = paddle.create_parameter([2, 2], "float32")
    paddle.nn.initializer.Assign(np.array([[1, 2], [3, 4]]))(p)  # same shape: plain copy
    assert p.shape == [2, 2] and p.numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]]


def test_astype_int_keeps_stop_gradient_false():
    # paddle.nn.Layer.astype#0
    lin = paddle.nn.Linear(2, 2)
    lin.astype("int8")
    assert lin.weight.dtype == paddle.int8 and lin.weight.stop_gradient is False and lin.weight.grad is None
    assert "dtype=paddle.int8" in repr(lin)
    lin.astype("float32")
    assert lin.weight.stop_gradient is False and lin.weight.dtype == paddle.float32
    bn = paddle.nn.BatchNorm1D(2)
    bn.astype("int32")
    assert bn._mean.stop_gradient is True and bn.weight.stop_gradient is False
    bn.astype("float64")
    assert bn._mean.stop_gradient is True and bn.weight.stop_gradient is False
    lin = paddle.nn.Linear(2, 2)
    lin.weight.stop_gradient = True
    lin.astype("int8")
    lin.astype("float32")
    assert lin.weight.stop_gradient is True
    lin = paddle.nn.Linear(2, 2)
    lin.to(dtype="int8")
    assert lin.weight.stop_gradient is False


def test_float_records_a_paddle_dtype():
    # paddle.nn.Layer.float#0
    lin = paddle.nn.Linear(1, 1)
    assert repr(lin) == "Linear(in_features=1, out_features=1, dtype=float32)"
    lin.float()
    assert repr(lin) == "Linear(in_features=1, out_features=1, dtype=paddle.float32)"
    assert lin._dtype == paddle.float32


def test_accuracy_update_returns_plain_floats():
    # paddle.metric.Accuracy#0 / paddle.Model.eval_batch#0 print 0.75 / [0.0], not np.float64(...)
    x = paddle.to_tensor(np.array([[0.1, 0.2, 0.3, 0.4], [0.1, 0.4, 0.3, 0.2], [0.1, 0.2, 0.4, 0.3],
                                   [0.1, 0.2, 0.3, 0.4]]))
    y = paddle.to_tensor(np.array([[0], [1], [2], [3]]))
    m = paddle.metric.Accuracy()
    assert repr(m.update(m.compute(x, y))) == "0.75"
    assert repr(m.accumulate()) == "0.75"
    m = paddle.metric.Accuracy(topk=(1, 2))
    assert repr(m.update(m.compute(x, y))) == "[0.75, 0.75]"


def test_layer_helper_mul_op():
    # paddle.nn.ParameterList#0: Layer._helper (LayerObjectHelper) runs appended legacy ops in dygraph
    class MyLayer(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            init = paddle.nn.initializer.Assign(np.array([[1.0, 2.0], [3.0, 4.0]], "float32"))
            self.params = paddle.nn.ParameterList(
                [paddle.create_parameter(shape=[2, 2], dtype="float32", default_initializer=init)] * 2)

        def forward(self, x):
            for p in self.params:
                tmp = self._helper.create_variable_for_type_inference("float32")
                self._helper.append_op(type="mul", inputs={"X": x, "Y": p}, outputs={"Out": tmp},
                                       attrs={"x_num_col_dims": 1, "y_num_col_dims": 1})
                x = tmp
            return x

    m = MyLayer()
    assert type(m._helper).__name__ == "LayerObjectHelper"
    x = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], stop_gradient=False)
    y = m(x)
    assert y.numpy().tolist() == [[7.0, 10.0], [15.0, 22.0], [22.0, 32.0]] and y.stop_gradient is False
    y.sum().backward()
    assert x.grad.numpy().tolist() == [[17.0, 37.0], [17.0, 37.0], [17.0, 37.0]]
    m.params[1] = paddle.create_parameter(shape=[2, 3], dtype="float32")
    assert m(paddle.ones([5, 2])).shape == [5, 3]
    m.params.append(paddle.create_parameter(shape=[3, 4], dtype="float32"))
    assert len(m.params) == 3 and m(paddle.ones([5, 2])).shape == [5, 4]


def test_hsigmoid_label_past_num_classes_does_not_raise():
    # paddle.nn.functional.hsigmoid_loss#0 (label 5 with num_classes 5 and a [4, 3] weight): Paddle reads past
    # the weight (undefined values); ours uses zeros for those rows. In-range rows are Paddle's.
    x = paddle.to_tensor(np.arange(12, dtype="float32").reshape(4, 3) / 10 - 0.5)
    w = paddle.to_tensor(np.arange(12, dtype="float32").reshape(4, 3) / 7 - 0.8)
    ok = paddle.nn.functional.hsigmoid_loss(x, paddle.to_tensor([0, 1, 4, 3]), 5, w).numpy().ravel()
    np.testing.assert_allclose(ok, [2.4292478561401367, 1.9573484659194946, 1.677976131439209, 2.1657252311706543],
                               rtol=1e-6)
    out = paddle.nn.functional.hsigmoid_loss(x, paddle.to_tensor([0, 1, 4, 5]), 5, w).numpy().ravel()
    np.testing.assert_allclose(out[:3], ok[:3], rtol=1e-6)
    assert np.isfinite(out[3])


def test_generate_proposals_with_too_few_anchors_runs():
    # paddle.vision.ops.generate_proposals#0 passes 40 anchors for 100 positions; Paddle reads past them
    paddle.seed(2023)
    scores = paddle.rand((2, 4, 5, 5), dtype=paddle.float32)
    deltas = paddle.rand((2, 16, 5, 5), dtype=paddle.float32)
    img = paddle.to_tensor([[224.0, 224.0], [224.0, 224.0]])
    anchors = paddle.rand((2, 5, 4, 4), dtype=paddle.float32)
    variances = paddle.rand((2, 5, 10, 4), dtype=paddle.float32)
    rois, probs, nums = paddle.vision.ops.generate_proposals(scores, deltas, img, anchors, variances,
                                                             return_rois_num=True)
    assert rois.shape[1] == 4 and probs.shape[1] == 1 and int(nums.sum()) == rois.shape[0] == probs.shape[0]


def test_lazyguard_marks_parameters():
    with paddle.LazyGuard():
        net = paddle.nn.Linear(10, 10)
    assert all(callable(p._init_func) for p in net.parameters())
    assert getattr(paddle.nn.Linear(2, 2).weight, "_init_func", None) is None


def test_lazyguard_initialize():
    # paddle.LazyGuard#0; Paddle: initialize() once per lazily created parameter, AssertionError otherwise
    with paddle.LazyGuard():
        net = paddle.nn.Linear(10, 10)
    for p in net.parameters():
        p.initialize()
    with pytest.raises(AssertionError):
        net.weight.initialize()
    with pytest.raises(AssertionError):
        paddle.nn.Linear(2, 2).weight.initialize()
