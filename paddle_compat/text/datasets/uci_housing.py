"""UCI housing (whitespace-separated ``housing.data``; 14 columns, features normalised like Paddle)."""

import numpy as np

from ...io import Dataset
from ._util import check_mode, need_file

__all__ = []

URL = "http://paddlemodels.bj.bcebos.com/uci_housing/housing.data"
MD5 = "d4accdce7a25600298819f8e28e8d593"
feature_names = ["CRIM", "ZN", "INDUS", "CHAS", "NOX", "RM", "AGE", "DIS", "RAD", "TAX", "PTRATIO", "B", "LSTAT"]


class UCIHousing(Dataset):
    """Samples (features float32 [13], price float32 [1]); the first 80% of rows are 'train'."""

    def __init__(self, data_file=None, mode="train", download=True):
        self.mode = check_mode(mode, ("train", "test"))
        self.data_file = need_file(data_file, URL, MD5, "uci_housing", download)
        self._load_data()
        from ..._core import get_default_dtype

        self.dtype = get_default_dtype()

    def _load_data(self, feature_num=14, ratio=0.8):
        data = np.fromfile(self.data_file, sep=" ")
        if data.size % feature_num:
            raise ValueError(f"{self.data_file}: {data.size} numbers do not form rows of {feature_num} columns")
        data = data.reshape(data.shape[0] // feature_num, feature_num)
        maximums, minimums, avgs = data.max(axis=0), data.min(axis=0), data.sum(axis=0) / data.shape[0]
        for i in range(feature_num - 1):
            data[:, i] = (data[:, i] - avgs[i]) / (maximums[i] - minimums[i])
        offset = int(data.shape[0] * ratio)
        self.data = data[:offset] if self.mode == "train" else data[offset:]

    def __getitem__(self, idx):
        row = self.data[idx]
        return np.array(row[:-1]).astype(self.dtype), np.array(row[-1:]).astype(self.dtype)

    def __len__(self):
        return len(self.data)
