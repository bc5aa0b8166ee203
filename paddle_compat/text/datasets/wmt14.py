"""WMT14 en-fr (wmt14.tgz with src.dict / trg.dict and train/test/gen files)."""

import tarfile

import numpy as np

from ...io import Dataset
from ._util import check_mode, need_file

__all__ = []

URL_DEV_TEST = "http://www-lium.univ-lemans.fr/~schwenk/cslm_joint_paper/data/dev+test.tgz"
MD5_DEV_TEST = "7d7897317ddd8ba0ae5c5fa7248d3ff5"
URL_TRAIN = "http://paddlemodels.bj.bcebos.com/wmt/wmt14.tgz"
MD5_TRAIN = "0791583d57d5beb693b9414c5b36798c"
START = "<s>"
END = "<e>"
UNK = "<unk>"
UNK_IDX = 2


class WMT14(Dataset):
    def __init__(self, data_file=None, mode="train", dict_size=-1, download=True):
        self.mode = check_mode(mode, ("train", "test", "gen"))
        self.data_file = need_file(data_file, URL_TRAIN, MD5_TRAIN, "wmt14", download)
        if not dict_size > 0:
            raise AssertionError("dict_size should be set as positive number")
        self.dict_size = dict_size
        self._load_data()

    def _load_data(self):
        def to_dict(fd, size):
            out = {}
            for i, line in enumerate(fd):
                if i >= size:
                    break
                out[line.strip().decode()] = i
            return out

        self.src_ids, self.trg_ids, self.trg_ids_next = [], [], []
        with tarfile.open(self.data_file, mode="r") as f:
            for suffix, attr in (("src.dict", "src_dict"), ("trg.dict", "trg_dict")):
                names = [m.name for m in f if m.name.endswith(suffix)]
                if len(names) != 1:
                    raise AssertionError(f"{self.data_file} should hold exactly one *{suffix}, found {len(names)}")
                setattr(self, attr, to_dict(f.extractfile(names[0]), self.dict_size))
            file_name = f"{self.mode}/{self.mode}"
            for name in [m.name for m in f if m.name.endswith(file_name)]:
                for line in f.extractfile(name):
                    parts = line.decode().strip().split("\t")
                    if len(parts) != 2:
                        continue
                    src_ids = [self.src_dict.get(w, UNK_IDX) for w in [START] + parts[0].split() + [END]]
                    trg_ids = [self.trg_dict.get(w, UNK_IDX) for w in parts[1].split()]
                    if len(src_ids) > 80 or len(trg_ids) > 80:
                        continue
                    self.src_ids.append(src_ids)
                    self.trg_ids.append([self.trg_dict[START]] + trg_ids)
                    self.trg_ids_next.append(trg_ids + [self.trg_dict[END]])

    def __getitem__(self, idx):
        return np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]), np.array(self.trg_ids_next[idx])

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, reverse=False):
        src, trg = self.src_dict, self.trg_dict
        if reverse:
            src = {v: k for k, v in src.items()}
            trg = {v: k for k, v in trg.items()}
        return src, trg
