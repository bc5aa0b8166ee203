"""The engine and libm pieces of paddle_compat._core.paddle_rng against their references (the C++ standard's
required value, the platform's libm via ctypes, the engine itself drawing one word at a time)."""

import ctypes
import ctypes.util
import pickle

import numpy as np
import paddle
import pytest

from paddle_compat._core import paddle_rng


def test_default_seeded_engine_gives_the_standard_10000th_value():
    # [rand.predef]: the 10000th consecutive invocation of a default-constructed mt19937_64 produces this
    engine = paddle_rng.MT19937_64()
    assert int(engine.words(10000)[-1]) == 9981545732273789042


def test_bulk_words_equal_one_at_a_time_and_keep_rewinds():
    bulk = paddle_rng.MT19937_64(12345)
    single = paddle_rng.MT19937_64(12345)
    assert bulk.words(1000).tolist() == [single() for _ in range(1000)]
    before = bulk.get_state()
    drawn = bulk.words(2000)
    bulk.keep(700)
    after_keep = bulk.words(5)
    bulk.set_state(before)
    assert bulk.words(705)[700:].tolist() == after_keep.tolist() == drawn[700:705].tolist()


def test_glibc_logf_reproduces_the_platform_logf():
    libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    logf = libm.logf
    logf.restype = ctypes.c_float
    logf.argtypes = [ctypes.c_float]
    rng = np.random.default_rng(0)
    x = np.concatenate([
        rng.random(60000, dtype=np.float32), 1 - rng.random(20000, dtype=np.float32) * np.float32(1e-3),
        rng.random(20000, dtype=np.float32) * np.float32(1e-6), np.array([1.0, 0.5, 2**-126], np.float32)])
    x = x[x > 0]
    expected = np.array([logf(float(v)) for v in x], dtype=np.float32)
    assert np.array_equal(paddle_rng.glibc_logf(x), expected)


def test_state_survives_pickle_and_restores_the_stream():
    paddle.seed(99)
    paddle.rand([10])
    state = pickle.loads(pickle.dumps(paddle.get_rng_state()))
    first = paddle.randn([7]).numpy()
    paddle.rand([3])
    paddle.set_rng_state(state)
    assert np.array_equal(paddle.randn([7]).numpy(), first)
    assert state[0].current_seed() == 99


@pytest.mark.parametrize("values", [[3.0738697, -0.26095158, 1e-6, 6e-8, 70000.0, 65519.0, 0.0, -0.0]])
def test_half_conversions_truncate(values):
    x = np.array(values, np.float32)
    halves = paddle_rng.to_float16(x)
    # truncation toward zero: never above the magnitude, and the next float16 up is above it
    finite = np.isfinite(halves)
    assert np.all(np.abs(halves[finite].astype(np.float32)) <= np.abs(x[finite]))
    assert np.all(np.abs(paddle_rng.to_bfloat16_bits(x)) <= np.abs(x))


@pytest.mark.parametrize("bad", [-1, 2**64])
def test_seed_outside_uint64_raises_type_error_like_paddle(bad):
    # real Paddle 2.6.2: TypeError "manual_seed(): incompatible function arguments..." (pybind's uint64)
    with pytest.raises(TypeError, match="manual_seed\\(\\): incompatible function arguments"):
        paddle.seed(bad)


def test_state_survives_paddle_save_and_load(tmp_path):
    paddle.seed(4)
    paddle.rand([5])
    path = str(tmp_path / "rng.pdparams")
    paddle.save(paddle.get_rng_state(), path)
    expected = paddle.rand([3]).numpy()
    paddle.set_rng_state(paddle.load(path))
    assert np.array_equal(paddle.rand([3]).numpy(), expected)
