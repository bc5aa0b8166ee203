"""paddle.audio.features.MelSpectrogram against the same computation in plain torch, same run.

    .venv/bin/python benchmarks/bench_audio.py [--quick]

16 s of 16 kHz audio (one batch row), Paddle's MelSpectrogram defaults except sr (n_fft=2048, hop 512,
hann window, power 2, 64 mel bands, f_min 50 Hz). The torch side is torch.stft + |.|**2 + the mel
matmul on the same window and filter bank tensors (built once, as the Layer builds them once).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402
import paddle  # noqa: E402
import torch  # noqa: E402
from _timing import QUICK, compare  # noqa: E402

SR = 16000
x_np = np.random.RandomState(0).uniform(-1, 1, (1, 16 * SR)).astype("float32")
x = paddle.to_tensor(x_np)
layer = paddle.audio.features.MelSpectrogram(sr=SR)

window = layer._spectrogram.fft_window._t
fbank = layer.fbank_matrix._t
xt = torch.from_numpy(x_np)


def plain_torch():
    spec = torch.stft(xt, 2048, 512, 2048, window, center=True, pad_mode="reflect", return_complex=True)
    return torch.matmul(fbank, spec.abs().pow(2.0))


def ours():
    return layer(x)


np.testing.assert_allclose(ours().numpy(), plain_torch().numpy(), rtol=1e-6)  # the same computation
print(f"MelSpectrogram, 16 s @ 16 kHz -> {list(ours().shape)}, torch threads: {torch.get_num_threads()}")
compare("MelSpectrogram (16 s, 16 kHz)", ours, plain_torch, number=3 if QUICK else 10, target=1.2)
