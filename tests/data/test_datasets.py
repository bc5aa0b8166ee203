"""Dataset readers on generated files: what the goldens cannot cover (Flowers needs scipy in Paddle, the
cache directory, download errors, workers)."""

import os

import numpy as np
import paddle
import pytest

from paddle_compat.vision.datasets import _common
from tools.api_diff import record_data as rd

DIGITS = os.path.join(os.path.dirname(paddle.__file__), "_data", "digits")


def test_flowers_generated(tmp_path):
    dp, lp, sp = rd.make_flowers(str(tmp_path))
    tr = paddle.vision.datasets.Flowers(dp, lp, sp, mode="train")
    assert len(tr) == 3  # Paddle's 'train' reads the tstid split
    img, label = tr[0]
    assert img.size == (7, 6) and label.dtype == np.int64 and label.tolist() == [3]
    va = paddle.vision.datasets.Flowers(dp, lp, sp, mode="valid", backend="cv2")
    img, label = va[1]
    assert img.dtype == np.float32 and img.shape == (6, 7, 3) and label.tolist() == [7]
    te = paddle.vision.datasets.Flowers(dp, lp, sp, mode="test")
    assert [te[i][1][0] for i in range(len(te))] == [5, 1, 102]
    with pytest.raises(AssertionError, match="mode"):
        paddle.vision.datasets.Flowers(dp, lp, sp, mode="val")


def test_matfile_reader(tmp_path):
    p = str(tmp_path / "x.mat")
    rd.savemat_v5(p, {"a": np.array([[1.5, 2, 3]]), "b": np.arange(6).reshape(2, 3)}, compress=True)
    m = _common.loadmat(p)
    np.testing.assert_array_equal(m["a"], [[1.5, 2, 3]])
    np.testing.assert_array_equal(m["b"], np.arange(6).reshape(2, 3))
    bad = tmp_path / "bad.mat"
    bad.write_bytes(b"not a mat file" * 20)
    # with scipy installed the file goes to scipy.io.loadmat (as in Paddle), whose message differs from our reader's
    with pytest.raises(ValueError, match="MATLAB|mat file"):
        _common.loadmat(str(bad))


def test_cache_dir_lookup_and_download_error(tmp_path, monkeypatch):
    monkeypatch.setattr(_common, "DATA_HOME", str(tmp_path))
    with pytest.raises(RuntimeError, match=r"mnist/train-images-idx3-ubyte.gz"):
        paddle.vision.datasets.MNIST()
    os.makedirs(tmp_path / "mnist")
    rd.make_mnist(str(tmp_path / "mnist"), n=100)
    ds = paddle.vision.datasets.MNIST(mode="train")
    assert len(ds) == 100 and ds.image_path.startswith(str(tmp_path))
    with pytest.raises(RuntimeError, match="cifar-10-python.tar.gz"):
        paddle.vision.datasets.Cifar10()
    with pytest.raises(RuntimeError, match="uci_housing/housing.data"):
        paddle.text.UCIHousing()


def test_digits_with_loader_and_transforms():
    T = paddle.vision.transforms
    ds = paddle.vision.datasets.MNIST(os.path.join(DIGITS, "train-images-idx3-ubyte.gz"),
                                      os.path.join(DIGITS, "train-labels-idx1-ubyte.gz"),
                                      transform=T.Compose([T.ToTensor(), T.Normalize([0.5], [0.5])]))
    batches = [b for b in paddle.io.DataLoader(ds, batch_size=128, shuffle=True, drop_last=True, num_workers=2)]
    assert len(batches) == 1400 // 128
    x, y = batches[0]
    assert x.shape == [128, 1, 28, 28] and x.dtype == paddle.float32 and y.shape == [128, 1]
    assert y.dtype == paddle.int64 and float(x.min()) >= -1 and float(x.max()) <= 1
    labels = np.concatenate([ds[i][1] for i in range(len(ds))])
    assert set(labels.tolist()) == set(range(10))


def test_corrupt_files(tmp_path):
    bad = tmp_path / "cifar.tar.gz"
    bad.write_bytes(b"\x1f\x8b garbage")
    with pytest.raises(Exception) as ei:
        paddle.vision.datasets.Cifar10(data_file=str(bad))
    assert type(ei.value).__name__ in ("ReadError", "EOFError", "BadGzipFile", "CompressionError")
    ip, lp = rd.make_mnist(str(tmp_path), n=100)
    with pytest.raises(ValueError, match="not an idx3"):
        paddle.vision.datasets.MNIST(image_path=lp, label_path=lp)


def test_voc_in_workers(tmp_path):
    ds = paddle.vision.datasets.VOC2012(rd.make_voc(str(tmp_path)), mode="train", backend="cv2")
    out = [b for b in paddle.io.DataLoader(ds, batch_size=2, num_workers=2)]
    assert len(out) == 3 and out[0][0].shape == [2, 8, 10, 3] and out[0][1].dtype == paddle.float32


def test_image_folder_transform(tmp_path):
    root = rd.make_folder(str(tmp_path))
    T = paddle.vision.transforms
    ds = paddle.vision.datasets.ImageFolder(root, transform=T.ToTensor())
    assert len(ds) == 6 and ds[0][0].shape == [3, 5, 6]
