"""Goldens: paddle.audio.functional (windows, mel scale, filter banks, dB, DCT)."""

from tools.api_diff.casefmt import T, case

CASES = []
add = CASES.append
F = "paddle.audio.functional."

# ------------------------------------------------------------------ get_window: every registered window
WINDOWS = [
    "hann", "hamming", "blackman", "bohman", "cosine", "triang", "tukey", "taylor",
    ("gaussian", 7.0), ("gaussian", 0.8), ("general_gaussian", 1.5, 7.0), ("general_gaussian", 0.7, 3.3),
    ("exponential", None, 3.0), ("tukey", 0.3), ("tukey", 0.85), ("tukey", 0.0), ("tukey", 1.0),
    ("taylor", 5, 40), ("taylor", 3, 25.5, False), ("taylor", 2), ("general_cosine", [0.5, 0.3, 0.2]),
    ("general_hamming", 0.6), ("hann",), ("blackman",),
]
for window in WINDOWS:
    for n in (16, 25):
        for fftbins in (True, False):
            if isinstance(window, tuple) and window[0] == "exponential" and not fftbins:
                continue  # symmetric exponential only with center=None, below
            for dt in ("float64", "float32"):
                add(case(F + "get_window", window, n, fftbins=fftbins, dtype=dt))
for window in ("hann", "hamming", "blackman", "cosine", "triang", "bohman", "taylor"):
    add(case(F + "get_window", window, 512, dtype="float32"))
    add(case(F + "get_window", window, 2048))
for window in ("hann", "triang", ("tukey", 0.5), ("gaussian", 2.0), "taylor", "bohman"):
    for n in (0, 1, 2, 3):
        add(case(F + "get_window", window, n))
add(case(F + "get_window", ("exponential", 2.0, 1.5), 17))  # periodic: a custom center is allowed
add(case(F + "get_window", ("exponential", None, 1.5), 17, fftbins=False))
add(case(F + "get_window", ("exponential", 2.0, 1.5), 17, fftbins=False, raises="ValueError"))
add(case(F + "get_window", "hann", 12, False, "float32"))
add(case(F + "get_window", "gaussian", 16, raises="ValueError"))
add(case(F + "get_window", "exponential", 16, raises="ValueError"))
add(case(F + "get_window", "kaiser", 16, raises="ValueError"))
add(case(F + "get_window", ["hann"], 16, raises="ValueError"))
add(case(F + "get_window", "hann", -1, raises="ValueError"))
add(case(F + "get_window", "hann", 3.5, raises="ValueError"))
add(case(F + "get_window", ("gaussian",), 16, raises="TypeError"))
add(case(F + "get_window", "extend", 16, raises="TypeError"))
add(case(F + "get_window", ("tukey", 0.5), 16.0))

# ------------------------------------------------------------------ mel scale
for htk in (False, True):
    for hz in (0.0, 440.0, 999.9, 1000.0, 1000.1, 8000.0, 22050.0, 3):
        add(case(F + "hz_to_mel", hz, htk=htk))
    for mel in (0.0, 10.5, 14.999999999999998, 15.0, 40.0, 3):
        add(case(F + "mel_to_hz", mel, htk))
    for dt in ("float32", "float64"):
        add(case(F + "hz_to_mel", T(dt, (4, 33), low=0, high=11025), htk))
        add(case(F + "hz_to_mel", T(dt, (7,), values=[0.0, 500.0, 999.0, 1000.0, 1001.0, 4000.0, 16000.0]), htk=htk))
        add(case(F + "mel_to_hz", T(dt, (4, 33), low=0, high=60), htk=htk))
        add(case(F + "mel_to_hz", T(dt, (5,), values=[0.0, 14.0, 15.0, 16.0, 45.0]), htk))
add(case(F + "hz_to_mel", T("float64", (3,), values=[-10.0, 0.0, 10.0])))  # a NaN from the log branch
add(case(F + "hz_to_mel", T("float32", (2, 3), low=0, high=100), grad=True))
add(case(F + "mel_to_hz", T("float32", (2, 3), low=0, high=40), grad=True))

for kw in ({}, {"n_mels": 40, "f_min": 20.0, "f_max": 8000.0}, {"n_mels": 128, "htk": True},
           {"n_mels": 10, "f_min": 300.0, "f_max": 3000.0, "htk": True, "dtype": "float64"},
           {"n_mels": 64, "f_max": 16000.0, "dtype": "float64"}, {"n_mels": 1}, {"n_mels": 2, "f_min": 100}):
    add(case(F + "mel_frequencies", **kw))
add(case(F + "mel_frequencies", 32, 0.5, 10000, True, "float64"))

for sr, n_fft in ((16000, 512), (22050, 2048), (8000, 400), (23, 51), (44100, 1)):
    add(case(F + "fft_frequencies", sr, n_fft))
    add(case(F + "fft_frequencies", sr, n_fft, dtype="float64"))

# ------------------------------------------------------------------ filter banks
FBANKS = [
    (16000, 512, {}),
    (22050, 2048, {"n_mels": 128}),
    (16000, 400, {"n_mels": 80, "f_min": 20.0, "f_max": 7600.0}),
    (16000, 512, {"n_mels": 40, "htk": True}),
    (16000, 512, {"n_mels": 40, "norm": 1.0}),
    (16000, 512, {"n_mels": 40, "norm": 2.0}),
    (16000, 512, {"n_mels": 40, "norm": 2}),
    (16000, 512, {"n_mels": 40, "norm": None}),
    (16000, 512, {"n_mels": 40, "norm": "other"}),
    (8000, 256, {"n_mels": 32, "dtype": "float64"}),
    (22050, 1024, {"n_mels": 64, "f_min": 50.0, "htk": True, "dtype": "float64", "norm": 1.0}),
    (23, 51, {}),
]
for sr, n_fft, kw in FBANKS:
    add(case(F + "compute_fbank_matrix", sr, n_fft, **kw))

# ------------------------------------------------------------------ power_to_db
for dt in ("float32", "float64"):
    add(case(F + "power_to_db", T(dt, (2, 40, 30), low=0, high=100)))
    add(case(F + "power_to_db", T(dt, (40, 30), low=0, high=1e-6), top_db=None))
    add(case(F + "power_to_db", T(dt, (3, 50), low=0, high=10), ref_value=2.5, amin=1e-5, top_db=20.0))
    add(case(F + "power_to_db", T(dt, (3, 50), low=0, high=10), 0.3, 1e-3, 10))
    add(case(F + "power_to_db", T(dt, (), values=3.0)))
add(case(F + "power_to_db", T("float32", (4, 5), low=0.1, high=2), grad=True, top_db=None))
add(case(F + "power_to_db", T("float32", (4, 5)), amin=0.0, raises="Exception"))
add(case(F + "power_to_db", T("float32", (4, 5)), ref_value=-1.0, raises="Exception"))
add(case(F + "power_to_db", T("float32", (4, 5), low=0, high=1), top_db=-1.0, raises="Exception"))

# ------------------------------------------------------------------ create_dct
for args, kw in (((40, 64), {}), ((13, 40), {"norm": None}), ((23, 257), {}), ((20, 20), {"dtype": "float64"}),
                 ((1, 8), {}), ((64, 40), {}), ((5, 10), {"norm": None, "dtype": "float64"})):
    add(case(F + "create_dct", *args, **kw))
add(case(F + "create_dct", 13, 40, "bad", raises="AssertionError"))

# ------------------------------------------------------------------ dtypes Paddle has no kernel for
for dt in ("float16", "bfloat16", "int32", "complex64"):
    for window in ("hann", "cosine", ("tukey", 0.5), "taylor", ("gaussian", 2.0), "triang"):
        add(case(F + "get_window", window, 8, dtype=dt))
    add(case(F + "power_to_db", T(dt, (3,), values=[1.0, 2.0, 3.0])))
    add(case(F + "create_dct", 3, 4, dtype=dt))
    add(case(F + "mel_frequencies", 8, dtype=dt))
    add(case(F + "fft_frequencies", 8000, 16, dtype=dt))
    for htk in (False, True):
        add(case(F + "hz_to_mel", T(dt, (3,), values=[100.0, 1000.0, 3000.0]), htk))
        add(case(F + "mel_to_hz", T(dt, (3,), values=[1.0, 15.0, 30.0]), htk))
for dt in ("int32", "int64"):
    add(case(F + "get_window", "bohman", 9, dtype=dt))
    add(case(F + "get_window", "bohman", 8, fftbins=False, dtype=dt))
    add(case(F + "compute_fbank_matrix", 8000, 32, 6, dtype=dt))
    add(case(F + "compute_fbank_matrix", 8000, 32, 6, norm=None, dtype=dt))
