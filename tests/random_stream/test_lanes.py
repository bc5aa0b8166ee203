"""The lane path of paddle_rng's mt19937_64 (states a jump polynomial apart, twisted side by side) against the
same engine drawing sequentially in small pieces, word for word; and the stored jump polynomials against a
fresh derivation (tools/rng_jump_polys.py: Berlekamp-Massey on the engine's own output, then x^J mod p)."""

import importlib.util
import os

import numpy as np
import pytest

from paddle_compat._core import paddle_rng

K = paddle_rng._JUMP_BLOCKS * 312  # words per lane
PIECE = 100_000  # below two jumps: always the sequential path


def sequential_words(engine, n):
    parts = []
    while n > 0:
        parts.append(engine.words(min(n, PIECE)))
        n -= len(parts[-1])
    return np.concatenate(parts) if parts else np.empty(0, np.uint64)


def seeded(offset, seed=2024):
    engine = paddle_rng.MT19937_64()
    engine.seed_sequence(seed)
    if offset:
        engine.words(offset)
    return engine


@pytest.mark.parametrize("offset", [0, 5, 311, 312, 313, 1000])
@pytest.mark.parametrize("n", [2 * K + 312 + 1, 3 * K + 17, 3 * K + 312 * 3])
def test_lane_draw_equals_sequential_draw(offset, n):
    lanes, reference = seeded(offset), seeded(offset)
    assert np.array_equal(lanes.words(n), sequential_words(reference, n))
    assert lanes.get_state()[1] == reference.get_state()[1]
    assert np.array_equal(lanes.get_state()[0], reference.get_state()[0])
    assert np.array_equal(lanes.words(700), reference.words(700))


def test_requests_straddling_lane_groups(monkeypatch):
    monkeypatch.setattr(paddle_rng, "_LANES", 3)  # groups of 3 lanes: this request needs two groups and a rest
    lanes, reference = seeded(77), seeded(77)
    n = 6 * K + 5 * 312 + 9
    assert np.array_equal(lanes.words(n), sequential_words(reference, n))
    assert np.array_equal(lanes.words(10), reference.words(10))


@pytest.mark.parametrize("consumed", [3, 311, 312 * 256 + 5, K - 1, K + 300, 2 * K + 311 * 312, 3 * K + 100])
def test_keep_after_a_lane_draw_rewinds_to_any_position(consumed):
    lanes, reference = seeded(41), seeded(41)
    lanes.words(3 * K + 5000)
    lanes.keep(consumed)
    sequential_words(reference, consumed)
    assert np.array_equal(lanes.words(1000), reference.words(1000))


def test_set_state_round_trip_through_a_lane_draw():
    engine = seeded(123)
    before = engine.get_state()
    first = engine.words(2 * K + 4000)
    after = engine.get_state()
    engine.set_state(before)
    assert np.array_equal(engine.words(2 * K + 4000), first)
    assert np.array_equal(engine.get_state()[0], after[0]) and engine.get_state()[1] == after[1]


def test_integer_seeded_engine_and_uniform_draw_through_lanes():
    lanes, reference = paddle_rng.MT19937_64(99), paddle_rng.MT19937_64(99)
    n = 2 * K + 1234
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
    stored = stored.reshape(paddle_rng._LANES - 1, tool.POLY_BYTES)
    for k in (1, 2, paddle_rng._LANES - 1):
        fresh = tool.x_power_mod(k * K, p).to_bytes(tool.POLY_BYTES, "little")
        assert fresh == stored[k - 1].tobytes()
