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
