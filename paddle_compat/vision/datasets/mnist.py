"""MNIST / FashionMNIST from the idx (gzip) files."""

import gzip
import struct

import numpy as np

from ...io import Dataset
from ._common import check_mode as _check_mode
from ._common import need_file

__all__ = []


def _check_backend(backend):
    if backend is None:
        from ..image import get_image_backend

        backend = get_image_backend()
    if backend not in ("pil", "cv2"):
        raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
    return backend


def _default_dtype():
    from ..._core import get_default_dtype

    return get_default_dtype()


_IDX_FILES = {"TEST_IMAGE": "t10k-images-idx3-ubyte.gz", "TEST_LABEL": "t10k-labels-idx1-ubyte.gz",
              "TRAIN_IMAGE": "train-images-idx3-ubyte.gz", "TRAIN_LABEL": "train-labels-idx1-ubyte.gz"}


def _idx_files(name, url_prefix, **md5s):
    """Class decorator: Paddle's NAME, URL_PREFIX and <SPLIT>_<KIND>_URL/_MD5 class attributes of an
    MNIST-format data set (``md5s`` keyed like ``test_image``)."""

    def decorate(cls):
        cls.NAME, cls.URL_PREFIX = name, url_prefix
        for key, filename in _IDX_FILES.items():
            setattr(cls, f"{key}_URL", url_prefix + filename)
            setattr(cls, f"{key}_MD5", md5s[key.lower()])
        return cls

    return decorate


@_idx_files("mnist", "https://dataset.bj.bcebos.com/mnist/",
            test_image="9fb629c4189551a2d022fa330f9573f3", test_label="ec29112dd5afa0611ce80d1b7f02629c",
            train_image="f68b3c2dcbeaaa9fbdd348bbdeb94873", train_label="d53e105ee54ea40749a09fcbcd1e9432")
class MNIST(Dataset):
    """Images: ``PIL.Image`` (mode L, 28x28) with backend 'pil', float32 (default dtype) HxW ndarray with
    'cv2'; labels: int64 ndarray of shape [1]."""

    def __init__(self, image_path=None, label_path=None, mode="train", transform=None, download=True,
                 backend=None):
        _check_mode(mode, ("train", "test"))
        self.backend = _check_backend(backend)
        self.mode = mode.lower()
        train = self.mode == "train"
        split = "TRAIN" if train else "TEST"
        self.image_path = need_file(image_path, getattr(self, f"{split}_IMAGE_URL"),
                                    getattr(self, f"{split}_IMAGE_MD5"), self.NAME, download, "image_path")
        self.label_path = need_file(label_path, getattr(self, f"{split}_LABEL_URL"),
                                    getattr(self, f"{split}_LABEL_MD5"), self.NAME, download, "label_path")
        self.transform = transform
        self._parse_dataset()
        self.dtype = _default_dtype()

    def _parse_dataset(self, buffer_size=100):
        with gzip.GzipFile(self.image_path, "rb") as f:
            img_buf = f.read()
        with gzip.GzipFile(self.label_path, "rb") as f:
            lab_buf = f.read()
        if len(img_buf) < 16 or len(lab_buf) < 8:
            raise ValueError(f"corrupt MNIST files {self.image_path} / {self.label_path}: header too short")
        magic_img, _, rows, cols = struct.unpack_from(">IIII", img_buf, 0)
        magic_lab, label_num = struct.unpack_from(">II", lab_buf, 0)
        if magic_img != 2051:
            raise ValueError(f"{self.image_path} is not an idx3 image file (magic {magic_img}, expected 2051)")
        if magic_lab != 2049:
            raise ValueError(f"{self.label_path} is not an idx1 label file (magic {magic_lab}, expected 2049)")
        # Paddle reads whole blocks of ``buffer_size`` samples
        n = -(-label_num // buffer_size) * buffer_size
        if len(lab_buf) - 8 < n or len(img_buf) - 16 < n * rows * cols:
            raise struct.error(f"corrupt MNIST files {self.image_path} / {self.label_path}: {n} samples "
                               f"expected (Paddle reads blocks of {buffer_size}), the files are shorter")
        labels = np.frombuffer(lab_buf, dtype=np.uint8, count=n, offset=8).astype("int64")
        images = np.frombuffer(img_buf, dtype=np.uint8, count=n * rows * cols, offset=16)
        images = images.reshape(n, rows * cols).astype("float32")
        self.images = list(images)
        self.labels = [labels[i: i + 1] for i in range(n)]

    def __getitem__(self, idx):
        image, label = self.images[idx], self.labels[idx]
        image = np.reshape(image, [28, 28])
        if self.backend == "pil":
            from PIL import Image

            image = Image.fromarray(image.astype("uint8"), mode="L")
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(self.dtype), label.astype("int64")

    def __len__(self):
        return len(self.labels)


@_idx_files("fashion-mnist", "https://dataset.bj.bcebos.com/fashion_mnist/",
            test_image="bef4ecab320f06d8554ea6380940ec79", test_label="bb300cfdad3c16e7a12a480ee83cd310",
            train_image="8d4fb7e6c68d591d4c3dfef9ec88bf0d", train_label="25c81989df183df01b3e8a0aad5dffbe")
class FashionMNIST(MNIST):
    pass
