"""Record the paddle.audio goldens that do not fit the case format, with REAL Paddle 2.6.2:

    .oracle/bin/python tests/audio/record_audio_goldens.py

* tests/goldens/audio_layers.{json,npz}: feature Layers built by Paddle from their arguments alone (their
  window / filter bank / DCT buffers and their outputs on a fixed waveform), so our constructors are
  checked too (the case-format replay loads Paddle's buffers into our layers before calling them);
* datasets: ESC50 / TESS over the tiny trees of tests/audio/_layout.py (files, labels, first/last item);
* tests/audio/fixtures/*.wav: files written by Paddle's wave backend (``paddle.audio.save``), and in the
  JSON what Paddle's ``load``/``info`` return for them. Our ``save`` of the same signals must give the
  same bytes (so Paddle reads our files as its own), and our ``load`` of Paddle's files the same arrays.
"""

import json
import os
import sys
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)

from tools.api_diff.common import oracle_stamp  # noqa: E402

STAMP = oracle_stamp()

import paddle  # noqa: E402

from tests.audio import _layout  # noqa: E402

# (name, class, kwargs, input dtype, input shape)
LAYERS = [
    ("spectrogram_default", "Spectrogram", {}, "float32", (2, 2048)),
    ("melspectrogram_default", "MelSpectrogram", {}, "float32", (1, 4096)),
    ("logmel_default", "LogMelSpectrogram", {}, "float32", (2, 2048)),
    ("mfcc_default", "MFCC", {}, "float32", (2, 2048)),
    ("mel_16k", "MelSpectrogram", {"sr": 16000, "n_fft": 400, "hop_length": 160, "n_mels": 80}, "float32",
     (2, 1600)),
    ("mel_htk_l1_f64", "MelSpectrogram", {"sr": 8000, "n_fft": 256, "n_mels": 24, "htk": True, "norm": 1.0,
                                          "window": "hamming", "dtype": "float64"}, "float64", (2, 1200)),
    ("logmel_topdb_f64", "LogMelSpectrogram", {"sr": 16000, "n_fft": 256, "n_mels": 32, "top_db": 40.0,
                                               "ref_value": 2.0, "dtype": "float64"}, "float64", (1, 1600)),
    ("mfcc_taylor", "MFCC", {"sr": 22050, "n_mfcc": 20, "n_fft": 512, "window": "taylor", "f_max": 8000.0},
     "float32", (1, 3000)),
    ("spec_tukey_f64", "Spectrogram", {"n_fft": 128, "hop_length": 32, "window": ("tukey", 0.25),
                                       "power": 2.0, "dtype": "float64"}, "float64", (3, 700)),
]

# (file name, signal kind, shape, sample rate, channels_first)
WAVS = [
    ("mono_16k.wav", "float32", (1, 400), 16000, True),
    ("stereo_8k.wav", "float32", (2, 300), 8000, True),
    ("stereo_tc_22k.wav", "float32", (300, 2), 22050, False),
    ("full_scale.wav", "full_scale", (1, 6), 16000, True),
    ("int16_mono.wav", "int16", (1, 200), 11025, True),
]


def signal(kind, shape, seed):
    rng = np.random.RandomState(seed)
    if kind == "full_scale":  # +1.0 * 2**15 wraps to -32768 in Paddle's float -> int16 conversion
        return np.array([[1.0, -1.0, 0.5, -0.5, 0.999, 0.0]], dtype=np.float32)
    if kind == "int16":
        return rng.randint(-32768, 32767, size=shape).astype(np.int16)
    return rng.uniform(-0.9, 0.9, size=shape).astype(np.float32)


def waveform(dtype, shape, seed):
    return np.random.RandomState(seed).uniform(-1, 1, size=shape).astype(dtype)


# (class, kwargs); kwargs beyond the class's own go to the feature Layer
DATASETS = [
    ("ESC50", {}),
    ("ESC50", {"mode": "dev", "split": 5}),
    ("ESC50", {"mode": "dev", "split": 1, "feat_type": "mfcc", "n_mfcc": 13, "n_fft": 256, "n_mels": 32}),
    ("ESC50", {"mode": "train", "split": 3, "feat_type": "spectrogram", "n_fft": 128}),
    ("ESC50", {"mode": "dev", "split": 5, "feat_type": "melspectrogram", "n_fft": 256, "n_mels": 16,
               "hop_length": 128}),
    ("ESC50", {"mode": "test", "split": 4, "feat_type": "logmelspectrogram", "n_fft": 256, "n_mels": 16}),
    ("ESC50", {"split": 6}),
    ("ESC50", {"feat_type": "bogus"}),
    ("TESS", {}),
    ("TESS", {"mode": "dev", "split": 2}),
    ("TESS", {"mode": "dev", "n_folds": 3, "split": 3, "feat_type": "mfcc", "n_fft": 256, "n_mels": 32,
              "n_mfcc": 13}),
    ("TESS", {"mode": "train", "n_folds": 2, "split": 2}),
    ("TESS", {"n_folds": 0}),
    ("TESS", {"n_folds": 3, "split": 4}),
]


def record_datasets(arrays):
    import tempfile

    from paddle.audio.datasets import esc50, tess

    entries = []
    with tempfile.TemporaryDirectory() as data_home:
        _layout.build(data_home)
        esc50.DATA_HOME = tess.DATA_HOME = data_home
        for i, (cls_name, kwargs) in enumerate(DATASETS):
            entry = {"class": cls_name, "kwargs": kwargs}
            try:
                ds = getattr(paddle.audio.datasets, cls_name)(**kwargs)
            except Exception as e:  # noqa: BLE001
                entry["error"] = type(e).__name__
                entries.append(entry)
                continue
            entry["files"] = [os.path.relpath(f, data_home) for f in ds.files]
            entry["labels"] = list(ds.labels)
            entry["len"] = len(ds)
            entry["items"] = []
            for idx in sorted({0, len(ds) - 1}):
                feat, label = ds[idx]
                key = f"dataset{i}/{idx}"
                arrays[key] = feat.numpy()
                entry["items"].append({"index": idx, "key": key, "label": label, "dtype": str(feat.dtype)[7:],
                                       "shape": feat.shape})
            entries.append(entry)
    return entries


SURFACE_MODULES = [
    "paddle.audio", "paddle.audio.functional", "paddle.audio.features", "paddle.audio.backends",
    "paddle.audio.datasets", "paddle.audio.functional.window", "paddle.audio.functional.functional",
    "paddle.audio.features.layers", "paddle.audio.backends.backend", "paddle.audio.backends.wave_backend",
    "paddle.audio.backends.init_backend", "paddle.audio.datasets.dataset", "paddle.audio.datasets.esc50",
    "paddle.audio.datasets.tess",
]


def record_surface():
    """Per module: __all__, and the public names whose object Paddle defines (module path, kind)."""
    import importlib
    import types

    surface = {}
    for name in SURFACE_MODULES:
        module = importlib.import_module(name)
        names = {}
        for attr in dir(module):
            if attr.startswith("_"):
                continue
            value = getattr(module, attr)
            where = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
            if isinstance(where, str) and where.startswith("paddle.audio"):
                names[attr] = {"module": where, "kind": type(value).__name__}
        surface[name] = {"all": getattr(module, "__all__", None), "names": names}
    return surface


def record_backends():
    """What the backend selection functions return without paddleaudio (and the warning they give)."""
    import warnings

    backends = paddle.audio.backends
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        available = backends.list_available_backends()
    result = {"available": available, "warnings": [str(w.message) for w in caught],
              "warning_category": caught[0].category.__name__ if caught else None,
              "current": backends.get_current_backend()}
    for name in ("soundfile", "wave_backend", "sox_io"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                backends.set_backend(name)
                result[f"set_{name}"] = "ok"
            except Exception as e:  # noqa: BLE001
                result[f"set_{name}"] = type(e).__name__
    result["load_is_wave_backend"] = paddle.audio.load is backends.wave_backend.load
    return result


def main():
    arrays, golden = {}, {**STAMP, "layers": [], "wavs": []}
    for i, (name, cls_name, kwargs, dtype, shape) in enumerate(LAYERS):
        lay = getattr(paddle.audio.features, cls_name)(**kwargs)
        x = waveform(dtype, shape, 100 + i)
        out = lay(paddle.to_tensor(x)).numpy()
        buffers = []
        for key, value in lay.state_dict().items():
            arrays[f"{name}/{key}"] = value.numpy()
            buffers.append({"key": key, "dtype": str(value.dtype).replace("paddle.", ""), "shape": value.shape})
        arrays[f"{name}/out"] = out
        golden["layers"].append({"name": name, "class": cls_name, "kwargs": kwargs, "input_dtype": dtype,
                                 "input_shape": list(shape), "input_seed": 100 + i, "buffers": buffers,
                                 "out_dtype": str(out.dtype), "out_shape": list(out.shape), "repr": repr(lay),
                                 "module": type(lay).__module__})

    fixtures = os.path.join(HERE, "fixtures")
    os.makedirs(fixtures, exist_ok=True)
    for i, (fname, kind, shape, sr, channels_first) in enumerate(WAVS):
        src = signal(kind, shape, 200 + i)
        path = os.path.join(fixtures, fname)
        paddle.audio.save(path, paddle.to_tensor(src), sr, channels_first=channels_first)
        with open(path, "rb") as f:
            data = f.read()
        meta = paddle.audio.info(path)
        entry = {"file": fname, "kind": kind, "shape": list(shape), "sample_rate": sr,
                 "channels_first": channels_first, "seed": 200 + i, "bytes": len(data), "crc32": zlib.crc32(data),
                 "info": {k: getattr(meta, k) for k in ("sample_rate", "num_samples", "num_channels",
                                                         "bits_per_sample", "encoding")},
                 "loads": []}
        for j, load_kwargs in enumerate(({}, {"normalize": False}, {"channels_first": False},
                                         {"frame_offset": 10, "num_frames": 50}, {"frame_offset": 10},
                                         {"num_frames": 3})):
            wav, rate = paddle.audio.load(path, **load_kwargs)
            key = f"{fname}/load{j}"
            arrays[key] = wav.numpy()
            entry["loads"].append({"kwargs": load_kwargs, "key": key, "sample_rate": rate,
                                   "dtype": str(wav.dtype).replace("paddle.", ""), "shape": wav.shape})
        golden["wavs"].append(entry)

    golden["datasets"] = record_datasets(arrays)
    golden["surface"] = record_surface()
    golden["backends"] = record_backends()

    np.savez_compressed(os.path.join(ROOT, "tests", "goldens", "audio_layers.npz"), **arrays)
    with open(os.path.join(ROOT, "tests", "goldens", "audio_layers.json"), "w") as f:
        json.dump(golden, f, indent=1)
    print(f"{len(LAYERS)} layers, {len(WAVS)} wav files recorded")


if __name__ == "__main__":
    main()
