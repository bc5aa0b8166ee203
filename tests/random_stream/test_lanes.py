"""The lane path of paddle_rng's mt19937_64 (states a jump polynomial apart, twisted side by side) against the
same engine drawing sequentially in small pieces, word for word; and the stored jump polynomials against a
fresh derivation (tools/rng_jump_polys.py: Berlekamp-Massey on the engine's own output, then x^J mod p)."""

import importlib.util
import os

import numpy as np
import pytest

from paddle_compat._core import paddle_rng

K = paddle_rng._JUMP_BLOCKS[0] * 312  # words per short lane
LONG = paddle_rng._JUMP_BLOCKS[1] * 312
PIECE = 100_000  # below two jumps: always the sequential path


def sequential_words(engine, n):
    parts = []
    while n > 0:
        parts.append(engine.words(min(n, PIECE)))
        n -= len(parts[-1])
    return np.concatenate(parts) if parts else np.empty(0, np.uint64)


@pytest.fixture
def lane_calls(monkeypatch):
    """How many lane groups were twisted (so the tests below know they compared the lane path)."""
    calls = []
    original = paddle_rng._twist_lanes

    def counting(starts, *args):
        calls.append(len(starts))
        return original(starts, *args)

    monkeypatch.setattr(paddle_rng, "_twist_lanes", counting)
    return calls


def seeded(offset, seed=2024):
    engine = paddle_rng.MT19937_64()
    engine.seed_sequence(seed)
    if offset:
        engine.words(offset)
    return engine


@pytest.mark.parametrize("offset", [0, 5, 311, 312, 313, 1000])
@pytest.mark.parametrize("n", [6 * K + 312 + 1, 7 * K + 17, 7 * K + 312 * 3])
def test_lane_draw_equals_sequential_draw(offset, n, lane_calls):
    lanes, reference = seeded(offset), seeded(offset)
    drawn = lanes.words(n)
    assert lane_calls and lane_calls[0] >= 6
    assert np.array_equal(drawn, sequential_words(reference, n))
    assert lanes.get_state()[1] == reference.get_state()[1]
    assert np.array_equal(lanes.get_state()[0], reference.get_state()[0])
    assert np.array_equal(lanes.words(700), reference.words(700))


def test_requests_straddling_lane_groups(monkeypatch, lane_calls):
    monkeypatch.setattr(paddle_rng, "_LANES", 3)  # groups of 3 lanes: this request needs two groups and a rest
    monkeypatch.setattr(paddle_rng, "_SHORT_LANES_FROM", 2)
    lanes, reference = seeded(77), seeded(77)
    n = 6 * K + 5 * 312 + 9
    drawn = lanes.words(n)
    assert lane_calls == [3, 3]
    assert np.array_equal(drawn, sequential_words(reference, n))
    assert np.array_equal(lanes.words(10), reference.words(10))


def test_long_lanes_equal_sequential_draw(monkeypatch, lane_calls):
    monkeypatch.setattr(paddle_rng, "_LONG_LANES_FROM", 2)
    monkeypatch.setattr(paddle_rng, "_SHORT_LANES_FROM", 2)
    lanes, reference = seeded(9), seeded(9)
    n = 2 * LONG + 3 * K + 5
    drawn = lanes.words(n)
    assert lane_calls == [2, 2]  # two long lanes, then two short ones (9 words came from the current block)
    assert np.array_equal(drawn, sequential_words(reference, n))
    assert np.array_equal(lanes.words(10), reference.words(10))


@pytest.mark.parametrize("consumed", [3, 311, 312 * 256 + 5, K - 1, K + 300, 2 * K + 311 * 312, 6 * K + 100,
                                      7 * K + 4000])
def test_keep_after_a_lane_draw_rewinds_to_any_position(consumed):
    lanes, reference = seeded(41), seeded(41)
    lanes.words(7 * K + 5000)
    lanes.keep(consumed)
    sequential_words(reference, consumed)
    assert np.array_equal(lanes.words(1000), reference.words(1000))


def test_set_state_round_trip_through_a_lane_draw():
    engine = seeded(123)
    before = engine.get_state()
    first = engine.words(6 * K + 4000)
    after = engine.get_state()
    engine.set_state(before)
    assert np.array_equal(engine.words(6 * K + 4000), first)
    assert np.array_equal(engine.get_state()[0], after[0]) and engine.get_state()[1] == after[1]


def test_integer_seeded_engine_and_uniform_draw_through_lanes():
    lanes, reference = paddle_rng.MT19937_64(99), paddle_rng.MT19937_64(99)
    n = 6 * K + 1234
    got = paddle_rng.uniform_real(lanes, n, np.float32(-1), np.float32(1), np.float32)
    expected = np.concatenate([paddle_rng.uniform_real(reference, m, np.float32(-1), np.float32(1), np.float32)
                               for m in (PIECE,) * (n // PIECE) + (n % PIECE,)])
    assert np.array_equal(got, expected)


def test_stored_jump_polynomials_match_a_fresh_derivation():
    path = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "rng_jump_polys.py")
    spec = importlib.util.spec_from_file_location("rng_jump_polys", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    p = tool.characteristic_polynomial()
    stored = np.fromfile(os.path.join(os.path.dirname(paddle_rng.__file__), "mt19937_64_jump.bin"), np.uint8)
    lanes = paddle_rng._STORED_LANES
    stored = stored.reshape(len(paddle_rng._JUMP_BLOCKS), lanes - 1, tool.POLY_BYTES)
    for i, jump_blocks in enumerate(paddle_rng._JUMP_BLOCKS):
        for k in (1, 2, lanes - 1):
            fresh = tool.x_power_mod(k * jump_blocks * 312, p).to_bytes(tool.POLY_BYTES, "little")
            assert fresh == stored[i, k - 1].tobytes()


@pytest.mark.parametrize("offset", [0, 7, 312])
@pytest.mark.parametrize("n", [5, 300, 313, 256 * 312 + 9, 6 * K + 700])
def test_draw_with_a_transform_equals_transforming_the_words(offset, n):
    def transform(words):
        return (words >> np.uint64(40)).astype(np.float64)

    piecewise, whole = seeded(offset, 5), seeded(offset, 5)
    assert np.array_equal(piecewise.draw(n, transform, np.float64), transform(whole.words(n)))
    assert np.array_equal(piecewise.words(9), whole.words(9))
    piecewise.keep(4)
    whole.keep(4)
    assert np.array_equal(piecewise.words(3), whole.words(3))


def test_keep_after_a_transformed_lane_draw():
    piecewise, reference = seeded(3), seeded(3)
    piecewise.draw(6 * K + 50, lambda words: words & np.uint64(1), np.uint64)
    piecewise.keep(2 * K + 17)
    sequential_words(reference, 2 * K + 17)
    assert np.array_equal(piecewise.words(400), reference.words(400))
