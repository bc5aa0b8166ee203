"""Flowers (102 categories): 102flowers.tgz + imagelabels.mat + setid.mat."""

import os
import tarfile

import numpy as np

from ...io import Dataset
from ._common import loadmat, need_file
from .mnist import _check_backend, _check_mode, _default_dtype

__all__ = []

DATA_URL = "http://paddlemodels.bj.bcebos.com/flowers/102flowers.tgz"
LABEL_URL = "http://paddlemodels.bj.bcebos.com/flowers/imagelabels.mat"
SETID_URL = "http://paddlemodels.bj.bcebos.com/flowers/setid.mat"
DATA_MD5 = "52808999861908f626f3c1f4e79d11fa"
LABEL_MD5 = "e0620be6f572b9609742df49c70aed4d"
SETID_MD5 = "a5357ecc9cb78c4bef273ce3793fc85c"
# (sic) Paddle's mapping: 'train' reads the (larger) tstid split and 'test' the trnid split
MODE_FLAG_MAP = {"train": "tstid", "test": "trnid", "valid": "valid"}


class Flowers(Dataset):
    """The archive is extracted next to ``data_file`` (``<data_file without .tgz>/jpg/image_%05d.jpg``), as
    Paddle does. Labels: int64 ndarray [1]. The .mat files are read with scipy when installed, else with
    paddle-compat's own MAT v5 reader."""

    def __init__(self, data_file=None, label_file=None, setid_file=None, mode="train", transform=None,
                 download=True, backend=None):
        _check_mode(mode, ("train", "valid", "test"))
        self.backend = _check_backend(backend)
        flag = MODE_FLAG_MAP[mode.lower()]
        # Paddle tests these with `not`: an empty path also means the cached download
        data_file = need_file(data_file or None, DATA_URL, DATA_MD5, "flowers", download)
        label_file = need_file(label_file or None, LABEL_URL, LABEL_MD5, "flowers", download, "label_file")
        setid_file = need_file(setid_file or None, SETID_URL, SETID_MD5, "flowers", download, "setid_file")
        self.transform = transform
        self.data_path = data_file.replace(".tgz", "/")
        with tarfile.open(data_file) as data_tar:
            if not os.path.exists(self.data_path):
                os.mkdir(self.data_path)
            data_tar.extractall(self.data_path, filter="data")
        self.labels = loadmat(label_file)["labels"][0]
        indexes = loadmat(setid_file)[flag][0]
        self.indexes = indexes.astype("int64") if indexes.dtype.kind == "f" else indexes

    def __getitem__(self, idx):
        from PIL import Image

        index = self.indexes[idx]
        label = np.array([self.labels[index - 1]])
        image = os.path.join(self.data_path, "jpg/image_%05d.jpg" % index)
        image = Image.open(image) if self.backend == "pil" else np.array(Image.open(image))
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(_default_dtype()), label.astype("int64")

    def __len__(self):
        return len(self.indexes)
