"""Generate ``paddle_compat/_core/mt19937_64_jump.bin``: the jump polynomials x^(k*D) mod p(x) for k = 1..LANES-1,
where p is the characteristic polynomial of std::mt19937_64's state transition and D = 312 * each of the lane
lengths JUMP_BLOCKS (in blocks), in that order.

    .venv/bin/python tools/rng_jump_polys.py

p is found with Berlekamp-Massey over GF(2) on one bit plane of the raw word sequence (degree 19937, as the
generator's state size); the raw words x[n] (n >= 1) all satisfy its recurrence, so for c = x^J mod p,
x[n + J] = XOR over set bits j of c of x[n + j]. The file holds the polynomials as little-endian bit vectors
of 2496 bytes each. Nothing here depends on a seed; tests/random_stream/test_lanes.py checks the lanes
built from these polynomials against the sequential engine word for word.
"""

import os

import numpy as np

from paddle_compat._core import paddle_rng as rng

DEGREE = 19937
POLY_BYTES = 2496


def raw_words(count, seed=5489):
    state = rng._integer_seed_state(seed)
    blocks = [state]
    while sum(len(b) for b in blocks) < count + 1:
        state = rng._twist_blocks(state, 1)[1][-1]
        blocks.append(state)
    return np.concatenate(blocks)[:count + 1]


def berlekamp_massey(bits):
    """The shortest LFSR of the bit list: connection polynomial C (bit i = c_i, c_0 = 1) and its length."""
    c, b, length, shift, window = 1, 1, 0, 1, 0
    for n, bit in enumerate(bits):
        window = (window << 1) | bit  # bit i of window is s_{n-i}
        if (c & window).bit_count() & 1:
            t = c
            c ^= b << shift
            if 2 * length <= n:
                length, b, shift = n + 1 - length, t, 1
            else:
                shift += 1
        else:
            shift += 1
    return c, length


def _square(poly):
    bits = np.unpackbits(np.frombuffer(poly.to_bytes((poly.bit_length() + 7) // 8 or 1, "little"), np.uint8),
                         bitorder="little")
    spread = np.zeros(2 * len(bits), np.uint8)
    spread[::2] = bits
    return int.from_bytes(np.packbits(spread, bitorder="little").tobytes(), "little")


def _reduce(poly, modulus):
    degree = modulus.bit_length() - 1
    while poly.bit_length() - 1 >= degree:
        poly ^= modulus << (poly.bit_length() - 1 - degree)
    return poly


def x_power_mod(exponent, modulus):
    result = 1
    for bit in bin(exponent)[2:]:
        result = _reduce(_square(result), modulus)
        if bit == "1":
            result = _reduce(result << 1, modulus)
    return result


def characteristic_polynomial():
    words = raw_words(2 * DEGREE + 64)[1:]
    bits = [int(w) >> 63 for w in words[:2 * DEGREE + 32]]
    connection, length = berlekamp_massey(bits)
    assert length == DEGREE, length
    # characteristic polynomial = reciprocal of the connection polynomial
    return sum(1 << (length - i) for i in range(length + 1) if connection >> i & 1)


def main():
    p = characteristic_polynomial()
    out = bytearray()
    for jump_blocks in rng._JUMP_BLOCKS:
        for k in range(1, rng._STORED_LANES):
            out += x_power_mod(k * jump_blocks * 312, p).to_bytes(POLY_BYTES, "little")
    path = os.path.join(os.path.dirname(rng.__file__), "mt19937_64_jump.bin")
    with open(path, "wb") as f:
        f.write(bytes(out))
    print(f"wrote {path}: {rng._STORED_LANES - 1} polynomials for each lane length {rng._JUMP_BLOCKS} (blocks)")


if __name__ == "__main__":
    main()
