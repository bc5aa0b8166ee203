"""paddle.utils.download against real Paddle's behaviour (tests/interop/fixtures/oracle_goldens.json): cache
hits without network, Paddle's archive layouts, md5 checks, errors; plus the offline message and the
vision pretrained loaders going through it."""

import hashlib
import os
import time

import paddle
import pytest
from paddle.utils import download

from ._golden import oracle
from .record_goldens import UNREACHABLE, make_archives

DOWNLOAD = oracle()["download"]


def test_public_names_and_constants_as_paddle():
    assert download.__all__ == DOWNLOAD["__all__"]
    assert download.WEIGHTS_HOME == os.path.expanduser(DOWNLOAD["WEIGHTS_HOME"])
    assert download.DOWNLOAD_RETRY_LIMIT == DOWNLOAD["DOWNLOAD_RETRY_LIMIT"]
    for url, want in DOWNLOAD["is_url"].items():
        assert download.is_url(url) is want, url


@pytest.mark.verifies("paddle.utils.download.get_path_from_url")
def test_cached_files_and_archive_layouts_as_paddle(tmp_path):
    root = str(tmp_path)
    make_archives(root)
    for name, want in DOWNLOAD["get_path_from_url"].items():
        path = download.get_path_from_url(UNREACHABLE + name, root)
        assert os.path.relpath(path, root) == want, name
    listing = sorted(
        os.path.relpath(os.path.join(d, f), root) for d, _, files in os.walk(root) for f in files
    )
    assert listing == DOWNLOAD["listing_after"]
    no_decompress = download.get_path_from_url(UNREACHABLE + "flat.zip", root, decompress=False)
    assert os.path.relpath(no_decompress, root) == DOWNLOAD["no_decompress"]


@pytest.mark.verifies("paddle.utils.download.get_path_from_url")
def test_md5_and_offline_errors_as_paddle(tmp_path):
    root = str(tmp_path)
    make_archives(root)
    with open(os.path.join(root, "weights.pdparams"), "rb") as f:
        good = hashlib.md5(f.read()).hexdigest()
    path = download.get_path_from_url(UNREACHABLE + "weights.pdparams", root, md5sum=good)
    assert os.path.relpath(path, root) == DOWNLOAD["md5_match"]
    calls = {
        "md5_mismatch_offline": lambda: download.get_path_from_url(
            UNREACHABLE + "weights.pdparams", root, md5sum="6b6ea1d9e9d4d5d0ba4cdd1b45bd9cbf"),
        "missing_offline": lambda: download.get_path_from_url(UNREACHABLE + "absent.bin", root),
        "not_a_url": lambda: download.get_path_from_url("/tmp/absent.bin", root),
    }
    for key, call in calls.items():
        with pytest.raises(Exception) as info:
            call()
        assert type(info.value).__name__ == DOWNLOAD[key]["error"], key


def test_offline_error_is_fast_and_says_where_to_put_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(download, "WEIGHTS_HOME", str(tmp_path / "weights"))
    start = time.time()
    with pytest.raises(RuntimeError) as info:
        download.get_weights_path_from_url(UNREACHABLE + "model.pdparams", "0123456789abcdef0123456789abcdef")
    assert time.time() - start < 5
    message = str(info.value)
    assert str(tmp_path / "weights" / "model.pdparams") in message
    assert "0123456789abcdef0123456789abcdef" in message and UNREACHABLE + "model.pdparams" in message


def test_weights_from_the_cache_need_no_network(tmp_path, monkeypatch):
    monkeypatch.setattr(download, "WEIGHTS_HOME", str(tmp_path))
    (tmp_path / "w.pdparams").write_bytes(b"abc")
    md5 = hashlib.md5(b"abc").hexdigest()
    assert download.get_weights_path_from_url(UNREACHABLE + "w.pdparams", md5) == str(tmp_path / "w.pdparams")


def test_a_download_is_written_to_the_cache(tmp_path, monkeypatch):
    import io

    payload = b"weights" * 100

    class _Response(io.BytesIO):
        headers = {"content-length": str(len(payload))}

    monkeypatch.setattr("urllib.request.urlopen", lambda url, timeout: _Response(payload))
    md5 = hashlib.md5(payload).hexdigest()
    path = download.get_path_from_url("https://example.invalid/dir/new.bin", str(tmp_path), md5)
    assert path == str(tmp_path / "new.bin")
    assert (tmp_path / "new.bin").read_bytes() == payload
    assert not (tmp_path / "new.bin_tmp").exists()


def test_vision_pretrained_loader_uses_the_paddle_cache(tmp_path, monkeypatch):
    from paddle_compat.vision.models import _utils

    monkeypatch.setattr(download, "WEIGHTS_HOME", str(tmp_path))
    with paddle.utils.unique_name.guard():
        source = paddle.vision.models.LeNet()
    url, _ = _utils.PRETRAINED.get("resnet18", (None, None))
    assert url is not None
    # A LeNet state dict saved under the file name of a registered arch, with that arch's md5 swapped in.
    saved = tmp_path / url.rsplit("/", 1)[-1]
    paddle.save(source.state_dict(), str(saved))
    md5 = hashlib.md5(saved.read_bytes()).hexdigest()
    monkeypatch.setitem(_utils.PRETRAINED, "resnet18", (url, md5))
    target = paddle.vision.models.LeNet()
    _utils.load_pretrained(target, "resnet18")
    for key, value in source.state_dict().items():
        assert (target.state_dict()[key].numpy() == value.numpy()).all()
