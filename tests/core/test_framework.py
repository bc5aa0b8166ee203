"""Framework API: devices, random state, flags, mode switches, dtype info, print options.

Messages/exception types asserted here were read from real Paddle 2.6.2 (CPU build) on the oracle.
"""

import copy
import pickle

import numpy as np
import paddle
import pytest
import torch


def test_device_cpu_only_answers():
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    assert paddle.get_device() == "cpu"
    assert paddle.device.get_all_device_type() == [] and paddle.device.get_available_device() == []
    assert paddle.device.cuda.device_count() == 0
    assert not paddle.is_compiled_with_cuda() and not paddle.is_compiled_with_rocm()
    assert not paddle.is_compiled_with_xpu() and paddle.get_cudnn_version() is None
    msg = "The device should not be 'gpu', since PaddlePaddle is not compiled with CUDA"
    with pytest.raises(ValueError, match=msg):
        paddle.set_device("gpu")
    with pytest.raises(ValueError, match="not supported in CPU-only PaddlePaddle"):
        paddle.device.cuda.memory_allocated()
    with pytest.raises(RuntimeError, match="not compiled with CUDA"):
        paddle.device.cuda.synchronize()
    paddle.device.cuda.empty_cache()  # a no-op, as in Paddle
    assert paddle.get_device() == "cpu"


def test_set_device_cpu_and_places():
    p = paddle.set_device("cpu")
    assert str(p) == "Place(cpu)" and paddle.get_device() == "cpu"
    x = paddle.to_tensor([1.0])
    assert x.place == paddle.CPUPlace() and x.place.is_cpu_place()
    assert str(x.cpu().place) == "Place(cpu)"
    assert x.to("cpu").place.is_cpu_place() and x.to("float64").dtype == paddle.float64
    with pytest.raises(ValueError):
        paddle.set_device("tpu")


def test_seed_and_rng_state_roundtrip():
    paddle.seed(123)
    a = torch.rand(3)
    paddle.seed(123)
    b = torch.rand(3)
    assert torch.equal(a, b)
    st = paddle.get_rng_state()
    assert isinstance(st, list) and len(st) == 1
    c = torch.rand(4)
    paddle.set_rng_state(st)
    assert torch.equal(c, torch.rand(4))
    st2 = pickle.loads(pickle.dumps(st))
    paddle.set_rng_state(st2)
    assert torch.equal(c, torch.rand(4))
    with pytest.raises(ValueError, match="Length of cpu state list"):
        paddle.set_rng_state(st + st)
    if not torch.cuda.is_available():
        assert paddle.get_cuda_rng_state() == []
    g = paddle.seed(7)
    assert g.initial_seed() == 7


def test_flags():
    assert paddle.get_flags("FLAGS_check_nan_inf") == {"FLAGS_check_nan_inf": False}
    assert paddle.get_flags(["FLAGS_eager_delete_tensor_gb"]) == {"FLAGS_eager_delete_tensor_gb": 0.0}
    paddle.set_flags({"FLAGS_eager_delete_tensor_gb": 1.0})
    assert paddle.get_flags("FLAGS_eager_delete_tensor_gb")["FLAGS_eager_delete_tensor_gb"] == 1.0
    paddle.set_flags({"FLAGS_eager_delete_tensor_gb": 0.0})
    with pytest.raises(ValueError, match="Flag FLAGS_nonexist cannot get its value through this function."):
        paddle.get_flags("FLAGS_nonexist")
    with pytest.raises(ValueError, match="cannot set its value"):
        paddle.set_flags({"FLAGS_nonexist": 1})
    with pytest.raises(TypeError):
        paddle.set_flags(["FLAGS_check_nan_inf"])
    with pytest.raises(TypeError):
        paddle.get_flags(3)


def test_modes():
    assert paddle.in_dynamic_mode() is True
    paddle.disable_static()
    paddle.enable_static()  # static graph mode: tests/static cover it
    try:
        assert paddle.in_dynamic_mode() is False
    finally:
        paddle.disable_static()
    assert paddle.in_dynamic_mode() is True
    with paddle.LazyGuard():
        pass
    paddle.disable_signal_handler()


def test_iinfo_finfo_reprs():
    # strings below were printed by real Paddle 2.6.2
    assert repr(paddle.iinfo(paddle.uint8)) == "paddle.iinfo(min=0, max=255, bits=8, dtype=uint8)"
    assert str(paddle.iinfo(paddle.int32)) == (
        "paddle.iinfo(min=-2147483648, max=2147483647, bits=32, dtype=int32)")
    assert str(paddle.finfo(paddle.float32)) == (
        "paddle.finfo(min=-3.40282e+38, max=3.40282e+38, eps=1.19209e-07, resolution=1e-06, "
        "smallest_normal=1.17549e-38, tiny=1.17549e-38, bits=32, dtype=float32)")
    assert str(paddle.finfo("float16")) == (
        "paddle.finfo(min=-65504, max=65504, eps=0.000976562, resolution=0.001, smallest_normal=6.10352e-05, "
        "tiny=6.10352e-05, bits=16, dtype=float16)")
    assert str(paddle.finfo(paddle.bfloat16)) == (
        "paddle.finfo(min=-3.38953e+38, max=3.38953e+38, eps=0.0078125, resolution=0.01, "
        "smallest_normal=1.17549e-38, tiny=1.17549e-38, bits=16, dtype=bfloat16)")
    assert paddle.finfo(paddle.complex64).dtype == "float32"
    assert paddle.iinfo(paddle.int64).min == -9223372036854775808
    with pytest.raises(ValueError):
        paddle.iinfo(paddle.float32)
    with pytest.raises(ValueError):
        paddle.finfo(paddle.int32)


def test_set_printoptions():
    x = paddle.to_tensor(np.arange(12, dtype="float32").reshape(3, 4) / 7)
    try:
        paddle.set_printoptions(precision=3)
        assert "0.143" in str(x) and "0.14285715" not in str(x)
        paddle.set_printoptions(sci_mode=True)
        assert "1.429e-01" in str(x)
        paddle.set_printoptions(threshold=5, edgeitems=1, sci_mode=False)
        assert "..." in str(x)
        with pytest.raises(TypeError):
            paddle.set_printoptions(precision=2.5)
    finally:
        paddle.set_printoptions(precision=8, threshold=1000, edgeitems=3, sci_mode=False, linewidth=80)


def test_default_dtype():
    assert paddle.get_default_dtype() == "float32"
    try:
        paddle.set_default_dtype("float64")
        assert paddle.to_tensor(1.5).dtype == paddle.float64
        assert paddle.to_tensor([1.5]).dtype == paddle.float64
        assert paddle.to_tensor(1 + 1j).dtype == paddle.complex128
        with pytest.raises(TypeError):
            paddle.set_default_dtype("int32")
    finally:
        paddle.set_default_dtype("float32")
    assert paddle.to_tensor(1.5).dtype == paddle.float32


def test_dtype_objects():
    assert str(paddle.float32) == "paddle.float32" and repr(paddle.float32) == "<VarType.FP32: 5>"
    assert repr(paddle.bfloat16) == "<VarType.BF16: 22>" and str(paddle.bool) == "paddle.bool"
    assert paddle.float32 != "float32"  # Paddle compares dtype objects, not strings
    assert isinstance(paddle.float32, paddle.dtype)
    assert copy.deepcopy(paddle.int64) is paddle.int64
    assert pickle.loads(pickle.dumps(paddle.float16)) is paddle.float16


def test_check_shape():
    # Paddle 2.6.2 checks shapes of static-graph ops only; in dynamic mode it returns None for anything
    assert paddle.check_shape([2, 3], "op") is None
    assert paddle.check_shape("abc", "op") is None


def test_device_stream_event_signatures_and_cpu_errors():
    import inspect

    assert list(inspect.signature(paddle.device.Stream).parameters) == ["device", "priority", "stream_base"]
    assert list(inspect.signature(paddle.device.Event).parameters) == [
        "device", "enable_timing", "blocking", "interprocess"]
    if paddle.device.cuda.device_count():
        s = paddle.device.Stream()
        e = s.record_event()
        e.synchronize()
        assert paddle.device.current_stream() == paddle.device.current_stream()
        prev = paddle.device.set_stream(s)
        assert paddle.device.current_stream() == s
        paddle.device.set_stream(prev)
        with paddle.device.stream_guard(s):
            assert paddle.device.current_stream() == s
        return
    for f in (paddle.device.Stream, paddle.device.Event, paddle.device.current_stream):
        with pytest.raises(TypeError, match="device should be gpu"):
            f()  # CPU-only Paddle 2.6.2 raises the same
    with pytest.raises(AttributeError):
        paddle.device.set_stream(None)


def test_device_misc_signatures():
    with pytest.raises(TypeError):
        paddle.device.XPUPlace()  # dev_id is required
    with pytest.raises(ValueError, match="not compiled with XPU"):
        paddle.device.XPUPlace(0)
    with pytest.raises(TypeError):
        paddle.device.is_compiled_with_custom_device()
    assert paddle.device.is_compiled_with_custom_device("npu") is False


def test_no_grad_takes_no_arguments():
    with pytest.raises(TypeError, match="takes no arguments"):
        paddle.no_grad(1)
    with pytest.raises(TypeError, match="takes no arguments"):
        paddle.no_grad(lambda: 1, 2)
