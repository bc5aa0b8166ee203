"""ESC50 / TESS over tiny trees in Paddle's on-disk layout (tests/audio/_layout.py) vs what real Paddle 2.6.2
returned for the same trees (tests/goldens/audio_layers.json): file lists, labels, items (raw waveforms and
features); and the no-download error."""

import os

import paddle
import pytest

from paddle_compat.audio.datasets import esc50, tess
from tests.audio import _layout
from tests.audio._golden import assert_close, golden

_DATA, _ARRAYS = golden()
_CASES = _DATA["datasets"]


@pytest.fixture(scope="module")
def data_home(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("paddle_dataset"))
    _layout.build(root)
    return root


@pytest.fixture
def at_data_home(data_home, monkeypatch):
    monkeypatch.setattr(esc50, "DATA_HOME", data_home)
    monkeypatch.setattr(tess, "DATA_HOME", data_home)
    return data_home


@pytest.mark.parametrize("entry", [pytest.param(e, id=f"{e['class']}-{i}", marks=pytest.mark.verifies(
    f"paddle.audio.datasets.{e['class']}")) for i, e in enumerate(_CASES)])
def test_dataset_matches_paddle(entry, at_data_home):
    cls = getattr(paddle.audio.datasets, entry["class"])
    if "error" in entry:
        with pytest.raises(Exception) as info:
            cls(**entry["kwargs"])
        assert entry["error"] in [k.__name__ for k in type(info.value).__mro__]
        return
    ds = cls(**entry["kwargs"])
    assert len(ds) == entry["len"]
    ours = [os.path.relpath(f, at_data_home) for f in ds.files]
    if entry["class"] == "TESS":  # the fold of a file follows os.walk order, which is the file system's
        assert sorted(zip(ours, ds.labels)) == sorted(zip(entry["files"], entry["labels"]))
    else:
        assert ours == entry["files"] and list(ds.labels) == entry["labels"]
    for item in entry["items"]:
        index = item["index"]
        if entry["class"] == "TESS":
            index = ours.index(entry["files"][item["index"]])
        feat, label = ds[index]
        assert label == item["label"]
        assert str(feat.dtype).replace("paddle.", "") == item["dtype"]
        assert_close(feat.numpy(), _ARRAYS[item["key"]], item["dtype"], f"item {index}")


def test_missing_data_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(esc50, "DATA_HOME", str(tmp_path))
    monkeypatch.setattr(tess, "DATA_HOME", str(tmp_path))
    with pytest.raises(RuntimeError, match="does not download") as info:
        paddle.audio.datasets.ESC50()
    assert str(tmp_path) in str(info.value) and "ESC-50-master.zip" in str(info.value)
    with pytest.raises(RuntimeError, match="TESS_Toronto_emotional_speech_set.zip"):
        paddle.audio.datasets.TESS()


def test_base_class_and_dataloader(at_data_home):
    from paddle.audio.datasets.dataset import AudioClassificationDataset

    ds = paddle.audio.datasets.ESC50(mode="dev", split=5)
    assert isinstance(ds, AudioClassificationDataset) and isinstance(ds, paddle.io.Dataset)
    batch = next(iter(paddle.io.DataLoader(ds, batch_size=2)))
    assert batch[0].shape == [2, 1200] and batch[1].tolist() == [19, 0]
    with pytest.raises(RuntimeError, match="Unknown feat_type"):
        AudioClassificationDataset([], [], feat_type="wavelet")


def _forbid_network(monkeypatch):
    import socket
    import urllib.request

    def refuse(*args, **kwargs):
        raise AssertionError("paddle.audio.datasets tried the network")

    monkeypatch.setattr(urllib.request, "urlopen", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def _zip_tree(source_root, top, zip_path):
    import zipfile

    with zipfile.ZipFile(zip_path, "w") as archive:
        for root, _, names in os.walk(os.path.join(source_root, top)):
            for name in names:
                full = os.path.join(root, name)
                archive.write(full, os.path.relpath(full, source_root))


def _md5(path):
    import hashlib

    with open(path, "rb") as f:
        return hashlib.md5(f.read()).hexdigest()


def test_archive_placed_in_data_home_is_unpacked(data_home, tmp_path, monkeypatch):
    _forbid_network(monkeypatch)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(esc50, "DATA_HOME", str(home))
    monkeypatch.setattr(tess, "DATA_HOME", str(home))
    _zip_tree(data_home, "ESC-50-master", str(home / "ESC-50-master.zip"))
    _zip_tree(data_home, "TESS_Toronto_emotional_speech_set", str(home / "TESS.zip"))
    esc_archive = {"url": "https://example.invalid/ESC-50-master.zip", "md5": _md5(home / "ESC-50-master.zip")}
    ds = paddle.audio.datasets.ESC50(mode="dev", split=5, archive=esc_archive)
    assert list(ds.labels) == [19, 0] and (home / "ESC-50-master" / "meta" / "esc50.csv").is_file()
    tess_archive = {"url": "https://example.invalid/TESS.zip", "md5": "0" * 32}  # wrong md5: not unpacked
    with pytest.raises(RuntimeError, match="its md5 is not 0000"):
        paddle.audio.datasets.TESS(archive=tess_archive)
    tess_archive["md5"] = _md5(home / "TESS.zip")
    assert len(paddle.audio.datasets.TESS(mode="dev", archive=tess_archive)) == 3
