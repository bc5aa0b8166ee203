"""Cifar10 / Cifar100 from the python-pickle tar.gz archives."""

import pickle
import tarfile

import numpy as np

from ...io import Dataset
from ._common import need_file
from .mnist import _check_backend, _check_mode, _default_dtype

__all__ = []

URL_PREFIX = "https://dataset.bj.bcebos.com/cifar/"
CIFAR10_URL = URL_PREFIX + "cifar-10-python.tar.gz"
CIFAR10_MD5 = "c58f30108f718f92721af3b95e74349a"
CIFAR100_URL = URL_PREFIX + "cifar-100-python.tar.gz"
CIFAR100_MD5 = "eb9058c3a382ffc7106e4002c42a8d85"
MODE_FLAG_MAP = {"train10": "data_batch", "test10": "test_batch", "train100": "train", "test100": "test"}


class Cifar10(Dataset):
    """Images: ``PIL.Image`` RGB 32x32 ('pil') or float32 HWC ndarray ('cv2'); labels: 0-D int64 ndarray."""

    def __init__(self, data_file=None, mode="train", transform=None, download=True, backend=None):
        _check_mode(mode, ("train", "test"))
        self.mode = mode.lower()
        self.backend = _check_backend(backend)
        self._init_url_md5_flag()
        self.data_file = need_file(data_file, self.data_url, self.data_md5, "cifar", download)
        self.transform = transform
        self._load_data()
        self.dtype = _default_dtype()

    def _init_url_md5_flag(self):
        self.data_url = CIFAR10_URL
        self.data_md5 = CIFAR10_MD5
        self.flag = MODE_FLAG_MAP[self.mode + "10"]

    def _load_data(self):
        self.data = []
        with tarfile.open(self.data_file, mode="r") as f:
            names = sorted(m.name for m in f if self.flag in m.name)
            for name in names:
                batch = pickle.load(f.extractfile(name), encoding="bytes")
                data = batch[b"data"]
                labels = batch.get(b"labels", batch.get(b"fine_labels", None))
                if labels is None:
                    raise AssertionError(f"{self.data_file}:{name} holds no b'labels' / b'fine_labels'")
                for sample, label in zip(data, labels):
                    self.data.append((sample, label))

    def __getitem__(self, idx):
        image, label = self.data[idx]
        image = np.reshape(image, [3, 32, 32]).transpose([1, 2, 0])
        if self.backend == "pil":
            from PIL import Image

            image = Image.fromarray(image.astype("uint8"))
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, np.array(label).astype("int64")
        return image.astype(self.dtype), np.array(label).astype("int64")

    def __len__(self):
        return len(self.data)


class Cifar100(Cifar10):
    def __init__(self, data_file=None, mode="train", transform=None, download=True, backend=None):
        super().__init__(data_file, mode, transform, download, backend)

    def _init_url_md5_flag(self):
        self.data_url = CIFAR100_URL
        self.data_md5 = CIFAR100_MD5
        self.flag = MODE_FLAG_MAP[self.mode + "100"]
