"""Paddle's CPU random streams, bit for bit: a ``std::mt19937_64`` engine and the libstdc++ distributions that
Paddle 2.6's CPU kernels draw with, vectorised in numpy.

Facts reproduced (checked against real Paddle 2.6.2, see tests/random_stream):

* ``paddle.seed(s)`` seeds the global engine through ``std::seed_seq({s})`` (its 32-bit low word); an op's own
  non-zero ``seed`` attribute makes a fresh engine seeded with the integer directly (``engine.seed(s)``).
* ``generate_canonical<T, digits>`` takes ONE 64-bit word: ``T(word) * 2**-64`` (clamped below 1).
* ``uniform_real_distribution<T>(a, b)``: ``u * (b - a) + a`` in T; Paddle passes min/max as float32.
* ``normal_distribution<T>``: Marsaglia's polar method in T, returning ``y * m`` then the cached ``x * m``; the
  kernels build one distribution object per call (the cached value dies with it).  float32 maths uses glibc's
  ``logf`` (reproduced below from its published table), float64 glibc's ``log`` (``math.log`` is that function).
* ``uniform_int_distribution``: the two-division method of the libstdc++ Paddle 2.6.2 was built with.

Speed without leaving the stream: large draws twist up to 32 stretches of it side by side, their start states
a stored jump polynomial apart (see the lanes section; tests/random_stream/test_lanes.py checks them word for
word against the sequential loop), and elementwise distributions are applied while the words are made
(``engine.draw``), in cache-sized pieces.
"""

import math

import numpy as np

_N, _M = 312, 156
_UPPER = np.uint64(0xFFFFFFFF80000000)
_LOWER = np.uint64(0x7FFFFFFF)
_MATRIX_A = np.uint64(0xB5026F5AA96619E9)
_ONE = np.uint64(1)
_MASK64 = (1 << 64) - 1
_MASK32 = 0xFFFFFFFF
_TWO_POW_M64 = 2.0**-64


def _seed_seq_words(seed, count):
    """``std::seed_seq({seed}).generate`` of ``count`` 32-bit words (the C++11 algorithm)."""
    entropy = [seed & _MASK32]
    s = len(entropy)
    b = [0x8B8B8B8B] * count
    t = 11 if count >= 623 else 7 if count >= 68 else 5 if count >= 39 else 3 if count >= 7 else (count - 1) // 2
    p = (count - t) // 2
    q = p + t
    m = max(s + 1, count)
    for k in range(m):
        mixed = b[k % count] ^ b[(k + p) % count] ^ b[(k - 1) % count]
        r1 = (1664525 * (mixed ^ (mixed >> 27))) & _MASK32
        r2 = (r1 + (s if k == 0 else (k % count + entropy[k - 1]) if k <= s else k % count)) & _MASK32
        b[(k + p) % count] = (b[(k + p) % count] + r1) & _MASK32
        b[(k + q) % count] = (b[(k + q) % count] + r2) & _MASK32
        b[k % count] = r2
    for k in range(m, m + count):
        summed = (b[k % count] + b[(k + p) % count] + b[(k - 1) % count]) & _MASK32
        r3 = (1566083941 * (summed ^ (summed >> 27))) & _MASK32
        r4 = (r3 - k % count) & _MASK32
        b[(k + p) % count] ^= r3
        b[(k + q) % count] ^= r4
        b[k % count] = r4
    return b


_SEED_SEQ_CACHE = {}


def _seed_seq_state(seed):
    key = seed & _MASK32
    state = _SEED_SEQ_CACHE.get(key)
    if state is None:
        w = _seed_seq_words(key, 2 * _N)
        words = [w[2 * i] | (w[2 * i + 1] << 32) for i in range(_N)]
        if not (words[0] >> 31) and not any(words[1:]):
            words[0] = 1 << 63
        state = np.array(words, dtype=np.uint64)
        if len(_SEED_SEQ_CACHE) < 64:
            _SEED_SEQ_CACHE[key] = state
    return state.copy()


def _integer_seed_state(seed):
    words = [seed & _MASK64]
    for i in range(1, _N):
        prev = words[-1]
        words.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & _MASK64)
    return np.array(words, dtype=np.uint64)


_CHUNK_BLOCKS = 256  # tempering runs every ~80k words, on words still in cache; also the checkpoint spacing


def _twist_bulk(old_lo, old_hi, old_half, new_first, new_first_short, new_second, y, t, y_first, y_second):
    """One MT19937-64 twist of every word but the last, on whole views at once: ``y``/``t`` are scratch the shape of
    ``old_lo`` and ``y_first``/``y_second`` their views split at _M (the last word needs the new first one, so
    the callers finish it)."""
    np.bitwise_and(old_lo, _UPPER, out=y)
    np.bitwise_and(old_hi, _LOWER, out=t)
    np.bitwise_or(y, t, out=y)
    np.bitwise_and(t, _ONE, out=t)
    np.multiply(t, _MATRIX_A, out=t)
    np.right_shift(y, _ONE, out=y)
    np.bitwise_xor(y, t, out=y)
    np.bitwise_xor(old_half, y_first, out=new_first)
    np.bitwise_xor(new_first_short, y_second, out=new_second)


def _twist_blocks(state, nblocks, tempered=None, temper=True, transform=None):
    """Twist ``nblocks`` blocks after ``state``; when ``tempered`` is given, write the tempered outputs of the
    first ``len(tempered)`` generated words into it (it may end inside the last block; ``temper=False``: the raw
    words; ``transform``: ``transform(words)``, an elementwise map to tempered's dtype, applied piecewise so
    no array of all the words is ever built).

    Returns the raw states after 0, C, 2C, ... blocks (C = _CHUNK_BLOCKS; ``keep`` re-twists from them) and
    the raw states after each of the last (up to C) blocks, the last one being the new state. No array of all
    raw words is kept: large draws stay in cache.

    Block b+1 is old[156:312] ^ f(old[k], old[k+1]) for its first 156 words and new[k-156] ^ f(old[k], old[k+1])
    for the next 155, so one vector pass computes f over the old block; only the last word waits for new[0].
    The blocks alternate between two fixed buffers whose slices are made once (numpy's per-call overhead,
    not the arithmetic, is what this loop costs)."""
    buffers = (np.array(state, dtype=np.uint64), np.empty(_N, dtype=np.uint64))
    checkpoints = [buffers[0].copy()]
    views = []
    for parity in (0, 1):
        old, new = buffers[parity], buffers[1 - parity]
        views.append((old[:-1], old[1:], old[_M:], new[:_M], new[:_M - 1], new[_M:_N - 1], old, new))
    y = np.empty(_N - 1, dtype=np.uint64)
    t = np.empty(_N - 1, dtype=np.uint64)
    y_first, y_second = y[:_M], y[_M:]
    copyto = np.copyto
    upper, lower, matrix = int(_UPPER), int(_LOWER), int(_MATRIX_A)
    total = 0 if tempered is None else len(tempered)
    full_blocks = min(nblocks, total // _N)
    if transform is None:
        rows = None if tempered is None else tempered[:full_blocks * _N].reshape(full_blocks, _N)
    else:
        stage = np.empty(min(nblocks, _CHUNK_BLOCKS) * _N, dtype=np.uint64)
        rows, full_blocks = stage.reshape(-1, _N), nblocks
    scratch = None if tempered is None or not temper else np.empty(_CHUNK_BLOCKS * _N, dtype=np.uint64)
    done = 0
    tail_from = max(0, nblocks - _CHUNK_BLOCKS)
    tail = np.empty((nblocks - tail_from, _N), dtype=np.uint64)
    for b in range(nblocks):
        old_lo, old_hi, old_half, new_first, new_first_short, new_second, old, new = views[b & 1]
        _twist_bulk(old_lo, old_hi, old_half, new_first, new_first_short, new_second, y, t, y_first, y_second)
        first = int(new[0])
        mixed = (int(old[_N - 1]) & upper) | (first & lower)
        new[_N - 1] = int(new[_M - 1]) ^ (mixed >> 1) ^ (matrix if first & 1 else 0)
        if transform is not None:
            copyto(rows[b % _CHUNK_BLOCKS], new)
        elif b < full_blocks:
            copyto(rows[b], new)
        elif b * _N < total:
            tempered[b * _N:] = new[:total - b * _N]
        if (b + 1) % _CHUNK_BLOCKS == 0:
            checkpoints.append(new.copy())
        if b >= tail_from:
            copyto(tail[b - tail_from], new)
        if scratch is not None and ((b + 1) % _CHUNK_BLOCKS == 0 or b == nblocks - 1):
            stop = min((b + 1) * _N, total)
            if stop > done:
                if transform is None:
                    _temper_inplace(tempered[done:stop], scratch[:stop - done])
                else:
                    tempered[done:stop] = transform(_temper_inplace(stage[:stop - done], scratch[:stop - done]))
                done = stop
    return checkpoints, tail


def _raw_state_after(checkpoints, tail, total, blocks):
    """The raw state ``blocks`` blocks after checkpoints[0], from a ``_twist_blocks`` result of ``total`` blocks."""
    if blocks > total - len(tail):
        return tail[blocks - total + len(tail) - 1]
    index = blocks // _CHUNK_BLOCKS
    start = checkpoints[index]
    rest = blocks - index * _CHUNK_BLOCKS
    return start if rest == 0 else _twist_blocks(start, rest)[1][-1]


# --- lanes: P stretches of the stream twisted together -------------------------------------------------
# The block recursion is sequential, so one block per Python iteration is what the loop above costs. The
# state JUMP_BLOCKS blocks ahead is a GF(2)-linear function of the current one: with c = x^J mod p(x) (p the
# characteristic polynomial of the transition, J the distance in words), every raw word satisfies
# x[n + J] = XOR of x[n + j] over the set bits j of c (n >= 1; for n = 0 the 33 bits the state holds).
# tools/rng_jump_polys.py computed c for J = k * JUMP_BLOCKS * 312, k = 1..LANES-1, into mt19937_64_jump.bin.
# The lane states then twist side by side on (lanes, 312) arrays; their outputs, concatenated, are the stream.
# Lane lengths in blocks (multiples of _CHUNK_BLOCKS, so lane starts and checkpoints line up): a jump costs
# about as much as twisting ~200 blocks sequentially, so long requests use long lanes.
_JUMP_BLOCKS = (512, 4096)
_LONG_LANES_FROM = 8  # lanes of the long kind a request must fill before they are used
_SHORT_LANES_FROM = 6  # below that, the lane loop's extra per-block calls and the jumps outweigh the gain
_LANES = 32  # lanes twisted together (at most the _STORED_LANES the jump file has starts for)
_STORED_LANES = 32
_JUMP_DEGREE = 19937
_WINDOW_BLOCKS = -(-(_JUMP_DEGREE + _N) // _N)  # blocks after the state that the jump reads
_JUMP_POLYS = None


def _jump_polys(jump_blocks):
    """Per polynomial x^(k * jump_blocks * 312) mod p, k = 1..: its nonzero 4-bit coefficient groups, as (group
    values, group indices)."""
    global _JUMP_POLYS
    if _JUMP_POLYS is None:
        import os

        path = os.path.join(os.path.dirname(__file__), "mt19937_64_jump.bin")
        raw = np.fromfile(path, dtype=np.uint8).reshape(len(_JUMP_BLOCKS) * (_STORED_LANES - 1), -1)
        nibbles = np.empty((len(raw), 2 * raw.shape[1]), dtype=np.uint8)
        nibbles[:, 0::2] = raw & 15
        nibbles[:, 1::2] = raw >> 4
        polys = []
        for row in nibbles:
            groups = np.flatnonzero(row)
            polys.append((row[groups].astype(np.intp), groups))
        per_length = _STORED_LANES - 1
        _JUMP_POLYS = {k: polys[i * per_length:(i + 1) * per_length] for i, k in enumerate(_JUMP_BLOCKS)}
    return _JUMP_POLYS[jump_blocks]


def _lane_starts(state, lanes, jump_blocks):
    """Raw states 0, K, 2K, ... (lanes - 1)K blocks after ``state`` (K = jump_blocks).

    Four Russians: table[v, m] = XOR of words[m + r] over the set bits r of the nibble v, so a jump is one XOR
    of 312-word table rows per nonzero 4-bit group of its polynomial (the table stays in cache)."""
    polys = _jump_polys(jump_blocks)
    words = np.empty((_WINDOW_BLOCKS + 1) * _N, dtype=np.uint64)
    words[:_N] = state
    _twist_blocks(state, _WINDOW_BLOCKS, words[_N:], temper=False)
    width = len(words) - 3
    table = np.empty((16, width), dtype=np.uint64)
    table[0] = 0
    for v in range(1, 16):
        low = v & -v
        np.bitwise_xor(table[v ^ low], words[low.bit_length() - 1:low.bit_length() - 1 + width], out=table[v])
    # windows[v, g] = table[v, 4g:4g + 312]
    windows = np.lib.stride_tricks.as_strided(table, shape=(16, (width - _N) // 4 + 1, _N),
                                              strides=(table.strides[0], 4 * table.strides[1], table.strides[1]),
                                              writeable=False)
    starts = np.empty((lanes, _N), dtype=np.uint64)
    starts[0] = state
    for k in range(1, lanes):
        values, groups = polys[k - 1]
        acc = starts[k]
        acc[:] = 0
        for begin in range(0, len(groups), 512):  # a few hundred rows at a time, still in cache
            acc ^= np.bitwise_xor.reduce(windows[values[begin:begin + 512], groups[begin:begin + 512]], axis=0)
    return starts


_LANE_TEMPER_BLOCKS = 8  # divides _CHUNK_BLOCKS; 32 lanes x 8 blocks of words are still in cache


def _twist_lanes(starts, nblocks, tempered, checkpoints, transform=None):
    """Twist ``nblocks`` blocks from each row of ``starts`` (lanes, 312); lane i's tempered words (or their
    ``transform``) go to row i of ``tempered`` (lanes, nblocks * 312). Appends the raw states after every
    _CHUNK_BLOCKS blocks to ``checkpoints`` in stream order; returns the last lane's final raw state."""
    lanes = len(starts)
    out = tempered.reshape(lanes, nblocks * _N)
    stage = np.empty((lanes, _LANE_TEMPER_BLOCKS, _N), dtype=np.uint64)
    buffers = (starts.copy(), np.empty_like(starts))
    views = []
    for parity in (0, 1):
        old, new = buffers[parity], buffers[1 - parity]
        views.append((old[:, :-1], old[:, 1:], old[:, _M:], new[:, :_M], new[:, :_M - 1], new[:, _M:_N - 1],
                      old[:, _N - 1], new[:, 0], new[:, _M - 1], new[:, _N - 1], new))
    y = np.empty((lanes, _N - 1), dtype=np.uint64)
    t = np.empty((lanes, _N - 1), dtype=np.uint64)
    y_first, y_second = y[:, :_M], y[:, _M:]
    c1 = np.empty(lanes, dtype=np.uint64)
    c2 = np.empty(lanes, dtype=np.uint64)
    band, bor, bxor, mul, rshift, copyto = (np.bitwise_and, np.bitwise_or, np.bitwise_xor, np.multiply,
                                            np.right_shift, np.copyto)
    scratch = np.empty((lanes, _LANE_TEMPER_BLOCKS, _N), dtype=np.uint64)
    saved = []
    for b in range(nblocks):
        old_lo, old_hi, old_half, new_first, new_first_short, new_second, old_last, new0, new_m, new_last, new = \
            views[b & 1]
        _twist_bulk(old_lo, old_hi, old_half, new_first, new_first_short, new_second, y, t, y_first, y_second)
        band(old_last, _UPPER, out=c1)
        band(new0, _LOWER, out=c2)
        bor(c1, c2, out=c1)
        rshift(c1, _ONE, out=c1)
        band(new0, _ONE, out=c2)
        mul(c2, _MATRIX_A, out=c2)
        bxor(c1, c2, out=c1)
        bxor(c1, new_m, out=new_last)
        copyto(stage[:, b % _LANE_TEMPER_BLOCKS], new)
        if (b + 1) % _CHUNK_BLOCKS == 0:
            saved.append(new.copy())
        if (b + 1) % _LANE_TEMPER_BLOCKS == 0 or b == nblocks - 1:
            start = b - b % _LANE_TEMPER_BLOCKS
            words = _temper_inplace(stage[:, :b + 1 - start], scratch[:, :b + 1 - start]).reshape(lanes, -1)
            out[:, start * _N:(b + 1) * _N] = words if transform is None else transform(words)
    for lane in range(lanes):
        checkpoints.extend(state[lane] for state in saved)
    return buffers[nblocks & 1][-1].copy()


def _generate(state, nblocks, tempered, transform=None):
    """``_twist_blocks(state, nblocks, tempered)`` (tempered covering at least nblocks - 1 blocks), through lanes
    when the request spans enough lanes."""
    short, long = _JUMP_BLOCKS
    if nblocks < _SHORT_LANES_FROM * short + 1:
        return _twist_blocks(state, nblocks, tempered, transform=transform)
    checkpoints = [np.array(state, dtype=np.uint64)]
    done = 0
    while nblocks - done >= _SHORT_LANES_FROM * short + 1:
        # the last block stays out of the lanes: ``tempered`` may end inside it
        jump = long if (nblocks - done - 1) // long >= _LONG_LANES_FROM else short
        lanes = min(_LANES, (nblocks - done - 1) // jump)
        starts = _lane_starts(state, lanes, jump)
        span = lanes * jump * _N
        state = _twist_lanes(starts, jump, tempered[done * _N:done * _N + span], checkpoints, transform)
        done += lanes * jump
    rest_checkpoints, tail = _twist_blocks(state, nblocks - done, tempered[done * _N:], transform=transform)
    checkpoints.extend(rest_checkpoints[1:])
    return checkpoints, tail


_S29, _S17, _S37, _S43 = (np.uint64(v) for v in (29, 17, 37, 43))
_TEMPER_D = np.uint64(0x5555555555555555)
_TEMPER_B = np.uint64(0x71D67FFFEDA60000)
_TEMPER_C = np.uint64(0xFFF7EEE000000000)


def _temper_inplace(y, tmp):
    np.right_shift(y, _S29, out=tmp)
    np.bitwise_and(tmp, _TEMPER_D, out=tmp)
    np.bitwise_xor(y, tmp, out=y)
    np.left_shift(y, _S17, out=tmp)
    np.bitwise_and(tmp, _TEMPER_B, out=tmp)
    np.bitwise_xor(y, tmp, out=y)
    np.left_shift(y, _S37, out=tmp)
    np.bitwise_and(tmp, _TEMPER_C, out=tmp)
    np.bitwise_xor(y, tmp, out=y)
    np.right_shift(y, _S43, out=tmp)
    np.bitwise_xor(y, tmp, out=y)
    return y


def _temper(y):
    return _temper_inplace(y.copy(), np.empty_like(y))


class MT19937_64:
    """``std::mt19937_64``: the 312-word state of the current block and the position in it."""

    __slots__ = ("_state", "_pos", "_undo")

    def __init__(self, seed=5489):
        self.seed_integer(seed)

    def seed_integer(self, seed):
        """``engine.seed(value)``."""
        self._state = _integer_seed_state(int(seed))
        self._pos = _N
        self._undo = None

    def seed_sequence(self, seed):
        """``engine.seed(std::seed_seq({value}))``, as ``paddle.seed`` does."""
        self._state = _seed_seq_state(int(seed))
        self._pos = _N
        self._undo = None

    def copy(self):
        other = MT19937_64.__new__(MT19937_64)
        other._state = self._state.copy()
        other._pos = self._pos
        other._undo = None
        return other

    def get_state(self):
        return self._state.copy(), self._pos

    def set_state(self, state):
        words, pos = state
        self._state = np.array(words, dtype=np.uint64).copy()
        self._pos = int(pos)
        self._undo = None

    def words(self, n):
        """The next ``n`` 64-bit outputs; ``keep(c)`` right after keeps only the first c of them consumed."""
        return self.draw(n)

    def draw(self, n, transform=None, dtype=np.uint64, out=None):
        """``transform(self.words(n))`` for an elementwise ``transform`` to ``dtype``, computed piecewise while
        the words are made (the words array is never built), into ``out`` when given; ``keep`` works after it
        as after ``words``."""
        n = int(n)
        pos = self._pos
        avail = _N - pos
        first = self._state[pos:pos + min(n, avail)]
        rest = n - len(first)
        if rest <= 0:
            self._undo = (self._state, pos, None, None, 0)
            self._pos = pos + n
            values = _temper(first) if transform is None else transform(_temper(first))
            if out is None:
                return values
            out[...] = values
            return out
        nblocks = -(-rest // _N)
        if out is None:
            out = np.empty(n, dtype=dtype)
        out[:len(first)] = _temper(first) if transform is None else transform(_temper(first))
        checkpoints, tail = _generate(self._state, nblocks, out[len(first):], transform)
        self._undo = (self._state, pos, checkpoints, tail, nblocks)
        self._state = tail[-1]
        self._pos = rest - (nblocks - 1) * _N
        return out

    def keep(self, consumed):
        """After ``words(n)``: leave the engine as if only the first ``consumed`` of those words were drawn."""
        state, pos, checkpoints, tail, nblocks = self._undo
        avail = _N - pos
        if consumed <= avail:
            self._state, self._pos = state, pos + consumed
        else:
            block = (consumed - avail - 1) // _N
            self._state = _raw_state_after(checkpoints, tail, nblocks, block + 1)
            self._pos = consumed - avail - block * _N
        self._undo = None

    def __call__(self):
        return int(self.words(1)[0])


class EntropyEngine:
    """The word source of a generator nobody has seeded: numpy's PCG64 from OS entropy. Paddle seeds such a
    generator from ``std::random_device``, so no program can reproduce its numbers; the distributions stay
    Paddle's, and the words come ~50x faster than the mt19937_64 twist (which a ``paddle.seed`` switches to)."""

    __slots__ = ("_bits",)

    def __init__(self):
        self._bits = np.random.PCG64()

    def words(self, n):
        return self._bits.random_raw(int(n))

    def draw(self, n, transform=None, dtype=np.uint64, out=None):
        words = self._bits.random_raw(int(n))
        values = words if transform is None else _chunked(transform, words, dtype)
        if out is None:
            return values
        out[...] = values
        return out

    def keep(self, consumed):
        """Over-drawn words need no rewinding: nothing can replay this stream."""

    def __call__(self):
        return int(self._bits.random_raw())


# --- generate_canonical / uniform_real_distribution -----------------------------------------------
_CACHE_CHUNK = 1 << 15  # elements per pass of the multi-pass float maths below, so each pass reads from cache


def _chunked(function, values, dtype):
    """``function`` applied to ``values`` piecewise (it maps n elements to n ``dtype`` values)."""
    if len(values) <= 2 * _CACHE_CHUNK:
        return function(values)
    out = np.empty(len(values), dtype=dtype)
    for start in range(0, len(values), _CACHE_CHUNK):
        out[start:start + _CACHE_CHUNK] = function(values[start:start + _CACHE_CHUNK])
    return out


def canonical(words, dtype):
    """``generate_canonical<T, digits>`` of each word, in ``dtype`` (float32 or float64)."""
    return _chunked(lambda chunk: _canonical(chunk, dtype), words, dtype)


def _canonical(words, dtype):
    """``canonical`` in one pass per step.

    numpy's uint64 -> float cast takes a slow path (~10x int64's), so the words go through int64: for float32,
    (w >> 1) | (w & 1) rounds as w does once w >= 2**26 (the two low bits sit below the rounding bit either
    way, and their OR survives as the sticky bit); smaller words, ~1 in 2**38, are converted directly. For
    float64, hi * 2**32 + lo is exact until the one rounding of the sum."""
    if dtype is np.float32:
        half = words >> _ONE
        half |= words & _ONE
        u = half.view(np.int64).astype(np.float32)
        u *= np.float32(2.0**-63)
        small = words < _SMALL_FOR_FLOAT32
        if small.any():
            u[small] = words[small].astype(np.float32) * np.float32(_TWO_POW_M64)
    else:
        u = (words >> _S32).view(np.int64).astype(dtype)
        u *= dtype(2.0**32)
        u += (words & _LOW32).view(np.int64).astype(dtype)
        u *= dtype(_TWO_POW_M64)
    np.minimum(u, np.nextafter(dtype(1), dtype(0)), out=u)
    return u


_SMALL_FOR_FLOAT32 = np.uint64(1 << 26)
_S32 = np.uint64(32)
_LOW32 = np.uint64(_MASK32)


def uniform_real(engine, n, low, high, dtype, out=None):
    """``std::uniform_real_distribution<dtype>(low, high)`` drawn ``n`` times (low/high already in dtype), into
    ``out`` (n contiguous ``dtype`` elements) when given."""
    lo, hi = dtype(low), dtype(high)
    width = hi - lo

    def draw(words):
        u = _canonical(words, dtype)
        u *= width
        u += lo
        return u

    return engine.draw(n, draw, dtype, out)


_FIRST_WORD_AT_LEAST = {}


def uniform_at_least(engine, n, threshold, dtype):
    """``uniform_real(engine, n, 0, 1, dtype) >= threshold`` as a bool array, comparing the words instead: the
    word -> canonical map is non-decreasing, so the comparison is ``word >= w0`` for the first word w0 whose
    canonical value reaches the threshold (found once per threshold by bisection)."""
    key = (float(threshold), dtype)
    first = _FIRST_WORD_AT_LEAST.get(key)
    if first is None:
        target = dtype(threshold)
        low, high = 0, 1 << 64  # canonical(high - 1) ... the answer is in [low, high]; high means none
        while low < high:
            middle = (low + high) // 2
            if canonical(np.array([middle], dtype=np.uint64), dtype)[0] >= target:
                high = middle
            else:
                low = middle + 1
        first = low
        if len(_FIRST_WORD_AT_LEAST) < 256:
            _FIRST_WORD_AT_LEAST[key] = first
    if first > _MASK64:
        engine.words(n)
        return np.zeros(n, dtype=bool)
    first = np.uint64(first)
    return engine.draw(n, lambda words: words >= first, bool)


# --- normal_distribution (polar method) ------------------------------------------------------------
_LOGF_TABLE = np.array([float.fromhex(h) for h in (
    # glibc's logf (ARM optimized-routines, MIT): (1/c, log(c)) for the 16 subintervals of [0x1.6p-1, 0x1.6p0]
    "0x1.661ec79f8f3bep+0", "-0x1.57bf7808caadep-2", "0x1.571ed4aaf883dp+0", "-0x1.2bef0a7c06ddbp-2",
    "0x1.49539f0f010bp+0", "-0x1.01eae7f513a67p-2", "0x1.3c995b0b80385p+0", "-0x1.b31d8a68224e9p-3",
    "0x1.30d190c8864a5p+0", "-0x1.6574f0ac07758p-3", "0x1.25e227b0b8eap+0", "-0x1.1aa2bc79c81p-3",
    "0x1.1bb4a4a1a343fp+0", "-0x1.a4e76ce8c0e5ep-4", "0x1.12358f08ae5bap+0", "-0x1.1973c5a611cccp-4",
    "0x1.0953f419900a7p+0", "-0x1.252f438e10c1ep-5", "0x1p+0", "0x0p+0",
    "0x1.e608cfd9a47acp-1", "0x1.aa5aa5df25984p-5", "0x1.ca4b31f026aap-1", "0x1.c5e53aa362eb4p-4",
    "0x1.b2036576afce6p-1", "0x1.526e57720db08p-3", "0x1.9c2d163a1aa2dp-1", "0x1.bc2860d22477p-3",
    "0x1.886e6037841edp-1", "0x1.1058bc8a07ee1p-2", "0x1.767dcf5534862p-1", "0x1.4043057b6ee09p-2",
)]).reshape(16, 2)
_LOGF_INV_C, _LOGF_LOG_C = _LOGF_TABLE[:, 0].copy(), _LOGF_TABLE[:, 1].copy()
_LOGF_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
_LOGF_POLY = tuple(float.fromhex(h) for h in ("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2", "-0x1.ffffef20a4123p-2"))


def glibc_logf(x):
    """glibc's ``logf`` on an array of positive normal float32 values (the polar method's r2 in (0, 1]).

    numpy's float32 log and a float64 log rounded to float32 differ from it in the last bit for ~0.7% of
    inputs; this evaluates glibc's own table-and-polynomial scheme in float64, whose rounding to float32
    agrees with it."""
    return _chunked(_glibc_logf, np.ascontiguousarray(x, dtype=np.float32), np.float32)


def _glibc_logf(x):
    """``glibc_logf`` in one pass per step."""
    bits = x.view(np.uint32)
    tmp = bits - np.uint32(0x3F330000)
    index = ((tmp >> np.uint32(19)) & np.uint32(15)).astype(np.intp)
    k = (tmp.view(np.int32) >> np.int32(23)).astype(np.float64)
    tmp &= np.uint32(0xFF800000)
    z = (bits - tmp).view(np.float32).astype(np.float64)
    r = _LOGF_INV_C.take(index)
    r *= z
    r -= 1.0
    k *= _LOGF_LN2
    k += _LOGF_LOG_C.take(index)  # y0
    k += r
    p0, p1, p2 = _LOGF_POLY
    y = r * p1
    y += p2
    r *= r  # r2
    z = r * p0
    z += y
    z *= r
    z += k
    out = z.astype(np.float32)
    out[bits == 0x3F800000] = 0
    return out


def _glibc_log(x):
    return np.fromiter(map(math.log, x.tolist()), dtype=np.float64, count=len(x))


def _polar_fill(engine, out, mean, std, dtype):
    """Fill ``out`` (even length) with the distribution's values ``v * std + mean``, v the pairs the polar method
    accepts (y * mult, then the cached x * mult), working through the words in cache-sized pieces."""
    pairs, done = len(out) // 2, 0
    two, one, minus_two = dtype(2), dtype(1), dtype(-2)
    piece = 2 * _CACHE_CHUNK

    def unit(words):  # 2u - 1, u the canonical value
        u = _canonical(words, dtype)
        u *= two
        u -= one
        return u

    while done < pairs:
        need = pairs - done
        attempts = int(need * 1.2733 + 6 * math.sqrt(need) + 8)
        units = engine.draw(2 * attempts, unit, dtype)
        for start in range(0, len(units), piece):
            u = units[start:start + piece]
            x, y = u[0::2], u[1::2]
            r2 = x * x
            r2 += y * y
            accepted = np.flatnonzero((r2 <= one) & (r2 != 0))[:pairs - done]
            if not len(accepted):
                continue
            x, y, r2 = x[accepted], y[accepted], r2[accepted]
            log = _glibc_logf(r2) if dtype is np.float32 else _glibc_log(r2)
            mult = np.sqrt(minus_two * log / r2)
            for values, target in ((y, out[2 * done:2 * (done + len(accepted)):2]),
                                   (x, out[2 * done + 1:2 * (done + len(accepted)):2])):
                values *= mult
                values *= std
                values += mean
                target[...] = values
            done += len(accepted)
            if done == pairs:
                engine.keep(start + 2 * (int(accepted[-1]) + 1))
                break


def normal(engine, n, mean, std, dtype, out=None):
    """``std::normal_distribution<dtype>(mean, std)`` drawn ``n`` times from one distribution object, into ``out``
    (n contiguous ``dtype`` elements) when given."""
    if isinstance(engine, EntropyEngine):  # not reproducible anyway: numpy's ziggurat is ~20x faster than polar
        values = np.random.Generator(engine._bits).standard_normal(n, dtype=dtype)
        values *= dtype(std)
        values += dtype(mean)
    else:
        even = out is not None and n % 2 == 0
        values = out if even else np.empty(2 * ((n + 1) // 2), dtype=dtype)
        if n:
            _polar_fill(engine, values, dtype(mean), dtype(std), dtype)
        values = values[:n]
    if out is None or values is out:
        return values
    out[...] = values
    return out


# --- uniform_int_distribution -----------------------------------------------------------------------
def uniform_int(engine, n, low, high):
    """``std::uniform_int_distribution(low, high)`` (inclusive) drawn ``n`` times, as int64.

    Paddle 2.6.2's libstdc++ predates Lemire's method: it divides by ``scaling = (2**64 - 1) // span`` and
    rejects words at or above ``span * scaling``."""
    span = high - low + 1
    if span > _MASK64:
        return engine.words(n).view(np.int64) + np.int64(low)
    scaling = _MASK64 // span
    past = span * scaling
    parts = []
    while n > 0:
        attempts = n + 8 + n // 1000
        words = engine.words(attempts)
        if past == _MASK64 + 1:
            accepted = np.arange(attempts)
        else:
            accepted = np.flatnonzero(words < np.uint64(past))
        if len(accepted) >= n:
            accepted = accepted[:n]
            engine.keep(int(accepted[-1]) + 1)
        parts.append((words[accepted] // np.uint64(scaling)).astype(np.int64) + np.int64(low))
        n -= len(accepted)
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


# --- exponential_ -----------------------------------------------------------------------------------
def exponential(engine, n, lam, dtype):
    """Paddle's CPU exponential kernel: ``-1 / lambda * log(1 - u)`` in dtype, u uniform in [0, 1)."""
    u = uniform_real(engine, n, 0, 1, dtype)
    rest = dtype(1) - u
    log = glibc_logf(rest) if dtype is np.float32 else _glibc_log(rest)
    return (dtype(-1) / dtype(np.float32(lam))) * log


# --- std::shuffle (randperm) ------------------------------------------------------------------------
def shuffle_indices(engine, n):
    """``std::shuffle`` of ``0..n-1``: libstdc++ draws one integer per PAIR of swap positions from
    ``uniform_int_distribution(0, r*(r+1) - 1)`` (r = the current index), after a single 0/1 draw when n is
    even."""
    perm = list(range(n))
    if n < 2:
        return perm
    ranges = []
    if n % 2 == 0:
        ranges.append(2)
        start = 2
    else:
        start = 1
    ranges.extend((r + 1) * (r + 2) for r in range(start, n, 2))
    spans = np.array(ranges, dtype=np.uint64)
    scaling = np.uint64(_MASK64) // spans
    past = spans * scaling
    draws = []
    done = 0
    while done < len(ranges):
        words = engine.words(len(ranges) - done)
        rejected = np.flatnonzero(words >= past[done:])
        cut = len(words) if not len(rejected) else int(rejected[0])
        draws.extend((words[:cut] // scaling[done:done + cut]).tolist())
        done += cut
        if cut < len(words):
            engine.keep(cut + 1)  # the rejected word is consumed; its value is drawn again
    pos = 0
    i = 1
    if n % 2 == 0:
        j = draws[0]
        perm[1], perm[j] = perm[j], perm[1]
        pos, i = 1, 2
    while i < n:
        width = i + 2
        a, b = divmod(draws[pos], width)
        pos += 1
        perm[i], perm[a] = perm[a], perm[i]
        perm[i + 1], perm[b] = perm[b], perm[i + 1]
        i += 2
    return perm


# --- multinomial (Paddle's CPU functor: cumulative sums and a lower-bound search per draw) -----------
def multinomial(engine, probs, num_samples, replacement, dtype):
    """Category indices drawn row by row from ``probs`` (2-D, non-negative), as Paddle 2.6's CPU kernel."""
    rows = probs.astype(dtype, copy=False)
    out = np.empty((rows.shape[0], num_samples), dtype=np.int64)
    for i, row in enumerate(rows):
        cum = np.cumsum(row, dtype=dtype)
        cum = cum / cum[-1]
        if replacement:
            cum[-1] = 1
            out[i] = np.searchsorted(cum, uniform_real(engine, num_samples, 0, 1, dtype), side="left")
            continue
        positions = np.arange(len(cum))
        for k in range(num_samples):
            cum[-1] = 1
            chosen = int(np.searchsorted(cum, uniform_real(engine, 1, 0, 1, dtype)[0], side="left"))
            out[i, k] = chosen
            if k < num_samples - 1:
                below = cum[chosen - 1] if chosen else dtype(0)
                mass = cum[chosen] - below
                remaining = dtype(1.0 - float(mass))
                cum = (np.where(positions >= chosen, cum - mass, cum) / remaining).astype(dtype)
    return out


# --- truncated normal (Paddle's TruncatedNormal: inverse CDF through its own erfinv) -----------------
# Rational approximations of erfinv on three ranges (Wichura's AS241 scheme, as Paddle's kernel uses them).
_ERFINV_CENTRAL = (
    (1.1975323115670912564578e0, 4.7072688112383978012285e1, 6.9706266534389598238465e2,
     4.8548868893843886794648e3, 1.6235862515167575384252e4, 2.3782041382114385731252e4,
     1.1819493347062294404278e4, 8.8709406962545514830200e2),
    (1.0, 4.2313330701600911252e1, 6.8718700749205790830e2, 5.3941960214247511077e3,
     2.1213794301586595867e4, 3.9307895800092710610e4, 2.8729085735721942674e4, 5.2264952788528545610e3),
)
_ERFINV_MIDDLE = (
    (1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0, 3.64784832476320460504e0,
     1.27045825245236838258e0, 2.41780725177450611770e-1, 2.27238449892691845833e-2, 7.74545014278341407640e-4),
    (1.4142135623730950488016887e0, 2.9036514445419946173133295e0, 2.3707661626024532365971225e0,
     9.7547832001787427186894837e-1, 2.0945065210512749128288442e-1, 2.1494160384252876777097297e-2,
     7.7441459065157709165577218e-4, 1.4859850019840355905497876e-9),
)
_ERFINV_TAIL = (
    (6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0, 2.96560571828504891230e-1,
     2.65321895265761230930e-2, 1.24266094738807843860e-3, 2.71155556874348757815e-5, 2.01033439929228813265e-7),
    (1.414213562373095048801689e0, 8.482908416595164588112026e-1, 1.936480946950659106176712e-1,
     2.103693768272068968719679e-2, 1.112800997078859844711555e-3, 2.611088405080593625138020e-5,
     2.010321207683943062279931e-7, 2.891024605872965461538222e-15),
)


def _horner(coefficients, r, dtype):
    acc = np.full_like(r, dtype(coefficients[-1]))
    for c in coefficients[-2::-1]:
        acc = acc * r + dtype(c)
    return acc


def _ratio(pair, r, dtype):
    return _horner(pair[0], r, dtype) / _horner(pair[1], r, dtype)


def _erfinv(x, dtype):
    """The kernel's erfinv in ``dtype``, with its mixed float/double steps (|x| < 1 here)."""
    out = np.empty_like(x)
    central = np.abs(x) <= 0.85
    xc = x[central]
    wide = xc.astype(np.float64)
    r = (0.180625 - 0.25 * wide * wide).astype(dtype)
    out[central] = xc * _horner(_ERFINV_CENTRAL[0], r, dtype) / _horner(_ERFINV_CENTRAL[1], r, dtype)
    xt = x[~central]
    if len(xt):
        ln2 = np.float64(dtype(0.6931471805599453))
        logs = _glibc_log(1.0 - np.abs(xt).astype(np.float64))
        r = np.sqrt(ln2 - logs).astype(dtype)
        middle = r <= 5.0
        res = np.empty_like(xt)
        res[middle] = _ratio(_ERFINV_MIDDLE, (r[middle].astype(np.float64) - 1.6).astype(dtype), dtype)
        res[~middle] = _ratio(_ERFINV_TAIL, (r[~middle].astype(np.float64) - 5.0).astype(dtype), dtype)
        out[~central] = np.where(xt < 0, -res, res)
    return out


def truncated_normal(engine, n, mean, std, dtype):
    """Paddle 2.6's truncated_gaussian_random on CPU: a uniform in [FLT_MIN, 1) mapped through the normal
    inverse CDF restricted to mean +- 2 std."""
    u = uniform_real(engine, n, dtype(np.finfo(np.float32).tiny), 1.0, dtype)
    cdf_low = dtype((1.0 + math.erf(-2.0 / math.sqrt(2.0))) / 2.0)
    cdf_high = dtype((1.0 + math.erf(2.0 / math.sqrt(2.0))) / 2.0)
    p = cdf_low + (cdf_high - cdf_low) * u
    z = _erfinv(dtype(2) * p - dtype(1), dtype).astype(np.float64)
    return (math.sqrt(2.0) * z * np.float64(dtype(std)) + np.float64(dtype(mean))).astype(dtype)


# --- Paddle's CPU float -> half conversions (both truncate, unlike numpy/torch's round-to-nearest) ----
def to_bfloat16_bits(values):
    """float32 values as Paddle's CPU ``bfloat16(float)`` keeps them: the high 16 bits (as float32)."""
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32) & np.uint32(0xFFFF0000)
    return bits.view(np.float32)


def to_float16(values):
    """float32 values as Paddle's CPU ``float16(float)`` (no F16C) converts them: mantissa truncated,
    subnormals through an integer scaling, overflow to inf."""
    v = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32).astype(np.int64)
    sign = v & 0x80000000
    v = v ^ sign
    magnitude = v.astype(np.uint32).view(np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        scaled = np.trunc(magnitude.astype(np.float32) * np.float32(2.0**37))
    scaled = np.where(np.isfinite(scaled), scaled, 0).astype(np.int64)
    v = np.where(v < 0x38800000, scaled, v)
    v = np.where((v > 0x477FE000) & (v < 0x7F800000), 0x7F800000, v)
    v = np.where((v > 0x7F800000) & (v < 0x7F802000), 0x7F802000, v)
    v = v >> 13
    v = np.where(v > 0x23BFF, v - 0x1C000, v)
    v = np.where(v > 0x003FF, v - 0x1C000, v)
    return ((v | (sign >> 16)) & 0xFFFF).astype(np.uint16).view(np.float16)


# --- poisson (one std::poisson_distribution<int> per element, as Paddle's CPU kernel builds them) ------
class _WordReader:
    """Sequential scalar draws from an engine, fetched in chunks; ``close()`` gives back the unused words."""

    def __init__(self, engine):
        self._engine = engine
        self._words = []
        self._next = 0

    def canonical(self):
        if self._next == len(self._words):
            self._words = self._engine.words(1024).tolist()
            self._next = 0
        word = self._words[self._next]
        self._next += 1
        return min(float(word) * _TWO_POW_M64, _BELOW_ONE)

    def close(self):
        if self._words:
            self._engine.keep(self._next)


_BELOW_ONE = float(np.nextafter(1.0, 0.0))
_LGAMMA = None


def _lgamma(x):
    """glibc's lgamma (Python's math.lgamma is CPython's own)."""
    global _LGAMMA
    if _LGAMMA is None:
        import ctypes
        import ctypes.util

        libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        _LGAMMA = libm.lgamma
        _LGAMMA.restype = ctypes.c_double
        _LGAMMA.argtypes = [ctypes.c_double]
    return _LGAMMA(x)


class _PolarDouble:
    """``normal_distribution<double>`` (mean 0, std 1) with its cached second value."""

    def __init__(self):
        self._saved = None

    def __call__(self, reader):
        if self._saved is not None:
            value, self._saved = self._saved, None
            return value
        while True:
            x = 2.0 * reader.canonical() - 1.0
            y = 2.0 * reader.canonical() - 1.0
            r2 = x * x + y * y
            if r2 <= 1.0 and r2 != 0.0:
                break
        mult = math.sqrt(-2 * math.log(r2) / r2)
        self._saved = x * mult
        return y * mult


def _poisson_one(reader, mean):
    if mean < 12:
        threshold = math.exp(-mean)
        count, product = 0, 1.0
        while True:
            product *= reader.canonical()
            count += 1
            if not product > threshold:
                return count - 1
    m = math.floor(mean)
    log_mean = math.log(mean)
    lfm = _lgamma(m + 1)
    sm = math.sqrt(m)
    pi_4 = 0.7853981633974483
    dx = math.sqrt(2 * m * math.log(32 * m / pi_4))
    d = float(round(max(6.0, min(m, dx))))
    cx = 2 * m + d
    scx = math.sqrt(cx / 2)
    inv_cx = 1 / cx
    c2b = math.sqrt(pi_4 * cx) * math.exp(inv_cx)
    cb = 2 * cx * math.exp(-d * inv_cx * (1 + d / 2)) / d
    half_not_one = (1 - 2.0**-52) / 2
    limit = 2147483647 + half_not_one
    c1 = sm * 1.2533141373155003
    c2 = c2b + c1
    c3 = c2 + 1
    c4 = c3 + 1
    e178 = 1.0129030479320018
    c5 = c4 + e178
    c = cb + c5
    two_cx = 2 * (2 * m + d)
    normal = _PolarDouble()
    while True:
        u = c * reader.canonical()
        e = -math.log(1.0 - reader.canonical())
        w = 0.0
        if u <= c1:
            n = normal(reader)
            y = -abs(n) * sm - 1
            x = math.floor(y)
            w = -n * n / 2
            if x < -m:
                continue
        elif u <= c2:
            n = normal(reader)
            y = 1 + abs(n) * scx
            x = math.ceil(y)
            w = y * (2 - y) * inv_cx
            if x > d:
                continue
        elif u <= c3:
            x = -1
        elif u <= c4:
            x = 0
        elif u <= c5:
            x = 1
            w = 0.01282051282051282
        else:
            v = -math.log(1.0 - reader.canonical())
            y = d + v * two_cx / d
            x = math.ceil(y)
            w = -d * inv_cx * (1 + y / 2)
        reject = w - e - x * log_mean > lfm - _lgamma(x + m + 1)
        reject |= x + m >= limit
        if not reject:
            return int(x + m + half_not_one)


def poisson(engine, means):
    """Paddle's CPU poisson kernel: libstdc++'s poisson_distribution per element (product of uniforms below
    mean 12, Devroye's rejection method above), in element order."""
    reader = _WordReader(engine)
    out = [_poisson_one(reader, float(mu)) for mu in means.tolist()]
    reader.close()
    return np.array(out, dtype=np.float64)
