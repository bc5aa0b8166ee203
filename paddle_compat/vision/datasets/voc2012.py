"""VOC2012 segmentation (read straight from the VOCtrainval tar)."""

import io
import os
import tarfile

from ...io import Dataset
from ._common import need_file
from .mnist import _check_backend, _check_mode, _default_dtype

__all__ = []

VOC_URL = "https://dataset.bj.bcebos.com/voc/VOCtrainval_11-May-2012.tar"
VOC_MD5 = "6cd6e144f989b92b3379bac3b3de84fd"
SET_FILE = "VOCdevkit/VOC2012/ImageSets/Segmentation/{}.txt"
DATA_FILE = "VOCdevkit/VOC2012/JPEGImages/{}.jpg"
LABEL_FILE = "VOCdevkit/VOC2012/SegmentationClass/{}.png"
CACHE_DIR = "voc2012"
MODE_FLAG_MAP = {"train": "trainval", "test": "train", "valid": "val"}


class VOC2012(Dataset):
    """Returns (image, label) PIL images ('pil') or float32 ndarrays ('cv2')."""

    def __init__(self, data_file=None, mode="train", transform=None, download=True, backend=None):
        _check_mode(mode, ("train", "valid", "test"))
        self.backend = _check_backend(backend)
        self.flag = MODE_FLAG_MAP[mode.lower()]
        self.data_tar = None
        self.data_file = need_file(data_file, VOC_URL, VOC_MD5, CACHE_DIR, download)
        self.transform = transform
        self._load_anno()
        self.dtype = _default_dtype()

    def _open_tar(self):
        # one handle per process: forked DataLoader workers must not share the file offset
        self.data_tar = tarfile.open(self.data_file)
        self._tar_pid = os.getpid()

    def _load_anno(self):
        self._open_tar()
        self.name2mem = {m.name: m for m in self.data_tar.getmembers()}
        set_file = SET_FILE.format(self.flag)
        if set_file not in self.name2mem:
            raise ValueError(f"{self.data_file} has no {set_file}: not a VOC2012 trainval archive")
        self.data, self.labels = [], []
        for line in self.data_tar.extractfile(self.name2mem[set_file]):
            name = line.strip().decode("utf-8")
            self.data.append(DATA_FILE.format(name))
            self.labels.append(LABEL_FILE.format(name))

    def __getitem__(self, idx):
        import numpy as np
        from PIL import Image

        if self._tar_pid != os.getpid():
            self._open_tar()
            self.name2mem = {m.name: m for m in self.data_tar.getmembers()}
        data = Image.open(io.BytesIO(self.data_tar.extractfile(self.name2mem[self.data[idx]]).read()))
        label = Image.open(io.BytesIO(self.data_tar.extractfile(self.name2mem[self.labels[idx]]).read()))
        if self.backend == "cv2":
            data, label = np.array(data), np.array(label)
        if self.transform is not None:
            data = self.transform(data)
        if self.backend == "cv2":
            return data.astype(self.dtype), label.astype(self.dtype)
        return data, label

    def __len__(self):
        return len(self.data)

    def __del__(self):
        if getattr(self, "data_tar", None):
            self.data_tar.close()

    def __getstate__(self):  # the open tar handle cannot be pickled into DataLoader workers
        state = self.__dict__.copy()
        state["data_tar"] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._tar_pid = None  # reopened on first use
