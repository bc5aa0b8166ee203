"""Goldens: paddle.signal.stft / istft."""

import numpy as np

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append

for dt in ("float32", "float64"):
    for kw in ({}, {"hop_length": 4}, {"win_length": 8}, {"center": False}, {"pad_mode": "constant"},
               {"normalized": True}, {"onesided": False}, {"hop_length": 3, "win_length": 12, "normalized": True}):
        add(case("paddle.signal.stft", T(dt, (64,)), 16, grad=True, **kw))
        add(case("paddle.signal.stft", T(dt, (2, 48)), 16, **kw))
    win = np.hanning(16).tolist()
    add(case("paddle.signal.stft", T(dt, (2, 64)), 16, window=T(dt, (16,), values=win), grad=True))
    add(case("paddle.signal.stft", T(dt, (64,)), 16, 4, 10, T(dt, (10,), low=0.5, high=1), onesided=False))
    add(case("Tensor.stft", T(dt, (40,)), 8))
add(case("paddle.signal.stft", T("complex64", (64,)), 16, onesided=False))
add(case("paddle.signal.stft", T("complex64", (64,)), 16))
add(case("paddle.signal.stft", T("float32", (2, 2, 64)), 16))
add(case("paddle.signal.stft", T("float32", (64,)), 80))
add(case("paddle.signal.stft", T("float32", (64,)), 16, hop_length=0))
add(case("paddle.signal.stft", T("float32", (64,)), 16, win_length=20))
add(case("paddle.signal.stft", T("float32", (64,)), 16, window=T("float32", (8,))))
add(case("paddle.signal.stft", T("float32", (64,)), 16, pad_mode="replicate"))
add(case("paddle.signal.stft", T("int32", (64,)), 16))

# istft: inputs are complex spectrograms (random, so the NOLA-respecting defaults matter)
for dt in ("complex64", "complex128"):
    rdt = "float32" if dt == "complex64" else "float64"
    for kw in ({}, {"hop_length": 4}, {"center": False}, {"normalized": True}, {"length": 40},
               {"center": False, "length": 50}, {"win_length": 12, "hop_length": 3}):
        add(case("paddle.signal.istft", T(dt, (9, 13)), 16, grad=True, **kw))
        add(case("paddle.signal.istft", T(dt, (2, 9, 13)), 16, **kw))
    add(case("paddle.signal.istft", T(dt, (16, 13)), 16, onesided=False))
    add(case("paddle.signal.istft", T(dt, (16, 13)), 16, onesided=False, return_complex=True))
    win = np.hanning(16).tolist()
    add(case("paddle.signal.istft", T(dt, (9, 13)), 16, 4, window=T(rdt, (16,), values=win), grad=True))
    add(case("Tensor.istft", T(dt, (5, 7)), 8))
add(case("paddle.signal.istft", T("float32", (9, 13)), 16))
add(case("paddle.signal.istft", T("complex64", (13,)), 16))
add(case("paddle.signal.istft", T("complex64", (9, 13)), 16, hop_length=20))
add(case("paddle.signal.istft", T("complex64", (10, 13)), 16))
add(case("paddle.signal.istft", T("complex64", (9, 13)), 16, return_complex=True))
add(case("paddle.signal.istft", T("complex64", (9, 13)), 16, window=T("float32", (8,))))
add(case("paddle.signal.istft", T("complex64", (9, 13)), 16, 4, 16, T("float32", (16,), values=[0.0] * 16)))
