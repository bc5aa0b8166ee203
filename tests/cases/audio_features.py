"""Goldens: paddle.audio.features layers (Spectrogram, MelSpectrogram, LogMelSpectrogram, MFCC).

Replay loads Paddle's recorded buffers (window, filter bank, DCT matrix) before the call; that our own
buffers equal Paddle's is checked by tests/audio/test_features.py against tests/goldens/audio_layers.*."""

from tools.api_diff.casefmt import T, layer

CASES = []
add = CASES.append
P = "paddle.audio.features."

for dt in ("float32", "float64"):
    wave = T(dt, (2, 1600))
    add(layer(P + "Spectrogram", inputs=[wave], n_fft=256, dtype=dt))
    add(layer(P + "Spectrogram", inputs=[wave], n_fft=256, hop_length=64, power=2.0, dtype=dt))
    add(layer(P + "Spectrogram", inputs=[T(dt, (1000,))], n_fft=128, hop_length=None, win_length=100,
              window="hamming", center=False, dtype=dt))
    add(layer(P + "Spectrogram", inputs=[wave], n_fft=200, hop_length=80, window=("gaussian", 30.0),
              pad_mode="constant", power=0.5, dtype=dt))
    add(layer(P + "MelSpectrogram", inputs=[wave], sr=16000, n_fft=256, hop_length=128, n_mels=32, dtype=dt))
    add(layer(P + "MelSpectrogram", inputs=[wave], sr=8000, n_fft=256, hop_length=100, win_length=200,
              n_mels=20, f_min=0.0, f_max=3000.0, htk=True, norm=2.0, window="blackman", dtype=dt))
    add(layer(P + "LogMelSpectrogram", inputs=[wave], sr=16000, n_fft=256, n_mels=32, dtype=dt))
    add(layer(P + "LogMelSpectrogram", inputs=[wave], sr=16000, n_fft=256, hop_length=160, n_mels=40,
              ref_value=0.5, amin=1e-6, top_db=60.0, dtype=dt))
    add(layer(P + "MFCC", inputs=[wave], sr=16000, n_mfcc=13, n_fft=256, n_mels=32, dtype=dt))
    add(layer(P + "MFCC", inputs=[wave], sr=16000, n_mfcc=20, n_fft=256, hop_length=128, n_mels=40,
              top_db=80.0, htk=True, dtype=dt))

add(layer(P + "MelSpectrogram", inputs=[T("float32", (2, 1600))], sr=16000, n_fft=256, n_mels=16, grad=True))
add(layer(P + "MFCC", inputs=[T("float32", (1, 2000))], sr=16000, n_mfcc=10, n_fft=128, n_mels=20, grad=True))
add(layer(P + "Spectrogram", inputs=[T("float32", (3, 800))], n_fft=64, hop_length=16, grad=True))
add(layer(P + "Spectrogram", power=0.0, raises="AssertionError"))
add(layer(P + "MFCC", n_mfcc=80, n_mels=64, raises="AssertionError"))
add(layer(P + "Spectrogram", inputs=[T("float32", (2, 100))], n_fft=256, raises="AssertionError"))
add(layer(P + "Spectrogram", window="kaiser", raises="ValueError"))
add(layer(P + "MFCC", inputs=[T("float32", (1000,))], n_fft=128, n_mels=20, n_mfcc=5, raises="ValueError"))
add(layer(P + "LogMelSpectrogram", inputs=[T("float32", (1000,))], n_fft=128, n_mels=20))
add(layer(P + "Spectrogram", inputs=[T("int32", (2, 600))], n_fft=64, raises="ValueError"))
add(layer(P + "Spectrogram", inputs=[T("float16", (2, 600))], n_fft=64, raises="RuntimeError"))
add(layer(P + "Spectrogram", inputs=[T("float64", (2, 600))], n_fft=64))
add(layer(P + "Spectrogram", inputs=[T("float32", (2, 600))], n_fft=64, dtype="float64"))
