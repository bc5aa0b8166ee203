"""Regression checks from differential testing of tutorial-style vision scripts against real Paddle 2.6.2.
Every expected value/message below was printed by the oracle (.oracle/bin/python, paddlepaddle 2.6.2)."""

import os
import warnings

import numpy as np
import paddle
import paddle.nn as nn
import paddle.nn.functional as F
import pytest


def _saved_model(tmp_path):
    net = nn.Sequential(nn.Conv2D(1, 2, 3), nn.BatchNorm2D(2), nn.Flatten(), nn.Linear(2, 3))
    sd = net.state_dict()
    net.set_state_dict({k: np.full(sd[k].shape, i + 1, "float32") for i, k in enumerate(sorted(sd))})
    m = paddle.Model(net)
    m.prepare(paddle.optimizer.SGD(parameters=m.parameters()))
    m.save(os.path.join(str(tmp_path), "ck"))
    return os.path.join(str(tmp_path), "ck")


@pytest.mark.verifies("paddle.Model.load")
def test_model_load_skip_mismatch_warns_only_for_mismatched_keys(tmp_path):
    path = _saved_model(tmp_path)
    net2 = nn.Sequential(nn.Conv2D(1, 2, 3), nn.BatchNorm2D(2), nn.Flatten(), nn.Linear(2, 4))
    net2.set_state_dict({k: np.zeros(v.shape, "float32") for k, v in net2.state_dict().items()})
    m2 = paddle.Model(net2)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert m2.load(path + ".pdparams", skip_mismatch=True) is None
    # Paddle sets each matched tensor in place: no "not found in the provided dict" warnings
    assert [str(x.message) for x in w] == [
        "Skip loading for 3.weight. 3.weight receives a shape [2, 3], but the expected shape is [2, 4].",
        "Skip loading for 3.bias. 3.bias receives a shape [3], but the expected shape is [4].",
    ]
    got = {k: float(v.numpy().ravel()[0]) for k, v in net2.state_dict().items()}
    assert got == {"0.weight": 2.0, "0.bias": 1.0, "1.weight": 6.0, "1.bias": 5.0, "1._mean": 3.0,
                   "1._variance": 4.0, "3.weight": 0.0, "3.bias": 0.0}
    with pytest.raises(ValueError) as e:
        m2.load(path)
    assert str(e.value) == "3.weight receives a shape [2, 3], but the expected shape is [2, 4]."


@pytest.mark.verifies("paddle.Model.load")
def test_model_load_bad_paths_raise_assertion_error(tmp_path):
    path = _saved_model(tmp_path)
    m = paddle.Model(nn.Linear(2, 2))
    with pytest.raises(AssertionError) as e:
        m.load(os.path.join(str(tmp_path), "nope", "ck"))
    assert str(e.value) == "Failed to load parameters, please check path."
    with pytest.raises(AssertionError) as e:
        m.load(path + ".bin")
    assert str(e.value) == "Unknown postfix .bin from weights"


@pytest.mark.verifies("paddle.nn.functional.max_unpool2d")
def test_max_unpool2d_index_past_output_message():
    rs = np.random.RandomState(5)
    x = paddle.to_tensor(rs.rand(2, 4, 9, 11).astype("float32"))
    out, mask = F.max_pool2d(x, 2, 2, return_mask=True)
    with pytest.raises(ValueError) as e:
        F.max_unpool2d(out, mask, 2, 2)
    assert str(e.value).startswith(
        "(InvalidArgument) index should less than output tensor height * output tensor width. Expected 80 < 80, "
        "but got 80 >= 80. Please check input value.\n  [Hint: Expected index < output_feasize, but received "
        "index:80 >= output_feasize:80.]"
    )


@pytest.mark.verifies("paddle.vision.transforms.Resize")
def test_tensor_resize_with_pil_only_interpolation_message():
    import paddle.vision.transforms as T

    with pytest.raises(ValueError) as e:
        T.Resize((12, 12), interpolation="lanczos")(paddle.rand([3, 30, 40]))
    assert str(e.value) == ("The 'resample' of image_resize can only be 'area', 'linear', 'bilinear', 'trilinear',  "
                            "'bicubic' or 'nearest' currently.")


@pytest.mark.verifies("paddle.nn.BatchNorm2D")
def test_batchnorm_training_warning_points_at_norm_module():
    bn = nn.BatchNorm2D(2)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        bn(paddle.ones([2, 2, 3, 3]))
    assert [str(x.message) for x in w] == ["When training, we now always track global mean and variance."]
    # Paddle warns from paddle/nn/layer/norm.py (no stacklevel), not from the caller's frame
    assert w[0].filename.replace(os.sep, "/").endswith("nn/layer/norm.py")


def _prep_model(prep):
    m = paddle.Model(nn.Linear(3, 2))
    if prep == "empty":
        m.prepare()
    elif prep == "opt":
        m.prepare(paddle.optimizer.SGD(parameters=m.parameters()))
    elif prep == "loss":
        m.prepare(loss=nn.CrossEntropyLoss())
    return m


# (how prepare() was called, method) -> exception type real Paddle raises (None: it runs)
_PREPARE_ERRORS = {
    ("none", "train_batch"): AssertionError, ("none", "eval_batch"): AttributeError, ("none", "predict_batch"): None,
    ("none", "fit"): AttributeError, ("none", "evaluate"): AttributeError, ("none", "predict"): AttributeError,
    ("empty", "train_batch"): AssertionError, ("empty", "eval_batch"): None, ("empty", "fit"): AssertionError,
    ("empty", "evaluate"): None, ("opt", "train_batch"): TypeError, ("opt", "fit"): TypeError,
    ("opt", "eval_batch"): None, ("loss", "train_batch"): AssertionError, ("loss", "fit"): AssertionError,
}


# credit per case: each case verifies only the Model method it calls
@pytest.mark.parametrize("prep,fn", [pytest.param(prep, fn, marks=pytest.mark.verifies(f"paddle.Model.{fn}"))
                                     for prep, fn in sorted(_PREPARE_ERRORS)])
def test_model_methods_before_or_without_full_prepare(prep, fn):
    x, y = np.ones((2, 3), "float32"), np.zeros((2, 1), "int64")
    data = paddle.io.TensorDataset([paddle.to_tensor(x), paddle.to_tensor(y)])
    m = _prep_model(prep)
    calls = {
        "train_batch": lambda: m.train_batch([x], [y]), "eval_batch": lambda: m.eval_batch([x], [y]),
        "predict_batch": lambda: m.predict_batch([x]), "fit": lambda: m.fit(data, epochs=1, verbose=0),
        "evaluate": lambda: m.evaluate(data, verbose=0), "predict": lambda: m.predict(data, verbose=0),
    }
    expected = _PREPARE_ERRORS[(prep, fn)]
    if expected is None:
        calls[fn]()
        return
    with pytest.raises(expected) as e:
        calls[fn]()
    assert type(e.value) is expected
    if expected is AssertionError:
        assert str(e.value) == "model not ready, please call `model.prepare()` first"
    if expected is TypeError:
        assert str(e.value) == "'NoneType' object is not callable"
