"""Shortcuts in paddle_rng that skip building floats, against the float path they replace (same engine state)."""

import numpy as np
import pytest

from paddle_compat._core import paddle_rng

BELOW_ONE = float(np.nextafter(np.float32(1), np.float32(0)))
THRESHOLDS = [0.0, 1e-30, 2.0**-64, 0.1, 0.5, 0.9, BELOW_ONE, 1.0, 1.5, float("nan"), -0.5]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("threshold", THRESHOLDS)
def test_uniform_at_least_equals_comparing_the_uniform_draws(threshold, dtype):
    fast, slow = paddle_rng.MT19937_64(31), paddle_rng.MT19937_64(31)
    n = 50_000
    expected = paddle_rng.uniform_real(slow, n, 0, 1, dtype) >= dtype(threshold)
    assert np.array_equal(paddle_rng.uniform_at_least(fast, n, dtype(threshold), dtype), expected)
    assert np.array_equal(fast.words(3), slow.words(3))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_uniform_at_least_at_the_rounding_edges(dtype):
    # words on both sides of each threshold's first word, where the float rounding decides
    for threshold in (0.1, 0.5, 0.3, BELOW_ONE):
        paddle_rng.uniform_at_least(paddle_rng.MT19937_64(1), 1, dtype(threshold), dtype)
        first = paddle_rng._FIRST_WORD_AT_LEAST[(float(dtype(threshold)), dtype)]
        words = np.array([first + d for d in range(-3000, 3000, 7) if 0 <= first + d < 2**64], dtype=np.uint64)
        assert np.array_equal(words >= np.uint64(first), paddle_rng.canonical(words, dtype) >= dtype(threshold))


def _reference_canonical(words, dtype):
    u = words.astype(dtype)  # numpy's own uint64 -> float cast (correctly rounded)
    u *= dtype(2.0**-64)
    return np.minimum(u, np.nextafter(dtype(1), dtype(0)))


def _rounding_edge_words():
    values = set()
    for exponent in range(64):
        for shift in range(exponent + 1):
            for base in (1 << exponent, (1 << exponent) + (3 << shift), (1 << 64) - (1 << shift)):
                for delta in (-2, -1, 0, 1, 2):
                    value = base + (1 << shift >> 1) + delta
                    if 0 <= value < 1 << 64:
                        values.add(value)
    return np.array(sorted(values), dtype=np.uint64)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_canonical_equals_numpys_uint64_cast(dtype):
    rng = np.random.default_rng(5)
    words = np.concatenate([rng.integers(0, 2**64, 200_000, dtype=np.uint64, endpoint=False),
                            rng.integers(0, 2**30, 20_000, dtype=np.uint64), _rounding_edge_words()])
    assert np.array_equal(paddle_rng.canonical(words, dtype), _reference_canonical(words, dtype))


def _reference_normal(engine, n, mean, std, dtype):
    """The polar method over the whole draw at once (the form the oracle goldens were first matched with)."""
    firsts, seconds = [], []
    pairs = (n + 1) // 2
    while pairs > 0:
        attempts = int(pairs * 1.2733 + 6 * np.sqrt(pairs) + 8)
        u = paddle_rng.canonical(engine.words(2 * attempts), dtype) * dtype(2) - dtype(1)
        x, y = u[0::2], u[1::2]
        r2 = x * x + y * y
        accepted = np.flatnonzero((r2 <= 1) & (r2 != 0))
        if len(accepted) >= pairs:
            accepted = accepted[:pairs]
            engine.keep(2 * (int(accepted[-1]) + 1))
        x, y, r2 = x[accepted], y[accepted], r2[accepted]
        log = paddle_rng.glibc_logf(r2) if dtype is np.float32 else paddle_rng._glibc_log(r2)
        mult = np.sqrt(dtype(-2) * log / r2)
        firsts.append(y * mult)
        seconds.append(x * mult)
        pairs -= len(accepted)
    out = np.empty(2 * ((n + 1) // 2), dtype=dtype)
    out[0::2], out[1::2] = np.concatenate(firsts), np.concatenate(seconds)
    out = out[:n] * dtype(std)
    out += dtype(mean)
    return out


@pytest.mark.parametrize("chunk", [None, 64])
@pytest.mark.parametrize(("n", "dtype"), [(1, np.float32), (2, np.float32), (7, np.float32),
                                          (150_001, np.float32), (1_100_000, np.float32), (5_001, np.float64)])
def test_chunked_polar_normal_equals_the_whole_draw(n, dtype, chunk, monkeypatch):
    if chunk:
        monkeypatch.setattr(paddle_rng, "_CACHE_CHUNK", chunk)
        n = min(n, 20_001)
    fast, slow = paddle_rng.MT19937_64(8), paddle_rng.MT19937_64(8)
    fast.words(5), slow.words(5)
    got = paddle_rng.normal(fast, n, dtype(0.25), dtype(3.0), dtype)
    assert np.array_equal(got, _reference_normal(slow, n, 0.25, 3.0, dtype))
    assert np.array_equal(fast.words(4), slow.words(4))


@pytest.mark.parametrize("n", [0, 1, 6, 7, 100_000, 2_000_001])
def test_drawing_into_a_given_array_equals_the_returned_draw(n):
    for draw in (paddle_rng.uniform_real, paddle_rng.normal):
        given, returned = paddle_rng.MT19937_64(12), paddle_rng.MT19937_64(12)
        given.words(3), returned.words(3)
        out = np.empty(n, np.float32)
        assert draw(given, n, np.float32(-2), np.float32(3), np.float32, out=out) is out
        assert np.array_equal(out, draw(returned, n, np.float32(-2), np.float32(3), np.float32))
        assert np.array_equal(given.words(5), returned.words(5))
