"""paddle.amp.auto_cast / decorate / op lists: CPU behaviour against real Paddle 2.6.2 goldens
(tests/amp/fixtures/amp_goldens.json); per-op output dtypes with the CPU opt-in follow Paddle's lists
(expectations derived from paddle.amp.amp_lists: real Paddle has no low-precision CPU kernels to record them)."""

import json
import os
import warnings

import numpy as np
import paddle
import paddle.nn.functional as F  # noqa: N812
import pytest

from tools.api_diff.common import check_stamp

PATH = os.path.join(os.path.dirname(__file__), "fixtures", "amp_goldens.json")
with open(PATH) as _f:
    GOLDEN = json.load(_f)
check_stamp(GOLDEN, PATH)
CPU = GOLDEN["cpu"]


def _caught(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn()
    return result, [f"{w.category.__name__}: {w.message}" for w in caught]


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e)]
    return None


@pytest.fixture(autouse=True)
def _no_opt_in(monkeypatch):
    monkeypatch.delenv("PADDLE_COMPAT_CPU_AMP", raising=False)


@pytest.mark.verifies("paddle.amp.auto_cast")
def test_auto_cast_warns_and_does_nothing_on_cpu():
    x = paddle.ones([2, 2])

    def run():
        with paddle.amp.auto_cast():
            return str(paddle.matmul(x, x).dtype)

    assert list(_caught(run)) == CPU["auto_cast_cpu"]

    def run_o2():
        with paddle.amp.auto_cast(level="O2", dtype="bfloat16"):
            return str(paddle.matmul(x, x).dtype)

    assert list(_caught(run_o2)) == CPU["auto_cast_bf16_O2_cpu"]


@pytest.mark.verifies("paddle.amp.auto_cast")
def test_auto_cast_errors():
    assert _err(lambda: paddle.amp.auto_cast(level="O5").__enter__()) == CPU["auto_cast_bad_level"]
    assert _err(lambda: paddle.amp.auto_cast(dtype="float64").__enter__()) == CPU["auto_cast_bad_dtype"]
    overlap = paddle.amp.auto_cast(custom_white_list=["exp"], custom_black_list=["exp"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert _err(overlap.__enter__) == CPU["auto_cast_overlap"]


@pytest.mark.verifies("paddle.amp.is_float16_supported", "paddle.amp.is_bfloat16_supported")
def test_supported_on_cpu():
    assert [paddle.amp.is_float16_supported(), paddle.amp.is_bfloat16_supported(),
            paddle.amp.is_float16_supported("cpu"), paddle.amp.is_bfloat16_supported("cpu")] == CPU["supported"]


@pytest.mark.verifies("paddle.amp.decorate")
def test_decorate_on_cpu():
    model = paddle.nn.Linear(2, 2)
    opt = paddle.optimizer.SGD(parameters=model.parameters())
    m2, o2 = paddle.amp.decorate(model, opt, level="O2")
    assert [m2 is model, o2 is opt, str(model.weight.dtype)] == CPU["decorate_O2_cpu"]
    assert (paddle.amp.decorate(model, level="O1") is model) == CPU["decorate_O1"]
    assert _err(lambda: paddle.amp.decorate(model, level="O3")) == CPU["decorate_bad_level"]
    assert _err(lambda: paddle.amp.decorate(model, level="O2", dtype="float64")) == CPU["decorate_bad_dtype"]


def test_op_lists_match_paddle():
    from paddle.amp.auto_cast import _update_list

    got = {d: {lv: sorted(v) for lv, v in d2.items()} for d, d2 in paddle.amp.white_list().items()}
    assert got == CPU["white_list"]
    got = {d: {lv: sorted(v) for lv, v in d2.items()} for d, d2 in paddle.amp.black_list().items()}
    assert got == CPU["black_list"]
    for key, (white, black) in CPU["lists"].items():
        if key == "custom":
            w, b = _update_list(["exp", "relu"], ["matmul", "conv2d"], "O1", "float16")
        else:
            dtype, level = key.split("/")
            w, b = _update_list(None, None, level, dtype)
        assert [sorted(w), sorted(b)] == [white, black], key


# --- the CPU opt-in: per-op dtypes from Paddle's lists ---------------------------------------------------------
@pytest.fixture
def opt_in(monkeypatch):
    monkeypatch.setenv("PADDLE_COMPAT_CPU_AMP", "1")


X = paddle.to_tensor(np.random.RandomState(0).rand(4, 8).astype("float32"))
W = paddle.to_tensor(np.random.RandomState(1).rand(8, 3).astype("float32"))
B = paddle.to_tensor(np.random.RandomState(2).rand(3).astype("float32"))
IMG = paddle.to_tensor(np.random.RandomState(3).rand(1, 2, 6, 6).astype("float32"))
K = paddle.to_tensor(np.random.RandomState(4).rand(3, 2, 3, 3).astype("float32"))
LABEL = paddle.to_tensor(np.array([0, 1, 2, 1]))

# op -> (Paddle op name deciding its dtype, callable)
WHITE_OPS = {
    "matmul": lambda: paddle.matmul(X, W),
    "matmul_operator": lambda: X @ W,
    "mm": lambda: paddle.mm(X, W),
    "linear_no_bias": lambda: F.linear(X, W),
    "einsum": lambda: paddle.einsum("ij,jk->ik", X, W),
    "conv2d_no_bias": lambda: F.conv2d(IMG, K),
    "conv1d_no_bias": lambda: F.conv1d(IMG[:, :, 0], K[:, :, 0]),
    "max_pool2d_with_index": lambda: F.max_pool2d(IMG, 2, return_mask=True)[0],
}
# outputs of an add (gray, promoting) of a low-precision product and a float32 bias
PROMOTED_TO_FP32 = {
    "linear": lambda: F.linear(X, W, B),
    "conv2d": lambda: F.conv2d(IMG, K, B),
    "add_mixed": lambda: paddle.matmul(X, W) + B,
}


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("level", ["O1", "O2"])
def test_white_list_ops_run_low(opt_in, dtype, level):
    with paddle.amp.auto_cast(level=level, dtype=dtype):
        for name, fn in WHITE_OPS.items():
            assert str(fn().dtype) == f"paddle.{dtype}", name
        for name, fn in PROMOTED_TO_FP32.items():
            assert str(fn().dtype) == "paddle.float32", name
    assert str(paddle.matmul(X, W).dtype) == "paddle.float32"  # off again after the guard


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_black_list_ops_run_float32_at_o1(opt_in, dtype):
    low = X.astype(dtype)
    with paddle.amp.auto_cast(level="O1", dtype=dtype):
        assert str(F.softmax(low).dtype) == "paddle.float32"
        assert str(F.log_softmax(low).dtype) == "paddle.float32"
        assert str(F.layer_norm(low, 8).dtype) == "paddle.float32"
        assert str(F.cross_entropy(low, LABEL).dtype) == "paddle.float32"
        # gray ops follow their inputs
        assert str(F.relu(low).dtype) == f"paddle.{dtype}"
        assert str(F.relu(X).dtype) == "paddle.float32"
    with paddle.amp.auto_cast(level="O2", dtype=dtype):  # at O2 only EXTRA_BLACK_LIST is black
        assert str(F.softmax(low).dtype) == f"paddle.{dtype}"


def test_custom_lists(opt_in):
    with paddle.amp.auto_cast(custom_black_list=["matmul_v2"], dtype="bfloat16"):
        assert str(paddle.matmul(X, W).dtype) == "paddle.float32"
        assert str(paddle.einsum("ij,jk->ik", X, W).dtype) == "paddle.bfloat16"
    with paddle.amp.auto_cast(custom_white_list=["softmax"], dtype="bfloat16"):
        assert str(F.softmax(X).dtype) == "paddle.bfloat16"
    with paddle.amp.auto_cast(level="O2", dtype="bfloat16", use_promote=False):
        assert str((X + X).dtype) == "paddle.bfloat16"
    with paddle.amp.auto_cast(level="O2", dtype="bfloat16", use_promote=True):
        assert str((X + X).dtype) == "paddle.float32"


def test_nested_disable(opt_in):
    with paddle.amp.auto_cast(dtype="bfloat16"):
        with paddle.amp.auto_cast(enable=False):
            assert str(paddle.matmul(X, W).dtype) == "paddle.float32"
            assert str(F.softmax(X.astype("bfloat16")).dtype) == "paddle.bfloat16"
        assert str(paddle.matmul(X, W).dtype) == "paddle.bfloat16"


def test_values_and_grads_under_bf16(opt_in):
    x = X.clone()
    x.stop_gradient = False
    with paddle.amp.auto_cast(dtype="bfloat16"):
        y = paddle.matmul(x, W)
    y.astype("float32").sum().backward()
    ref = X.numpy() @ W.numpy()
    np.testing.assert_allclose(y.astype("float32").numpy(), ref, rtol=2e-2, atol=2e-2)
    assert str(x.grad.dtype) == "paddle.float32"
    np.testing.assert_allclose(x.grad.numpy(), np.tile(W.numpy().sum(1), (4, 1)), rtol=2e-2, atol=2e-2)


def test_decorate_o2_opt_in(opt_in):
    model = paddle.nn.Sequential(paddle.nn.Linear(8, 4), paddle.nn.LayerNorm(4), paddle.nn.BatchNorm1D(4),
                                 paddle.nn.Linear(4, 2))
    opt = paddle.optimizer.Adam(learning_rate=0.1, parameters=model.parameters())
    model, opt = paddle.amp.decorate(model, opt, level="O2", dtype="bfloat16", excluded_layers=[model[3]],
                                     save_dtype="float32")
    assert str(model[0].weight.dtype) == "paddle.bfloat16"
    assert str(model[1].weight.dtype) == "paddle.bfloat16"  # LayerNorm stays float32 only for float16
    assert str(model[2].weight.dtype) == "paddle.float32"  # BatchNorm always float32
    assert str(model[3].weight.dtype) == "paddle.float32"  # excluded
    assert opt._multi_precision is True
    assert all(str(v.dtype) == "paddle.float32" for v in model.state_dict().values() if v.dtype != paddle.int64)
    with paddle.amp.auto_cast(level="O2", dtype="bfloat16"):
        loss = (model(X).astype("float32") ** 2).mean()
    loss.backward()
    before = model[0].weight.astype("float32").numpy()
    opt.step()
    assert str(model[0].weight.dtype) == "paddle.bfloat16"
    assert not np.array_equal(before, model[0].weight.astype("float32").numpy())
    assert _err(lambda: paddle.amp.decorate(model, level="O2", excluded_layers=3))[0] == "TypeError"


@pytest.mark.skipif(not __import__("torch").cuda.is_available(), reason="needs a CUDA device")
@pytest.mark.parametrize("level", ["O1", "O2"])
def test_lenet_amp_on_gpu_tracks_fp32(level):
    """O1/O2 LeNet losses within 1e-2 relative of float32 over 50 steps (a GPU check, no golden)."""
    paddle.set_device("gpu")
    try:
        data = paddle.to_tensor(np.random.RandomState(0).rand(16, 1, 28, 28).astype("float32"))
        label = paddle.to_tensor(np.random.RandomState(1).randint(0, 10, (16, 1)).astype("int64"))

        def train(amp):
            paddle.seed(7)
            model = paddle.vision.models.LeNet()
            opt = paddle.optimizer.Adam(learning_rate=1e-3, parameters=model.parameters())
            scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
            if amp and level == "O2":
                model, opt = paddle.amp.decorate(model, opt, level="O2")
            losses = []
            for _ in range(50):
                with paddle.amp.auto_cast(enable=amp, level=level):
                    loss = F.cross_entropy(model(data), label)
                scaler.scale(loss).backward() if amp else loss.backward()
                if amp:
                    scaler.step(opt)
                    scaler.update()
                else:
                    opt.step()
                opt.clear_grad()
                losses.append(float(loss.astype("float32")))
            return np.array(losses)

        ref, got = train(False), train(True)
        np.testing.assert_allclose(got, ref, rtol=1e-2)
    finally:
        paddle.set_device("cpu")


@pytest.mark.parametrize("level", ["O1", "O2"])
def test_small_cnn_bf16_on_cpu_tracks_fp32(monkeypatch, level):
    """The CPU opt-in end to end (our behaviour, no golden): bfloat16 O1/O2 training of a small CNN stays within
    5e-2 relative of float32 over 10 steps."""
    monkeypatch.setenv("PADDLE_COMPAT_CPU_AMP", "bfloat16")
    rs = np.random.RandomState(0)
    data = paddle.to_tensor(rs.rand(8, 1, 12, 12).astype("float32"))
    label = paddle.to_tensor(rs.randint(0, 4, (8, 1)).astype("int64"))

    def train(amp):
        paddle.seed(5)
        model = paddle.nn.Sequential(paddle.nn.Conv2D(1, 4, 3), paddle.nn.ReLU(), paddle.nn.MaxPool2D(2),
                                     paddle.nn.Flatten(), paddle.nn.Linear(4 * 5 * 5, 4))
        opt = paddle.optimizer.Adam(learning_rate=1e-2, parameters=model.parameters())
        if amp and level == "O2":
            model, opt = paddle.amp.decorate(model, opt, level="O2", dtype="bfloat16")
        losses = []
        for _ in range(10):
            with paddle.amp.auto_cast(enable=amp, level=level, dtype="bfloat16"):
                logits = model(data)
            loss = F.cross_entropy(logits.astype("float32"), label)
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses.append(float(loss))
        return np.array(losses)

    ref, got = train(False), train(True)
    np.testing.assert_allclose(got, ref, rtol=5e-2)
    assert got[-1] < got[0]
