"""WMT16 en-de (wmt16.tar.gz); word dictionaries are built into Paddle's cache dir on first use."""

import os
import tarfile
from collections import defaultdict

import numpy as np

from ...io import Dataset
from ._util import DATA_HOME, check_mode, need_file

__all__ = []

DATA_URL = "http://paddlemodels.bj.bcebos.com/wmt/wmt16.tar.gz"
DATA_MD5 = "0c38be43600334966403524a40dcd81e"
TOTAL_EN_WORDS = 11250
TOTAL_DE_WORDS = 19220
START_MARK = "<s>"
END_MARK = "<e>"
UNK_MARK = "<unk>"


class WMT16(Dataset):
    def __init__(self, data_file=None, mode="train", src_dict_size=-1, trg_dict_size=-1, lang="en", download=True):
        self.mode = check_mode(mode, ("train", "test", "val"))
        self.data_file = need_file(data_file, DATA_URL, DATA_MD5, "wmt16", download)
        self.lang = lang
        if not src_dict_size > 0:
            raise AssertionError("dict_size should be set as positive number")
        if not trg_dict_size > 0:
            raise AssertionError("dict_size should be set as positive number")
        self.src_dict_size = min(src_dict_size, TOTAL_EN_WORDS if lang == "en" else TOTAL_DE_WORDS)
        self.trg_dict_size = min(trg_dict_size, TOTAL_DE_WORDS if lang == "en" else TOTAL_EN_WORDS)
        self.src_dict = self._load_dict(lang, src_dict_size)
        self.trg_dict = self._load_dict("de" if lang == "en" else "en", trg_dict_size)
        self.data = self._load_data()

    @staticmethod
    def _dict_path(lang, dict_size):
        return os.path.join(DATA_HOME, "wmt16/%s_%d.dict" % (lang, dict_size))

    def _load_dict(self, lang, dict_size, reverse=False):
        path = self._dict_path(lang, dict_size)
        found = False
        if os.path.exists(path):
            with open(path, "rb") as d:
                found = len(d.readlines()) == dict_size
        if not found:
            self._build_dict(path, dict_size, lang)
        out = {}
        with open(path, "rb") as fdict:
            for idx, line in enumerate(fdict):
                if reverse:
                    out[idx] = line.strip().decode()
                else:
                    out[line.strip().decode()] = idx
        return out

    def _build_dict(self, dict_path, dict_size, lang):
        # (sic) as in Paddle 2.6.2 the words are counted from the column of ``self.lang`` for both dictionaries
        counts = defaultdict(int)
        with tarfile.open(self.data_file, mode="r") as f:
            for line in f.extractfile("wmt16/train"):
                parts = line.decode().strip().split("\t")
                if len(parts) != 2:
                    continue
                for w in (parts[0] if self.lang == "en" else parts[1]).split():
                    counts[w] += 1
        os.makedirs(os.path.dirname(dict_path), exist_ok=True)
        with open(dict_path, "wb") as fout:
            fout.write(f"{START_MARK}\n{END_MARK}\n{UNK_MARK}\n".encode())
            for idx, (word, _) in enumerate(sorted(counts.items(), key=lambda x: x[1], reverse=True)):
                if idx + 3 == dict_size:
                    break
                fout.write(word.encode() + b"\n")

    def _load_data(self):
        start_id, end_id, unk_id = self.src_dict[START_MARK], self.src_dict[END_MARK], self.src_dict[UNK_MARK]
        src_col = 0 if self.lang == "en" else 1
        self.src_ids, self.trg_ids, self.trg_ids_next = [], [], []
        with tarfile.open(self.data_file, mode="r") as f:
            for line in f.extractfile(f"wmt16/{self.mode}"):
                parts = line.decode().strip().split("\t")
                if len(parts) != 2:
                    continue
                src_ids = [start_id] + [self.src_dict.get(w, unk_id) for w in parts[src_col].split()] + [end_id]
                trg_ids = [self.trg_dict.get(w, unk_id) for w in parts[1 - src_col].split()]
                self.src_ids.append(src_ids)
                self.trg_ids.append([start_id] + trg_ids)
                self.trg_ids_next.append(trg_ids + [end_id])

    def __getitem__(self, idx):
        return np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]), np.array(self.trg_ids_next[idx])

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, lang, reverse=False):
        dict_size = self.src_dict_size if lang == self.lang else self.trg_dict_size
        if not os.path.exists(self._dict_path(lang, dict_size)):
            raise AssertionError("Word dictionary does not exist. ")
        return self._load_dict(lang, dict_size)
