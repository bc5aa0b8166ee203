"""WAV I/O vs real Paddle 2.6.2's wave backend: our save of a signal gives byte-for-byte the file Paddle's
save wrote (tests/audio/fixtures/*.wav), so Paddle reads ours as its own; our load/info of Paddle's files
give what Paddle's load/info gave (tests/goldens/audio_layers.json)."""

import io
import os
import warnings
import zlib

import numpy as np
import paddle
import pytest

from tests.audio._golden import FIXTURES, assert_close, golden

_DATA, _ARRAYS = golden()
_WAVS = _DATA["wavs"]


def _signal(entry):
    rng = np.random.RandomState(entry["seed"])
    if entry["kind"] == "full_scale":
        return np.array([[1.0, -1.0, 0.5, -0.5, 0.999, 0.0]], dtype=np.float32)
    if entry["kind"] == "int16":
        return rng.randint(-32768, 32767, size=entry["shape"]).astype(np.int16)
    return rng.uniform(-0.9, 0.9, size=entry["shape"]).astype(np.float32)


def _ids(entries):
    return [e["file"] for e in entries]


@pytest.mark.verifies("paddle.audio.save")
@pytest.mark.parametrize("entry", _WAVS, ids=_ids(_WAVS))
def test_save_writes_paddles_bytes(entry, tmp_path):
    path = str(tmp_path / entry["file"])
    paddle.audio.save(path, paddle.to_tensor(_signal(entry)), entry["sample_rate"],
                      channels_first=entry["channels_first"])
    with open(path, "rb") as f:
        ours = f.read()
    with open(os.path.join(FIXTURES, entry["file"]), "rb") as f:
        theirs = f.read()
    assert zlib.crc32(theirs) == entry["crc32"]
    assert ours == theirs


@pytest.mark.verifies("paddle.audio.load")
@pytest.mark.parametrize("entry", _WAVS, ids=_ids(_WAVS))
def test_load_reads_paddles_files(entry):
    path = os.path.join(FIXTURES, entry["file"])
    for load in entry["loads"]:
        wav, rate = paddle.audio.load(path, **load["kwargs"])
        assert rate == load["sample_rate"]
        assert isinstance(wav, paddle.Tensor)
        assert str(wav.dtype).replace("paddle.", "") == load["dtype"]
        assert wav.shape == load["shape"], load["kwargs"]
        assert_close(wav.numpy(), _ARRAYS[load["key"]], load["dtype"], str(load["kwargs"]))


@pytest.mark.verifies("paddle.audio.info")
@pytest.mark.parametrize("entry", _WAVS, ids=_ids(_WAVS))
def test_info_of_paddles_files(entry):
    meta = paddle.audio.info(os.path.join(FIXTURES, entry["file"]))
    assert type(meta).__name__ == "AudioInfo"
    assert {k: getattr(meta, k) for k in entry["info"]} == entry["info"]


def test_file_objects_and_paths():
    path = os.path.join(FIXTURES, "stereo_8k.wav")
    with open(path, "rb") as f:
        data = f.read()
    wav, rate = paddle.audio.load(io.BytesIO(data))
    ref, _ = paddle.audio.load(path)
    np.testing.assert_array_equal(wav.numpy(), ref.numpy())
    from pathlib import Path

    assert paddle.audio.info(Path(path)).num_channels == 2


def test_errors(tmp_path):
    not_wav = tmp_path / "x.wav"
    not_wav.write_bytes(b"this is not a RIFF file at all")
    with pytest.raises(NotImplementedError, match="only PCM16 WAV"):
        paddle.audio.load(str(not_wav))
    with pytest.raises(NotImplementedError):
        paddle.audio.info(str(not_wav))
    x = paddle.zeros([1, 10])
    with pytest.raises(AssertionError, match="Expected 2D tensor"):
        paddle.audio.save(str(tmp_path / "a.wav"), paddle.zeros([10]), 8000)
    with pytest.raises(ValueError, match="only support 16 bit"):
        paddle.audio.save(str(tmp_path / "a.wav"), x, 8000, bits_per_sample=24)


@pytest.mark.verifies("paddle.audio.backends.list_available_backends", "paddle.audio.backends.get_current_backend",
                      "paddle.audio.backends.set_backend")
def test_backend_selection():
    """Without paddleaudio installed (as when the oracle recorded): only the wave backend, with Paddle's
    warning; other names are NotImplementedError."""
    recorded = _DATA["backends"]
    backends = paddle.audio.backends
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert backends.list_available_backends() == recorded["available"]
    assert [str(w.message) for w in caught] == recorded["warnings"]
    assert caught[0].category.__name__ == recorded["warning_category"]
    assert backends.get_current_backend() == recorded["current"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in ("soundfile", "wave_backend", "sox_io"):
            try:
                backends.set_backend(name)
                outcome = "ok"
            except Exception as e:  # noqa: BLE001
                outcome = type(e).__name__
            assert outcome == recorded[f"set_{name}"], name
    assert (paddle.audio.load is backends.wave_backend.load) == recorded["load_is_wave_backend"]
